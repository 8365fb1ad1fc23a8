//! What the container relies on: the Dockerfile copies every path the build reads (and nothing
//! it does not), builds with the Rust version Cargo.toml names, checks health with
//! `spider healthcheck` (no HTTP client in the image), and the server's logs carry no colour
//! codes when standard error is not a terminal, or are JSON lines with `LOG_FORMAT=json`.
//! Runs the `spider` binary itself, as the image does.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test or a bench fails loudly on what it did not expect"
)]

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Component, Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: impl AsRef<Path>) -> String {
    let path = root().join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The sources of the build stage's `COPY` instructions (not `--from` another stage).
fn copied() -> BTreeSet<String> {
    let dockerfile = read("Dockerfile");
    let mut stage = 0;
    let mut out = BTreeSet::new();
    for line in dockerfile.lines().map(str::trim) {
        if line.starts_with("FROM ") {
            stage += 1;
        }
        let Some(args) = line.strip_prefix("COPY ") else {
            continue;
        };
        if stage != 1 || args.contains("--from") {
            continue;
        }
        let words: Vec<&str> = args.split_whitespace().collect();
        for source in &words[..words.len() - 1] {
            out.insert(source.trim_end_matches('/').to_string());
        }
    }
    out
}

/// The top-level path `relative` (from `dir`, inside the repository) lies under.
fn top_level(dir: &Path, relative: &str) -> String {
    let mut parts: Vec<String> = dir
        .strip_prefix(root())
        .unwrap_or(dir)
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    for component in Path::new(relative).components() {
        match component {
            Component::ParentDir => {
                parts.pop();
            }
            Component::Normal(part) => parts.push(part.to_string_lossy().into_owned()),
            _ => {}
        }
    }
    parts.first().cloned().unwrap_or_default()
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level paths a release build of the binary reads: the manifest, the lock file,
/// cargo's configuration, the build script, `src/`, the workspace members' manifests (copied
/// on their own for the dependency layer), the benches the manifest names, and every
/// path the non-test code includes (`include_str!`, `include_bytes!`, from the file's
/// folder) or embeds (`embed_migrations!`, from the root of the file's crate).
fn read_by_the_build() -> BTreeSet<String> {
    let mut read: BTreeSet<String> = ["Cargo.toml", "Cargo.lock", "src"]
        .into_iter()
        .map(String::from)
        .collect();
    for optional in ["build.rs", ".cargo"] {
        if root().join(optional).exists() {
            read.insert(optional.to_string());
        }
    }
    let manifest = read_manifest();
    if manifest.contains("[[bench]]") {
        read.insert("benches".to_string());
    }
    // The workspace's members' manifests, which the dependency layer needs before `src/`.
    let members = manifest
        .lines()
        .find_map(|l| l.strip_prefix("members = ["))
        .unwrap_or("");
    for member in members
        .split(['"', ',', ']', ' '])
        .filter(|m| !m.is_empty())
    {
        read.insert(format!("{member}/Cargo.toml"));
        if root().join(member).join("build.rs").exists() {
            read.insert(format!("{member}/build.rs"));
        }
    }
    let mut files = Vec::new();
    sources(&root().join("src"), &mut files);
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file");
        // Unit tests are not in the release build.
        let code = text.split("#[cfg(test)]\nmod ").next().unwrap_or("");
        for (macro_name, from_root) in [
            ("include_str!(\"", false),
            ("include_bytes!(\"", false),
            ("embed_migrations!(\"", true),
        ] {
            for piece in code.split(macro_name).skip(1) {
                let Some(path) = piece.split('"').next() else {
                    continue;
                };
                let folder = file.parent().expect("a folder").to_path_buf();
                let dir = if from_root {
                    // From the root of the file's crate: the nearest folder with a manifest.
                    folder
                        .ancestors()
                        .find(|d| d.join("Cargo.toml").exists())
                        .unwrap_or(&folder)
                        .to_path_buf()
                } else {
                    folder
                };
                read.insert(top_level(&dir, path));
            }
        }
    }
    read
}

fn read_manifest() -> String {
    read("Cargo.toml")
}

#[test]
fn the_image_build_copies_every_path_the_build_reads_and_no_other() {
    let copied = copied();
    let read = read_by_the_build();
    let missing: Vec<&String> = read.difference(&copied).collect();
    assert!(
        missing.is_empty(),
        "the Dockerfile's build stage does not copy {missing:?}, which the build reads"
    );
    let needless: Vec<&String> = copied.difference(&read).collect();
    assert!(
        needless.is_empty(),
        "the Dockerfile copies {needless:?}, which the build does not read (a needless rebuild)"
    );
}

#[test]
fn the_image_builds_with_the_rust_version_the_manifest_names() {
    let manifest = read_manifest();
    let wanted = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = \""))
        .and_then(|v| v.strip_suffix('"'))
        .expect("Cargo.toml names a rust-version");
    let dockerfile = read("Dockerfile");
    let pinned = dockerfile
        .lines()
        .find_map(|l| l.strip_prefix("ARG RUST_VERSION="))
        .expect("the Dockerfile pins RUST_VERSION");
    assert!(
        pinned == wanted || pinned.starts_with(&format!("{wanted}.")),
        "Dockerfile RUST_VERSION {pinned}, Cargo.toml rust-version {wanted}"
    );
    assert!(
        dockerfile.contains("FROM rust:${RUST_VERSION}-"),
        "the build stage uses the pinned version"
    );
    assert!(
        !dockerfile.contains("curl"),
        "the image checks health with `spider healthcheck`, not curl"
    );
}

/// A `spider serve` on a fresh SQLite file and a free loopback port, its standard error piped.
struct Server {
    child: Child,
    bind: String,
    _dir: tempfile::TempDir,
}

impl Server {
    fn start(log_format: &str) -> Server {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let bind = format!("127.0.0.1:{port}");
        let child = Command::new(env!("CARGO_BIN_EXE_spider"))
            .arg("serve")
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", dir.path().join("spider.db").display()),
            )
            .env("BIND", &bind)
            .env("LOG_FORMAT", log_format)
            .env("LOG_LEVEL", "info")
            .env("WINNABLE_PREFILL", "none")
            .env("CPU_LINES", "false")
            .env("WORKERS", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spider serve starts");
        Server {
            child,
            bind,
            _dir: dir,
        }
    }

    fn healthcheck(&self) -> bool {
        Command::new(env!("CARGO_BIN_EXE_spider"))
            .arg("healthcheck")
            .env("BIND", &self.bind)
            .stderr(Stdio::null())
            .status()
            .expect("spider healthcheck runs")
            .success()
    }

    fn wait_healthy(&self) {
        let until = Instant::now() + Duration::from_secs(60);
        while !self.healthcheck() {
            assert!(Instant::now() < until, "the server never became ready");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Stops the server and returns the first lines it logged.
    fn stop(mut self) -> Vec<String> {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let stderr = self.child.stderr.take().expect("piped");
        BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
            .take(20)
            .collect()
    }
}

#[test]
fn healthcheck_says_whether_the_server_is_ready_and_text_logs_have_no_colour_codes() {
    let server = Server::start("text");
    server.wait_healthy();
    let bind = server.bind.clone();
    let logged = server.stop();
    assert!(!logged.is_empty(), "the server logged its start");
    for line in &logged {
        assert!(
            !line.contains('\u{1b}'),
            "a colour code in a piped log: {line:?}"
        );
    }
    let refused = Command::new(env!("CARGO_BIN_EXE_spider"))
        .arg("healthcheck")
        .env("BIND", &bind)
        .output()
        .expect("spider healthcheck runs");
    assert_eq!(refused.status.code(), Some(1), "nothing listens any more");
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("unhealthy"),
        "it says why"
    );
}

#[test]
fn log_format_json_writes_one_json_object_a_line() {
    let server = Server::start("json");
    server.wait_healthy();
    let logged = server.stop();
    assert!(!logged.is_empty(), "the server logged its start");
    for line in &logged {
        let value: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
        assert!(
            value["level"].is_string() && value["fields"].is_object(),
            "{line}"
        );
    }
}
