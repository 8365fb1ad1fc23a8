//! Every language says everything English says, with the same variables, and nothing the code
//! never asks for.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast;
use fluent_syntax::parser;

use super::{Arg, Lang, Text, FILES};

/// Each message of a file: its id and the variables it uses.
fn messages(source: &str, file: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = parser::parse(source).unwrap_or_else(|(_, errors)| {
        panic!("{file} does not parse: {errors:?}");
    });
    let mut out = BTreeMap::new();
    for entry in resource.body {
        match entry {
            ast::Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                if let Some(p) = &m.value {
                    pattern_vars(p, &mut vars);
                }
                // The web page's messages may carry attributes (an element's title or
                // aria-label): each counts as part of the message, named.
                for attribute in &m.attributes {
                    vars.insert(format!(".{}", attribute.id.name));
                    pattern_vars(&attribute.value, &mut vars);
                }
                assert!(
                    m.value.is_some() || !m.attributes.is_empty(),
                    "{file}: {} says nothing",
                    m.id.name
                );
                assert!(
                    out.insert(m.id.name.to_string(), vars).is_none(),
                    "{file}: {} twice",
                    m.id.name
                );
            }
            ast::Entry::Junk { content } => panic!("{file}: cannot read {content:?}"),
            _ => {}
        }
    }
    out
}

fn pattern_vars(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, vars),
    }
}

fn inline_vars(i: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
        }
        _ => {}
    }
}

/// Every message of a language, across its files, with the file it is in.
fn language(files: &[(&str, &str)], lang: &str) -> BTreeMap<String, (String, BTreeSet<String>)> {
    let mut all = BTreeMap::new();
    for (name, source) in files {
        for (id, vars) in messages(source, &format!("{lang}/{name}")) {
            let previous = all.insert(id.clone(), (name.to_string(), vars));
            assert!(previous.is_none(), "{lang}: {id} is in two files");
        }
    }
    all
}

#[test]
fn every_language_has_every_message_with_its_variables() {
    let english = language(FILES[0].1, "en");
    assert!(
        english.len() > 200,
        "only {} English messages",
        english.len()
    );
    for (lang, files) in &FILES[1..] {
        let theirs = language(files, lang);
        let missing: Vec<_> = english
            .keys()
            .filter(|id| !theirs.contains_key(*id))
            .collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        let extra: Vec<_> = theirs
            .keys()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(
            extra.is_empty(),
            "{lang} has {extra:?}, which English has not"
        );
        for (id, (file, vars)) in &english {
            let (their_file, their_vars) = &theirs[id];
            assert_eq!(file, their_file, "{lang}: {id} is in another file");
            assert_eq!(vars, their_vars, "{lang}: {id} uses other variables");
        }
    }
}

/// All the code a message can be asked for from: the Rust sources.
fn sources() -> String {
    fn walk(dir: &Path, out: &mut String) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path
                .extension()
                .is_some_and(|e| e == "rs" || e == "js" || e == "html")
            {
                // Comments name messages as examples, not as asks.
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
    }
    // The repository's root: this crate's manifest is in src/i18n.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = String::new();
    walk(&root.join("src"), &mut out);
    walk(&root.join("web"), &mut out);
    out
}

#[test]
fn the_code_asks_for_every_message_and_only_those() {
    let english = language(FILES[0].1, "en");
    let code = sources();
    let ftl: String = FILES[0].1.iter().map(|(_, s)| *s).collect();
    // A message is used when the code names it (`t!("id")`, a title) or another message
    // includes it (`{ id }`).
    let unused: Vec<_> = english
        .keys()
        .filter(|id| {
            !code.contains(&format!("\"{id}\""))
                && !code.contains(&format!("'{id}'"))
                && !ftl.contains(&format!("{{ {id} }}"))
        })
        .collect();
    assert!(unused.is_empty(), "no code asks for {unused:?}");
    let asked = regex::Regex::new(
        r#"\bt!\(\s*"([a-z0-9-]+)"|Text::new\("([a-z0-9-]+)"\)|"(title-[a-z0-9-]+)"|\bt\('([a-z0-9-]+)'|data-l10n-id="([a-z0-9-]+)""#,
    )
    .unwrap();
    let missing: BTreeSet<_> = asked
        .captures_iter(&code)
        .filter_map(|c| {
            c.iter()
                .skip(1)
                .flatten()
                .next()
                .map(|m| m.as_str().to_string())
        })
        .filter(|id| !english.contains_key(id))
        .collect();
    assert!(
        missing.is_empty(),
        "the code asks for {missing:?}, which English lacks"
    );
}

#[test]
fn every_message_renders_in_every_language() {
    let english = language(FILES[0].1, "en");
    for lang in Lang::ALL {
        for (id, (_, vars)) in &english {
            // Numbers (plurals select on them) and words (other selectors fall to the default).
            let vars: Vec<&String> = vars.iter().filter(|v| !v.starts_with('.')).collect();
            let attributes = super::bundle(lang)
                .get_message(id)
                .map_or(0, |m| m.attributes().count());
            if super::bundle(lang)
                .get_message(id)
                .and_then(|m| m.value())
                .is_none()
            {
                // Attributes only (the web page's): each formats without error.
                let bundle = super::bundle(lang);
                let message = bundle.get_message(id).expect("present");
                assert!(attributes > 0, "{} {id}", lang.tag());
                for attribute in message.attributes() {
                    let mut errors = Vec::new();
                    let out = bundle.format_pattern(attribute.value(), None, &mut errors);
                    assert!(
                        errors.is_empty() && !out.trim().is_empty(),
                        "{} {id}",
                        lang.tag()
                    );
                }
                continue;
            }
            for value in [Arg::Int(1), Arg::Int(2), Arg::Str("x".into())] {
                let id: &'static str = Box::leak(id.clone().into_boxed_str());
                let mut text = Text::new(id);
                for var in &vars {
                    let var: &'static str = Box::leak((*var).clone().into_boxed_str());
                    text = text.arg(var, value.clone());
                }
                let mut errors = Vec::new();
                let out = text.render_checked(lang, &mut errors);
                assert!(errors.is_empty(), "{} {id}: {errors:?}", lang.tag());
                assert!(
                    !out.trim().is_empty() || matches!(id, "sentence-gap" | "card-group-empty"),
                    "{} {id} is empty",
                    lang.tag()
                );
                assert!(
                    !out.contains('\u{2068}'),
                    "{} {id}: isolation marks",
                    lang.tag()
                );
            }
        }
    }
}

#[test]
fn accept_language_picks_the_best_of_ours() {
    for (header, lang) in [
        ("de", Lang::De),
        ("de-AT,de;q=0.9", Lang::De),
        ("fr;q=0.9, en;q=0.8", Lang::Fr),
        ("en;q=0.8, fr;q=0.9", Lang::Fr),
        ("pt-BR", Lang::PtBr),
        ("pt", Lang::PtBr),
        ("pt-PT,pt;q=0.9", Lang::PtBr),
        ("ja-JP", Lang::Ja),
        ("es-419", Lang::Es),
        ("zh-CN, ja;q=0.5", Lang::Ja),
        ("xx, *;q=0.1", Lang::En),
        ("", Lang::En),
        ("de;q=0, fr", Lang::Fr),
        ("garbage;;;,", Lang::En),
        // Extensions and private use refine a language; they do not hide it.
        ("de-DE-u-co-phonebk", Lang::De),
        ("ja-JP-u-ca-japanese, en;q=0.5", Lang::Ja),
        ("fr-x-casual", Lang::Fr),
        // A weight outside 0-1 (or with more than three decimals) is not wanted, not most wanted.
        ("de;q=-1, fr;q=0.5", Lang::Fr),
        ("de;q=2, fr;q=0.5", Lang::Fr),
        ("de;q=0.0001, fr;q=0.5", Lang::Fr),
        ("de;q=abc, es;q=0.1", Lang::Es),
        ("de;q=1.000, fr;q=0.5", Lang::De),
        ("de;q=0.501, fr;q=0.5", Lang::De),
    ] {
        assert_eq!(Lang::negotiate(header), lang, "{header:?}");
    }
    // Only the first ranges count: a flood of them is cut, not parsed.
    let flood = format!("{}ja", "xx, ".repeat(super::MOST_RANGES));
    assert_eq!(Lang::negotiate(&flood), Lang::En);
    let near = format!("{}ja", "xx, ".repeat(super::MOST_RANGES - 1));
    assert_eq!(Lang::negotiate(&near), Lang::Ja);
}

#[test]
fn a_platform_locale_is_ours_or_none() {
    assert_eq!(Lang::of_locale("ja"), Some(Lang::Ja));
    assert_eq!(Lang::of_locale("pt-br"), Some(Lang::PtBr));
    assert_eq!(Lang::of_locale("es-ES"), Some(Lang::Es));
    assert_eq!(Lang::of_locale("en-US"), Some(Lang::En));
    assert_eq!(Lang::of_locale("ko"), None);
    assert_eq!(Lang::of_locale("de-DE-u-co-phonebk"), Some(Lang::De));
    assert_eq!(Lang::of_locale("not a tag"), None);
    assert_eq!(Lang::from_tag("pt-BR"), Some(Lang::PtBr));
    assert_eq!(Lang::from_tag("pt-br"), None);
    assert_eq!(Lang::from_tag("pt"), None);
}

#[test]
fn cards_take_each_language_s_notation() {
    let card = |rank: i64, lang| {
        Text::new("card")
            .arg("rank", rank)
            .arg("suit", "♠")
            .render(lang)
    };
    assert_eq!(card(12, Lang::En), "Q♠");
    assert_eq!(card(11, Lang::De), "B♠");
    assert_eq!(card(13, Lang::Fr), "R♠");
    assert_eq!(card(10, Lang::Ja), "10♠");
    assert_eq!(card(1, Lang::Es), "A♠");
}

/// Every message of a language as the text a reader sees: its words, with every variant of a
/// choice and every attribute, placeables left out.
fn texts(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    fn pattern(p: &ast::Pattern<&str>, out: &mut String) {
        for element in &p.elements {
            match element {
                ast::PatternElement::TextElement { value } => out.push_str(value),
                ast::PatternElement::Placeable { expression } => expression_text(expression, out),
            }
        }
    }
    fn expression_text(e: &ast::Expression<&str>, out: &mut String) {
        match e {
            ast::Expression::Select { variants, .. } => {
                for v in variants {
                    out.push(' ');
                    pattern(&v.value, out);
                }
            }
            ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }) => {
                out.push_str(value);
            }
            ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
                expression_text(expression, out);
            }
            ast::Expression::Inline(_) => {}
        }
    }
    let mut all = BTreeMap::new();
    for (_, source) in files {
        let Ok(resource) = parser::parse(*source) else {
            continue; // `every_language_has_every_message_with_its_variables` says why
        };
        for entry in resource.body {
            if let ast::Entry::Message(m) = entry {
                let mut text = String::new();
                if let Some(p) = &m.value {
                    pattern(p, &mut text);
                }
                for attribute in &m.attributes {
                    text.push(' ');
                    pattern(&attribute.value, &mut text);
                }
                all.insert(m.id.name.to_string(), text);
            }
        }
    }
    all
}

/// One entry of a glossary (`glossary/<tag>.txt`).
#[derive(Debug, Default)]
struct Term {
    term: String,
    uses: Vec<String>,
    never: Vec<String>,
    except: BTreeSet<String>,
}

fn glossary(lang: &str) -> Vec<Term> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("glossary")
        .join(format!("{lang}.txt"));
    let source = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{lang} has no glossary at {}: {e}", path.display()));
    let unquote = |v: &str| {
        let v = v.trim();
        v.strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .unwrap_or(v)
            .to_string()
    };
    let mut terms: Vec<Term> = Vec::new();
    for (n, line) in source.lines().enumerate() {
        let line = line.trim_end();
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("{lang}.txt line {}: not `key: value`", n + 1));
        if key == "term" {
            terms.push(Term {
                term: value.trim().to_string(),
                ..Term::default()
            });
            continue;
        }
        let term = terms
            .last_mut()
            .unwrap_or_else(|| panic!("{lang}.txt line {}: before any `term:`", n + 1));
        match key {
            "use" => term.uses.push(unquote(value)),
            "never" => term.never.push(unquote(value)),
            "except" => term.except.extend(
                value
                    .split_whitespace()
                    .map(|id| id.trim_matches(',').to_string()),
            ),
            other => panic!("{lang}.txt line {}: `{other}` is not a key", n + 1),
        }
    }
    terms
}

#[test]
fn every_language_holds_to_its_glossary() {
    let english: BTreeSet<String> = glossary("en").into_iter().map(|t| t.term).collect();
    assert!(english.len() >= 20, "{english:?}");
    let mut broken = Vec::new();
    for (lang, files) in &FILES {
        let messages = texts(files);
        let lower: BTreeMap<&String, String> = messages
            .iter()
            .map(|(id, t)| (id, t.to_lowercase()))
            .collect();
        let terms = glossary(lang);
        let theirs: BTreeSet<&String> = terms.iter().map(|t| &t.term).collect();
        for missing in english.iter().filter(|t| !theirs.contains(t)) {
            broken.push(format!("{lang}: no entry for \"{missing}\""));
        }
        for term in &terms {
            if term.uses.is_empty() {
                broken.push(format!("{lang}: \"{}\" has no `use`", term.term));
            }
            for word in &term.uses {
                let word = word.to_lowercase();
                if !lower.values().any(|t| t.contains(&word)) {
                    broken.push(format!(
                        "{lang}: \"{word}\" ({}) is in no message",
                        term.term
                    ));
                }
            }
            for id in &term.except {
                if !messages.contains_key(id) {
                    broken.push(format!("{lang}: `except` names {id}, which is no message"));
                }
            }
            for word in &term.never {
                let low = word.to_lowercase();
                for (id, text) in &lower {
                    if !term.except.contains(*id) && text.contains(&low) {
                        broken.push(format!(
                            "{lang}: {id} says \"{word}\" (\"{}\" is \"{}\")",
                            term.term,
                            term.uses.join("\", \"")
                        ));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// A control whose accessible name is a message of its own holds its visible text in that name
/// (WCAG 2.5.3, label in name): a player who says what they see reaches it.
#[test]
fn a_control_s_name_holds_its_visible_text() {
    const PAIRS: [(&str, &str); 2] = [
        ("screens-games-continue-label", "screens-games-continue"),
        ("screens-games-result-label", "screens-games-result"),
    ];
    for (lang, files) in &FILES {
        let messages = texts(files);
        for (name, visible) in PAIRS {
            let (n, v) = (
                messages[name].to_lowercase(),
                messages[visible].trim().to_lowercase(),
            );
            assert!(n.contains(&v), "{lang}: {name} \"{n}\" lacks \"{v}\"");
        }
    }
}
