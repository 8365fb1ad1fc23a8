#!/usr/bin/env bash
# Database failover benchmark (issue 49; docs/SCALING.md, "Losing the database machine"):
# brings up a pg_auto_failover formation on loopback (bench/db-formation.sh: a monitor and two
# nodes with synchronous replication, the monitor's health checks tuned to seconds; installs
# the Debian packages when missing), starts two service instances on its libpq multi-host URL
# (writes: target_session_attrs=read-write; DATABASE_READ_URL: prefer-standby), and runs the
# generator (benches/failover, database.rs): players with Idempotency-Keys, board readers, a
# stream on each instance; the primary's machine killed at KILL_AFTER s, the node rejoined as
# standby, and (FAILBACK=1) the same done back. It prints lost and doubled actions (both must
# be 0), from each kill to the new primary's first write and to each instance's first
# acknowledged action (the difference is the service's own share), whether the streams missed
# any event, when each lease was renewed, and board reads leaving the primary.
# With LOAD=1 it then runs bench/load.sh's Postgres run (ceiling, then the service; p99 and
# actions/s as ratios to the ceiling) on the formation and on one node (the machine's own
# Postgres at PG_URL), for the cost of synchronous replication.
#
# Settings: PLAYERS (8), KILL_AFTER (8), SETTLE (4), FAILBACK (1), LOAD (1), LOAD_SECONDS (10),
# PROFILE (release; debug uses the debug builds, for CI), CHECK (0; 1: exit 1 unless lost and
# doubled are 0, both streams whole and both instances acknowledged after every kill),
# PG_URL (postgres://postgres@127.0.0.1:5432, the one node), LOGS (a folder to keep the instances'
# logs in), MONITOR_PORT/NODE_PORTS (see db-formation.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
unset SECONDS
PROFILE=${PROFILE:-release}
PORT_A=${PORT_A:-18381}
PORT_B=${PORT_B:-18382}
DIR=$(mktemp -d /tmp/spider-formation.XXXXXX)
WORK=$(mktemp -d)
A=""
B=""
cleanup() {
  [ -n "$A" ] && kill "$A" 2>/dev/null
  [ -n "$B" ] && kill "$B" 2>/dev/null
  bash bench/db-formation.sh down "$DIR" || true
  rm -rf "$DIR" "$WORK"
}
trap cleanup EXIT

# The service and the generator (the failover bench's binary), in the chosen profile.
generator_of() { # the executable cargo reports for the failover bench target
  python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "failover" and m.get("executable"):
        print(m["executable"])'
}
if [ "$PROFILE" = release ]; then
  cargo build --release --quiet
  BIN=${BIN:-"${CARGO_TARGET_DIR:-target}/release/spider"}
  GENERATOR=$(cargo bench --bench failover --no-run --message-format=json 2>/dev/null | generator_of)
else
  cargo build --quiet
  BIN=${BIN:-"${CARGO_TARGET_DIR:-target}/debug/spider"}
  GENERATOR=$(cargo build --bench failover --message-format=json 2>/dev/null | generator_of)
fi
[ -x "$GENERATOR" ] || { echo "the failover generator did not build"; exit 1; }

echo "== the formation (monitor :${MONITOR_PORT:-6000}, nodes :${NODE_PORTS:-6001 6002})"
begun=$(date +%s.%N)
URL=$(bash bench/db-formation.sh up "$DIR")
echo "up in $(python3 -c "import time; print(f'{time.time() - $begun:.1f}')") s: $URL"
bash bench/db-formation.sh state "$DIR"
HOSTS=${URL%%/postgres\?*}

psql "$URL" -qc "DROP DATABASE IF EXISTS spider_failover" >/dev/null
psql "$URL" -qc "CREATE DATABASE spider_failover" >/dev/null
DB_URL="$HOSTS/spider_failover?target_session_attrs=read-write"
READ_URL="$HOSTS/spider_failover?target_session_attrs=prefer-standby"

start() { # start PORT LOG: one instance, in the background; its pid in $STARTED
  DATABASE_URL="$DB_URL" DATABASE_READ_URL="$READ_URL" BIND="127.0.0.1:$1" \
    RATE_LIMIT_PER_SECOND=0 GUESTS_PER_MINUTE=0 REGISTRATIONS_PER_HOUR=0 IMPORT_ACTIONS_PER_ADDRESS_PER_HOUR=0 WINNABLE_PER_ADDRESS_PER_HOUR=0 RACES_PER_ADDRESS_PER_HOUR=0 STREAMS_PER_ADDRESS=0 WINNABLE_POOL=0 LOG_LEVEL=warn \
    DB_POOL_SIZE=${DB_POOL_SIZE:-16} JWT_SECRET=failover-secret-failover-secret-0123 \
    DAILY_SECRET=failover-daily-secret-failover-daily-0123 \
    "$BIN" serve >"$2" 2>&1 &
  STARTED=$!
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$1/readyz" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "an instance did not start:"; cat "$2"; exit 1
}
start "$PORT_A" "$WORK/a.log"; A=$STARTED
start "$PORT_B" "$WORK/b.log"; B=$STARTED
echo "== failover: two instances (A :$PORT_A, B :$PORT_B) on $DB_URL"
BASE_URLS="http://127.0.0.1:$PORT_A,http://127.0.0.1:$PORT_B" FORMATION="$DIR" \
  FORMATION_SCRIPT=bench/db-formation.sh PG_URL="$DB_URL" DB=spider_failover \
  "$GENERATOR" | tee "$WORK/result"
echo "instances' logs: A $(grep -c ERROR "$WORK/a.log" || true) errors, B $(grep -c ERROR "$WORK/b.log" || true) errors"
if [ -n "${LOGS:-}" ]; then
  mkdir -p "$LOGS"
  cp "$WORK"/a.log "$WORK"/b.log "$DIR"/monitor.log "$DIR"/node*.log "$LOGS"/ 2>/dev/null || true
fi
kill "$A" "$B" 2>/dev/null || true
wait "$A" "$B" 2>/dev/null || true
A=""
B=""

if [ "${LOAD:-1}" = 1 ]; then
  echo "== normal play: the synchronous formation"
  SECONDS=${LOAD_SECONDS:-10} BACKENDS=postgres PG_URL="$HOSTS" PG_QUERY="?target_session_attrs=read-write" \
    HINTERS=0 CHAT=0 bash bench/load.sh 2>&1 | grep -E 'ceiling|accepted|p99|ratio'
  echo "== normal play: one node (${PG_URL:-postgres://postgres@127.0.0.1:5432})"
  SECONDS=${LOAD_SECONDS:-10} BACKENDS=postgres HINTERS=0 CHAT=0 bash bench/load.sh 2>&1 |
    grep -E 'ceiling|accepted|p99|ratio'
fi

if [ "${CHECK:-0}" = 1 ]; then
  fail=""
  grep -q "audit: lost=0 doubled=0 unreadable=0 refused=0" "$WORK/result" || fail="$fail audit"
  [ "$(grep -c 'each once, in order' "$WORK/result")" = 2 ] || fail="$fail streams"
  grep -q "acknowledged nothing" "$WORK/result" && fail="$fail no-ack"
  grep -q "db failover: stopped" "$WORK/result" && fail="$fail stopped"
  [ -z "$fail" ] || { echo "db failover: FAILED:$fail"; exit 1; }
  echo "db failover: passed (lost 0, doubled 0, both streams whole, both instances answered after the kill)"
fi
