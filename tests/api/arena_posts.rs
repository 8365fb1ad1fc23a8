//! An arena made in a chat posts its final results where it was made, when it ends: the
//! platforms' APIs played by a fake server in the test (the service's `*_API_URL` point at it),
//! which keeps every request and answers as each platform would.

use super::integrations::{
    arena_code_in, chat_app, group_update, now, say, slack_form, slack_headers, telegram, CHANNEL,
    SLACK_SECRET, TELEGRAM_SECRET,
};
use super::*;

use std::sync::{Arc, Mutex};

/// A request a platform's API got.
#[derive(Clone, Debug)]
struct Seen {
    path: String,
    authorization: String,
    agent: String,
    body: Value,
}

/// Discord, Slack and Telegram's APIs as the service posts to them, under `/discord`,
/// `/slack` and `/telegram`: Discord fails its first post with a server error (the service
/// tries again), Slack's bot is not in the channel (a refusal for good), Telegram takes it.
struct FakePlatforms {
    url: String,
    seen: Arc<Mutex<Vec<Seen>>>,
    handle: actix_web::dev::ServerHandle,
}

impl FakePlatforms {
    async fn start() -> FakePlatforms {
        use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
        let seen = Arc::new(Mutex::new(Vec::<Seen>::new()));
        let kept = seen.clone();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let server = HttpServer::new(move || {
            let kept = kept.clone();
            App::new().default_service(web::to(move |req: HttpRequest, body: web::Bytes| {
                let kept = kept.clone();
                async move {
                    let header = |name: &str| {
                        req.headers()
                            .get(name)
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or_default()
                            .to_string()
                    };
                    let path = req.path().to_string();
                    let mut seen = kept.lock().unwrap();
                    seen.push(Seen {
                        path: path.clone(),
                        authorization: header("authorization"),
                        agent: header("user-agent"),
                        body: serde_json::from_slice(&body).unwrap_or(Value::Null),
                    });
                    let discord_tries = seen
                        .iter()
                        .filter(|s| s.path.starts_with("/discord"))
                        .count();
                    drop(seen);
                    if path.starts_with("/discord") {
                        if discord_tries == 1 {
                            HttpResponse::BadGateway().json(json!({"message": "upstream"}))
                        } else {
                            HttpResponse::Ok().json(json!({"id": "1500000000000000001"}))
                        }
                    } else if path.starts_with("/slack") {
                        HttpResponse::Ok().json(json!({"ok": false, "error": "channel_not_found"}))
                    } else {
                        HttpResponse::Ok().json(json!({"ok": true, "result": {"message_id": 9}}))
                    }
                }
            }))
        })
        .workers(1)
        .listen(listener)
        .unwrap()
        .run();
        let handle = server.handle();
        actix_rt::spawn(server);
        FakePlatforms { url, seen, handle }
    }

    fn to(&self, platform: &str) -> Vec<Seen> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .filter(|s| s.path.starts_with(&format!("/{platform}/")))
            .cloned()
            .collect()
    }
}

/// How each arena's post ended: (channel, attempts, outcome), by channel.
fn outcomes(app: &TestApp) -> Vec<(String, i32, Option<String>)> {
    let db = app.db();
    let mut conn = db.conn().unwrap();
    use diesel::prelude::*;
    use spider::store::schema::arena_posts;
    let mut rows: Vec<(String, i32, Option<String>)> = arena_posts::table
        .select((
            arena_posts::channel,
            arena_posts::attempts,
            arena_posts::outcome,
        ))
        .load(&mut conn)
        .unwrap();
    rows.sort();
    rows
}

/// Arenas made in a Discord channel, a Slack channel and a Telegram group each say their
/// results will be posted there; when they end, the final standings are posted into that
/// channel with the bot's token: Discord once after a server error (the same nonce both
/// times), Slack refused (not tried again), Telegram in the group; an arena made over HTTP
/// posts nothing, and no post is made twice.
#[actix_rt::test]
async fn an_arenas_results_are_posted_where_it_was_made() {
    let fake = FakePlatforms::start().await;
    let base = fake.url.clone();
    let app = chat_app(move |c| {
        c.chat.bots = spider::config::Bots {
            discord_token: Some("discord-bot-token".into()),
            slack_token: Some("xoxb-slack-bot-token".into()),
            telegram_token: Some("123:telegram-bot-token".into()),
            discord_api: format!("{base}/discord"),
            slack_api: format!("{base}/slack"),
            telegram_api: format!("{base}/telegram"),
        };
    })
    .await;

    // Discord: made, joined, its first deal given up (a line in the standings).
    let (made, _) = say(&app, "7101", "arena new 1 5").await;
    assert!(made.contains("results will be posted here"), "{made}");
    let code = arena_code_in(&made);
    let mut joined = String::new();
    for _ in 0..150 {
        joined = say(&app, "7102", &format!("arena join {code}")).await.0;
        if !joined.contains("still being drawn") {
            break;
        }
        actix_rt::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(joined.contains("your deal 1"), "{joined}");
    let (resigned, _) = say(&app, "7102", "resign").await;
    assert!(!resigned.is_empty());

    // Slack, in channel C2147483705 of its workspace.
    let body = slack_form("U300", "arena new 1 5");
    let r = app
        .post_raw(
            "/v1/integrations/slack",
            &slack_headers(SLACK_SECRET, now(), &body),
            body,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(
        r.body["text"]
            .as_str()
            .unwrap()
            .contains("results will be posted here"),
        "{}",
        r.text
    );

    // A Telegram group.
    let r = telegram(
        &app,
        Some(TELEGRAM_SECRET),
        group_update(31, 95, "/spider arena new 1 5"),
    )
    .await;
    let text = r.body["text"].as_str().unwrap_or_default();
    assert!(text.contains("results will be posted here"), "{text}");

    // Over HTTP: no channel, nothing to post.
    let (_, token) = app.register().await;
    let r = app
        .post("/v1/arenas", &token, json!({"suits": 1, "minutes": 5}))
        .await;
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(outcomes(&app).len(), 3);

    // Nothing is posted before the end.
    actix_rt::time::sleep(std::time::Duration::from_secs(3)).await;
    assert!(fake.seen.lock().unwrap().is_empty());

    // The end: final places, then the posts (Discord's second try waits 5 s).
    app.pass(std::time::Duration::from_secs(6 * 60));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(40);
    while (fake.to("discord").len() < 2
        || fake.to("slack").is_empty()
        || fake.to("telegram").is_empty())
        && std::time::Instant::now() < deadline
    {
        actix_rt::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    let discord = fake.to("discord");
    assert_eq!(
        discord.len(),
        2,
        "a server error, then the post: {discord:?}"
    );
    for post in &discord {
        assert_eq!(post.path, format!("/discord/channels/{CHANNEL}/messages"));
        assert_eq!(post.authorization, "Bot discord-bot-token");
        assert!(post.agent.starts_with("DiscordBot ("), "{}", post.agent);
        assert_eq!(post.body["allowed_mentions"], json!({"parse": []}));
        assert_eq!(post.body["enforce_nonce"], true);
        let content = post.body["content"].as_str().unwrap();
        assert!(
            content.contains("(final results)") && content.contains("1. `"),
            "{content}"
        );
    }
    assert_eq!(discord[0].body["nonce"], discord[1].body["nonce"]);
    let slack = fake.to("slack");
    assert_eq!(slack.len(), 1, "{slack:?}");
    assert_eq!(slack[0].path, "/slack/chat.postMessage");
    assert_eq!(slack[0].authorization, "Bearer xoxb-slack-bot-token");
    assert_eq!(slack[0].body["channel"], "C2147483705");
    assert!(slack[0].body["text"]
        .as_str()
        .unwrap()
        .contains("(final results)"));
    let tg = fake.to("telegram");
    assert_eq!(tg.len(), 1, "{tg:?}");
    assert_eq!(
        tg[0].path,
        "/telegram/bot123:telegram-bot-token/sendMessage"
    );
    assert_eq!(tg[0].body["chat_id"], -1001);
    assert_eq!(tg[0].body["parse_mode"], "HTML");
    assert!(tg[0].body["text"]
        .as_str()
        .unwrap()
        .contains("(final results)"));

    // Kept, and never posted again.
    actix_rt::time::sleep(std::time::Duration::from_secs(5)).await;
    assert_eq!(fake.seen.lock().unwrap().len(), 4);
    assert_eq!(
        outcomes(&app),
        vec![
            (format!("discord:{CHANNEL}"), 2, Some("sent".into())),
            (
                "slack:C2147483705".into(),
                1,
                Some("failed: Slack answered 200: channel_not_found".into())
            ),
            ("telegram:-1001".into(), 1, Some("sent".into())),
        ]
    );
    app.stop().await;
    fake.handle.stop(true).await;
}
