#!/usr/bin/env bash
# Load benchmark: starts the release server on SQLite, then on Postgres, and runs the load
# generator (benches/load.rs) against each: many concurrent players, each playing its own game,
# first alone, then while HINTERS more clients flood the hint endpoint (moves/s and p99 with
# and without the flood, and how many hints got 200 or 503 from the bounded search pool).
# Settings: PLAYERS (32), SECONDS (15), SUITS (2), BACKENDS ("sqlite postgres"),
# PG_URL (postgres://postgres@127.0.0.1:5432), SQLITE_SYNCHRONOUS (FULL), HINTERS (16; 0 skips
# the flood), HINT_LEVEL (normal), SEARCH_POOL (the server's default: one per CPU).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${PORT:-18181}
BACKENDS=${BACKENDS:-"sqlite postgres"}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
WORK=$(mktemp -d)
SERVER=""
HINTERS=${HINTERS:-16}
BIN="${CARGO_TARGET_DIR:-target}/release/spider"
trap '[ -n "$SERVER" ] && kill $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT

cargo build --release --quiet
cargo bench --bench load --no-run --quiet

run_against() {
  local name=$1 url=$2
  DAILY_SECRET=load-test-daily-secret-load-test-daily-0123 DATABASE_URL="$url" BIND="127.0.0.1:$PORT" RATE_LIMIT_PER_SECOND=0 WINNABLE_POOL=0 LOG_LEVEL=warn \
    DB_POOL_SIZE=${DB_POOL_SIZE:-16} JWT_SECRET=load-test-secret-load-test-secret-0123 \
    "$BIN" serve >"$WORK/server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 1 50); do
    curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break
    sleep 0.2
  done
  echo "== $name: moves alone"
  BASE_URL="http://127.0.0.1:$PORT" HINTERS=0 cargo bench --bench load --quiet 2>&1 | grep -v '^refused' | tail -n 3
  if [ "$HINTERS" -gt 0 ]; then
    echo "== $name: moves while $HINTERS clients flood the hint endpoint"
    BASE_URL="http://127.0.0.1:$PORT" HINTERS=$HINTERS cargo bench --bench load --quiet 2>&1 | grep -v '^refused\|^hint answered' | tail -n 3
  fi
  kill $SERVER; wait $SERVER 2>/dev/null || true
  # A refused hint is logged like any 5xx: count those apart from real errors.
  echo "server log: $(grep -c search_busy "$WORK/server.log" || true) search_busy refusals, $(grep ERROR "$WORK/server.log" | grep -vc search_busy || true) other errors"
}

for backend in $BACKENDS; do
  case $backend in
    sqlite) run_against "SQLite (synchronous=${SQLITE_SYNCHRONOUS:-FULL})" "sqlite://$WORK/load.db" ;;
    postgres)
      psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS spider_load" >/dev/null
      psql "$PG_URL/postgres" -qc "CREATE DATABASE spider_load" >/dev/null
      run_against "Postgres" "$PG_URL/spider_load" ;;
  esac
done
