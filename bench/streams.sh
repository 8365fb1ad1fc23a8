#!/usr/bin/env bash
# Live streams benchmark: one release instance (SQLite by default; BACKEND=postgres for
# Postgres), and the generator (benches/streams.rs) opens STREAMS Server-Sent Event streams,
# game and race streams mixed, from STREAMS/PER_USER guest accounts. Prints the server's memory per
# open stream, its CPU while the streams idle, and how fast an action reaches every watcher of
# its game (p50/p99 from sending) while they are all open.
# Settings: STREAMS (10000), RACE_SHARE (20), ROOM_STREAMS (20), ACTORS (100), GAP_MS (200),
# SECONDS (15), IDLE (10), PER_USER (streams per account: 8; 1 gives every stream its own player),
# BACKEND (sqlite | postgres), PG_URL (postgres://postgres@127.0.0.1:5432).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=$SECONDS
[ "$DURATION" -gt 0 ] || DURATION=15
unset SECONDS
export SECONDS=$DURATION

PORT=${PORT:-18291}
BACKEND=${BACKEND:-sqlite}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
BIN=${BIN:-"${CARGO_TARGET_DIR:-target}/release/spider"}
WORK=$(mktemp -d)
SERVER=""
trap '[ -n "$SERVER" ] && kill $SERVER 2>/dev/null; rm -rf "$WORK"' EXIT

# Each stream is a socket on both sides.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
[ "$(ulimit -n)" -ge $(( ${STREAMS:-10000} + 500 )) ] || { echo "ulimit -n is $(ulimit -n): too few for ${STREAMS:-10000} streams"; exit 1; }

cargo build --release --quiet
GENERATOR=$(cargo bench --bench streams --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "streams" and m.get("executable"):
        print(m["executable"])')

if [ "$BACKEND" = postgres ]; then
  psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS spider_streams" >/dev/null
  psql "$PG_URL/postgres" -qc "CREATE DATABASE spider_streams" >/dev/null
  DB="$PG_URL/spider_streams"
else
  DB="sqlite://$WORK/streams.db"
fi

DATABASE_URL="$DB" BIND="127.0.0.1:$PORT" RATE_LIMIT_PER_SECOND=0 GUESTS_PER_MINUTE=0 REGISTRATIONS_PER_HOUR=0 IMPORT_ACTIONS_PER_ADDRESS_PER_HOUR=0 WINNABLE_PER_ADDRESS_PER_HOUR=0 RACES_PER_ADDRESS_PER_HOUR=0 STREAMS_PER_ADDRESS=0 \
  WINNABLE_POOL=20 WINNABLE_PREFILL=1 LOG_LEVEL=warn \
  JWT_SECRET=streams-secret-streams-secret-0123456 \
  DAILY_SECRET=streams-daily-secret-streams-daily-0123 \
  "$BIN" serve >"$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 50); do
  curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null || { echo "the server did not start:"; cat "$WORK/server.log"; exit 1; }

echo "== $BACKEND, server pid $SERVER"
BASE_URL="http://127.0.0.1:$PORT" SERVER_PID=$SERVER "$GENERATOR" | tee "$WORK/out" | grep -v '^rss_at_end_kib'
# The generator has exited: its sockets are closed, and each stream ends at its next write (a
# keep-alive, within 5 s). What the server gives back is what the streams held.
sleep 20
read -r _ AT_END _ STREAMS_OPENED < <(grep '^rss_at_end_kib' "$WORK/out")
NOW=$(awk '/^VmRSS:/ {print $2}' "/proc/$SERVER/status")
python3 -c "import sys; e, n, s = map(int, sys.argv[1:4]); print(f'closed: {e/1024:.1f} MiB with every stream open at the end, {n/1024:.1f} MiB 20 s after they all closed: {(e-n)/s:.1f} KiB given back per stream; {sys.argv[4]} files still open, {sys.argv[5]} threads')" \
  "$AT_END" "$NOW" "$STREAMS_OPENED" "$(ls "/proc/$SERVER/fd" | wc -l)" "$(awk '/^Threads:/ {print $2}' "/proc/$SERVER/status")"
# A round asked for before the prover has a deal is answered 503 and asked again: not counted.
echo "server log: $(grep -E 'ERROR|WARN' "$WORK/server.log" | grep -vc winnable_deal_unavailable || true) warnings and errors"
grep -E 'ERROR|WARN' "$WORK/server.log" | grep -v winnable_deal_unavailable | head -5 || true
