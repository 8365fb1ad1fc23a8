#!/usr/bin/env bash
# Browser test of the web client: starts the given server binary on a fresh SQLite database and
# walks through every screen in headless Chromium (tests/browser/play.mjs): play, keys, analysis,
# accounts, my games, records, boards, a race between two browsers and a CPU, a phone.
#
#   .ci/browser.sh target/release/spider
#
# Needs node 18+ and npm; installs Debian's chromium with apt-get when /usr/bin/chromium is
# missing (run as root). Env: BROWSER_TEST_PORT to pick the port. Leaves a screenshot per
# screen in tests/browser/artifacts/ (and
# failure.png on failure) and the server log in tests/browser/artifacts/server.log.
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 BINARY" >&2
  exit 2
fi
BIN="$(realpath "$1")"
if [ ! -x "$BIN" ]; then
  echo "not an executable: $1" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
ROOT="$(pwd)"

echo "== chromium"
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi
# Japanese glyphs for the Japanese page's screenshots (else boxes).
if ! fc-list :lang=ja 2>/dev/null | grep -q .; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-ipafont-gothic >/dev/null
fi
/usr/bin/chromium --version 2>/dev/null || true

echo "== npm ci (tests/browser)"
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)

# A free port from 18181 up (nothing answers a TCP connect there), or BROWSER_TEST_PORT.
PORT="${BROWSER_TEST_PORT:-}"
for p in $(if [ -z "$PORT" ]; then seq 18181 18280; fi); do
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
    PORT=$p
    break
  fi
done
if [ -z "$PORT" ]; then
  echo "no free port in 18181-18280" >&2
  exit 1
fi
BASE="http://127.0.0.1:$PORT"

TMP="$(mktemp -d)"
ARTIFACTS="$ROOT/tests/browser/artifacts"
mkdir -p "$ARTIFACTS"
SERVER_LOG="$ARTIFACTS/server.log"
SERVER_PID=""

cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== server on $BASE"
# Races start on proven winnable deals: prove one 1-suit deal of each difficulty ahead (fast at
# one suit), nothing else; a few puzzles of each suit setting (the daily puzzle's step).
DATABASE_URL="sqlite://$TMP/spider.db" \
  WINNABLE_POOL=1 \
  WINNABLE_PREFILL=1 \
  PUZZLE_POOL=5 \
  RATE_LIMIT_PER_SECOND=0 GUESTS_PER_MINUTE=0 REGISTRATIONS_PER_HOUR=0 IMPORT_ACTIONS_PER_ADDRESS_PER_HOUR=0 WINNABLE_PER_ADDRESS_PER_HOUR=0 RACES_PER_ADDRESS_PER_HOUR=0 ARENAS_PER_ADDRESS_PER_HOUR=0 STREAMS_PER_ADDRESS=0 CPU_LINES=false \
  TELEGRAM_WEBHOOK_SECRET=browser-test-telegram-secret \
  BIND="127.0.0.1:$PORT" \
  "$BIN" serve >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!

healthy() {
  node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$BASE/healthz"
}
for i in $(seq 1 120); do
  if healthy; then break; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "the server exited before it was healthy; its log:" >&2
    tail -n 50 "$SERVER_LOG" >&2
    exit 1
  fi
  if [ "$i" -eq 120 ]; then
    echo "the server did not answer /healthz within 60 s; its log:" >&2
    tail -n 50 "$SERVER_LOG" >&2
    exit 1
  fi
  sleep 0.5
done

echo "== play.mjs"
status=0
# The line that wins 1-suit deal 3, from the solver, for the keyboard-only game.
SOLVE_LINE="$("$BIN" solve --suits 1 --from 3 2>/dev/null | grep -E '^(Move|Deal)' || true)"
# The arena step reads its deal's number from the database (no answer shows it) and solves it.
(cd tests/browser && BASE="$BASE" SOLVE_DEAL=3 SOLVE_LINE="$SOLVE_LINE" SPIDER_DB="$TMP/spider.db" SPIDER_BIN="$BIN" node play.mjs) || status=$?
if [ "$status" -ne 0 ]; then
  echo "browser test failed (exit $status); last server log lines:" >&2
  tail -n 30 "$SERVER_LOG" >&2
fi
exit "$status"
