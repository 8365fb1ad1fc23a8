#!/usr/bin/env bash
# CPU per action: the load generator (benches/load.rs, 32 players, 2 suits) against one
# release server on a fresh database, reading each process's CPU time from /proc over 10 s
# of the run (after the warm-up): microseconds of CPU per accepted action in the server, in
# Postgres (every postgres process, the server's connections and the background writers) and
# in the generator, and how much of the two cores sat idle. Unlike the moves/s of
# bench/load.sh, these figures hardly depend on how many cores the machine has or on how
# busy they are, so two builds can be compared side by side on any machine (run them
# alternately: BIN=<other build>/spider bash bench/cpu.sh).
# Settings: BACKEND (postgres; or sqlite), PG_URL (postgres://postgres@127.0.0.1:5432),
# PLAYERS (32), SUITS (2), BIN (the release build), RUNS (1).
set -euo pipefail
unset SECONDS # bash's own clock; the generator reads SECONDS as its run length
cd "$(dirname "$0")/.."
BACKEND=${BACKEND:-postgres}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
PORT=${PORT:-18182}
RUNS=${RUNS:-1}
BIN=${BIN:-"${CARGO_TARGET_DIR:-target}/release/spider"}
WORK=$(mktemp -d)
SERVER=""
trap '[ -n "$SERVER" ] && kill $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT

cargo build --release --quiet
LOAD=$(cargo bench --bench load --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "load" and m.get("executable"):
        print(m["executable"])')

ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
postgres_ticks() {
  local total=0
  for pid in $(pgrep -x postgres || true); do total=$((total + $(ticks "$pid"))); done
  echo $total
}
idle_ticks() { awk '/^cpu /{print $5}' /proc/stat; }

for run in $(seq 1 "$RUNS"); do
  case $BACKEND in
    sqlite) url="sqlite://$WORK/cpu-$run.db" ;;
    postgres)
      psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS spider_cpu" >/dev/null 2>&1
      psql "$PG_URL/postgres" -qc "CREATE DATABASE spider_cpu" >/dev/null
      url="$PG_URL/spider_cpu" ;;
    *) echo "BACKEND is sqlite or postgres"; exit 2 ;;
  esac
  DAILY_SECRET=load-test-daily-secret-load-test-daily-0123 DATABASE_URL="$url" BIND="127.0.0.1:$PORT" \
    RATE_LIMIT_PER_SECOND=0 GUESTS_PER_MINUTE=0 REGISTRATIONS_PER_HOUR=0 IMPORT_ACTIONS_PER_ADDRESS_PER_HOUR=0 WINNABLE_PER_ADDRESS_PER_HOUR=0 RACES_PER_ADDRESS_PER_HOUR=0 STREAMS_PER_ADDRESS=0 WINNABLE_POOL=0 LOG_LEVEL=warn \
    DB_POOL_SIZE=${DB_POOL_SIZE:-16} JWT_SECRET=load-test-secret-load-test-secret-0123 \
    "$BIN" serve >"$WORK/server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 1 50); do
    curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break
    sleep 0.2
  done
  BASE_URL="http://127.0.0.1:$PORT" HINTERS=0 SECONDS=16 WARMUP=3 "$LOAD" --bench >"$WORK/load.log" 2>&1 &
  generator=$!
  sleep 4
  s0=$(ticks $SERVER); p0=$(postgres_ticks); g0=$(ticks $generator); i0=$(idle_ticks); t0=$(date +%s.%N)
  sleep 10
  s1=$(ticks $SERVER); p1=$(postgres_ticks); g1=$(ticks $generator); i1=$(idle_ticks); t1=$(date +%s.%N)
  wait $generator
  kill $SERVER; wait $SERVER 2>/dev/null || true
  SERVER=""
  rate=$(sed -n 's|.*accepted actions/s=\([0-9]*\).*|\1|p' "$WORK/load.log" | tail -n 1)
  python3 - "$BACKEND" "${rate:-0}" $((s1 - s0)) $((p1 - p0)) $((g1 - g0)) $((i1 - i0)) "$t0" "$t1" "$(getconf CLK_TCK)" "$(nproc)" <<'PY'
import sys
backend, rate = sys.argv[1], float(sys.argv[2])
server, postgres, generator, idle = map(int, sys.argv[3:7])
seconds = float(sys.argv[8]) - float(sys.argv[7])
tick, cores = int(sys.argv[9]), int(sys.argv[10])
if rate <= 0:
    sys.exit(f"{backend}: the load generator reported no actions")
actions = rate * seconds
per = lambda t: t / tick / actions * 1e6
line = f"{backend}: {rate:.0f} actions/s; CPU per action: server {per(server):.1f} us"
if backend == "postgres":
    line += f", Postgres {per(postgres):.1f} us"
line += f", generator {per(generator):.1f} us; idle {idle / tick / seconds / cores * 100:.0f}% of {cores} cores"
print(line)
PY
done
