#!/usr/bin/env bash
# Load benchmark: per backend (SQLite, then Postgres), runs the load generator
# (benches/load.rs) first against the ceiling (benches/ceiling.rs: bare actix + diesel, one
# insert per request), then against the release server on a fresh database: many concurrent
# players, each playing its own game, alone and then while HINTERS more clients flood the hint
# endpoint. Prints the server's moves/s and p99 as ratios to the ceiling's from the same run
# (targets: >= 0.6 of the ceiling's moves/s on SQLite, >= 0.7 on Postgres, p99 <= 1.5x), and
# how many hints got 200 or 503 from the bounded search pool.
# Settings: PLAYERS (32), SECONDS (15), SUITS (2), BACKENDS ("sqlite postgres"),
# PG_URL (postgres://postgres@127.0.0.1:5432; may name several hosts), PG_QUERY (appended to each
# Postgres URL, e.g. ?target_session_attrs=read-write for a formation), SQLITE_SYNCHRONOUS (FULL), HINTERS (16; 0 skips
# the flood), HINT_LEVEL (normal), SEARCH_POOL (the server's default: one per CPU), LOGINS (0;
# N > 0 adds a run of the players while N clients keep sending sign-ins with wrong passwords
# for random usernames, and prints the server's peak resident memory and how the sign-ins
# were answered), CHAT (1; 0 skips the chat run: the same chat commands through the plain
# commands endpoint and through the Discord endpoint, and their ratio).
set -euo pipefail
cd "$(dirname "$0")/.."
# SECONDS is also bash's own clock, which keeps counting from the value it was given: fix the
# run length once, as a plain variable the load generator inherits.
DURATION=$SECONDS
[ "$DURATION" -gt 0 ] || DURATION=15
unset SECONDS
export SECONDS=$DURATION

PORT=${PORT:-18181}
BACKENDS=${BACKENDS:-"sqlite postgres"}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
PG_QUERY=${PG_QUERY:-}
WORK=$(mktemp -d)
SERVER=""
HINTERS=${HINTERS:-16}
BIN=${BIN:-"${CARGO_TARGET_DIR:-target}/release/spider"}
trap '[ -n "$SERVER" ] && kill $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT

cargo build --release --quiet
cargo bench --bench load --no-run --quiet
CEILING=$(cargo bench --bench ceiling --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "ceiling" and m.get("executable"):
        print(m["executable"])')

wait_ready() {
  for _ in $(seq 1 50); do
    curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  return 1
}

# The load generator's summary line for the current server: "accepted actions/s=N p50=… p99=…ms …".
moves_line() {
  BASE_URL="http://127.0.0.1:$PORT" HINTERS=${1:-0} cargo bench --bench load --quiet 2>&1 | grep -v '^refused\|^hint answered' | tail -n 3
}

field() { # field NAME LINE: the number after NAME=
  sed -n "s|.*$1=\([0-9.]*\).*|\1|p" <<<"$2" | head -n 1
}

run_against() {
  local name=$1 url=$2 ceiling_url=$3
  echo "== $name: the ceiling (bare actix + diesel, one insert per request)"
  CEILING_BIND="127.0.0.1:$PORT" DATABASE_URL="$ceiling_url" DB_POOL_SIZE=${DB_POOL_SIZE:-16} "$CEILING" >"$WORK/ceiling.log" 2>&1 &
  SERVER=$!
  wait_ready || { echo "the ceiling server did not start:"; cat "$WORK/ceiling.log"; exit 1; }
  local ceiling
  ceiling=$(moves_line 0)
  echo "$ceiling"
  kill $SERVER; wait $SERVER 2>/dev/null || true
  # The Discord key is the load generator's test key (benches/load.rs, seed 7s).
  DISCORD_PUBLIC_KEY=ea4a6c63e29c520abef5507b132ec5f9954776aebebe7b92421eea691446d22c \
    CHAT_COMMANDS_PER_MINUTE=0 CHAT_WORKSPACE_COMMANDS_PER_MINUTE=0 \
  DAILY_SECRET=load-test-daily-secret-load-test-daily-0123 DATABASE_URL="$url" BIND="127.0.0.1:$PORT" RATE_LIMIT_PER_SECOND=0 GUESTS_PER_MINUTE=0 REGISTRATIONS_PER_HOUR=0 IMPORT_ACTIONS_PER_ADDRESS_PER_HOUR=0 WINNABLE_PER_ADDRESS_PER_HOUR=0 RACES_PER_ADDRESS_PER_HOUR=0 STREAMS_PER_ADDRESS=0 WINNABLE_POOL=0 LOG_LEVEL=warn \
    DB_POOL_SIZE=${DB_POOL_SIZE:-16} JWT_SECRET=load-test-secret-load-test-secret-0123 \
    "$BIN" serve >"$WORK/server.log" 2>&1 &
  SERVER=$!
  wait_ready || { echo "the server did not start:"; cat "$WORK/server.log"; exit 1; }
  echo "== $name: moves alone"
  local alone
  alone=$(moves_line 0)
  echo "$alone"
  python3 - "$(field 'actions/s' "$(grep accepted <<<"$alone" | tail -n 1)")" "$(field 'actions/s' "$(grep accepted <<<"$ceiling" | tail -n 1)")" \
    "$(field p99 "$(grep p99 <<<"$alone")")" "$(field p99 "$(grep p99 <<<"$ceiling")")" "$name" <<'PY'
import sys
rate, ceil_rate, p99, ceil_p99, name = sys.argv[1:]
try:
    print(f"ratio to the ceiling ({name}): moves/s {float(rate) / float(ceil_rate):.2f}, "
          f"p99 {float(p99) / float(ceil_p99):.2f}x  ({rate}/s vs {ceil_rate}/s; p99 {p99} ms vs {ceil_p99} ms)")
except (ValueError, ZeroDivisionError):
    print(f"ratio to the ceiling ({name}): not computable from {sys.argv[1:]}")
PY
  if [ "${CHAT:-1}" -gt 0 ]; then
    echo "== $name: chat commands (d, u, ...) through POST /v1/games/{id}/commands"
    local plain discord
    export VIA=commands
    plain=$(moves_line 0)
    echo "$plain"
    echo "== $name: the same commands through POST /v1/integrations/discord (signed, replay-checked)"
    export VIA=discord
    discord=$(moves_line 0)
    unset VIA
    echo "$discord"
    python3 - "$(field 'actions/s' "$(grep accepted <<<"$discord" | tail -n 1)")" "$(field 'actions/s' "$(grep accepted <<<"$plain" | tail -n 1)")" \
      "$(field p99 "$(grep p99 <<<"$discord")")" "$(field p99 "$(grep p99 <<<"$plain")")" "$name" <<'PY'
import sys
rate, plain_rate, p99, plain_p99, name = sys.argv[1:]
try:
    print(f"Discord to plain commands ({name}): round trips/s {float(rate) / float(plain_rate):.2f}, "
          f"p99 {float(p99) / float(plain_p99):.2f}x  ({rate}/s vs {plain_rate}/s; p99 {p99} ms vs {plain_p99} ms)")
except (ValueError, ZeroDivisionError):
    print(f"Discord to plain commands ({name}): not computable from {sys.argv[1:]}")
PY
  fi
  if [ "$HINTERS" -gt 0 ]; then
    echo "== $name: moves while $HINTERS clients flood the hint endpoint"
    BASE_URL="http://127.0.0.1:$PORT" HINTERS=$HINTERS cargo bench --bench load --quiet 2>&1 | grep -v '^refused\|^hint answered' | tail -n 3
  fi
  if [ "${LOGINS:-0}" -gt 0 ]; then
    echo "== $name: moves while ${LOGINS} clients send wrong-password sign-ins"
    local until=$(($(date +%s) + ${WARMUP:-3} + DURATION + 3))
    for i in $(seq 1 "$LOGINS"); do
      (while [ "$(date +%s)" -lt $until ]; do
        curl -s -o /dev/null -w '%{http_code}\n' -X POST "http://127.0.0.1:$PORT/v1/auth/login" \
          -H 'Content-Type: application/json' \
          -d "{\"username\": \"flood$i-$RANDOM\", \"password\": \"not the password at all\"}" || true
      done >>"$WORK/logins.$i") &
    done
    sleep 2
    BASE_URL="http://127.0.0.1:$PORT" HINTERS=0 cargo bench --bench load --quiet 2>&1 | grep -v '^refused\|^hint answered' | tail -n 3
    wait $(jobs -p | grep -v "^$SERVER\$") 2>/dev/null || true
    echo "sign-ins answered: $(cat "$WORK"/logins.* | sort | uniq -c | tr '\n' ' ')"
    echo "server peak resident memory: $(grep VmHWM /proc/$SERVER/status | awk '{printf "%.1f MiB", $2/1024}')"
    rm -f "$WORK"/logins.*
  fi
  kill $SERVER; wait $SERVER 2>/dev/null || true
  # A refused hint is logged like any 5xx: count those apart from real errors.
  echo "server log: $(grep -c search_busy "$WORK/server.log" || true) search_busy refusals, $(grep ERROR "$WORK/server.log" | grep -vc search_busy || true) other errors"
}

for backend in $BACKENDS; do
  case $backend in
    sqlite) run_against "SQLite (synchronous=${SQLITE_SYNCHRONOUS:-FULL})" "sqlite://$WORK/load.db" "sqlite://$WORK/ceiling.db" ;;
    postgres)
      psql "$PG_URL/postgres$PG_QUERY" -qc "DROP DATABASE IF EXISTS spider_load" >/dev/null
      psql "$PG_URL/postgres$PG_QUERY" -qc "CREATE DATABASE spider_load" >/dev/null
      psql "$PG_URL/postgres$PG_QUERY" -qc "DROP DATABASE IF EXISTS spider_ceiling" >/dev/null
      psql "$PG_URL/postgres$PG_QUERY" -qc "CREATE DATABASE spider_ceiling" >/dev/null
      run_against "Postgres" "$PG_URL/spider_load$PG_QUERY" "$PG_URL/spider_ceiling$PG_QUERY" ;;
  esac
done
