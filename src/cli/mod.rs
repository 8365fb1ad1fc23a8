//! The `spider` command line: serving (the default), migrations, the research commands
//! (`solve`, `hint-bot`) and printing what operators paste elsewhere (the OpenAPI document,
//! Discord's slash command). `src/main.rs` only picks the allocator and calls [`main`].

mod puzzles;
mod research;
mod serve;
mod spidersolver;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::config::Config;

#[derive(Parser)]
#[command(name = "spider", version, about = "Spider Solitaire game service")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Serve the HTTP API (the default).
    ///
    /// Every setting is an environment variable (the README's "Configuration" table has them
    /// all, with defaults): DATABASE_URL (sqlite://spider.db), BIND (127.0.0.1:8080),
    /// JWT_SECRET and DAILY_SECRET (32+ characters; required unless BIND is a loopback
    /// address), PUBLIC_URL, CLIENT_IP_HEADER, LOG_LEVEL, LOG_FORMAT, the limits (…_PER_MINUTE,
    /// …_PER_HOUR) and the chat platforms' secrets. A bad value stops the server at start with
    /// a message naming the variable.
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Recompute every personal record from the games' event logs.
    RebuildRecords,
    /// SQLite: write a consistent copy of the database to PATH while the service runs (a new
    /// file; never overwrites). On Postgres use pg_dump (docs/OPERATIONS.md).
    Backup {
        /// Where the copy goes: a file that does not exist yet.
        path: PathBuf,
    },
    /// SQLite, with every instance stopped: put the backup at PATH in place of DATABASE_URL's
    /// file (the old file is kept beside it as FILE.before-restore).
    Restore {
        /// A file written by `spider backup`.
        path: PathBuf,
    },
    /// Solve deals with every card known: one deal number or a range, with a summary.
    Solve {
        /// 1, 2 or 4.
        #[arg(long, default_value_t = 4)]
        suits: u8,
        /// spider or spiderette.
        #[arg(long, default_value = "spider")]
        variant: String,
        /// The first deal number.
        #[arg(long, default_value_t = 1)]
        from: u64,
        /// The last deal number (default: the first).
        #[arg(long)]
        to: Option<u64>,
        /// standard, strict or allowed.
        #[arg(long, default_value = "standard")]
        empty_column_deal: String,
        /// Positions one deal may generate before it is reported unknown.
        #[arg(long, default_value_t = crate::engine::solver::Budget::default().nodes)]
        nodes: u64,
        /// Deals solved at once (one per core).
        #[arg(long, default_value_t = 1)]
        jobs: usize,
    },
    /// Play deals by always taking the hint (no undo) and report the win rate.
    HintBot {
        #[arg(long, default_value_t = 4)]
        suits: u8,
        #[arg(long, default_value = "spider")]
        variant: String,
        #[arg(long, default_value_t = 1)]
        from: u64,
        #[arg(long, default_value_t = 200)]
        to: u64,
        /// plain (the visible ranking alone), easy, normal, hard, expert (the hint level:
        /// rollouts at 4 suits, normal's search otherwise), rollouts (its research settings
        /// below), spidersolver (the
        /// reproduction of SpiderSolver's player, docs/HINTS.md §11), spidersolver-afresh (the
        /// same asked afresh each turn, as a hint is), spidersolver-sampled (the same judging
        /// its plies over guesses at the face-down cards) or sampled-spidersolver (the sampled
        /// search from SpiderSolver's plies, by its evaluation) or spidersolver-ties (its ties
        /// at the top broken over guesses, three plies deep).
        #[arg(long, default_value = "normal")]
        level: String,
        /// Plies the spidersolver levels look ahead.
        #[arg(long, default_value_t = 3)]
        depth: usize,
        /// Guesses at the face-down cards each ply of `spidersolver-sampled` is judged over
        /// (and each candidate of `rollouts` is played out in).
        #[arg(long, default_value_t = 8)]
        samples: usize,
        /// For `rollouts` (issue 60's research level; `expert` is its kept settings): the
        /// root player's best plies played out (the deal is added when legal).
        #[arg(long, default_value_t = 4)]
        candidates: usize,
        /// For `rollouts`: how deep the player that finishes each rollout looks.
        #[arg(long, default_value_t = 2)]
        base_depth: usize,
        /// For `rollouts`: plies each rollout plays before the evaluation scores it (unset:
        /// to the end of the game).
        #[arg(long)]
        horizon: Option<usize>,
        /// For `rollouts`: the deal is a candidate too when legal.
        #[arg(long)]
        deal_candidate: bool,
        /// For `rollouts`: keep the root's first ply unless another beats it by more than
        /// this many standard errors over the same guesses.
        #[arg(long)]
        margin: Option<f32>,
        /// For `rollouts`: with this many cards or fewer not face up, the solver finishes
        /// each guess (0: never).
        #[arg(long, default_value_t = 0)]
        exact_below: usize,
        /// For `rollouts` with `--exact-below`: positions the solver may generate per guess.
        #[arg(long, default_value_t = 200_000)]
        exact_nodes: u64,
        /// For the spidersolver levels and `rollouts`: the evaluation's weights, five numbers
        /// (runs,square_divisor,holes,down,removed; SpiderSolver's are 1,10,10,1,10).
        #[arg(long, default_value = "1,10,10,1,10")]
        weights: crate::engine::Weights,
        /// The rule for dealing with an empty column: standard (this service's), strict or
        /// allowed (SpiderSolver's own).
        #[arg(long, default_value = "standard")]
        empty_column_deal: String,
        /// Play SpiderSolver's deals (seed-N-suits-S.txt files in this folder, its 104 cards in
        /// its dealing order) instead of this service's numbered deals.
        #[arg(long)]
        deals_from: Option<PathBuf>,
        /// The most actions a game is played for.
        #[arg(long, default_value_t = 2_000)]
        max_actions: usize,
        /// Deals played at once (one per core).
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Race each deal the winnable-deal prover proves (the deals races are dealt) as a
        /// CPU of --level races it (its pacer line at its pace), and print how many it
        /// finishes and its median finishing time.
        #[arg(long)]
        proven: bool,
        /// With --level spidersolver and --deals-from: instead of playing, walk each of
        /// SpiderSolver's own games (seed-N.txt in this folder: its plies, `move FROM COUNT TO`
        /// lines and `deal`, each ply closed by `end`) and, at every position it decided, ask
        /// the reproduced player for its ply; print the share of identical choices.
        #[arg(long)]
        check_plies: Option<PathBuf>,
    },
    /// Print the `/spider` slash command as Discord registers it (JSON), and the request that
    /// registers it for every server the app is in.
    #[command(name = "register-discord-command")]
    DiscordSlash {
        /// The application id, from Discord's developer portal.
        #[arg(long)]
        application_id: u64,
    },
    /// Ask the server on this machine whether it is ready (`GET /readyz` on the port `BIND`
    /// names, over loopback): exit 0 when it answers 200, 1 otherwise. The container's health
    /// check, so its image needs no HTTP client.
    Healthcheck {
        /// The path asked for.
        #[arg(long, default_value = "/readyz")]
        path: String,
        /// Seconds to wait for the answer.
        #[arg(long, default_value_t = 3)]
        timeout: u64,
    },
    /// Puzzles (docs/PUZZLES.md).
    Puzzles {
        #[command(subcommand)]
        what: PuzzlesCommand,
    },
    /// Write the OpenAPI document.
    Openapi {
        /// Where to write it; `-` for standard output.
        #[arg(long, default_value = "openapi/openapi.json")]
        out: PathBuf,
    },
}

/// `spider puzzles ...`.
#[derive(Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Play numbered deals with the hint player and add the puzzles met along each game to
    /// the database's set (DATABASE_URL); a puzzle already held is not added twice. With
    /// --games: mine players' finished games instead (each once; just before the move that
    /// lost the game where its analysis names one).
    Mine {
        /// Mine players' finished games (the deal options are then not used).
        #[arg(long)]
        games: bool,
        /// With --games: at most this many games.
        #[arg(long, default_value_t = 1_000)]
        max: i64,
        #[arg(long, default_value_t = 1)]
        suits: u8,
        #[arg(long, default_value = "spider")]
        variant: String,
        #[arg(long, default_value_t = 1)]
        from: u64,
        /// The last deal number (default: the first).
        #[arg(long)]
        to: Option<u64>,
    },
}

/// Run the command line: `spider [COMMAND]`.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Command::Solve {
        suits,
        variant,
        from,
        to,
        empty_column_deal,
        nodes,
        jobs,
    }) = &cli.command
    {
        return match research::solve(
            *suits,
            variant,
            *from,
            to.unwrap_or(*from),
            empty_column_deal,
            *nodes,
            *jobs,
        ) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        };
    }
    if let Some(Command::DiscordSlash { application_id }) = &cli.command {
        let command = crate::http::resources::integrations::discord::command(*application_id);
        // Only what the create endpoint takes: ids and the version are Discord's to assign.
        let mut value = serde_json::to_value(&command).unwrap_or_default();
        if let Some(fields) = value.as_object_mut() {
            for read_only in ["id", "application_id", "version", "guild_id"] {
                fields.remove(read_only);
            }
        }
        let json = match serde_json::to_string_pretty(&value) {
            Ok(json) => json,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        println!("{json}");
        eprintln!(
            "\nRegister it (BOT_TOKEN from the developer portal's Bot page):\n  spider \
             register-discord-command --application-id {application_id} > spider-command.json\n  \
             curl -X POST -H \"Authorization: Bot $BOT_TOKEN\" -H \"Content-Type: \
             application/json\" --data @spider-command.json \
             https://discord.com/api/v10/applications/{application_id}/commands"
        );
        return ExitCode::SUCCESS;
    }
    if let Some(Command::HintBot {
        suits,
        variant,
        from,
        to,
        level,
        depth,
        samples,
        candidates,
        base_depth,
        horizon,
        deal_candidate,
        margin,
        exact_below,
        exact_nodes,
        weights,
        empty_column_deal,
        jobs,
        proven,
        deals_from,
        max_actions,
        check_plies,
    }) = &cli.command
    {
        return match research::hint_bot(research::BotSettings {
            suits: *suits,
            variant,
            from: *from,
            to: *to,
            level,
            depth: *depth,
            samples: *samples,
            rollouts: crate::engine::Rollouts {
                candidates: *candidates,
                guesses: *samples,
                root_depth: *depth,
                base_depth: *base_depth,
                horizon: *horizon,
                max_actions: crate::engine::Rollouts::IDEA_E.max_actions,
                deal: *deal_candidate,
                margin: *margin,
                exact_below: *exact_below,
                exact_nodes: *exact_nodes,
                weights: *weights,
            },
            weights: *weights,
            empty_column_deal,
            jobs: *jobs,
            proven: *proven,
            deals_from: deals_from.as_deref(),
            max_actions: *max_actions,
            check_plies: check_plies.as_deref(),
        }) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        };
    }
    if let Some(Command::Openapi { out }) = &cli.command {
        let json = match serde_json::to_string_pretty(&crate::http::openapi()) {
            Ok(json) => json + "\n",
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        let written = if out.as_os_str() == "-" {
            use std::io::Write as _;
            // A reader that stops early (`| head`) closes the pipe: not an error of ours.
            match std::io::stdout().lock().write_all(json.as_bytes()) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                other => other,
            }
        } else {
            std::fs::write(out, json)
        };
        return match written {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: writing {}: {e}", out.display());
                ExitCode::FAILURE
            }
        };
    }
    if let Some(Command::Healthcheck { path, timeout }) = &cli.command {
        let bind = std::env::var("BIND").unwrap_or_default();
        return match serve::healthcheck(&bind, path, std::time::Duration::from_secs(*timeout)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("unhealthy: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    crate::init_logging(&config.serving.log_level, config.serving.log_json);
    let result = match cli.command {
        Some(Command::Migrate) => serve::open_db(&config).map(|_| ()),
        Some(Command::Puzzles {
            what:
                PuzzlesCommand::Mine {
                    games,
                    max,
                    suits,
                    variant,
                    from,
                    to,
                },
        }) => serve::open_db(&config).and_then(|db| {
            if games {
                puzzles::mine_games(&db, max)
            } else {
                puzzles::mine_deals(&db, suits, &variant, from, to.unwrap_or(from))
            }
        }),
        Some(Command::Backup { path }) => serve::backup(&config, &path),
        Some(Command::Restore { path }) => serve::restore(&config, &path),
        Some(Command::RebuildRecords) => serve::open_db(&config).and_then(|db| {
            let now = crate::play::clock::Clock::default().now();
            let n = crate::store::records::rebuild(&db, now)?;
            println!("rebuilt {n} records from the event logs");
            Ok(())
        }),
        _ => serve::serve(config),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Once, on the log (standard error, in the log's format).
            tracing::error!("{e:#}");
            ExitCode::FAILURE
        }
    }
}
