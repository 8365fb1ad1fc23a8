#!/usr/bin/env bash
# Issue 50: build the service's image with the Dockerfile as committed, as an operator would,
# on a machine that reaches no registry of images (only Debian's packages and crates.io), and
# run the README's commands against it. Not in CI: a cold build takes about 20 minutes here.
#
#   bash bench/image.sh            (as root; WORK=/var/tmp/spider-image by default;
#                                   COMPOSE=1 also runs compose.yaml with podman-compose)
#
# It makes the two base images locally, under the names the Dockerfile pins:
#   debian:bookworm-slim      debootstrap --variant=minbase bookworm, imported
#   rust:RUST-bookworm        that rootfs with gcc and libc6-dev, and this machine's Rust
#                             toolchain (it must be RUST, the Dockerfile's RUST_VERSION) laid out
#                             as the official image has it: /usr/local/rustup, /usr/local/cargo
# then reports (REUSE=1: the image already built is checked, not built again): the cold build's time (no cached layer), the time to rebuild after a one-line
# change under src/, the image's and the binary's size; and checks, with the README's
# commands, that the container answers its health check, that a session made before the
# container is re-created is still good after (the secrets and the database persist), that
# its log has no colour codes, and how long it takes to stop.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
WORK=${WORK:-/var/tmp/spider-image}
PORT=${PORT:-18080}
RUST_VERSION=$(sed -n 's/^ARG RUST_VERSION=//p' Dockerfile)
RUST_IMAGE="rust:$RUST_VERSION-bookworm"
mkdir -p "$WORK"

missing=""
for tool in podman:podman buildah:buildah runc:runc debootstrap:debootstrap; do
  command -v "${tool%%:*}" >/dev/null || missing="$missing ${tool##*:}"
done
if [ -n "$missing" ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing uidmap fuse-overlayfs
fi

# Podman in this sandbox: a file-descriptor limit it may set, and runc (crun is not there).
export CONTAINERS_CONF="$WORK/containers.conf"
cat >"$CONTAINERS_CONF" <<'EOF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]

[engine]
runtime = "runc"
EOF
build() { podman build --network host --format docker --pull=never "$@"; }

if ! podman image exists debian:bookworm-slim; then
  echo "making debian:bookworm-slim (debootstrap)"
  rm -rf "$WORK/rootfs"
  debootstrap --variant=minbase bookworm "$WORK/rootfs" http://deb.debian.org/debian >/dev/null
  tar -C "$WORK/rootfs" -c . | podman import - debian:bookworm-slim >/dev/null
fi

if ! podman image exists "$RUST_IMAGE"; then
  have=$(rustc --version | awk '{print $2}')
  if [ "$have" != "$RUST_VERSION" ]; then
    echo "this machine's Rust is $have; the Dockerfile pins $RUST_VERSION" >&2
    exit 1
  fi
  echo "making $RUST_IMAGE (this machine's toolchain)"
  sysroot=$(rustc --print sysroot)
  context="$WORK/rust-context"
  name="$RUST_VERSION-x86_64-unknown-linux-gnu"
  rm -rf "$context"
  mkdir -p "$context/rustup/toolchains/$name" "$context/cargo/bin"
  # The compiler and its libraries; not its documentation (share/).
  cp -a "$sysroot/bin" "$sysroot/lib" "$context/rustup/toolchains/$name/"
  [ -d "$sysroot/libexec" ] && cp -a "$sysroot/libexec" "$context/rustup/toolchains/$name/"
  printf 'version = "12"\ndefault_toolchain = "%s"\nprofile = "minimal"\nauto_self_update = "disable"\n' \
    "$name" >"$context/rustup/settings.toml"
  for proxy in rustup cargo rustc rustdoc cargo-clippy clippy-driver rustfmt cargo-fmt; do
    cp "$(command -v rustup)" "$context/cargo/bin/$proxy"
  done
  # This machine's own certificate authorities (a sandbox's egress proxy signs crates.io's
  # certificate with one): cargo in the build stage reaches the registry through it.
  mkdir -p "$context/ca"
  cp /usr/local/share/ca-certificates/*.crt "$context/ca/" 2>/dev/null || true
  cat >"$context/Containerfile" <<'EOF'
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev make ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY ca/ /usr/local/share/ca-certificates/
RUN update-ca-certificates
COPY rustup /usr/local/rustup
COPY cargo /usr/local/cargo
ENV RUSTUP_HOME=/usr/local/rustup CARGO_HOME=/usr/local/cargo \
    PATH=/usr/local/cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
EOF
  build -t "$RUST_IMAGE" "$context" >/dev/null
fi

# The committed tree (what a clone holds), built twice: cold, then after a one-line change.
SRC="$WORK/src"
rm -rf "$SRC"
mkdir -p "$SRC"
git -C "$REPO" ls-files -z | (cd "$REPO" && xargs -0 cp --parents -t "$SRC")
seconds() { local t0=$SECONDS; "$@" >"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; exit 1; }; echo $((SECONDS - t0)); }
if [ -z "${REUSE:-}" ] || ! podman image exists spider; then
  cold=$(seconds build --no-cache -t spider "$SRC")
  echo "// a one-line change" >>"$SRC/src/main.rs"
  warm=$(seconds build -t spider "$SRC")
  echo "cold build ${cold} s; after a one-line change in src/ ${warm} s"
fi
image_mb=$(podman image inspect spider --format '{{.Size}}' | awk '{printf "%.0f", $1 / 1e6}')
binary_mb=$(podman run --rm --entrypoint /bin/sh spider -c 'stat -c %s /usr/local/bin/spider' |
  awk '{printf "%.1f", $1 / 1e6}')
echo "image ${image_mb} MB; binary ${binary_mb} MB"
podman inspect spider --format '{{json .HealthCheck}}' | grep -q healthcheck ||
  { echo "the image lost its HEALTHCHECK" >&2; exit 1; }

# The README's commands: secrets made once into spider.env, the container run with them.
RUN="$WORK/run"
rm -rf "$RUN"
mkdir -p "$RUN"
cd "$RUN"
umask 077; P=$(openssl rand -hex 24); printf 'JWT_SECRET=%s\nDAILY_SECRET=%s\nPOSTGRES_PASSWORD=%s\nPGPASSWORD=%s\n' \
  "$(openssl rand -hex 32)" "$(openssl rand -hex 32)" "$P" "$P" > spider.env
umask 022
podman rm -f spider-check >/dev/null 2>&1 || true
podman volume rm -f spider-check-data >/dev/null 2>&1 || true
start() {
  podman run -d --name spider-check -p "$PORT:8080" -v spider-check-data:/data \
    --env-file spider.env --stop-timeout 15 spider >/dev/null
  for _ in $(seq 1 100); do
    podman healthcheck run spider-check >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  podman logs spider-check | tail -20
  echo "the container never became healthy" >&2
  exit 1
}
start
user="image-check-$RANDOM"
token=$(curl -fsS -X POST "http://127.0.0.1:$PORT/v1/auth/register" -H 'Content-Type: application/json' \
  -d "{\"username\":\"$user\",\"password\":\"correct horse battery\"}" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
t0=$(date +%s.%N)
podman stop spider-check >/dev/null
stop_s=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$t0" "$(date +%s.%N)")
if podman logs spider-check 2>&1 | grep -q $'\e\['; then
  echo "the container's log holds colour codes" >&2
  exit 1
fi
podman rm spider-check >/dev/null
start
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/v1/users/me/games" -H "Authorization: Bearer $token")
podman rm -f spider-check >/dev/null
podman volume rm -f spider-check-data >/dev/null
[ "$status" = 200 ] || { echo "after re-creating the container the session answered $status" >&2; exit 1; }
echo "healthy; a session made before re-creating the container: $status after; log without colour codes; stopped in ${stop_s} s"

# The compose file (README: `docker compose up -d`), with podman-compose from PyPI, when
# COMPOSE=1. No registry of images is reachable, so `postgres:15` is made locally too: Debian's
# postgresql-15 with a small entrypoint that does what the official image's does with
# POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB on an empty data folder.
if [ -n "${COMPOSE:-}" ]; then
  command -v podman-compose >/dev/null || python3 -m pip install -q podman-compose
  if ! podman image exists postgres:15; then
    context="$WORK/postgres-context"
    rm -rf "$context"
    mkdir -p "$context"
    cat >"$context/entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
export PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
case "$1" in pg_isready) exec "$@" ;; esac
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  echo "$POSTGRES_PASSWORD" >/tmp/pw
  initdb -U "$POSTGRES_USER" --pwfile=/tmp/pw --auth=scram-sha-256 -D "$PGDATA" >/dev/null
  rm /tmp/pw
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  echo "host all all 0.0.0.0/0 scram-sha-256" >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  PGPASSWORD="$POSTGRES_PASSWORD" createdb -U "$POSTGRES_USER" -h /var/run/postgresql "$POSTGRES_DB"
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec postgres -D "$PGDATA"
EOF
    cat >"$context/Containerfile" <<'EOF'
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/* && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
    && chown -R postgres /var/lib/postgresql /var/run/postgresql
COPY entrypoint.sh /usr/local/bin/entrypoint.sh
RUN chmod 755 /usr/local/bin/entrypoint.sh
USER postgres
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
ENTRYPOINT ["/usr/local/bin/entrypoint.sh"]
EOF
    build -t postgres:15 "$context" >/dev/null
  fi
  cd "$RUN"
  sed "s/\"8080:8080\"/\"$PORT:8080\"/" "$REPO/compose.yaml" >compose.yaml
  compose() { podman-compose -p spider-check "$@" >>"$WORK/compose.log" 2>&1; }
  compose down -v || true
  compose up -d
  ready() {
    for _ in $(seq 1 150); do
      curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null && return 0
      sleep 0.2
    done
    podman logs spider-check_spider_1 2>&1 | tail -20
    echo "the compose service never became ready" >&2
    exit 1
  }
  ready
  backend=$(podman logs spider-check_spider_1 2>&1 | grep -o 'backend=[A-Za-z]*' | head -1)
  user="compose-check-$RANDOM"
  token=$(curl -fsS -X POST "http://127.0.0.1:$PORT/v1/auth/register" -H 'Content-Type: application/json' \
    -d "{\"username\":\"$user\",\"password\":\"correct horse battery\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
  compose down
  compose up -d
  ready
  status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/v1/users/me/games" -H "Authorization: Bearer $token")
  compose down -v
  [ "$status" = 200 ] || { echo "after compose down and up the session answered $status" >&2; exit 1; }
  echo "compose: ready on Postgres ($backend); a session made before down/up: $status after"
fi
