//! The house rule of docs/ARCHITECTURE.md: no import circle among the files of `src/` or
//! among the modules of `web/js`. A circle means two files can only be understood (and
//! changed) together; this test names every circle it finds, with the names each file takes
//! from the next, so the one who made it sees where to cut.
//!
//! What counts as an import, in Rust: every path that starts with `crate::`, `super::` or
//! `self::` in code (in `use` lines, in attributes, inline in expressions), and every path
//! that starts with a child module the file declares (`mod games;` … `games::create`). Each
//! is resolved to the file of the longest module it names. Comments and strings are skipped.
//! A module's own file is the front door of its folder: what it declares and re-exports from
//! inside the folder is not counted, what the files inside take from it is.
//! In JavaScript: every `import … from './x.js'` (and `export … from`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or a bench fails loudly on what it did not expect"
)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path (`["http", "races"]`) and the file that holds it.
type Modules = BTreeMap<Vec<String>, PathBuf>;
/// Edges: file → (file → names taken).
type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a library file: `src/http/mod.rs` → `["http"]`, `src/http/resources/races/wire.rs`
/// → `["http", "resources", "races", "wire"]`, `src/lib.rs` → `[]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("a file under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// `text` with comments, string and char literals blanked (lengths kept).
fn code_only(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('#') || next == Some('"')) && !ident_before(&b, i) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{1F0A1}'), or a lifetime ('a) left alone.
            let close = if next == Some('\\') {
                (i + 2..b.len().min(i + 12)).find(|&j| b[j] == '\'')
            } else if b.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match close {
                Some(j) => {
                    out.push_str("' '");
                    i = j + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every path of the `use` trees in `code`, braces expanded: `use a::{b, c::d};` → `a::b`,
/// `a::c::d`.
fn use_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i + 4 < bytes.len() {
        let starts = (i == 0 || !is_ident(bytes[i - 1]))
            && bytes[i..i + 3] == ['u', 's', 'e']
            && bytes[i + 3].is_whitespace();
        if !starts {
            i += 1;
            continue;
        }
        let end = (i..bytes.len())
            .find(|&j| bytes[j] == ';')
            .unwrap_or(bytes.len());
        let words: String = bytes[i + 3..end].iter().collect();
        let tree = words
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace(" ::", "::")
            .replace(":: ", "::")
            .replace(", ", ",")
            .replace(" ,", ",")
            .replace("{ ", "{")
            .replace(" {", "{")
            .replace(" }", "}");
        expand("", tree.trim(), &mut paths);
        i = end;
    }
    paths
}

fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let tree = tree.trim_start_matches("::");
    match tree.find('{') {
        None => {
            // `a::b as c` takes `a::b`.
            let item = tree.split(' ').next().unwrap_or(tree);
            out.push(format!("{prefix}{item}"));
        }
        Some(open) => {
            let head = &tree[..open];
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            let mut depth = 0;
            let mut start = 0;
            let parts: Vec<&str> = {
                let mut v = Vec::new();
                for (k, c) in inner.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            v.push(&inner[start..k]);
                            start = k + 1;
                        }
                        _ => {}
                    }
                }
                v.push(&inner[start..]);
                v
            };
            for part in parts.into_iter().filter(|p| !p.is_empty()) {
                expand(&format!("{prefix}{head}"), part, out);
            }
        }
    }
}

/// Every `crate::…`, `super::…` and `self::…` path written inline, and every path that
/// starts with one of `children` (the file's own child modules).
fn inline_paths(code: &str, children: &BTreeSet<String>) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !is_ident(chars[i]) || (i > 0 && (is_ident(chars[i - 1]) || chars[i - 1] == ':')) {
            i += 1;
            continue;
        }
        let mut j = i;
        let mut path = String::new();
        loop {
            let start = j;
            while j < chars.len() && is_ident(chars[j]) {
                j += 1;
            }
            path.extend(&chars[start..j]);
            if chars.get(j) == Some(&':')
                && chars.get(j + 1) == Some(&':')
                && chars.get(j + 2).copied().is_some_and(is_ident)
            {
                path.push_str("::");
                j += 2;
                continue;
            }
            break;
        }
        let first = path.split("::").next().unwrap_or("");
        if path.contains("::")
            && (matches!(first, "crate" | "super" | "self") || children.contains(first))
        {
            out.push(path);
        }
        i = j.max(i + 1);
    }
    out
}

/// The child modules `code` declares (`mod x;`, `pub mod x;`, `pub(crate) mod x;`).
fn children_declared(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in code.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(k) = words.iter().position(|w| *w == "mod") {
            if let Some(name) = words.get(k + 1).and_then(|w| w.strip_suffix(';')) {
                if words[..k].iter().all(|w| w.starts_with("pub")) {
                    out.insert(name.to_string());
                }
            }
        }
    }
    out
}

/// The folders of `src/` that are crates of their own (their `Cargo.toml` beside their
/// `mod.rs`): inside them `crate::` starts at the folder. Read from the workspace's members.
static CRATES: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(crates);

fn crates() -> Vec<String> {
    let manifest = fs::read_to_string(root().join("Cargo.toml")).expect("the manifest");
    let members = manifest
        .lines()
        .find_map(|l| l.strip_prefix("members = ["))
        .unwrap_or("");
    members
        .split(['"', ',', ']', ' '])
        .filter_map(|m| m.strip_prefix("src/"))
        .map(String::from)
        .collect()
}

/// Resolve `path`, written in module `here`, to the longest module of `modules` it names,
/// and the name it takes from there.
fn resolve(
    path: &str,
    here: &[String],
    children: &BTreeSet<String>,
    modules: &Modules,
) -> Option<(PathBuf, String)> {
    let mut parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
    let is_crate = |top: &String| CRATES.contains(top);
    let mut at: Vec<String> = match parts.first().copied() {
        Some("crate") => {
            parts.remove(0);
            // In a floor that is a crate of its own, `crate` is that floor's folder, unless what
            // follows is a floor it names under the floor's own name (`crate::store::…` in
            // `play`, its `use spider_store as store`): that floor's folder, from the top.
            match (here.first(), parts.first()) {
                (Some(top), Some(next))
                    if is_crate(top)
                        && modules.contains_key(&vec![(*next).to_string()])
                        && !modules.contains_key(&vec![top.clone(), (*next).to_string()]) =>
                {
                    Vec::new()
                }
                (Some(top), _) if is_crate(top) => vec![top.clone()],
                _ => Vec::new(),
            }
        }
        Some("self") => {
            parts.remove(0);
            here.to_vec()
        }
        Some("super") => {
            let mut at = here.to_vec();
            while parts.first() == Some(&"super") {
                parts.remove(0);
                at.pop();
            }
            at
        }
        Some(first) if children.contains(first) => here.to_vec(),
        _ => return None,
    };
    let mut found = modules.get(&at).cloned().map(|f| (f, String::new()));
    for part in &parts {
        at.push((*part).to_string());
        match modules.get(&at) {
            Some(f) => found = Some((f.clone(), String::new())),
            None => {
                if let Some((_, name)) = found.as_mut() {
                    if name.is_empty() {
                        *name = (*part).to_string();
                    }
                }
                break;
            }
        }
    }
    found
}

fn rust_graph(root: &Path) -> Graph {
    let src = root.join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let files: Vec<PathBuf> = files
        .into_iter()
        .filter(|f| !f.ends_with("main.rs"))
        .collect();
    let modules: Modules = files
        .iter()
        .map(|f| (module_of(&src, f), f.clone()))
        .collect();
    let mut graph = Graph::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("a readable source file");
        let code = code_only(&text);
        let here = module_of(&src, file);
        // A `foo.rs` beside `foo/` declares children like a `mod.rs`.
        let children = children_declared(&code);
        let name = rel(root, file);
        let mut paths = use_paths(&code);
        paths.extend(inline_paths(&code, &children));
        for path in paths {
            let Some((target, taken)) = resolve(&path, &here, &children, &modules) else {
                continue;
            };
            // A folder's front door (`mod.rs`, or `foo.rs` beside `foo/`) declares and
            // re-exports what lies inside it: that is the folder's shape, not a dependence.
            if &target == file || module_of(&src, &target).starts_with(&here) {
                continue;
            }
            let taken = if taken.is_empty() {
                "*".to_string()
            } else {
                taken
            };
            graph
                .entry(name.clone())
                .or_default()
                .entry(rel(root, &target))
                .or_default()
                .insert(taken);
        }
    }
    graph
}

fn rel(root: &Path, file: &Path) -> String {
    file.strip_prefix(root)
        .unwrap_or(file)
        .to_string_lossy()
        .into_owned()
}

fn js_graph(root: &Path) -> Graph {
    let dir = root.join("web/js");
    let mut graph = Graph::new();
    let mut entries: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("web/js")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "js"))
        .collect();
    entries.sort();
    for file in &entries {
        let text = fs::read_to_string(file).expect("a readable module");
        let name = rel(root, file);
        // Statements end at `;`: `import { a, b } from './x.js';` over one or more lines.
        for statement in text.split(';') {
            let s = statement.trim_start();
            if !(s.starts_with("import") || s.starts_with("export")) {
                continue;
            }
            let Some(from) = s.rfind("from") else {
                continue;
            };
            let spec = s[from + 4..].trim().trim_matches(|c| c == '\'' || c == '"');
            let Some(local) = spec.strip_prefix("./") else {
                continue;
            };
            let names: BTreeSet<String> = s[..from]
                .split(|c: char| !is_ident(c))
                .filter(|w| !w.is_empty() && !matches!(*w, "import" | "export" | "as"))
                .map(str::to_string)
                .collect();
            graph
                .entry(name.clone())
                .or_default()
                .entry(format!("web/js/{local}"))
                .or_default()
                .extend(names);
        }
    }
    graph
}

/// The strongly connected components of more than one file (Tarjan).
fn circles(graph: &Graph) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            if let Some(next) = self.graph.get(v) {
                for w in next.keys() {
                    let w = w.as_str();
                    if !self.index.contains_key(w) {
                        self.visit(w);
                        let lw = self.low[w];
                        let lv = self.low[v];
                        self.low.insert(v, lv.min(lw));
                    } else if self.on_stack.contains(w) {
                        let iw = self.index[w];
                        let lv = self.low[v];
                        self.low.insert(v, lv.min(iw));
                    }
                }
            }
            if self.low[v] == self.index[v] {
                let mut part = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    part.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

fn describe(graph: &Graph, found: &[Vec<String>]) -> String {
    let mut out = String::new();
    for circle in found {
        out.push_str(&format!("circle of {} files:\n", circle.len()));
        for from in circle {
            for (to, names) in graph.get(from).into_iter().flatten() {
                if circle.contains(to) {
                    let names: Vec<&str> = names.iter().map(String::as_str).collect();
                    out.push_str(&format!("  {from} -> {to}: {}\n", names.join(", ")));
                }
            }
        }
    }
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn no_import_circle_among_rust_files() {
    let graph = rust_graph(&root());
    // The walk must see the layers, or it proves nothing.
    assert!(graph["src/http/resources/games.rs"].contains_key("src/play/games/mod.rs"));
    assert!(graph["src/play/games/mod.rs"].contains_key("src/store/games.rs"));
    let found = circles(&graph);
    assert!(
        found.is_empty(),
        "import circles in src/:\n{}",
        describe(&graph, &found)
    );
}

/// What the engine and the domain may not touch: I/O, the clock, the environment, threads of
/// the server, a database, HTTP, logs.
const IMPURE: &[&str] = &[
    "std::fs",
    "std::net",
    "std::io",
    "std::env",
    "std::process",
    "SystemTime",
    "Instant",
    "Utc::now",
    "Local::now",
    "tokio",
    "actix",
    "diesel",
    "tracing",
    "reqwest",
];

/// Which crate each floor may name is Cargo's to say (each manifest, and the list `.ci/run`
/// checks); what it may not touch of the standard library is not: this says it.
#[test]
fn the_engine_and_the_domain_are_pure() {
    let root = root();
    let mut wrong = Vec::new();
    let mut files = Vec::new();
    rust_files(&root.join("src/engine"), &mut files);
    let engine_files = files.len();
    rust_files(&root.join("src/domain"), &mut files);
    assert!(
        engine_files > 10 && files.len() > engine_files + 3,
        "{files:?}"
    );
    for file in files {
        let code = code_only(&fs::read_to_string(&file).expect("a readable source file"));
        for word in IMPURE {
            // The engine's named values as diesel text columns: compiled only with the engine
            // crate's optional `diesel` feature (which the store turns on), no I/O in it.
            if *word == "diesel" && file.ends_with("src/engine/stored.rs") {
                continue;
            }
            if code.contains(word) {
                wrong.push(format!("{} uses {word}", rel(&root, &file)));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The floors of the root package (docs/ARCHITECTURE.md), bottom up: the composition root,
/// then the command line. The floors that are crates point down by their manifests: Cargo
/// refuses a name a crate does not depend on, so only these two are checked here.
const FLOORS: &[&str] = &["src/app.rs", "src/cli/"];

#[test]
fn dependencies_point_down_only() {
    let floor = |file: &str| FLOORS.iter().position(|f| file.starts_with(f));
    let graph = rust_graph(&root());
    let mut up = Vec::new();
    for (file, targets) in &graph {
        let Some(here) = floor(file) else { continue };
        for (target, names) in targets {
            if floor(target).is_some_and(|there| there > here) {
                up.push(format!(
                    "{file} takes {names:?} from {target}, a floor above"
                ));
            }
        }
    }
    let seen = graph.keys().filter(|f| floor(f).is_some()).count();
    assert!(seen >= 4, "only {seen} files with imports on the floors");
    assert!(up.is_empty(), "{}", up.join("\n"));
}

#[test]
fn no_import_circle_among_web_modules() {
    let graph = js_graph(&root());
    assert!(graph["web/js/main.js"].contains_key("web/js/router.js"));
    let found = circles(&graph);
    assert!(
        found.is_empty(),
        "import circles in web/js:\n{}",
        describe(&graph, &found)
    );
}

#[test]
fn the_check_finds_a_circle_it_is_shown() {
    let mut graph = Graph::new();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
        graph
            .entry(from.into())
            .or_default()
            .entry(to.into())
            .or_default()
            .insert("x".into());
    }
    assert_eq!(circles(&graph), vec![vec!["a", "b", "c"]]);
    let mut found = Vec::new();
    expand("", "crate::{a::{b,c as e},d}", &mut found);
    assert_eq!(found, ["crate::a::b", "crate::a::c", "crate::d"]);
    let code = code_only("use super::x; // crate::y\nlet s = \"crate::z\"; self::w::v();");
    let children = BTreeSet::new();
    assert_eq!(inline_paths(&code, &children), ["super::x", "self::w::v"]);
}

/// The return type written after each `Fn(…)`, `FnMut(…)` or `FnOnce(…)` in `code` (empty
/// for none), up to the first `+`, `,`, `;`, `{` or `=` at its own depth.
fn closure_returns(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(at) = code[from..].find("Fn") {
        let start = from + at;
        from = start + 2;
        let rest = &code[from..];
        let rest = rest
            .strip_prefix("Mut")
            .or_else(|| rest.strip_prefix("Once"))
            .unwrap_or(rest);
        let Some(args) = rest.strip_prefix('(') else {
            continue;
        };
        if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
            continue;
        }
        let mut depth = 1;
        let mut end = 0;
        for (i, c) in args.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = i + 1;
                break;
            }
        }
        let after = args[end..].trim_start();
        let Some(ret) = after.strip_prefix("->") else {
            found.push(String::new());
            continue;
        };
        let mut depth = 0;
        let mut out = String::new();
        for c in ret.chars() {
            match c {
                '<' | '(' => depth += 1,
                '>' | ')' if depth > 0 => depth -= 1,
                '+' | ',' | ';' | '{' | '=' | '>' | ')' if depth == 0 => break,
                _ => {}
            }
            out.push(c);
        }
        found.push(out.trim().to_string());
    }
    found
}

/// Use cases hand back typed results (docs/ARCHITECTURE.md): nothing in `play` takes a
/// closure that turns its result into text (a renderer of the caller's), so no answer is
/// rendered below HTTP and parsed again above it.
#[test]
fn use_cases_take_no_renderer() {
    assert_eq!(
        closure_returns("type R = Arc<dyn Fn(&Turn) -> Result<String, Error> + Send>;"),
        ["Result<String, Error>"],
        "the check sees a renderer"
    );
    assert_eq!(closure_returns("Box<dyn FnOnce() + Send>"), [""]);
    let root = root();
    let mut files = Vec::new();
    rust_files(&root.join("src/play"), &mut files);
    let mut wrong = Vec::new();
    for file in &files {
        let code = code_only(&fs::read_to_string(file).expect("a readable source file"));
        for ret in closure_returns(&code) {
            if ret.contains("String") || ret.contains("str") || ret.contains("Value") {
                wrong.push(format!("{}: a closure returning {ret}", rel(&root, file)));
            }
        }
    }
    assert!(files.len() > 15, "{} files", files.len());
    assert!(wrong.is_empty(), "renderers in play: {wrong:#?}");
}

/// How often `code` compares a `code` field with `==` or `!=`, on either side.
fn code_comparisons(code: &str) -> usize {
    let tokens: Vec<&str> = code.split_whitespace().collect();
    let is_code = |t: &str| t.ends_with(".code") || t.ends_with(".code)");
    tokens
        .windows(3)
        .filter(|w| (w[1] == "==" || w[1] == "!=") && (is_code(w[0]) || is_code(w[2])))
        .count()
}

/// A refusal is told apart by its type (`play::Error`'s areas), never by its `code` string:
/// the code is the API's word for integrators, free to be read but not to steer the service.
#[test]
fn no_refusal_is_matched_by_its_code_string() {
    assert_eq!(
        code_comparisons("Err(refused) if refused.code == \"replayed_request\" => None,"),
        1,
        "the check sees a comparison"
    );
    assert_eq!(code_comparisons("if \"x\" != e.code {"), 1);
    assert_eq!(code_comparisons("let code = e.code;"), 0);
    let root = root();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let wrong: Vec<String> = files
        .iter()
        .filter(|file| {
            let code = code_only(&fs::read_to_string(file).expect("a readable source file"));
            code_comparisons(&code) > 0
        })
        .map(|file| rel(&root, file))
        .collect();
    assert!(
        wrong.is_empty(),
        "refusals matched by code string in: {wrong:?}"
    );
}

/// One helper runs blocking work (`play::off_the_workers`; HTTP's `blocking` calls it): no
/// second runtime's (`web::block`), and `spawn_blocking` only there and in password hashing,
/// which takes a bounded turn first.
#[test]
fn blocking_work_has_one_helper() {
    let root = root();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut spawns = Vec::new();
    for file in &files {
        let code = code_only(&fs::read_to_string(file).expect("a readable source file"));
        assert!(
            !code.contains("web::block("),
            "{}: web::block, a second helper",
            rel(&root, file)
        );
        if code.contains("spawn_blocking(") {
            spawns.push(rel(&root, file));
        }
    }
    spawns.sort();
    assert_eq!(spawns, ["src/auth/mod.rs", "src/play/mod.rs"]);
}
