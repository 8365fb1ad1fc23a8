#!/usr/bin/env bash
# Arenas benchmark (issue 65's goals): per backend (SQLite, then Postgres), one release instance
# and the generator (benches/arenas.rs). First run: PLAYERS (1000) guests join one 1-suit arena;
# WORKERS (40) of them at a time play deals through the API (the winning line, or one deal in
# four resigned halfway), an action every GAP_MS (50) each, for SECONDS (60), while OBSERVERS
# (100) follow the standings stream and READERS (4) read random pages of the standings. Prints
# how long a finished deal takes to show in its player's stream (goal p99 <= 1 s) and the
# standings page's p99 (goal <= 10 ms) beside /healthz read by the same clients. Second run:
# the same play for KILL_RUN (30) seconds, the instance killed (SIGKILL) halfway and started
# again on the same database; then the audit: every acknowledged finish scored, nothing scored
# twice, every standing the scoring of its deals (lost 0, doubled 0).
# Settings: PLAYERS, WORKERS, GAP_MS, SECONDS, OBSERVERS, READERS, KILL_RUN, BACKENDS
# ("sqlite postgres"), PG_URL (postgres://postgres@127.0.0.1:5432).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=$SECONDS
[ "$DURATION" -gt 0 ] || DURATION=60
unset SECONDS
export SECONDS=$DURATION

PORT=${PORT:-18391}
BACKENDS=${BACKENDS:-"sqlite postgres"}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
KILL_RUN=${KILL_RUN:-30}
BIN=${BIN:-"${CARGO_TARGET_DIR:-target}/release/spider"}
WORK=$(mktemp -d)
SERVER=""
trap '[ -n "$SERVER" ] && kill $SERVER 2>/dev/null; rm -rf "$WORK"' EXIT
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

cargo build --release --quiet
GENERATOR=$(cargo bench --bench arenas --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "arenas" and m.get("executable"):
        print(m["executable"])')

start_server() {
  DATABASE_URL="$DB" BIND="127.0.0.1:$PORT" RATE_LIMIT_PER_SECOND=0 GUESTS_PER_MINUTE=0 REGISTRATIONS_PER_HOUR=0 \
    ARENAS_PER_ADDRESS_PER_HOUR=0 STREAMS_PER_ADDRESS=0 STREAMS_PER_USER=8 \
    WINNABLE_POOL=0 PUZZLE_POOL=0 LOG_LEVEL=warn \
    JWT_SECRET=arenas-secret-arenas-secret-0123456789 \
    DAILY_SECRET=arenas-daily-secret-arenas-daily-0123 \
    "$BIN" serve >>"$WORK/server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "the server did not start:"; tail -20 "$WORK/server.log"; exit 1
}

for BACKEND in $BACKENDS; do
  for RUN in measure kill; do
    if [ "$BACKEND" = postgres ]; then
      NAME="spider_arenas_$RUN"
      psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS $NAME" -c "CREATE DATABASE $NAME" >/dev/null
      DB="$PG_URL/$NAME"
    else
      DB="sqlite://$WORK/arenas-$RUN.db"
    fi
    : >"$WORK/acks"
    start_server
    echo "== $BACKEND, $RUN"
    export BASE_URL="http://127.0.0.1:$PORT" DATABASE_URL="$DB" STATE="$WORK/state" ACKS="$WORK/acks"
    MODE=setup "$GENERATOR"
    if [ "$RUN" = measure ]; then
      MODE=load "$GENERATOR"
    else
      MODE=load SECONDS=$KILL_RUN OBSERVERS=0 READERS=0 "$GENERATOR" &
      LOAD=$!
      sleep $(( KILL_RUN / 2 ))
      kill -9 "$SERVER"
      wait "$SERVER" 2>/dev/null || true
      echo "killed the instance at $(( KILL_RUN / 2 )) s ($(wc -l <"$WORK/acks") finishes acknowledged by then); starting it again"
      start_server
      wait "$LOAD"
      MODE=audit "$GENERATOR"
    fi
    kill "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
    SERVER=""
  done
done
echo "server log: $(grep -cE 'ERROR|WARN' "$WORK/server.log" || true) warnings and errors"
grep -E 'ERROR|WARN' "$WORK/server.log" | head -5 || true
