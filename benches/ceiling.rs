//! The ceiling for `bench/load.sh`: a bare actix-web + diesel server that answers the load
//! generator's three requests (a guest token, a new game, an action) with one database insert
//! each and nothing else: no token check, no read, no replay, no rules. The service's moves/s
//! are quoted as a share of this server's, measured in the same run on the same machine.
//!
//! Serves when CEILING_BIND and DATABASE_URL are set (bench/load.sh does this); under a plain
//! `cargo bench` it only says how to run it. SQLite gets the service's pragmas (WAL,
//! synchronous from SQLITE_SYNCHRONOUS, FULL by default, busy_timeout) and pool size
//! (DB_POOL_SIZE, 16).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or a bench fails loudly on what it did not expect"
)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use actix_web::{web, App, HttpResponse, HttpServer};
use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::r2d2::{ConnectionManager, CustomizeConnection, Pool};
use diesel::sql_types::{Integer, Text};
use diesel::sqlite::SqliteConnection;
use diesel::RunQueryDsl;
use serde_json::{json, Value};

#[derive(Clone)]
enum Db {
    Sqlite(Pool<ConnectionManager<SqliteConnection>>),
    Pg(Pool<ConnectionManager<PgConnection>>),
}

#[derive(Debug)]
struct Pragmas(String);

impl CustomizeConnection<SqliteConnection, diesel::r2d2::Error> for Pragmas {
    fn on_acquire(&self, conn: &mut SqliteConnection) -> Result<(), diesel::r2d2::Error> {
        conn.batch_execute(&format!(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = {}; PRAGMA busy_timeout = 10000;",
            self.0
        ))
        .map_err(diesel::r2d2::Error::QueryError)
    }
}

impl Db {
    fn connect(url: &str, size: u32) -> Result<Db, String> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            // As the service opens its connections (src/store/pg.rs).
            spider::store::pg::init_client();
            let pool = Pool::builder()
                .max_size(size)
                .build(ConnectionManager::<PgConnection>::new(
                    spider::store::pg::connection_url(url),
                ))
                .map_err(|e| e.to_string())?;
            let mut conn = pool.get().map_err(|e| e.to_string())?;
            conn.batch_execute(
                "CREATE TABLE IF NOT EXISTS ceiling_rows \
                 (id BIGSERIAL PRIMARY KEY, game_id TEXT NOT NULL, seq INTEGER NOT NULL, \
                  body TEXT NOT NULL)",
            )
            .map_err(|e| e.to_string())?;
            Ok(Db::Pg(pool))
        } else {
            let path = url.trim_start_matches("sqlite://");
            let sync = std::env::var("SQLITE_SYNCHRONOUS").unwrap_or_else(|_| "FULL".into());
            let pool = Pool::builder()
                .max_size(size)
                .connection_customizer(Box::new(Pragmas(sync)))
                .build(ConnectionManager::<SqliteConnection>::new(path))
                .map_err(|e| e.to_string())?;
            let mut conn = pool.get().map_err(|e| e.to_string())?;
            conn.batch_execute(
                "CREATE TABLE IF NOT EXISTS ceiling_rows \
                 (id INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL, \
                  seq INTEGER NOT NULL, body TEXT NOT NULL)",
            )
            .map_err(|e| e.to_string())?;
            Ok(Db::Sqlite(pool))
        }
    }

    /// The one insert a request makes.
    fn insert(&self, game_id: &str, seq: i32, body: &str) -> Result<(), String> {
        match self {
            Db::Sqlite(pool) => {
                let mut conn = pool.get().map_err(|e| e.to_string())?;
                diesel::sql_query("INSERT INTO ceiling_rows (game_id, seq, body) VALUES (?, ?, ?)")
                    .bind::<Text, _>(game_id)
                    .bind::<Integer, _>(seq)
                    .bind::<Text, _>(body)
                    .execute(&mut *conn)
            }
            Db::Pg(pool) => {
                let mut conn = pool.get().map_err(|e| e.to_string())?;
                diesel::sql_query(
                    "INSERT INTO ceiling_rows (game_id, seq, body) VALUES ($1, $2, $3)",
                )
                .bind::<Text, _>(game_id)
                .bind::<Integer, _>(seq)
                .bind::<Text, _>(body)
                .execute(&mut *conn)
            }
        }
        .map(|_| ())
        .map_err(|e| e.to_string())
    }
}

struct State {
    db: Db,
    next: AtomicU64,
}

async fn insert(
    state: web::Data<State>,
    game_id: String,
    body: String,
    mut ok: actix_web::HttpResponseBuilder,
) -> HttpResponse {
    let seq = state.next.fetch_add(1, Ordering::Relaxed) as i32;
    let st = state.clone();
    let id = game_id.clone();
    match web::block(move || st.db.insert(&id, seq, &body)).await {
        Ok(Ok(())) => ok.json(json!({"id": game_id, "version": seq})),
        Ok(Err(e)) => HttpResponse::InternalServerError().body(e),
        Err(e) => HttpResponse::InternalServerError().body(e.to_string()),
    }
}

async fn guest() -> HttpResponse {
    HttpResponse::Created().json(json!({"token": "ceiling"}))
}

async fn create_game(state: web::Data<State>, body: web::Json<Value>) -> HttpResponse {
    let id = format!("g{}", state.next.fetch_add(1, Ordering::Relaxed));
    insert(state, id, body.to_string(), HttpResponse::Created()).await
}

async fn act(
    state: web::Data<State>,
    path: web::Path<String>,
    body: web::Json<Value>,
) -> HttpResponse {
    insert(
        state,
        path.into_inner(),
        body.to_string(),
        HttpResponse::Ok(),
    )
    .await
}

fn main() -> std::io::Result<()> {
    let (Ok(bind), Ok(url)) = (std::env::var("CEILING_BIND"), std::env::var("DATABASE_URL")) else {
        println!("ceiling: skipped (bench/load.sh starts it with CEILING_BIND and DATABASE_URL)");
        return Ok(());
    };
    let size = std::env::var("DB_POOL_SIZE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(16);
    let db = Db::connect(&url, size).map_err(std::io::Error::other)?;
    let state = web::Data::new(State {
        db,
        next: AtomicU64::new(1),
    });
    actix_web::rt::System::new().block_on(async move {
        HttpServer::new(move || {
            App::new()
                .app_data(state.clone())
                .route("/readyz", web::get().to(HttpResponse::Ok))
                .route("/v1/auth/guest", web::post().to(guest))
                .route("/v1/games", web::post().to(create_game))
                .route("/v1/games/{id}/actions", web::post().to(act))
        })
        .keep_alive(Duration::from_secs(75))
        .bind(bind)?
        .run()
        .await
    })
}
