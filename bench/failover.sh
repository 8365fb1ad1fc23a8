#!/usr/bin/env bash
# Failover benchmark: two release instances (A, then B) on one Postgres database; the
# generator (benches/failover.rs) spreads PLAYERS players over both, each request carrying an
# Idempotency-Key, and kills A with SIGKILL at KILL_AFTER seconds: players whose request fails
# send it again, same key, to B. Prints throughput before and after the kill, the longest wait
# for one answer, lost and doubled actions from an audit of every game's log on B (both must
# be 0), and when each lease A held (races, upkeep, paces, ...) stopped being A's.
# Settings: PLAYERS (32), SECONDS (20), KILL_AFTER (8), LEASE_WAIT (160), SUITS (2),
# PG_URL (postgres://postgres@127.0.0.1:5432).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=$SECONDS
[ "$DURATION" -gt 0 ] || DURATION=20
unset SECONDS
export SECONDS=$DURATION

PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
PORT_A=${PORT_A:-18281}
PORT_B=${PORT_B:-18282}
BIN=${BIN:-"${CARGO_TARGET_DIR:-target}/release/spider"}
WORK=$(mktemp -d)
A=""
B=""
trap '[ -n "$A" ] && kill -9 $A 2>/dev/null; [ -n "$B" ] && kill $B 2>/dev/null; rm -rf "$WORK"' EXIT

cargo build --release --quiet
GENERATOR=$(cargo bench --bench failover --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "failover" and m.get("executable"):
        print(m["executable"])')

psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS spider_failover" >/dev/null
psql "$PG_URL/postgres" -qc "CREATE DATABASE spider_failover" >/dev/null
DB="$PG_URL/spider_failover"

start() { # start PORT LOG: one instance, in the background; its pid in $STARTED
  DATABASE_URL="$DB" BIND="127.0.0.1:$1" RATE_LIMIT_PER_SECOND=0 GUESTS_PER_MINUTE=0 REGISTRATIONS_PER_HOUR=0 IMPORT_ACTIONS_PER_ADDRESS_PER_HOUR=0 WINNABLE_PER_ADDRESS_PER_HOUR=0 RACES_PER_ADDRESS_PER_HOUR=0 STREAMS_PER_ADDRESS=0 \
    WINNABLE_POOL=${WINNABLE_POOL:-0} LOG_LEVEL=warn DB_POOL_SIZE=${DB_POOL_SIZE:-16} \
    JWT_SECRET=failover-secret-failover-secret-0123 \
    DAILY_SECRET=failover-daily-secret-failover-daily-0123 \
    "$BIN" serve >"$2" 2>&1 &
  STARTED=$!
  for _ in $(seq 1 50); do
    curl -fs "http://127.0.0.1:$1/readyz" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "an instance did not start:"; cat "$2"; exit 1
}

start "$PORT_A" "$WORK/a.log"; A=$STARTED
# A alone for a moment takes every lease, so the ones it holds at the kill are known.
sleep 3
DEAD_HOLDERS=$(psql "$DB" -Atc "SELECT string_agg(DISTINCT holder, ',') FROM leases")
start "$PORT_B" "$WORK/b.log"; B=$STARTED
echo "== two instances (A pid $A, B pid $B) on $DB; A's leases: $(psql "$DB" -Atc "SELECT string_agg(name, ', ') FROM leases")"
BASE_URLS="http://127.0.0.1:$PORT_A,http://127.0.0.1:$PORT_B" KILL_PID=$A PG_URL="$DB" \
  DEAD_HOLDERS="$DEAD_HOLDERS" "$GENERATOR"
wait $A 2>/dev/null || true
A=""
echo "B's log: $(grep -c ERROR "$WORK/b.log" || true) errors"
