//! The chat platforms' endpoints over real HTTP: requests signed as Discord (a test Ed25519
//! key pair), Slack (a test signing secret) and Telegram (a test webhook secret) sign them.
use super::*;

use ed25519_dalek::{Signer, SigningKey};
use hmac::{Hmac, Mac};
use sha2::Sha256;

pub(super) const SLACK_SECRET: &str = "slack-test-signing-secret";
pub(super) const TELEGRAM_SECRET: &str = "telegram-test-secret_1";
pub(super) const GUILD: &str = "1100000000000000001";
/// The channel commands are typed in.
pub(super) const CHANNEL: &str = "1300000000000000077";

fn discord_key() -> SigningKey {
    SigningKey::from_bytes(&[7u8; 32])
}

pub(super) async fn chat_app(tweak: impl FnOnce(&mut Config)) -> TestApp {
    spawn_with(|c| {
        c.chat.discord_public_key = Some(discord_key().verifying_key());
        c.chat.slack_signing_secret = Some(SLACK_SECRET.into());
        c.chat.telegram_webhook_secret = Some(TELEGRAM_SECRET.into());
        tweak(c);
    })
    .await
}

pub(super) fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

// ---------------------------------------------------------------- Discord

/// A fresh interaction id: Discord's are unique, so no two requests sign the same bytes.
fn next_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    1_300_000_000_000_000_000 + NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// An interaction as Discord sends it: a PING, or `/spider text:…` from `user` in a guild.
pub(super) fn interaction(kind: u8, user: &str, name: &str, text: Option<&str>) -> Value {
    let mut body = json!({
        "id": next_id().to_string(),
        "application_id": "1200000000000000001",
        "type": kind,
        "token": "interaction-token",
        "version": 1,
        "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD},
        "attachment_size_limit": 8388608,
        "locale": "en-GB",
    });
    if kind == 2 {
        body["guild_id"] = json!(GUILD);
        body["channel_id"] = json!(CHANNEL);
        body["member"] = json!({
            "user": {"id": user, "username": name, "discriminator": "0", "avatar": null,
                     "global_name": name, "public_flags": 0},
            "roles": [], "joined_at": "2024-01-01T00:00:00.000000+00:00", "deaf": false,
            "mute": false, "flags": 0, "permissions": "2248473465835073", "nick": null,
        });
        let options = match text {
            Some(text) => json!([{"name": "text", "type": 3, "value": text}]),
            None => json!([]),
        };
        body["data"] = json!({"id": "1400000000000000001", "name": "spider", "type": 1,
                              "options": options});
    }
    body
}

fn discord_headers(key: &SigningKey, timestamp: i64, body: &str) -> Vec<(&'static str, String)> {
    let ts = timestamp.to_string();
    let signature = key.sign(format!("{ts}{body}").as_bytes());
    vec![
        ("Content-Type", "application/json".into()),
        ("X-Signature-Ed25519", hex::encode(signature.to_bytes())),
        ("X-Signature-Timestamp", ts),
    ]
}

pub(super) async fn discord(app: &TestApp, body: &Value) -> Resp {
    let body = body.to_string();
    app.post_raw(
        "/v1/integrations/discord",
        &discord_headers(&discord_key(), now(), &body),
        body,
    )
    .await
}

/// `/spider text` from Discord user `user`: the message's content, and whether only they
/// see it.
pub(super) async fn say(app: &TestApp, user: &str, text: &str) -> (String, bool) {
    let r = discord(
        app,
        &interaction(2, user, &format!("user{user}"), Some(text)),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["type"], 4, "{}", r.text);
    assert_eq!(r.body["data"]["allowed_mentions"], json!({"parse": []}));
    let content = r.body["data"]["content"].as_str().unwrap().to_string();
    assert!(content.chars().count() <= 2000);
    (content, r.body["data"]["flags"] == 64)
}

/// The game a chat identity's commands go to, and its position.
fn current_game(
    app: &TestApp,
    platform: &str,
    workspace: &str,
    member: &str,
) -> (spider::domain::GameId, Game) {
    let db = app.db();
    let mut conn = db.conn().unwrap();
    let row = spider::store::chat::find(&mut conn, platform, workspace, member)
        .unwrap()
        .expect("the chat identity exists");
    let id = row.current_game.expect("a current game");
    drop(conn);
    let loaded = spider::play::games::load_any(&db, &id).unwrap().unwrap();
    (id, loaded.game)
}

#[actix_rt::test]
async fn discord_ping_and_signatures() {
    let app = chat_app(|_| {}).await;
    let ping = interaction(1, "", "", None);
    let r = discord(&app, &ping).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body, json!({"type": 1}));

    // Discord checks that a bad signature is refused.
    let body = ping.to_string();
    let other = SigningKey::from_bytes(&[8u8; 32]);
    let headers = discord_headers(&other, now(), &body);
    app.post_raw("/v1/integrations/discord", &headers, body.clone())
        .await
        .problem(401, "invalid_signature");
    app.post_raw("/v1/integrations/discord", &headers[..1], body.clone())
        .await
        .problem(401, "invalid_signature");
    // A body changed after signing.
    let headers = discord_headers(&discord_key(), now(), &body);
    app.post_raw(
        "/v1/integrations/discord",
        &headers,
        body.replace("1,", "2,"),
    )
    .await
    .problem(401, "invalid_signature");
    // An old timestamp, signed as it is.
    let headers = discord_headers(&discord_key(), now() - 400, &body);
    app.post_raw("/v1/integrations/discord", &headers, body.clone())
        .await
        .problem(401, "stale_request");

    // A replayed command: the same signature and timestamp again.
    let command = interaction(2, "501", "ada", Some("help")).to_string();
    let headers = discord_headers(&discord_key(), now(), &command);
    let first = app
        .post_raw("/v1/integrations/discord", &headers, command.clone())
        .await;
    assert_eq!(first.status, 200, "{}", first.text);
    app.post_raw("/v1/integrations/discord", &headers, command.clone())
        .await
        .problem(401, "replayed_request");
    // The same signature written in capitals still verifies: still the same request.
    let mut upper = headers.clone();
    upper[1].1 = upper[1].1.to_uppercase();
    app.post_raw("/v1/integrations/discord", &upper, command)
        .await
        .problem(401, "replayed_request");

    // Not JSON, once signed: a clear 400.
    let headers = discord_headers(&discord_key(), now(), "nonsense");
    app.post_raw("/v1/integrations/discord", &headers, "nonsense".into())
        .await
        .problem(400, "invalid_request");

    // Counted by platform and outcome: the ping and the command answered, the seven refused.
    let metrics = app.send("GET", "/metrics", None, &[], None).await.text;
    for (outcome, n) in [("answered", 2), ("refused", 7), ("failed", 0)] {
        let line = format!(
            "spider_chat_requests_total{{outcome=\"{outcome}\",platform=\"discord\"}} {n}\n"
        );
        assert!(metrics.contains(&line), "{line}{metrics}");
    }
    app.stop().await;
}

#[actix_rt::test]
async fn a_whole_short_game_by_discord() {
    let app = chat_app(|_| {}).await;
    // An unknown command answers the help text, and makes no account.
    let (help, private) = say(&app, "601", "fly me to the moon").await;
    assert!(private);
    assert!(
        help.contains("I did not understand `fly me to the moon`"),
        "{help}"
    );
    assert!(help.contains("`new [1|2|4]"), "{help}");
    let (none, _) = say(&app, "601", "3 7").await;
    assert!(none.contains("no game here yet"), "{none}");

    let (started, private) = say(&app, "601", "new 1").await;
    assert!(private, "a game's board is for its player only");
    assert!(started.starts_with("New game: spider 1 suit."), "{started}");
    assert!(
        started.contains("```\nspider 1 suit · score 500"),
        "{started}"
    );
    let (game_id, game) = current_game(&app, "discord", GUILD, "601");

    // A legal move, by columns as the member sees them.
    let Some(Action::Move { from, to, count }) = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Move { .. }))
    else {
        panic!("an opening always has a move");
    };
    let (moved, _) = say(&app, "601", &format!("{} {} {count}", from + 1, to + 1)).await;
    assert!(moved.starts_with("Moved "), "{moved}");
    assert!(moved.contains("score 499"), "{moved}");
    let (dealt, _) = say(&app, "601", "d").await;
    assert!(dealt.starts_with("Dealt a new row"), "{dealt}");
    let (undone, _) = say(&app, "601", "u").await;
    assert!(undone.starts_with("Took back"), "{undone}");
    let (hint, _) = say(&app, "601", "h").await;
    assert!(hint.contains("```\nspider 1 suit · score 497"), "{hint}");
    assert!(!hint.starts_with("\n```"), "a hint says something: {hint}");
    // The rules refuse: the reason and the unchanged board.
    let (refused, _) = say(&app, "601", "1 1").await;
    assert!(refused.contains("```\nspider 1 suit"), "{refused}");
    let (_, after) = current_game(&app, "discord", GUILD, "601");
    assert_eq!(
        after.actions(),
        3,
        "move, deal, undo; the refusal changed nothing"
    );

    // The same game through the API: the chat member's account holds it.
    let db = app.db();
    let owner = {
        let mut conn = db.conn().unwrap();
        spider::store::games::by_id(&mut conn, &game_id.as_str().into())
            .unwrap()
            .unwrap()
            .user_id
    };
    let user = {
        let mut conn = db.conn().unwrap();
        spider::store::users::by_id(&mut conn, &owner)
            .unwrap()
            .unwrap()
    };
    assert_eq!(user.username.as_deref(), Some("user601@discord"));
    assert!(!user.is_guest && user.password_hash.is_none());

    // Sharing waits for the end; then the channel sees the result.
    let (wait, _) = say(&app, "601", "share").await;
    assert!(wait.contains("still being played"), "{wait}");
    let (resigned, _) = say(&app, "601", "resign").await;
    assert!(resigned.starts_with("You resigned."), "{resigned}");
    let (shared, private) = say(&app, "601", "share").await;
    assert!(!private, "a shared result is for the channel");
    assert!(
        shared.starts_with("user601@discord resigned spider 1 suit after 3 moves"),
        "{shared}"
    );
    let (records, _) = say(&app, "601", "records").await;
    assert!(
        records.contains("spider 1 suit: 1 played, 0 won"),
        "{records}"
    );
    // Its public profile shows the chat player like any account.
    let profile = app
        .send("GET", "/v1/users/user601@discord", None, &[], None)
        .await;
    assert_eq!(profile.status, 200, "{}", profile.text);
    assert_eq!(profile.body["username"], "user601@discord");
    app.stop().await;
}

#[actix_rt::test]
async fn games_resume_and_no_member_reaches_another_members_game() {
    let app = chat_app(|_| {}).await;
    say(&app, "701", "new").await;
    say(&app, "701", "new 2 spiderette").await;
    let (list, _) = say(&app, "701", "games").await;
    assert!(list.contains("1. spiderette 2 suits"), "{list}");
    assert!(list.contains("(current)"), "{list}");
    assert!(list.contains("2. spider 1 suit"), "{list}");
    let (back, _) = say(&app, "701", "resume 2").await;
    assert!(back.starts_with("Back to game 2: spider 1 suit."), "{back}");
    let (first, _) = current_game(&app, "discord", GUILD, "701");

    // Another member of the same server has none of it.
    let (none, _) = say(&app, "702", "games").await;
    assert!(none.contains("no game in progress"), "{none}");
    let (none, _) = say(&app, "702", "resume 1").await;
    assert!(none.contains("no game 1 among your 0"), "{none}");
    let (none, _) = say(&app, "702", "d").await;
    assert!(none.contains("no game here yet"), "{none}");
    let (out, _) = say(&app, "701", "resume 9").await;
    assert!(out.contains("no game 9 among your 2"), "{out}");
    // The first member's game is as it was.
    let (still, game) = current_game(&app, "discord", GUILD, "701");
    assert_eq!(still, first);
    assert_eq!(game.actions(), 0);
    app.stop().await;
}

#[actix_rt::test]
async fn the_daily_by_chat_is_ranked_and_on_the_board() {
    let app = chat_app(|_| {}).await;
    let (daily, _) = say(&app, "801", "daily").await;
    assert!(
        daily.starts_with("Today's daily challenge, spider 1 suit: this is your ranked attempt."),
        "{daily}"
    );
    let today = chrono::Utc::now().date_naive();
    let board = app
        .send(
            "GET",
            &format!("/v1/daily/{today}/leaderboard?suits=1"),
            None,
            &[],
            None,
        )
        .await;
    assert_eq!(board.status, 200, "{}", board.text);
    assert!(board.text.contains("user801@discord"), "{}", board.text);
    // Asking again goes back to the attempt in progress.
    let (again, _) = say(&app, "801", "daily 1").await;
    assert!(
        again.contains("is in progress: it is your current game again"),
        "{again}"
    );
    say(&app, "801", "resign").await;
    let (practice, _) = say(&app, "801", "daily").await;
    assert!(practice.contains("this attempt is practice"), "{practice}");
    app.stop().await;
}

#[actix_rt::test]
async fn a_player_links_their_account_and_unlinks_it() {
    let app = chat_app(|_| {}).await;
    let (username, token) = app.register().await;
    // Chat games made before linking move with it.
    say(&app, "901", "new").await;
    let (chat_game, _) = current_game(&app, "discord", GUILD, "901");
    let (chat_daily, _) = say(&app, "901", "daily").await;
    assert!(chat_daily.contains("ranked attempt"), "{chat_daily}");
    // The account played today's daily too: the chat attempt will become practice.
    let r = app
        .post("/v1/daily/games", &token, json!({"suits": 1}))
        .await;
    assert_eq!(r.status, 201, "{}", r.text);

    // Codes come from a session only, and never from a guest.
    let guest = app.guest().await;
    app.post(
        "/v1/users/me/chat-links/code",
        &guest,
        json!({"password": PASSWORD}),
    )
    .await
    .problem(403, "guest_account");
    let made = app
        .post(
            "/v1/users/me/chat-links/code",
            &token,
            json!({"password": PASSWORD}),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.text);
    let code = made.body["code"].as_str().unwrap().to_string();
    assert!(
        regex::Regex::new("^[A-Z2-9]{4}-[A-Z2-9]{4}$")
            .unwrap()
            .is_match(&code),
        "{code}"
    );
    let expires_in = made.body["expires_in"].as_i64().unwrap();
    assert!((599..=600).contains(&expires_in), "{expires_in}");

    let (wrong, _) = say(&app, "901", "link AAAA-AAAA").await;
    assert!(wrong.contains("unknown, used or expired"), "{wrong}");
    // `link CODE` says what linking would do, and does nothing yet.
    let (asked, _) = say(&app, "901", &format!("link {}", code.to_lowercase())).await;
    assert!(
        asked.contains(&format!("to the account {username}"))
            && asked.contains("your 2 games here move to it")
            && asked.contains("1 ranked daily attempt would become practice")
            && asked.contains(&format!("`link {code} yes`")),
        "{asked}"
    );
    let (mine, _) = say(&app, "901", "records").await;
    assert!(mine.starts_with("Records of user901@discord"), "{mine}");
    let (linked, _) = say(&app, "901", &format!("link {} yes", code.to_lowercase())).await;
    assert!(
        linked.starts_with(&format!(
            "Linked: your Discord account now plays as {username}."
        )),
        "{linked}"
    );
    assert!(
        linked.contains("Your 2 games here moved to it."),
        "{linked}"
    );
    assert!(
        linked.contains("1 ranked daily attempt became practice"),
        "{linked}"
    );
    // Used once.
    let (again, _) = say(&app, "902", &format!("link {code} yes")).await;
    assert!(again.contains("unknown, used or expired"), "{again}");

    // The account has the chat games; the chat identity plays as it.
    let games = app.get("/v1/users/me/games", &token).await;
    assert!(games.text.contains(chat_game.as_str()), "{}", games.text);
    let (records, _) = say(&app, "901", "records").await;
    assert!(
        records.starts_with(&format!("Records of {username}:")),
        "{records}"
    );
    // Its own ranked daily and the chat's random game; the chat's daily is practice now.
    assert!(
        records.contains("spider 1 suit: 2 played, 0 won"),
        "{records}"
    );
    let links = app.get("/v1/users/me/chat-links", &token).await;
    assert_eq!(links.status, 200, "{}", links.text);
    let link = &links.body["links"][0];
    assert_eq!(link["platform"], "discord");
    assert_eq!(link["workspace"], GUILD);
    assert_eq!(link["member"], "901");
    assert_eq!(link["name"], "user901");
    // Only one ranked attempt at today's daily for the account.
    let today = chrono::Utc::now().date_naive();
    let board = app
        .send(
            "GET",
            &format!("/v1/daily/{today}/leaderboard?suits=1"),
            None,
            &[],
            None,
        )
        .await;
    assert_eq!(board.text.matches(&username).count(), 1, "{}", board.text);
    assert!(!board.text.contains("user901@discord"), "{}", board.text);
    // The chat-made account's profile is hidden while its games are away.
    assert_eq!(
        app.send("GET", "/v1/users/user901@discord", None, &[], None)
            .await
            .status,
        404
    );
    // Linking again is refused while linked.
    let code2 = link_code(&app, &token).await;
    let (twice, _) = say(&app, "901", &format!("link {code2}")).await;
    assert!(
        twice.contains(&format!("already plays as {username}")),
        "{twice}"
    );

    // A game played while linked stays with the account.
    say(&app, "901", "new").await;
    let (while_linked, _) = current_game(&app, "discord", GUILD, "901");

    let (unlinked, _) = say(&app, "901", "unlink").await;
    assert!(unlinked.starts_with("Unlinked"), "{unlinked}");
    assert!(
        unlinked.contains("the 2 games the link moved are back with you"),
        "{unlinked}"
    );
    let links = app.get("/v1/users/me/chat-links", &token).await;
    assert_eq!(links.body["links"], json!([]), "{}", links.text);
    // The member's own account again, with the games the link moved (the daily stays
    // practice); the account keeps only its own games and the one played while linked.
    let (back, _) = say(&app, "901", "records").await;
    assert!(back.starts_with("Records of user901@discord"), "{back}");
    assert!(back.contains("spider 1 suit: 1 played, 0 won"), "{back}");
    let (nothing, _) = say(&app, "901", "unlink").await;
    assert!(nothing.contains("no link to undo"), "{nothing}");
    let mine = app.get("/v1/users/me/games", &token).await.text;
    assert!(!mine.contains(chat_game.as_str()), "{mine}");
    assert!(mine.contains(while_linked.as_str()), "{mine}");
    assert_eq!(
        app.send("GET", "/v1/users/user901@discord", None, &[], None)
            .await
            .status,
        200
    );

    // Removing a link from the account.
    let code3 = link_code(&app, &token).await;
    link_confirmed(&app, "903", &code3).await;
    let links = app.get("/v1/users/me/chat-links", &token).await;
    let id = links.body["links"][0]["id"].as_str().unwrap().to_string();
    let gone = app
        .send(
            "DELETE",
            &format!("/v1/users/me/chat-links/{id}"),
            Some(&token),
            &[],
            None,
        )
        .await;
    assert_eq!(gone.status, 204, "{}", gone.text);
    app.send(
        "DELETE",
        &format!("/v1/users/me/chat-links/{id}"),
        Some(&token),
        &[],
        None,
    )
    .await
    .problem(404, "not_found");
    let (own, _) = say(&app, "903", "records").await;
    assert!(own.contains("No records yet for user903@discord"), "{own}");
    app.stop().await;
}

#[actix_rt::test]
async fn link_attempts_and_commands_are_limited_per_identity() {
    let app = chat_app(|c| c.limits.chat_commands_per_minute = 8).await;
    for _ in 0..5 {
        let (wrong, _) = say(&app, "990", "link ZZZZ-ZZZZ").await;
        assert!(wrong.contains("unknown, used or expired"), "{wrong}");
    }
    let (limited, _) = say(&app, "990", "link ZZZZ-ZZZZ").await;
    assert!(
        limited.starts_with("Too many link code attempts from you"),
        "{limited}"
    );
    say(&app, "990", "help").await;
    say(&app, "990", "help").await;
    let (slow, private) = say(&app, "990", "help").await;
    assert!(
        slow.starts_with("Too many commands from you: try again in"),
        "{slow}"
    );
    assert!(private);
    // Another member is not slowed by it.
    let (help, _) = say(&app, "991", "help").await;
    assert!(help.starts_with("Spider Solitaire. Commands:"), "{help}");
    app.stop().await;
}

/// Discord user `user` links with `code` as a member does: `link CODE`, the bot's question,
/// then `link CODE yes`. The answer to the yes.
async fn link_confirmed(app: &TestApp, user: &str, code: &str) -> String {
    let (asked, _) = say(app, user, &format!("link {code}")).await;
    assert!(asked.contains("yes`"), "{asked}");
    say(app, user, &format!("link {code} yes")).await.0
}

/// A fresh link code for the account of session `token`.
async fn link_code(app: &TestApp, token: &str) -> String {
    let r = app
        .post(
            "/v1/users/me/chat-links/code",
            token,
            json!({"password": PASSWORD}),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    r.body["code"].as_str().unwrap().to_string()
}

// ---------------------------------------------------------------- Slack

pub(super) fn slack_form(user: &str, text: &str) -> String {
    serde_urlencoded::to_string([
        ("token", "deprecated"),
        ("team_id", "T0001"),
        ("team_domain", "example"),
        ("channel_id", "C2147483705"),
        ("channel_name", "games"),
        ("user_id", user),
        ("user_name", "grace"),
        ("command", "/spider"),
        ("text", text),
        ("api_app_id", "A123456"),
        ("response_url", "https://hooks.slack.com/commands/1234/5678"),
        ("trigger_id", "13345224609.738474920.8088930838d88f008e0"),
    ])
    .unwrap()
}

pub(super) fn slack_headers(
    secret: &str,
    timestamp: i64,
    body: &str,
) -> Vec<(&'static str, String)> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("v0:{timestamp}:{body}").as_bytes());
    vec![
        ("Content-Type", "application/x-www-form-urlencoded".into()),
        (
            "X-Slack-Signature",
            format!("v0={}", hex::encode(mac.finalize().into_bytes())),
        ),
        ("X-Slack-Request-Timestamp", timestamp.to_string()),
    ]
}

#[actix_rt::test]
async fn slack_commands_are_signed_and_private_unless_shared() {
    let app = chat_app(|_| {}).await;
    let slack = |user: &str, text: &str| {
        let body = slack_form(user, text);
        (slack_headers(SLACK_SECRET, now(), &body), body)
    };
    let (headers, body) = slack("U100", "new 4");
    let r = app
        .post_raw("/v1/integrations/slack", &headers, body.clone())
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["response_type"], "ephemeral");
    let text = r.body["text"].as_str().unwrap();
    assert!(text.starts_with("New game: spider 4 suits."), "{text}");
    assert!(text.contains("```\nspider 4 suits"), "{text}");
    // The same request again.
    app.post_raw("/v1/integrations/slack", &headers, body)
        .await
        .problem(401, "replayed_request");
    // A wrong secret, a changed body, an old timestamp.
    let body = slack_form("U100", "d");
    app.post_raw(
        "/v1/integrations/slack",
        &slack_headers("another-secret", now(), &body),
        body.clone(),
    )
    .await
    .problem(401, "invalid_signature");
    app.post_raw(
        "/v1/integrations/slack",
        &slack_headers(SLACK_SECRET, now(), &body),
        body.replace("text=d", "text=u"),
    )
    .await
    .problem(401, "invalid_signature");
    app.post_raw(
        "/v1/integrations/slack",
        &slack_headers(SLACK_SECRET, now() - 301, &body),
        body.clone(),
    )
    .await
    .problem(401, "stale_request");
    let mut unsigned = slack_headers(SLACK_SECRET, now(), &body);
    unsigned.truncate(1);
    app.post_raw("/v1/integrations/slack", &unsigned, body)
        .await
        .problem(401, "invalid_signature");

    // Slack's control characters in what is echoed back are escaped.
    let (headers, body) = slack("U100", "<!channel> & more");
    let r = app.post_raw("/v1/integrations/slack", &headers, body).await;
    let text = r.body["text"].as_str().unwrap();
    assert!(text.contains("&lt;!channel&gt; &amp; more"), "{text}");

    let (headers, body) = slack("U100", "resign");
    assert_eq!(
        app.post_raw("/v1/integrations/slack", &headers, body)
            .await
            .status,
        200
    );
    let (headers, body) = slack("U100", "share");
    let r = app.post_raw("/v1/integrations/slack", &headers, body).await;
    assert_eq!(r.body["response_type"], "in_channel", "{}", r.text);
    assert!(
        r.body["text"]
            .as_str()
            .unwrap()
            .starts_with("grace@slack resigned spider 4 suits"),
        "{}",
        r.text
    );
    app.stop().await;
}

// ---------------------------------------------------------------- Telegram

pub(super) fn update(id: u64, from: u64, chat: i64, text: &str) -> String {
    json!({
        "update_id": id,
        "message": {
            "message_id": 55,
            "from": {"id": from, "is_bot": false, "first_name": "Alan", "username": "alan_t",
                     "language_code": "en"},
            "chat": {"id": chat, "first_name": "Alan", "username": "alan_t", "type": "private"},
            "date": now(),
            "text": text,
        }
    })
    .to_string()
}

pub(super) async fn telegram(app: &TestApp, secret: Option<&str>, body: String) -> Resp {
    let mut headers = vec![("Content-Type", "application/json".to_string())];
    if let Some(secret) = secret {
        headers.push(("X-Telegram-Bot-Api-Secret-Token", secret.to_string()));
    }
    app.post_raw("/v1/integrations/telegram", &headers, body)
        .await
}

pub(super) fn group_update(id: u64, from: u64, text: &str) -> String {
    let mut update: Value = serde_json::from_str(&self::update(id, from, -1001, text)).unwrap();
    update["message"]["chat"] = json!({"id": -1001, "title": "Card room", "type": "supergroup"});
    update.to_string()
}

#[actix_rt::test]
async fn in_a_telegram_group_dailies_and_link_codes_stay_private() {
    let app = chat_app(|_| {}).await;
    let said = |r: Resp| r.body["text"].as_str().unwrap_or_default().to_string();
    let (_, token) = app.register().await;
    let code = link_code(&app, &token).await;
    let secret = Some(TELEGRAM_SECRET);
    // A code typed in the group is used up: whoever read it cannot link with it.
    let typed = group_update(1, 88, &format!("/link@SpiderBot {code}"));
    let burnt = said(telegram(&app, secret, typed).await);
    assert!(burnt.contains("typed where others can read it"), "{burnt}");
    let stolen = update(2, 89, 89, &format!("link {code}"));
    let thief = said(telegram(&app, secret, stolen).await);
    assert!(thief.contains("unknown, used or expired"), "{thief}");
    // No daily in the group, nor its board once started in private.
    let daily = said(telegram(&app, secret, group_update(3, 88, "/daily@SpiderBot")).await);
    assert!(daily.contains("played in a private chat"), "{daily}");
    let private = said(telegram(&app, secret, update(4, 88, 88, "daily")).await);
    assert!(private.contains("ranked attempt"), "{private}");
    let board = said(telegram(&app, secret, group_update(5, 88, "/spider b")).await);
    assert!(
        board.contains("played in a private chat") && !board.contains("<pre>"),
        "{board}"
    );
    // A random game is fine to show there.
    let new = said(telegram(&app, secret, group_update(6, 88, "/new@SpiderBot")).await);
    assert!(new.contains("<pre>spider 1 suit"), "{new}");
    // An update of a kind the types do not know is acknowledged and left alone.
    let unknown = json!({"update_id": 7, "brand_new_kind": {"x": 1}}).to_string();
    let r = telegram(&app, secret, unknown).await;
    assert_eq!((r.status, r.body.clone()), (200, json!({})), "{}", r.text);
    app.stop().await;
}

#[actix_rt::test]
async fn telegram_updates_need_the_secret_and_are_answered_once() {
    let app = chat_app(|_| {}).await;
    telegram(&app, None, update(1, 77, 77, "new"))
        .await
        .problem(401, "invalid_secret");
    telegram(
        &app,
        Some("telegram-test-secret_2"),
        update(1, 77, 77, "new"),
    )
    .await
    .problem(401, "invalid_secret");
    let r = telegram(&app, Some(TELEGRAM_SECRET), update(1, 77, 77, "/start")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["method"], "sendMessage");
    assert_eq!(r.body["chat_id"], 77);
    assert_eq!(r.body["reply_parameters"]["message_id"], 55);
    assert!(r.body["text"]
        .as_str()
        .unwrap()
        .starts_with("Spider Solitaire. Commands:"));

    let r = telegram(&app, Some(TELEGRAM_SECRET), update(2, 77, 77, "/new 2")).await;
    assert_eq!(r.body["parse_mode"], "HTML", "{}", r.text);
    let text = r.body["text"].as_str().unwrap();
    assert!(text.contains("<pre>spider 2 suits · score 500"), "{text}");
    // Telegram delivering update 2 again: nothing done, nothing sent.
    let again = telegram(&app, Some(TELEGRAM_SECRET), update(2, 77, 77, "/new 2")).await;
    assert_eq!(again.status, 200);
    assert_eq!(again.body, json!({}));
    let r = telegram(&app, Some(TELEGRAM_SECRET), update(3, 77, 77, "games")).await;
    let text = r.body["text"].as_str().unwrap();
    assert!(text.contains("1. spider 2 suits"), "{text}");
    assert!(!text.contains("2. "), "update 2 made one game: {text}");
    // The account is named from the Telegram username.
    let r = telegram(&app, Some(TELEGRAM_SECRET), update(4, 77, 77, "records")).await;
    assert!(
        r.body["text"].as_str().unwrap().contains("alan_t@telegram"),
        "{}",
        r.text
    );
    app.stop().await;
}

// ---------------------------------------------------------------- Off

#[actix_rt::test]
async fn each_endpoint_is_off_until_its_secret_is_set() {
    let app = spawn_app().await;
    let body = interaction(1, "", "", None).to_string();
    let headers = discord_headers(&discord_key(), now(), &body);
    app.post_raw("/v1/integrations/discord", &headers, body)
        .await
        .problem(404, "not_found");
    let body = slack_form("U1", "help");
    app.post_raw(
        "/v1/integrations/slack",
        &slack_headers(SLACK_SECRET, now(), &body),
        body,
    )
    .await
    .problem(404, "not_found");
    telegram(&app, Some(TELEGRAM_SECRET), update(1, 1, 1, "help"))
        .await
        .problem(404, "not_found");
    app.stop().await;
}

/// Rows of `table` (joined to their game by `game_id`) whose `user_id` is not their game's
/// player, and how many rows it has.
fn rows_off_their_player(app: &TestApp, table: &str) -> (i64, i64) {
    use diesel::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Counted {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        off: i64,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        total: i64,
    }
    let sql = format!(
        "SELECT CAST(COALESCE(SUM(CASE WHEN t.user_id <> g.user_id THEN 1 ELSE 0 END), 0) AS BIGINT) \
         AS off, COUNT(*) AS total FROM {table} t JOIN games g ON g.id = t.game_id"
    );
    let db = app.db();
    let mut conn = db.conn().unwrap();
    let counted: Counted = match &mut *conn {
        spider::store::DbConn::Sqlite(c) => diesel::sql_query(sql).get_result(c).unwrap(),
        spider::store::DbConn::Pg(c) => diesel::sql_query(sql).get_result(c).unwrap(),
    };
    (counted.off, counted.total)
}

/// Every event, daily entry and analysis carries its game's player; each table has at least
/// `least` rows.
fn assert_rows_carry_their_player(app: &TestApp, stage: &str, least: i64) {
    for table in ["game_events", "daily_entries", "game_analyses"] {
        let (off, all) = rows_off_their_player(app, table);
        assert_eq!(
            off, 0,
            "{stage}: {table} rows not carrying their game's player"
        );
        assert!(all >= least, "{stage}: {table} has {all} rows");
    }
}

/// `token`'s ranked daily (1 suit), dealt from once; `other`'s random game (2 suits), dealt
/// from, resigned and analysed. Their ids.
async fn a_daily_and_an_analysed_game(app: &TestApp, token: &str, other: &str) -> (String, String) {
    let daily = app
        .post("/v1/daily/games", token, json!({"suits": 1}))
        .await;
    assert_eq!(daily.status, 201, "{}", daily.text);
    let daily = id(&daily.body);
    let game = id(&app.new_game(other, json!({"suits": 2})).await);
    for (who, gid, action) in [
        (token, &daily, "deal"),
        (other, &game, "deal"),
        (other, &game, "resign"),
    ] {
        let r = app.act(who, gid, json!({ "type": action })).await;
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let analysed = app.get(&format!("/v1/games/{game}/analysis"), other).await;
    assert_eq!(analysed.status, 200, "{}", analysed.text);
    (daily, game)
}

#[actix_rt::test]
async fn what_a_game_keeps_carries_its_players_id_and_moves_with_a_link() {
    let app = chat_app(|_| {}).await;
    let (_, token) = app.register().await;
    // A chat member's random game (dealt from, resigned, analysed) and ranked daily.
    say(&app, "931", "new").await;
    let (chat_game, _) = current_game(&app, "discord", GUILD, "931");
    say(&app, "931", "deal").await;
    say(&app, "931", "resign").await;
    say(&app, "931", "daily").await;
    say(&app, "931", "deal").await;
    let db = app.db();
    let (chat_row, log) = {
        let mut conn = db.conn().unwrap();
        let row = spider::store::games::by_id(&mut conn, &chat_game)
            .unwrap()
            .unwrap();
        let log = spider::store::games::decode(&row.log).unwrap();
        (row, log)
    };
    assert_eq!(log.len(), 2, "a deal and the resignation");
    // Its analysis, as the owner asking for it would store it.
    {
        let mut conn = db.conn().unwrap();
        spider::store::analyses::insert_once(
            &mut conn,
            &spider::store::analyses::AnalysisRow {
                game_id: chat_game.clone(),
                version: 2,
                result: "{}".into(),
                nodes: 0,
                duration_ms: 0,
                computed_at: system_now(),
                user_id: chat_row.user_id.clone(),
            },
        )
        .unwrap();
    }
    // The account's own ranked daily and a random game, resigned and analysed over HTTP.
    a_daily_and_an_analysed_game(&app, &token, &token).await;
    assert_rows_carry_their_player(&app, "before the link", 2);
    // Linked, the chat games move to the account, and what they keep moves with them.
    let code = link_code(&app, &token).await;
    let linked = link_confirmed(&app, "931", &code).await;
    assert!(linked.contains("moved to it"), "{linked}");
    assert_rows_carry_their_player(&app, "after the link", 1);
    let mut conn = db.conn().unwrap();
    let moved = spider::store::games::by_id(&mut conn, &chat_game)
        .unwrap()
        .unwrap();
    assert_ne!(moved.user_id, chat_row.user_id);
    assert!(spider::store::games::events(&mut conn, &chat_game)
        .unwrap()
        .iter()
        .all(|e| e.user_id == moved.user_id));
    drop(conn);
    // Unlinked, they go back, and what they keep goes back with them.
    let (unlinked, _) = say(&app, "931", "unlink").await;
    assert!(unlinked.contains("are back with you"), "{unlinked}");
    assert_rows_carry_their_player(&app, "after the unlink", 1);
    let mut conn = db.conn().unwrap();
    let back = spider::store::games::by_id(&mut conn, &chat_game)
        .unwrap()
        .unwrap();
    assert_eq!(back.user_id, chat_row.user_id);
    assert!(spider::store::games::events(&mut conn, &chat_game)
        .unwrap()
        .iter()
        .all(|e| e.user_id == chat_row.user_id));
    drop(conn);
    app.stop().await;
}

#[actix_rt::test]
async fn an_append_that_names_another_player_moves_nothing() {
    use spider::store::games::Summary;
    use spider::store::writes::{commit_append, Append, Stamp};
    let app = spawn_app().await;
    let token = app.guest().await;
    let game = spider::domain::GameId::from(id(&app.new_game(&token, json!({"suits": 1})).await));
    let db = app.db();
    let row = {
        let mut conn = db.conn().unwrap();
        spider::store::games::by_id(&mut conn, &game)
            .unwrap()
            .unwrap()
    };
    let append = |user_id: &str| Append {
        game_id: game.clone(),
        user_id: user_id.into(),
        read_version: row.version,
        ranked: false,
        stamp: Stamp {
            version: row.version + 1,
            at: system_now(),
        },
        action: Action::Deal,
        summary: Summary {
            status: Status::InProgress,
            score: row.score - 1,
            actions: row.actions + 1,
            runs_completed: 0,
            finished: false,
        },
        key: None,
        response: String::new(),
        finish: None,
    };
    // Every statement of an append is filtered by the player's id (the key the tables would
    // be distributed by): naming someone else finds no game, and nothing is written.
    assert!(!commit_append(&db, append("someone-else"))
        .landed()
        .await
        .unwrap());
    let view = app.get(&format!("/v1/games/{game}"), &token).await;
    assert_eq!(view.body["version"], row.version, "{}", view.text);
    {
        let mut conn = db.conn().unwrap();
        assert!(spider::store::games::events(&mut conn, &game)
            .unwrap()
            .is_empty());
    }
    // Naming its player, the same append lands.
    assert!(commit_append(&db, append(&row.user_id))
        .landed()
        .await
        .unwrap());
    let view = app.get(&format!("/v1/games/{game}"), &token).await;
    assert_eq!(view.body["version"], row.version + 1, "{}", view.text);
    app.stop().await;
}

/// Migration 20261205000010 gives every stored event, daily entry and analysis its game's
/// player, and its down.sql takes the column away again.
#[actix_rt::test]
async fn the_distribution_key_migration_fills_stored_rows_with_their_player() {
    let app = spawn_app().await;
    let (_, token) = app.register().await;
    let other = app.guest().await;
    let (daily, game) = a_daily_and_an_analysed_game(&app, &token, &other).await;
    let before = app.get(&format!("/v1/games/{game}"), &other).await.body;

    let app = app.migrated_again_from("20261205000010").await;

    assert_rows_carry_their_player(&app, "migrated", 1);
    assert_eq!(
        app.get(&format!("/v1/games/{game}"), &other).await.body,
        before
    );
    // And the write path goes on as before.
    assert_eq!(
        app.act(&token, &daily, json!({"type": "deal"}))
            .await
            .status,
        200
    );
    assert_eq!(rows_off_their_player(&app, "game_events").0, 0);
    app.stop().await;
}

// ---------------------------------------------------------------- A stolen session's reach

/// What `/v1/oauth/approve` takes for a test app, with `password` when given.
fn approval(password: Option<&str>) -> Value {
    use base64::Engine as _;
    use sha2::Digest;
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(Sha256::digest("v".repeat(50).as_bytes()));
    let mut body = json!({
        "response_type": "code",
        "client_id": "Pocket (remedies test)",
        "redirect_uri": "https://pocket.example/cb",
        "scope": "games:read games:write",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    });
    if let Some(password) = password {
        body["password"] = json!(password);
    }
    body
}

/// An app's access token for the account of `session` (whose password is `password`), through
/// approval and the code trade.
async fn app_token(app: &TestApp, session: &str, password: &str) -> String {
    let code = app_code(app, session, password).await;
    traded(app, &code).await.expect("the trade is granted")
}

async fn change_password(app: &TestApp, session: &str, from: &str, to: &str, keep: bool) -> String {
    let r = app
        .post(
            "/v1/users/me/password",
            session,
            json!({"current_password": from, "new_password": to, "keep_apps": keep}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["token"].as_str().unwrap().to_string()
}

#[actix_rt::test]
async fn a_session_alone_lets_in_no_app_or_chat_and_the_owners_remedies_end_them() {
    // More password checks than a minute's sign-in budget: that limit has tests of its own.
    let app = chat_app(|c| c.limits.login_attempts_per_minute = 0).await;
    let (username, session) = app.register().await;

    // Letting an app in needs the password: a session alone (perhaps stolen) cannot.
    app.post("/v1/oauth/approve", &session, approval(None))
        .await
        .problem(400, "password_required");
    app.post(
        "/v1/oauth/approve",
        &session,
        approval(Some("not the password at all")),
    )
    .await
    .problem(403, "wrong_password");
    let guest = app.guest().await;
    app.post("/v1/oauth/approve", &guest, approval(Some(PASSWORD)))
        .await
        .problem(403, "guest_account");
    // Saying no needs nothing.
    let mut deny = approval(None);
    deny["deny"] = json!(true);
    let denied = app.post("/v1/oauth/approve", &session, deny).await;
    assert_eq!(denied.status, 200, "{}", denied.text);
    // So does a chat link code.
    app.post("/v1/users/me/chat-links/code", &session, json!({}))
        .await
        .problem(400, "invalid_request");
    app.post(
        "/v1/users/me/chat-links/code",
        &session,
        json!({"password": "not the password at all"}),
    )
    .await
    .problem(403, "wrong_password");

    // With the password: an app's token and a linked chat identity.
    let token = app_token(&app, &session, PASSWORD).await;
    assert_eq!(app.get("/v1/me", &token).await.status, 200);
    let code = link_code(&app, &session).await;
    let linked = link_confirmed(&app, "951", &code).await;
    assert!(linked.starts_with("Linked"), "{linked}");

    // A password change that keeps the apps keeps both.
    let session = change_password(&app, &session, PASSWORD, "second long passphrase", true).await;
    assert_eq!(app.get("/v1/me", &token).await.status, 200);
    let links = app.get("/v1/users/me/chat-links", &session).await;
    assert_eq!(
        links.body["links"].as_array().unwrap().len(),
        1,
        "{}",
        links.text
    );

    // An approval and a link code made before the remedy cannot be used after it.
    let pending = app
        .post(
            "/v1/oauth/approve",
            &session,
            approval(Some("second long passphrase")),
        )
        .await;
    assert_eq!(pending.status, 200, "{}", pending.text);
    let pending_code = app
        .post(
            "/v1/users/me/chat-links/code",
            &session,
            json!({"password": "second long passphrase"}),
        )
        .await;
    let pending_code = pending_code.body["code"].as_str().unwrap().to_string();
    // Signing out everywhere ends the sessions, the app's token and the chat link.
    let out = app.post("/v1/auth/logout-all", &session, json!({})).await;
    assert_eq!(out.status, 204, "{}", out.text);
    app.get("/v1/me", &token)
        .await
        .problem(401, "invalid_token");
    let (records, _) = say(&app, "951", "records").await;
    assert!(!records.contains(&username), "{records}");
    let (stale, _) = say(&app, "953", &format!("link {pending_code}")).await;
    assert!(stale.contains("unknown, used or expired"), "{stale}");
    let to = pending.body["redirect_to"].as_str().unwrap();
    let code = to.split_once("code=").unwrap().1.split('&').next().unwrap();
    let form = serde_urlencoded::to_string([
        ("grant_type", "authorization_code"),
        ("code", code),
        ("code_verifier", &"v".repeat(50)),
        ("redirect_uri", "https://pocket.example/cb"),
        ("client_id", "Pocket (remedies test)"),
    ])
    .unwrap();
    let traded = app
        .post_raw(
            "/v1/oauth/token",
            &[(
                "Content-Type",
                "application/x-www-form-urlencoded".to_string(),
            )],
            form,
        )
        .await;
    assert_eq!(traded.status, 400, "{}", traded.text);
    assert_eq!(traded.body["error"], "invalid_grant");
    let login = app
        .send(
            "POST",
            "/v1/auth/login",
            None,
            &[],
            Some(json!({"username": username, "password": "second long passphrase"})),
        )
        .await;
    assert_eq!(login.status, 200, "{}", login.text);
    let session = login.body["token"].as_str().unwrap().to_string();
    let links = app.get("/v1/users/me/chat-links", &session).await;
    assert_eq!(links.body["links"], json!([]), "{}", links.text);

    // A password change (without keep_apps) ends them too; personal tokens made with the
    // password stay.
    let token = app_token(&app, &session, "second long passphrase").await;
    let personal = app
        .post(
            "/v1/users/me/tokens",
            &session,
            json!({"name": "bot", "scopes": ["games:read"], "password": "second long passphrase"}),
        )
        .await;
    assert_eq!(personal.status, 201, "{}", personal.text);
    let personal = personal.body["token"].as_str().unwrap().to_string();
    let code = app
        .post(
            "/v1/users/me/chat-links/code",
            &session,
            json!({"password": "second long passphrase"}),
        )
        .await;
    assert_eq!(code.status, 201, "{}", code.text);
    let code = code.body["code"].as_str().unwrap();
    let linked = link_confirmed(&app, "952", code).await;
    assert!(linked.starts_with("Linked"), "{linked}");
    let session = change_password(
        &app,
        &session,
        "second long passphrase",
        "third long passphrase",
        false,
    )
    .await;
    app.get("/v1/me", &token)
        .await
        .problem(401, "invalid_token");
    assert_eq!(app.get("/v1/me", &personal).await.status, 200);
    let links = app.get("/v1/users/me/chat-links", &session).await;
    assert_eq!(links.body["links"], json!([]), "{}", links.text);
    let (records, _) = say(&app, "952", "records").await;
    assert!(!records.contains(&username), "{records}");
    app.stop().await;
}

#[actix_rt::test]
async fn a_link_code_someone_else_made_moves_nothing_until_confirmed_and_unlink_gives_back() {
    let app = chat_app(|_| {}).await;
    // A chat-only member with a game of their own.
    say(&app, "961", "new").await;
    let (theirs, _) = current_game(&app, "discord", GUILD, "961");
    // Someone else's code, posted as a trick, `yes` included: the member is asked first.
    let (trickster, token) = app.register().await;
    let code = link_code(&app, &token).await;
    let (asked, _) = say(&app, "961", &format!("link {code} yes")).await;
    assert!(
        asked.contains(&format!("to the account {trickster}")) && asked.contains("ignore it"),
        "{asked}"
    );
    let links = app.get("/v1/users/me/chat-links", &token).await;
    assert_eq!(links.body["links"], json!([]), "{}", links.text);
    // Another member's `yes` to the same code only asks them.
    let (asked, _) = say(&app, "963", &format!("link {code} yes")).await;
    assert!(asked.contains("ignore it"), "{asked}");
    // Asked about an older code, a new code's `yes` only asks.
    let code = link_code(&app, &token).await;
    let (asked, _) = say(&app, "961", &format!("link {code} yes")).await;
    assert!(asked.contains("ignore it"), "{asked}");
    let links = app.get("/v1/users/me/chat-links", &token).await;
    assert_eq!(links.body["links"], json!([]), "{}", links.text);
    let code = link_code(&app, &token).await;
    let (asked, _) = say(&app, "961", &format!("link {code}")).await;
    assert!(
        asked.contains(&format!("to the account {trickster}")) && asked.contains("ignore it"),
        "{asked}"
    );
    // Nothing moved: the member still plays as themselves, with their game.
    let (records, _) = say(&app, "961", "records").await;
    assert!(
        records.starts_with("Records of user961@discord"),
        "{records}"
    );
    assert_eq!(current_game(&app, "discord", GUILD, "961").0, theirs);
    let links = app.get("/v1/users/me/chat-links", &token).await;
    assert_eq!(links.body["links"], json!([]), "{}", links.text);
    assert!(!app
        .get("/v1/users/me/games", &token)
        .await
        .text
        .contains(theirs.as_str()));
    // Had they said yes, `unlink` gives everything back.
    let (linked, _) = say(&app, "961", &format!("link {code} yes")).await;
    assert!(linked.starts_with("Linked"), "{linked}");
    assert!(app
        .get("/v1/users/me/games", &token)
        .await
        .text
        .contains(theirs.as_str()));
    let (unlinked, _) = say(&app, "961", "unlink").await;
    assert!(
        unlinked.contains("the 1 game the link moved is back with you"),
        "{unlinked}"
    );
    assert!(!app
        .get("/v1/users/me/games", &token)
        .await
        .text
        .contains(theirs.as_str()));
    let (records, _) = say(&app, "961", "records").await;
    assert!(
        records.starts_with("Records of user961@discord") && records.contains("1 played"),
        "{records}"
    );
    app.stop().await;
}

/// Discord adds fields to interactions and retires others: the endpoint reads only what it
/// uses, so the oldest documented shape (no `attachment_size_limit`, `entitlements`,
/// `authorizing_integration_owners`, `locale`; a user without `discriminator` or
/// `global_name`) and the newest (with fields this endpoint never heard of) are answered alike.
#[actix_rt::test]
async fn discord_interactions_old_and_new_are_answered_alike() {
    let app = chat_app(|_| {}).await;
    let mut old = interaction(2, "971", "user971", Some("new"));
    for field in [
        "attachment_size_limit",
        "entitlements",
        "authorizing_integration_owners",
        "locale",
    ] {
        old.as_object_mut().unwrap().remove(field);
    }
    for field in ["discriminator", "global_name", "public_flags", "avatar"] {
        old["member"]["user"].as_object_mut().unwrap().remove(field);
    }
    let r = discord(&app, &old).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(
        r.body["data"]["content"].as_str().unwrap().contains("```"),
        "{}",
        r.text
    );

    let mut new = interaction(2, "972", "user972", Some("new"));
    new["context"] = json!(0);
    new["app_permissions"] = json!("2248473465835073");
    new["guild"] = json!({"id": GUILD, "locale": "en-US", "features": []});
    new["guild_locale"] = json!("en-US");
    new["channel"] = json!({"id": "1500000000000000001", "type": 0, "name": "cards"});
    new["channel_id"] = json!("1500000000000000001");
    new["a_field_from_2027"] = json!({"nested": [1, 2, 3]});
    let user = &mut new["member"]["user"];
    user["primary_guild"] = Value::Null;
    user["avatar_decoration_data"] = Value::Null;
    user["collectibles"] = json!({"nameplate": null});
    user["clan"] = Value::Null;
    new["data"]["options"][0]["focused"] = json!(false);
    let r = discord(&app, &new).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(
        r.body["data"]["content"].as_str().unwrap().contains("```"),
        "{}",
        r.text
    );

    // A direct message: the user at the top, no server.
    let mut dm = interaction(2, "973", "user973", Some("help"));
    let user = dm["member"]["user"].clone();
    dm.as_object_mut().unwrap().remove("member");
    dm.as_object_mut().unwrap().remove("guild_id");
    dm["user"] = user;
    let r = discord(&app, &dm).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(r.body["data"]["content"]
        .as_str()
        .unwrap()
        .starts_with("Spider Solitaire. Commands:"));

    // Ids that are not Discord's are still refused.
    let mut odd = interaction(2, "974", "user974", Some("help"));
    odd["member"]["user"]["id"] = json!("not-a-snowflake");
    discord(&app, &odd).await.problem(400, "invalid_request");
    app.stop().await;
}

/// An app's code for the account of `session`: the redirect's `code`.
async fn app_code(app: &TestApp, session: &str, password: &str) -> String {
    let r = app
        .post("/v1/oauth/approve", session, approval(Some(password)))
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    let to = r.body["redirect_to"].as_str().unwrap();
    to.split_once("code=")
        .unwrap()
        .1
        .split('&')
        .next()
        .unwrap()
        .to_string()
}

/// The app trades `code`: its token, when the trade was granted.
async fn traded(app: &TestApp, code: &str) -> Option<String> {
    let form = serde_urlencoded::to_string([
        ("grant_type", "authorization_code"),
        ("code", code),
        ("code_verifier", &"v".repeat(50)),
        ("redirect_uri", "https://pocket.example/cb"),
        ("client_id", "Pocket (remedies test)"),
    ])
    .unwrap();
    let headers = [(
        "Content-Type",
        "application/x-www-form-urlencoded".to_string(),
    )];
    let r = app.post_raw("/v1/oauth/token", &headers, form).await;
    match r.status {
        200 => Some(r.body["access_token"].as_str().unwrap().to_string()),
        400 => {
            assert_eq!(r.body["error"], "invalid_grant", "{}", r.text);
            None
        }
        _ => panic!("a trade answered {}: {}", r.status, r.text),
    }
}

/// How many chat identities the account of `session` has linked.
async fn links_of(app: &TestApp, session: &str) -> usize {
    let r = app.get("/v1/users/me/chat-links", session).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.body["links"].as_array().map_or(0, Vec::len)
}

/// A chat app whose password, approval and command limits are off: the remedies' race tests
/// send many of each at once.
async fn racing_chat_app() -> TestApp {
    chat_app(|c| {
        c.limits.login_attempts_per_minute = 0;
        c.limits.app_grants_per_minute = 0;
        c.limits.chat_commands_per_minute = 0;
    })
    .await
}

/// Sign out everywhere while the account's app codes are traded and its chat link codes
/// confirmed, all at once: once both are answered, no token traded and no link made from a
/// code issued before the sign-out works (each lands wholly before it and is ended by it, or
/// after it and finds its code gone). On Postgres, before the trade and the link took the
/// account's grants lock, 13-30 of 40 tokens and 4-20 of 50 links survived such a race.
#[actix_rt::test]
async fn sign_out_everywhere_ends_what_codes_make_at_the_same_moment() {
    let app = racing_chat_app().await;
    let (mut apps_left, mut links_left) = (0, 0);
    for trial in 0..24 {
        let (name, session) = app.register().await;
        let mut codes = Vec::new();
        for _ in 0..30 {
            codes.push(app_code(&app, &session, PASSWORD).await);
        }
        // A chat member asked about the account's live link code (an account has one at a
        // time: a new code forgets the unused one before it), ready to say yes.
        let member = 7_000_000 + trial;
        let live = link_code(&app, &session).await;
        let r = telegram(
            &app,
            Some(TELEGRAM_SECRET),
            update(
                5_000 + 2 * trial,
                member,
                member as i64,
                &format!("link {live}"),
            ),
        )
        .await;
        assert!(r.text.contains("yes"), "{}", r.text);
        let trades = codes.iter().map(|code| {
            let app = &app;
            async move { traded(app, code).await }
        });
        let link = async {
            telegram(
                &app,
                Some(TELEGRAM_SECRET),
                update(
                    5_001 + 2 * trial,
                    member,
                    member as i64,
                    &format!("link {live} yes"),
                ),
            )
            .await
            .status
        };
        let out = async {
            actix_rt::time::sleep(std::time::Duration::from_millis(trial % 8)).await;
            app.post("/v1/auth/logout-all", &session, json!({}))
                .await
                .status
        };
        let (tokens, linked, signed_out) =
            futures_util::join!(futures_util::future::join_all(trades), link, out);
        assert_eq!((signed_out, linked), (204, 200));
        for token in tokens.into_iter().flatten() {
            let r = app.get("/v1/me", &token).await;
            if r.status != 401 {
                apps_left += 1;
            }
        }
        let fresh = session_of(&app, &name).await;
        links_left += links_of(&app, &fresh).await;
    }
    assert_eq!(
        (apps_left, links_left),
        (0, 0),
        "app tokens and chat links that outlived sign out everywhere"
    );
    app.stop().await;
}

/// A password change while approvals and a chat link code are made with the old password:
/// once all are answered, no code made at the same moment works (each was written wholly
/// before the change, which forgets it, or is refused: its session ended, or its password is
/// no longer the account's). Before approvals and link codes took the account's grants lock
/// and checked the session inside it, a code written after the change could be traded for a
/// token that outlived it (Postgres).
#[actix_rt::test]
async fn a_password_change_ends_what_approvals_make_at_the_same_moment() {
    let app = racing_chat_app().await;
    const NEW: &str = "a brand new passphrase";
    let (mut apps_left, mut links_left, mut refused) = (0, 0, 0);
    for trial in 0..24u64 {
        let (name, session) = app.register().await;
        let approvals = (0..12).map(|_| {
            let (app, session) = (&app, &session);
            async move {
                app.post("/v1/oauth/approve", session, approval(Some(PASSWORD)))
                    .await
            }
        });
        let code = async {
            app.post(
                "/v1/users/me/chat-links/code",
                &session,
                json!({"password": PASSWORD}),
            )
            .await
        };
        let change = async {
            actix_rt::time::sleep(std::time::Duration::from_millis(trial % 8)).await;
            app.post(
                "/v1/users/me/password",
                &session,
                json!({"current_password": PASSWORD, "new_password": NEW}),
            )
            .await
            .status
        };
        let (approved, code, changed) =
            futures_util::join!(futures_util::future::join_all(approvals), code, change);
        assert_eq!(changed, 200);
        for r in approved {
            match r.status {
                200 => {
                    let to = r.body["redirect_to"].as_str().unwrap();
                    let code = to.split_once("code=").unwrap().1.split('&').next().unwrap();
                    if let Some(token) = traded(&app, code).await {
                        if app.get("/v1/me", &token).await.status != 401 {
                            apps_left += 1;
                        }
                    }
                }
                401 | 403 | 503 => refused += 1,
                other => panic!("an approval answered {other}: {}", r.text),
            }
        }
        match code.status {
            201 => {
                let live = code.body["code"].as_str().unwrap().to_string();
                let member = 8_000_000 + trial;
                for (n, text) in [format!("link {live}"), format!("link {live} yes")]
                    .into_iter()
                    .enumerate()
                {
                    let update_id = 9_000 + 2 * trial + n as u64;
                    let r = telegram(
                        &app,
                        Some(TELEGRAM_SECRET),
                        update(update_id, member, member as i64, &text),
                    )
                    .await;
                    assert_eq!(r.status, 200, "{}", r.text);
                }
            }
            401 | 403 | 503 => refused += 1,
            other => panic!("a link code answered {other}: {}", code.text),
        }
        let fresh = login(&app, &name, NEW).await;
        assert_eq!(fresh.status, 200, "{}", fresh.text);
        let fresh = fresh.body["token"].as_str().unwrap().to_string();
        links_left += links_of(&app, &fresh).await;
    }
    assert_eq!(
        (apps_left, links_left),
        (0, 0),
        "app tokens and chat links made with the old password that outlived its change \
         ({refused} approvals and codes refused)"
    );
    app.stop().await;
}

/// A member whose platform name holds a NUL (which Postgres cannot store) or other control
/// characters plays like anyone: the name is stored without them.
#[actix_rt::test]
async fn a_chat_name_with_a_nul_byte_plays_on_every_backend() {
    let app = chat_app(|_| {}).await;
    let mut update: Value = serde_json::from_str(&update(9_001, 4_242, 4_242, "new")).unwrap();
    update["message"]["from"]["first_name"] = json!("Nu\u{0}l\u{7}");
    update["message"]["from"]["username"] = json!("nul\u{0}name");
    let r = telegram(&app, Some(TELEGRAM_SECRET), update.to_string()).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let text = r.body["text"].as_str().unwrap_or_default();
    assert!(text.contains("<pre>spider"), "{}", r.text);
    let mut records: Value =
        serde_json::from_str(&self::update(9_002, 4_242, 4_242, "records")).unwrap();
    records["message"]["from"]["username"] = json!("nul\u{0}name");
    let r = telegram(&app, Some(TELEGRAM_SECRET), records.to_string()).await;
    let text = r.body["text"].as_str().unwrap_or_default();
    assert!(text.contains("nulname@telegram"), "{}", r.text);
    app.stop().await;
}

/// A member's own text, repeated in a reply (an unknown command, `lang X`), is quoted for
/// each platform: its backticks open no code span (Telegram's reply stays well formed, the
/// help after it keeps its spans), its Markdown stays text inside the quote on Discord and
/// Slack, and bidirectional controls that would reorder the reply are gone.
#[actix_rt::test]
async fn a_members_text_never_reformats_the_reply() {
    let app = chat_app(|_| {}).await;
    // Telegram: x`y used to flip every code span of the help that follows it.
    let r = telegram(
        &app,
        Some(TELEGRAM_SECRET),
        update(9_101, 5_151, 5_151, "x`y"),
    )
    .await;
    let text = r.body["text"].as_str().unwrap_or_default().to_string();
    assert!(text.contains("<code>xˋy</code>"), "{text}");
    assert_eq!(
        text.matches("<code>").count(),
        text.matches("</code>").count(),
        "{text}"
    );
    assert!(!text.contains('`'), "every span closed: {text}");
    let r = telegram(
        &app,
        Some(TELEGRAM_SECRET),
        update(9_102, 5_151, 5_151, "lang \u{202e}ed\u{2066}`<b>"),
    )
    .await;
    let text = r.body["text"].as_str().unwrap_or_default().to_string();
    assert!(
        !text.contains('\u{202e}') && !text.contains('\u{2066}'),
        "{text:?}"
    );
    assert!(text.contains("<code>edˋ&lt;b&gt;</code>"), "{text}");
    // Discord: Markdown and a mention inside the quote (and no mention is ever parsed).
    let (said, _) = say(&app, "981", "**loud** @everyone").await;
    assert!(said.contains("`**loud** @everyone`"), "{said}");
    let (said, _) = say(&app, "981", "a`b`c").await;
    assert!(said.contains("`aˋbˋc`"), "{said}");
    // Slack: the same quote, with Slack's own escapes.
    let body = slack_form("U981", "<!channel> *x*");
    let r = app
        .post_raw(
            "/v1/integrations/slack",
            &slack_headers(SLACK_SECRET, now(), &body),
            body,
        )
        .await;
    let text = r.body["text"].as_str().unwrap_or_default();
    assert!(text.contains("`&lt;!channel&gt; *x*`"), "{text}");
    app.stop().await;
}

/// The eight-character code after "arena join " in a reply.
pub(super) fn arena_code_in(text: &str) -> String {
    let at = text.find("arena join ").expect("a code to join with") + "arena join ".len();
    text[at..at + 8].to_string()
}

/// Arenas by chat: `arena new` announced to everyone where it was typed, `arena` lists it,
/// `arena join` deals the first deal as the member's game, `arena next` waits for it to end,
/// `arena standings`; in a Telegram group no deal is shown (the member is sent to the bot's
/// private chat, with the arena's code).
#[actix_rt::test]
async fn an_arena_by_chat() {
    let app = chat_app(|_| {}).await;
    let (none, _) = say(&app, "7001", "arena").await;
    assert!(none.contains("No arena runs here"), "{none}");
    let (made, private) = say(&app, "7001", "arena new 1 30").await;
    assert!(
        made.contains("started the arena") && made.contains("30 minutes"),
        "{made}"
    );
    assert!(
        !private,
        "a new arena is announced to everyone in the channel"
    );
    let code = arena_code_in(&made);
    let (listed, _) = say(&app, "7002", "arena").await;
    assert!(
        listed.contains("Now:") && listed.contains(&code),
        "{listed}"
    );
    // The deals are drawn by the scheduled work: ask again until the first is ready.
    let mut joined = String::new();
    for _ in 0..100 {
        joined = say(&app, "7002", "arena join").await.0;
        if !joined.contains("still being drawn") {
            break;
        }
        actix_rt::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(
        joined.contains("your deal 1") && joined.contains("```"),
        "{joined}"
    );
    let (game_id, _) = current_game(&app, "discord", GUILD, "7002");
    let db = app.db();
    let row = {
        let mut conn = db.conn().unwrap();
        spider::store::games::by_id(&mut conn, &game_id)
            .unwrap()
            .unwrap()
    };
    assert_eq!(row.origin, spider::domain::origin::OriginKind::Arena);
    let (waiting, _) = say(&app, "7002", "arena next").await;
    assert!(waiting.contains("still in play"), "{waiting}");
    let (resigned, _) = say(&app, "7002", "resign").await;
    assert!(!resigned.is_empty());
    let (standings, _) = say(&app, "7002", "arena standings").await;
    assert!(
        standings.contains("0 of 1 won") && standings.contains("You: place 1"),
        "{standings}"
    );
    let (second, _) = say(&app, "7002", "arena next berserk").await;
    assert!(
        second.contains("your deal 2") && second.contains("berserk"),
        "{second}"
    );

    // A Telegram group: announced there, played in private.
    let secret = Some(TELEGRAM_SECRET);
    let said = |r: Resp| r.body["text"].as_str().unwrap_or_default().to_string();
    let made = said(telegram(&app, secret, group_update(11, 90, "/spider arena new 1 20")).await);
    assert!(made.contains("started the arena"), "{made}");
    let code = arena_code_in(&made);
    let there = said(telegram(&app, secret, group_update(12, 91, "/spider arena join")).await);
    assert!(
        there.contains("private chat") && there.contains(&code) && !there.contains("<pre>"),
        "{there}"
    );
    let mut dealt = String::new();
    for i in 0..100 {
        dealt = said(
            telegram(
                &app,
                secret,
                update(13 + i, 91, 91, &format!("arena join {code}")),
            )
            .await,
        );
        if !dealt.contains("still being drawn") {
            break;
        }
        actix_rt::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(
        dealt.contains("your deal 1") && dealt.contains("<pre>"),
        "{dealt}"
    );
    // Its board is not shown in the group either.
    let board = said(telegram(&app, secret, group_update(200, 91, "/spider b")).await);
    assert!(
        board.contains("private chat") && !board.contains("<pre>"),
        "{board}"
    );
    app.stop().await;
}
