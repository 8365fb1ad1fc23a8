//! Players who do not read English, over real HTTP: `Accept-Language` picks the language of
//! refusals and the board (named back in `Content-Language`, with `Vary: Accept-Language`),
//! a chat platform's locale picks the bot's, `lang de` keeps a member's choice, and the profile
//! keeps the web page's.

use super::integrations::{
    chat_app, discord, interaction, now, slack_form, slack_headers, telegram, update, SLACK_SECRET,
    TELEGRAM_SECRET,
};
use super::*;
use spider::i18n::{Lang, Text};

/// A move the rules refuse on deal 11 (1 suit): a card onto one that is not one rank above.
fn refused_move(game: &Game) -> (usize, usize) {
    for from in 0..10 {
        for to in 0..10 {
            let action = Action::Move { from, to, count: 1 };
            if from != to && game.clone().apply(action).is_err() {
                let (_, up) = game.column(to).unwrap();
                if !up.is_empty() {
                    return (from, to);
                }
            }
        }
    }
    panic!("no refused move");
}

async fn act_in(app: &TestApp, token: &str, game: &str, lang: &str, action: Value) -> Resp {
    app.send(
        "POST",
        &format!("/v1/games/{game}/actions"),
        Some(token),
        &[("Accept-Language", lang)],
        Some(action),
    )
    .await
}

fn says(r: &Resp, lang: &str) {
    assert_eq!(
        r.header("content-language").as_deref(),
        Some(lang),
        "{}",
        r.text
    );
    let vary = r
        .headers
        .get_all("vary")
        .map(|v| v.to_str().unwrap_or(""))
        .collect::<Vec<_>>();
    assert!(
        vary.iter().any(|v| v.contains("Accept-Language")),
        "vary: {vary:?}"
    );
}

#[actix_rt::test]
async fn a_refused_move_and_the_board_speak_the_requests_language() {
    let app = spawn_app().await;
    let token = app.guest().await;
    let game = app
        .new_game(&token, json!({"suits": 1, "deal_number": 11}))
        .await;
    let id = id(&game);
    let engine = Game::new(Variant::Spider, Suits::One, Rules::default(), 11);
    let (from, to) = refused_move(&engine);
    let action = json!({"type": "move", "from": from + 1, "to": to + 1, "count": 1});

    let english = act_in(&app, &token, &id, "en", action.clone()).await;
    english.problem(422, "landing_rank_mismatch");
    says(&english, "en");
    let german = act_in(&app, &token, &id, "de", action.clone()).await;
    german.problem(422, "landing_rank_mismatch");
    says(&german, "de");
    let detail = german.body["detail"].as_str().unwrap();
    // The same refusal in German words, the cards in German notation.
    let (_, up) = engine.column(to).unwrap();
    let onto = up.last().unwrap();
    let onto_de = Text::new("card")
        .arg("rank", i64::from(onto.rank.value()))
        .arg("suit", onto.suit.symbol().to_string())
        .render(Lang::De);
    assert!(detail.contains(&onto_de), "{detail}");
    assert_ne!(detail, english.body["detail"].as_str().unwrap());
    assert!(
        detail.contains("nur eine") || detail.contains("Rang"),
        "{detail}"
    );
    assert_eq!(
        german.body["title"],
        Text::new("title-illegal-action").render(Lang::De).as_str()
    );
    assert_ne!(german.body["title"], english.body["title"]);
    assert_eq!(german.body["type"], english.body["type"]);
    // Nothing was applied in either language.
    let r = app.get(&format!("/v1/games/{id}"), &token).await;
    assert_eq!(r.body["version"], 0);

    // French first, English second: French.
    let french = act_in(&app, &token, &id, "fr;q=0.9, en;q=0.8", action.clone()).await;
    says(&french, "fr");
    assert!(
        french.body["detail"].as_str().unwrap().contains("ne peut"),
        "{}",
        french.text
    );
    // A language we do not speak: English.
    let unknown = act_in(&app, &token, &id, "tlh, xx;q=0.5", action.clone()).await;
    says(&unknown, "en");
    assert_eq!(unknown.body["detail"], english.body["detail"]);

    // The board as text, in German: its words and its cards.
    let board = app
        .send(
            "GET",
            &format!("/v1/games/{id}/board"),
            Some(&token),
            &[
                ("Accept", "text/plain"),
                ("Accept-Language", "de-DE,de;q=0.9"),
            ],
            None,
        )
        .await;
    assert_eq!(board.status, 200, "{}", board.text);
    says(&board, "de");
    let first = board.text.lines().next().unwrap();
    assert!(
        first.starts_with("Spider 1 Farbe · Punkte 500"),
        "{}",
        board.text
    );
    assert!(!board.text.contains("score"), "{}", board.text);

    // A hint's reason, in German and in English: the same action, other words.
    let hint = |lang: &'static str| {
        let app = &app;
        let (token, id) = (token.clone(), id.clone());
        async move {
            app.send(
                "GET",
                &format!("/v1/games/{id}/hint?level=easy"),
                Some(&token),
                &[("Accept-Language", lang)],
                None,
            )
            .await
        }
    };
    let (de, en) = (hint("de").await, hint("en").await);
    assert_eq!(de.status, 200, "{}", de.text);
    says(&de, "de");
    assert_eq!(de.body["action"], en.body["action"]);
    assert_eq!(de.body["kind"], en.body["kind"]);
    let reason = de.body["reason"].as_str().unwrap();
    assert_ne!(reason, en.body["reason"].as_str().unwrap());
    assert!(reason.contains("Spalte"), "{reason}");

    // A chat command's sentence and board, in Japanese.
    let (from, to, count) = engine
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Move { from, to, count } => Some((from, to, count)),
            _ => None,
        })
        .unwrap();
    let r = app
        .send(
            "POST",
            &format!("/v1/games/{id}/commands"),
            Some(&token),
            &[("Accept-Language", "ja")],
            Some(json!({"command": format!("{} {} {count}", from + 1, to + 1)})),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text);
    says(&r, "ja");
    let message = r.body["message"].as_str().unwrap();
    assert!(message.contains("列"), "{message}");
    assert!(
        r.body["board"].as_str().unwrap().starts_with("スパイダー"),
        "{}",
        r.text
    );
    // A refused command: the refusal in Japanese, with the board.
    let r = app
        .send(
            "POST",
            &format!("/v1/games/{id}/commands"),
            Some(&token),
            &[("Accept-Language", "ja"), ("Accept", "text/plain")],
            Some(json!({"command": "fly"})),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.text);
    says(&r, "ja");
    assert!(!r.text.contains("I did not understand"), "{}", r.text);
    assert!(r.text.contains("`3 7`"), "{}", r.text);
    app.stop().await;
}

#[actix_rt::test]
async fn every_refusal_kind_has_its_words_in_each_language() {
    let app = spawn_app().await;
    for lang in Lang::ALL {
        // No token, an unknown route, a malformed body, an unknown game: each in `lang`.
        let header = [("Accept-Language", lang.tag())];
        let r = app.send("GET", "/v1/me", None, &header, None).await;
        r.problem(401, "unauthorized");
        says(&r, lang.tag());
        let expected = Text::new("bearer-token-missing").render(lang);
        assert_eq!(r.body["detail"], expected.as_str(), "{}", lang.tag());
        let r = app.send("GET", "/v1/nowhere", None, &header, None).await;
        r.problem(404, "not_found");
        assert_eq!(
            r.body["title"],
            Text::new("title-not-found").render(lang).as_str()
        );
        let token = app.guest().await;
        let r = app
            .send("GET", "/v1/games/none", Some(&token), &header, None)
            .await;
        r.problem(404, "not_found");
        assert_eq!(
            r.body["detail"],
            Text::new("game-not-found").render(lang).as_str()
        );
        if lang != Lang::En {
            assert_ne!(
                r.body["detail"],
                Text::new("game-not-found").render(Lang::En).as_str()
            );
        }
    }
    app.stop().await;
}

#[actix_rt::test]
async fn the_web_pages_language_is_kept_with_the_account() {
    let app = spawn_app().await;
    let guest = app.guest().await;
    let set = |token: String, body: Value| {
        let app = &app;
        async move { app.put("/v1/users/me/profile", &token, body).await }
    };
    // A guest may choose a language (though not hide a profile it does not have).
    let r = set(guest.clone(), json!({"language": "pt-BR"})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["language"], "pt-BR");
    let me = app.get("/v1/me", &guest).await;
    assert_eq!(me.body["language"], "pt-BR", "{}", me.text);
    // Back to the browser's.
    let r = set(guest.clone(), json!({"language": null})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body["language"], Value::Null);
    // Refused, changing nothing: a language we do not speak, an empty body, a wrong type.
    set(guest.clone(), json!({"language": "de"})).await;
    for unknown in ["klingon", "pt-br", "DE", " de"] {
        set(guest.clone(), json!({"language": unknown}))
            .await
            .problem(400, "unknown_language");
    }
    set(guest.clone(), json!({"hidden": null}))
        .await
        .problem(400, "invalid_request");
    set(guest.clone(), json!({"language": 7}))
        .await
        .problem(400, "invalid_request");
    // Not an object (its fields are all optional, so serde alone took `[]` as nothing asked).
    for not_an_object in [json!([]), json!(["de"]), json!("de")] {
        set(guest.clone(), not_an_object)
            .await
            .problem(400, "invalid_request");
    }
    set(guest.clone(), json!({"hidden": true, "language": "fr"}))
        .await
        .problem(403, "guest_account");
    assert_eq!(app.get("/v1/me", &guest).await.body["language"], "de");
    // Nothing to change: the settings as they stand.
    let r = set(guest.clone(), json!({})).await;
    assert_eq!(
        r.body,
        json!({"hidden": false, "language": "de"}),
        "{}",
        r.text
    );
    // A registered player sets both at once.
    let (_, session) = app.register().await;
    let r = set(session.clone(), json!({"hidden": true, "language": "ja"})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.body, json!({"hidden": true, "language": "ja"}));
    app.stop().await;
}

#[actix_rt::test]
async fn each_chat_platform_answers_in_its_members_language() {
    let app = chat_app(|_| {}).await;
    // Discord: the member's locale, else the server's.
    let mut body = interaction(2, "1500000000000000001", "kenji", Some("new"));
    body["locale"] = json!("ja");
    let r = discord(&app, &body).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let content = r.body["data"]["content"].as_str().unwrap();
    assert!(content.starts_with("新しいゲーム"), "{content}");
    assert!(content.contains("スパイダー"), "{content}");
    let mut body = interaction(2, "1500000000000000001", "kenji", Some("fly"));
    body["locale"] = json!("ko");
    body["guild_locale"] = json!("de");
    let r = discord(&app, &body).await;
    let content = r.body["data"]["content"].as_str().unwrap();
    assert!(!content.contains("I did not understand"), "{content}");
    assert!(
        content.contains("`new [1|2|4] [spider|spiderette]`"),
        "{content}"
    );
    assert_eq!(
        content.lines().next().unwrap(),
        Text::new("chat-not-understood")
            .arg("text", "`fly`")
            .render(Lang::De)
            .lines()
            .next()
            .unwrap()
    );

    // Telegram: the sender's language_code.
    let body = update(9001, 4242, 4242, "new 2")
        .replace("\"language_code\":\"en\"", "\"language_code\":\"pt-br\"");
    let r = telegram(&app, Some(TELEGRAM_SECRET), body).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let text = r.body["text"].as_str().unwrap();
    assert!(text.starts_with("Novo jogo"), "{text}");

    // Slack names no language: English until the member says `lang de`, then German, kept.
    let slack = |text: &str| {
        let body = slack_form("U200", text);
        (slack_headers(SLACK_SECRET, now(), &body), body)
    };
    let (headers, body) = slack("new");
    let r = app.post_raw("/v1/integrations/slack", &headers, body).await;
    assert!(
        r.body["text"].as_str().unwrap().starts_with("New game"),
        "{}",
        r.text
    );
    let (headers, body) = slack("lang de");
    let r = app.post_raw("/v1/integrations/slack", &headers, body).await;
    assert_eq!(
        r.body["text"].as_str().unwrap(),
        Text::new("chat-language-set")
            .arg("language", Text::new("language-name").arg("tag", "de"))
            .render(Lang::De)
    );
    let (headers, body) = slack("new 4");
    let r = app.post_raw("/v1/integrations/slack", &headers, body).await;
    let text = r.body["text"].as_str().unwrap();
    assert!(text.starts_with("Neues Spiel"), "{text}");
    assert!(text.contains("Spider 4 Farben"), "{text}");
    let (headers, body) = slack("lang xx");
    let r = app.post_raw("/v1/integrations/slack", &headers, body).await;
    assert!(
        r.body["text"].as_str().unwrap().contains("xx"),
        "{}",
        r.text
    );
    let (headers, body) = slack("lang auto");
    app.post_raw("/v1/integrations/slack", &headers, body).await;
    let (headers, body) = slack("games");
    let r = app.post_raw("/v1/integrations/slack", &headers, body).await;
    assert!(
        r.body["text"].as_str().unwrap().starts_with("Your games"),
        "{}",
        r.text
    );
    app.stop().await;
}

#[actix_rt::test]
async fn the_apis_own_sentences_speak_the_requests_language() {
    let app = spawn_app().await;
    let de = [("Accept-Language", "de")];
    // A guest's daily: why it is practice, before and after starting it.
    let guest = app.guest().await;
    let panel = app
        .send("GET", "/v1/daily?suits=1", Some(&guest), &de, None)
        .await;
    assert_eq!(panel.status, 200, "{}", panel.text);
    let reason = panel.body["challenges"][0]["practice_reason"]
        .as_str()
        .unwrap();
    assert_eq!(reason, Text::new("daily-practice-guest").render(Lang::De));
    let started = app
        .send(
            "POST",
            "/v1/daily/games",
            Some(&guest),
            &de,
            Some(json!({"suits": 1})),
        )
        .await;
    assert_eq!(started.status, 201, "{}", started.text);
    assert_eq!(
        started.body["daily"]["practice_reason"].as_str().unwrap(),
        Text::new("daily-practice").render(Lang::De)
    );
    // The same game read in English says it in English.
    let game = id(&started.body);
    let english = app.get(&format!("/v1/games/{game}"), &guest).await;
    assert_eq!(
        english.body["daily"]["practice_reason"].as_str().unwrap(),
        Text::new("daily-practice").render(Lang::En)
    );
    // A race room's CPU note, in French.
    let (_, host) = app.register().await;
    let room = app
        .send(
            "POST",
            "/v1/races",
            Some(&host),
            &[("Accept-Language", "fr")],
            Some(json!({"suits": 1, "cpu_players": 1})),
        )
        .await;
    assert_eq!(room.status, 201, "{}", room.text);
    let note = room.body["settings"]["cpu_note"].as_str().unwrap();
    assert!(note.starts_with("Les joueurs CPU"), "{note}");
    // A link code's instructions, in Japanese, the code as it is.
    let made = app
        .send(
            "POST",
            "/v1/users/me/chat-links/code",
            Some(&host),
            &[("Accept-Language", "ja")],
            Some(json!({"password": PASSWORD})),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.text);
    let code = made.body["code"].as_str().unwrap();
    let said = made.body["instructions"].as_str().unwrap();
    assert!(said.contains(&format!("`/spider link {code}`")), "{said}");
    assert!(said.contains("分以内"), "{said}");
    app.stop().await;
}

/// A card in the JSON carries the API's one notation (`text`, the same in every language) and
/// the answer's language's (`local_text`, as the text board writes it).
#[actix_rt::test]
async fn cards_carry_the_api_s_notation_and_the_language_s() {
    let app = spawn_app().await;
    let (_, token) = app.register().await;
    let made = app
        .send(
            "POST",
            "/v1/games",
            Some(&token),
            &[("Accept-Language", "de")],
            Some(json!({"suits": 4, "deal_number": "7"})),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.text);
    let german = |rank: u64| match rank {
        1 => "A".to_string(),
        11 => "B".to_string(),
        12 => "D".to_string(),
        13 => "K".to_string(),
        n => n.to_string(),
    };
    let mut seen = 0;
    for column in made.body["columns"].as_array().unwrap() {
        for card in column["face_up"].as_array().unwrap() {
            let text = card["text"].as_str().unwrap();
            let symbol = text.chars().last().unwrap();
            let rank = card["rank"].as_u64().unwrap();
            assert_eq!(
                card["local_text"],
                format!("{}{symbol}", german(rank)),
                "{card}"
            );
            seen += 1;
        }
    }
    assert_eq!(seen, 10);
    // In English both are the same.
    let gid = id(&made.body);
    let english = app.get(&format!("/v1/games/{gid}"), &token).await;
    for column in english.body["columns"].as_array().unwrap() {
        for card in column["face_up"].as_array().unwrap() {
            assert_eq!(card["local_text"], card["text"], "{card}");
        }
    }
    app.stop().await;
}

/// A parser's refusal is said in the request's language where its kind is known (a field the
/// operation does not take, one missing, a value none of the allowed, bad JSON), the names it
/// quotes as they were sent.
#[actix_rt::test]
async fn a_parser_s_refusal_speaks_the_request_s_language() {
    let app = spawn_app().await;
    let (_, token) = app.register().await;
    let said = |r: &Resp| r.body["detail"].as_str().unwrap_or_default().to_string();
    let de = [("Accept-Language", "de")];
    let r = app
        .send(
            "POST",
            "/v1/games",
            Some(&token),
            &de,
            Some(json!({"suits": 1, "foo": 2})),
        )
        .await;
    r.problem(400, "invalid_request");
    assert!(said(&r).contains("unbekanntes Feld `foo`"), "{}", r.text);
    assert!(
        said(&r).contains("`suits`"),
        "the names it takes: {}",
        r.text
    );
    assert!(!said(&r).contains("unknown field"), "{}", r.text);
    // The same in English still says it as the parser does.
    let r = app
        .send(
            "POST",
            "/v1/games",
            Some(&token),
            &[],
            Some(json!({"suits": 1, "foo": 2})),
        )
        .await;
    assert!(said(&r).contains("unknown field `foo`"), "{}", r.text);
    // A field missing, in Spanish; a value none of the allowed, in French.
    let r = app
        .send(
            "POST",
            "/v1/puzzles/0123456789/attempts",
            None,
            &[("Accept-Language", "es")],
            Some(json!({})),
        )
        .await;
    r.problem(400, "invalid_request");
    assert!(said(&r).contains("falta el campo `moves`"), "{}", r.text);
    let r = app
        .send(
            "POST",
            "/v1/games",
            Some(&token),
            &[("Accept-Language", "fr")],
            Some(json!({"suits": 1, "variant": "klondike"})),
        )
        .await;
    r.problem(400, "invalid_request");
    assert!(
        said(&r).contains("`klondike` n'est aucune des valeurs"),
        "{}",
        r.text
    );
    // JSON cut short, in Japanese; a query with a parameter it does not take, in Portuguese.
    let r = app
        .post_raw(
            "/v1/games",
            &[
                ("Authorization", format!("Bearer {token}")),
                ("Accept-Language", "ja".to_string()),
                ("Content-Type", "application/json".to_string()),
            ],
            "{\"suits\": 1".to_string(),
        )
        .await;
    r.problem(400, "invalid_request");
    assert!(said(&r).contains("途中で終わっています"), "{}", r.text);
    let r = app
        .send(
            "GET",
            "/v1/puzzles/export?foo=1",
            None,
            &[("Accept-Language", "pt-BR")],
            None,
        )
        .await;
    r.problem(400, "invalid_request");
    assert!(said(&r).contains("campo desconhecido `foo`"), "{}", r.text);
    app.stop().await;
}

/// The page's messages carry an ETag: a page that has them is answered 304 with no body,
/// and a language tag with extensions (`de-DE-u-co-phonebk`) still picks its language.
#[actix_rt::test]
async fn page_messages_are_validated_by_their_etag() {
    let app = spawn_app().await;
    let first = app.send("GET", "/l10n/de.ftl", None, &[], None).await;
    assert_eq!(first.status, 200);
    let etag = first.header("etag").expect("an ETag");
    assert!(first.text.len() > 10_000);
    let again = app
        .send(
            "GET",
            "/l10n/de.ftl",
            None,
            &[("If-None-Match", etag.as_str())],
            None,
        )
        .await;
    assert_eq!(again.status, 304);
    assert!(again.text.is_empty());
    assert_eq!(again.header("etag").as_deref(), Some(etag.as_str()));
    let other = app.send("GET", "/l10n/fr.ftl", None, &[], None).await;
    assert_ne!(other.header("etag").as_deref(), Some(etag.as_str()));
    let stale = app
        .send(
            "GET",
            "/l10n/fr.ftl",
            None,
            &[("If-None-Match", etag.as_str())],
            None,
        )
        .await;
    assert_eq!(stale.status, 200);
    assert_eq!(stale.text, other.text);
    let r = app
        .send(
            "GET",
            "/v1/games/no-such-game",
            None,
            &[("Accept-Language", "de-DE-u-co-phonebk")],
            None,
        )
        .await;
    assert_eq!(
        r.header("content-language").as_deref(),
        Some("de"),
        "{}",
        r.text
    );
    app.stop().await;
}
