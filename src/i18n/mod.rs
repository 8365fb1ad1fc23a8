//! What players read, in their language: every sentence the service shows (refusals, the board
//! as text, chat replies) is a Fluent message (`ftl/<language>/*.ftl`, the format Firefox
//! uses), named by a [`Text`] (a message id and its arguments) and rendered in a [`Lang`] at the
//! edge that knows the reader: HTTP from `Accept-Language`, a chat platform from its locale.
//! English is the fallback for any message a language lacks. Stands beside the floors, like
//! `config/`: it takes nothing from the layers.

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_langneg::{negotiate_languages, NegotiationStrategy};
use unic_langid::LanguageIdentifier;

#[cfg(test)]
mod tests;

/// A language the service speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    De,
    Fr,
    Es,
    PtBr,
    Ja,
}

impl Lang {
    pub const ALL: [Lang; 6] = [Lang::En, Lang::De, Lang::Fr, Lang::Es, Lang::PtBr, Lang::Ja];

    /// The BCP 47 tag (`Content-Language`, the profile's `language`, the folder under `ftl/`).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::PtBr => "pt-BR",
            Lang::Ja => "ja",
        }
    }

    /// One of ours by its tag, exactly as [`Lang::tag`] writes it; `None` for anything else.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.tag() == tag)
    }

    /// The best of ours for an `Accept-Language` header (quality values honoured, `*` and
    /// unknown languages ignored); English when none fits. Only the first
    /// [`MOST_RANGES`] ranges are read: a header of thousands costs no more than one of a few.
    pub fn negotiate(accept_language: &str) -> Lang {
        let mut ranges: Vec<(LanguageIdentifier, u16)> = Vec::new();
        for item in accept_language.split(',').take(MOST_RANGES) {
            let mut parts = item.split(';');
            let tag = without_extensions(parts.next().unwrap_or("").trim());
            let q = parts
                .find_map(|p| p.trim().strip_prefix("q=").or(p.trim().strip_prefix("Q=")))
                .map_or(1000, quality);
            if q == 0 || tag == "*" {
                continue;
            }
            if let Ok(id) = tag.parse::<LanguageIdentifier>() {
                ranges.push((id, q));
            }
        }
        // A stable sort: equal qualities keep the order the client wrote them in.
        ranges.sort_by_key(|r| std::cmp::Reverse(r.1));
        let requested: Vec<LanguageIdentifier> = ranges.into_iter().map(|(id, _)| id).collect();
        Lang::best(&requested)
    }

    /// The best of ours for one locale a platform names (Discord's `ja`, `pt-BR`, `es-ES`;
    /// Telegram's `pt-br`); `None` when it is not one we speak.
    pub fn of_locale(locale: &str) -> Option<Lang> {
        let id = without_extensions(locale.trim())
            .parse::<LanguageIdentifier>()
            .ok()?;
        let lang = Lang::best(std::slice::from_ref(&id));
        (lang != Lang::En || id.language.as_str() == "en").then_some(lang)
    }

    fn best(requested: &[LanguageIdentifier]) -> Lang {
        if requested.is_empty() {
            return Lang::En;
        }
        let available = AVAILABLE.as_slice();
        let chosen = negotiate_languages(requested, available, None, NegotiationStrategy::Lookup);
        chosen
            .first()
            .and_then(|id| available.iter().position(|a| a == *id))
            .map(|i| Lang::ALL[i])
            .unwrap_or_default()
    }

    fn id(self) -> LanguageIdentifier {
        self.tag().parse().unwrap_or_default()
    }
}

/// Our languages as identifiers (in the order of [`Lang::ALL`]), parsed once.
static AVAILABLE: LazyLock<Vec<LanguageIdentifier>> =
    LazyLock::new(|| Lang::ALL.iter().map(|l| l.id()).collect());

/// The language ranges of an `Accept-Language` header that are read (browsers send a handful).
pub const MOST_RANGES: usize = 32;

/// A quality value (`q=0.8`) in thousandths. RFC 9110 allows `0` to `1` with at most three
/// decimals; anything else (`-1`, `2`, `abc`) is not a weight the client could mean, so the
/// range counts as not wanted (0) rather than most wanted.
fn quality(q: &str) -> u16 {
    let q = q.trim();
    let well_formed = |whole: &str, decimals: &str| {
        matches!(whole, "0" | "1")
            && decimals.len() <= 3
            && decimals.bytes().all(|b| b.is_ascii_digit())
    };
    let ok = match q.split_once('.') {
        Some((whole, decimals)) => well_formed(whole, decimals),
        None => well_formed(q, ""),
    };
    q.parse::<f32>()
        .ok()
        .filter(|q| ok && (0.0..=1.0).contains(q))
        .map_or(0, |q| (q * 1000.0).round() as u16)
}

/// A language tag without its extensions and private use (`de-DE-u-co-phonebk` is `de-DE`,
/// `en-x-pirate` is `en`): they refine a language, they do not hide it.
fn without_extensions(tag: &str) -> &str {
    let mut end = tag.len();
    let mut at: usize = 0;
    for (i, part) in tag.split('-').enumerate() {
        if i > 0 && part.len() == 1 {
            end = at.saturating_sub(1);
            break;
        }
        at += part.len() + 1;
    }
    &tag[..end.min(tag.len())]
}

/// A sentence to show, not yet in a language: a message id and its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    pub id: &'static str,
    /// A boxed slice, not a `Vec`: a refusal carries a `Text`, and results carrying refusals
    /// stay small.
    pub args: Box<[(&'static str, Arg)]>,
}

/// An argument of a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Shown as it is (a name, a column list, a parser's own words).
    Str(String),
    /// A number: plural rules select on it.
    Int(i64),
    /// Another message, rendered in the same language.
    Text(Box<Text>),
}

impl Text {
    pub fn new(id: &'static str) -> Text {
        Text {
            id,
            args: Box::new([]),
        }
    }

    pub fn arg(self, name: &'static str, value: impl Into<Arg>) -> Text {
        let mut args = self.args.into_vec();
        args.push((name, value.into()));
        Text {
            id: self.id,
            args: args.into_boxed_slice(),
        }
    }

    /// The sentence in `lang` (in English where `lang` lacks the message).
    pub fn render(&self, lang: Lang) -> String {
        let mut errors = Vec::new();
        let text = self.render_checked(lang, &mut errors);
        for error in errors {
            tracing::warn!(id = self.id, lang = lang.tag(), %error, "a message did not render cleanly");
        }
        text
    }

    /// As [`Text::render`], handing back what went wrong (a missing message or argument).
    pub fn render_checked(&self, lang: Lang, errors: &mut Vec<String>) -> String {
        let (bundle, message) = match bundle(lang).get_message(self.id) {
            Some(m) => (bundle(lang), m),
            None => match bundle(Lang::En).get_message(self.id) {
                Some(m) => (bundle(Lang::En), m),
                None => {
                    errors.push(format!("no message {}", self.id));
                    return self.id.to_string();
                }
            },
        };
        let Some(pattern) = message.value() else {
            errors.push(format!("message {} has no value", self.id));
            return self.id.to_string();
        };
        let mut args = FluentArgs::new();
        for (name, value) in &self.args {
            let value: FluentValue = match value {
                Arg::Str(s) => s.clone().into(),
                Arg::Int(n) => (*n).into(),
                Arg::Text(t) => t.render_checked(lang, errors).into(),
            };
            args.set(*name, value);
        }
        let mut fluent_errors = Vec::new();
        let out = bundle.format_pattern(pattern, Some(&args), &mut fluent_errors);
        errors.extend(
            fluent_errors
                .into_iter()
                .map(|e| format!("{}: {e}", self.id)),
        );
        out.into_owned()
    }
}

/// `t!("id")`, `t!("id", name = value, …)`: a [`Text`].
#[macro_export]
macro_rules! t {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::Text::new($id)$(.arg(stringify!($name), $value))*
    };
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}
impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_string())
    }
}
impl From<Text> for Arg {
    fn from(t: Text) -> Arg {
        Arg::Text(Box::new(t))
    }
}
macro_rules! int_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Int(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
int_arg!(i32, i64, u8, u16, u32, u64, usize);

macro_rules! ftl {
    ($lang:literal) => {
        ftl!($lang; "refusals.ftl", "play.ftl", "requests.ftl", "chat.ftl", "web.ftl",
            "web-table.ftl", "web-race.ftl", "web-account.ftl", "web-screens.ftl")
    };
    ($lang:literal; $($file:literal),*) => {
        [$(($file, include_str!(concat!("ftl/", $lang, "/", $file)))),*]
    };
}

/// The message files of each language, in the order of [`Lang::ALL`].
pub const FILES: [(&str, &[(&str, &str)]); 6] = [
    ("en", &ftl!("en")),
    ("de", &ftl!("de")),
    ("fr", &ftl!("fr")),
    ("es", &ftl!("es")),
    ("pt-BR", &ftl!("pt-BR")),
    ("ja", &ftl!("ja")),
];

static BUNDLES: LazyLock<Vec<FluentBundle<FluentResource>>> = LazyLock::new(|| {
    Lang::ALL
        .iter()
        .zip(FILES.iter())
        .map(|(lang, (_, files))| {
            let mut bundle = FluentBundle::new_concurrent(vec![lang.id()]);
            // Plain text: no bidi isolation marks around arguments (no language here is
            // written right to left).
            bundle.set_use_isolating(false);
            for (name, source) in *files {
                // A file that does not parse is a test failure (`tests.rs`); what parsed is kept.
                let resource = FluentResource::try_new(source.to_string())
                    .unwrap_or_else(|(partial, _)| partial);
                if let Err(errors) = bundle.add_resource(resource) {
                    tracing::error!(lang = lang.tag(), file = name, ?errors, "messages clash");
                }
            }
            bundle
        })
        .collect()
});

/// The messages the web page formats itself (`GET /l10n/{lang}.ftl`): its own files and the
/// game's words (cards, the board), as one Fluent resource.
pub fn page_messages(lang: Lang) -> String {
    let i = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    FILES[i]
        .1
        .iter()
        .filter(|(name, _)| name.starts_with("web") || *name == "play.ftl")
        .map(|(_, source)| *source)
        .collect::<Vec<_>>()
        .join("\n")
}

fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    let i = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    &BUNDLES[i]
}
