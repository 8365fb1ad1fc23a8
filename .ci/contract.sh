#!/usr/bin/env bash
# Contract check: schemathesis (property-based, every check on) against the OpenAPI document
# the server serves, on a fresh SQLite database. Any failure fails the check.
#
#   .ci/contract.sh BINARY          e.g. .ci/contract.sh target/debug/spider
#
# Needs python3.10+ with venv and pip, and PyPI (schemathesis is pinned in
# tests/contract/requirements.txt and installed into tests/contract/.venv). Settings live in
# tests/contract/schemathesis.toml. Environment:
#   CONTRACT_PORT      port for the server (default 18383; a free one is picked if it is taken)
#   CONTRACT_EXAMPLES  test cases per operation and phase (default 50)
#   CONTRACT_SEED      the random seed (default: a new one each run, printed)
#   PYTHON             the Python to make the virtualenv with (default python3)
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 BINARY" >&2
  exit 2
fi
BINARY=$(realpath "$1")
[ -x "$BINARY" ] || { echo "contract: $1 is not an executable" >&2; exit 2; }

ROOT=$(cd "$(dirname "$0")/.." && pwd)
HERE="$ROOT/tests/contract"
PYTHON=${PYTHON:-python3}
EXAMPLES=${CONTRACT_EXAMPLES:-50}
START=$(date +%s)

NAME=contract
# shellcheck source=.ci/lib.sh
source "$ROOT/.ci/lib.sh"

echo "== schemathesis (tests/contract/requirements.txt -> tests/contract/.venv)"
VENV="$HERE/.venv"
[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
if ! "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
  -r "$HERE/requirements.txt" >"$WORK/pip.log" 2>&1; then
  cat "$WORK/pip.log" >&2
  exit 1
fi
"$VENV/bin/schemathesis" --version

echo "== start $BINARY serve"
PORT=$(free_port "${CONTRACT_PORT:-18383}")
BASE="http://127.0.0.1:$PORT"
# No rate limits (schemathesis sends hundreds of requests a second from one address), one
# proven 1-suit deal of each difficulty kept ready (so a race can start; other kinds answer
# 503 winnable_deal_unavailable, as documented), streams that end as soon as they have said
# what they have (STREAM_IDLE_SECONDS=0), and searches cut to what a debug build does in
# a few seconds under load: hints at 5% of their positions, analyses at 50,000 positions
# (what those cannot settle is `unknown`, a documented answer), one search at a time.
DATABASE_URL="sqlite://$WORK/spider.db" SQLITE_SYNCHRONOUS=NORMAL \
  RATE_LIMIT_PER_SECOND=0 GUESTS_PER_MINUTE=0 REGISTRATIONS_PER_HOUR=0 IMPORT_ACTIONS_PER_ADDRESS_PER_HOUR=0 WINNABLE_PER_ADDRESS_PER_HOUR=0 RACES_PER_ADDRESS_PER_HOUR=0 STREAMS_PER_ADDRESS=0 CPU_LINES=false LOGIN_ATTEMPTS_PER_MINUTE=0 APP_GRANTS_PER_MINUTE=0 BULK_EXPORTS_PER_MINUTE=0 \
  WINNABLE_POOL=1 WINNABLE_PREFILL=1 WINNABLE_PER_USER_PER_HOUR=0 IMPORT_ACTIONS_PER_HOUR=0 \
  STREAM_IDLE_SECONDS=0 STREAMS_PER_USER=64 \
  DISCORD_PUBLIC_KEY=ea4a6c63e29c520abef5507b132ec5f9954776aebebe7b92421eea691446d22c \
  SLACK_SIGNING_SECRET=contract-slack-secret TELEGRAM_WEBHOOK_SECRET=contract-telegram-secret \
  SEARCH_POOL=1 HINT_BUDGET_PERCENT=5 ANALYSIS_POSITIONS=50000 \
  LOG_LEVEL=error \
  BIND="127.0.0.1:$PORT" "$BINARY" serve >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
await_server "$BASE"

# A guest session for the run, and one more for each operation that ends its own session
# (tests/contract/schemathesis.toml): after the first success those answer 401, as documented.
guest() {
  curl -fsS -X POST "$BASE/v1/auth/guest" | "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
SPIDER_TOKEN=$(guest)
SPIDER_TOKEN_LOGOUT=$(guest)
SPIDER_TOKEN_LOGOUT_ALL=$(guest)
SPIDER_TOKEN_UPGRADE=$(guest)
SPIDER_TOKEN_PASSWORD=$(guest)
# A registered account's session, for what guests may not do (importing a game).
SPIDER_TOKEN_ACCOUNT=$(curl -fsS -X POST "$BASE/v1/auth/register" -H 'Content-Type: application/json' \
  -d '{"username": "contract-account", "password": "a long contract passphrase"}' |
  "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["token"])')
export SPIDER_TOKEN SPIDER_TOKEN_LOGOUT SPIDER_TOKEN_LOGOUT_ALL SPIDER_TOKEN_UPGRADE SPIDER_TOKEN_PASSWORD SPIDER_TOKEN_ACCOUNT
SPIDER_RACE=$(curl -fsS -X POST "$BASE/v1/races" -H "Authorization: Bearer $SPIDER_TOKEN" \
  -H 'Content-Type: application/json' -d '{"suits": 1, "cpu_players": 1}' |
  "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["code"])')
export SPIDER_RACE

SEED_ARGS=()
[ -n "${CONTRACT_SEED:-}" ] && SEED_ARGS=(--seed "$CONTRACT_SEED")
echo "== schemathesis run --checks all ($EXAMPLES examples per operation)"
cd "$HERE"
"$VENV/bin/schemathesis" --config-file "$HERE/schemathesis.toml" run "$BASE/openapi.json" \
  --checks all --max-examples "$EXAMPLES" "${SEED_ARGS[@]}" \
  --no-color

# 401 is an accepted answer to anything, so a run whose session ended midway would pass
# without testing much: the run's session must still work, and the sign-outs must have used
# their own.
status() {
  curl -s -o /dev/null -w '%{http_code}' "$BASE/v1/me" -H "Authorization: Bearer $1"
}
if [ "$(status "$SPIDER_TOKEN")" != 200 ]; then
  echo "contract: the run's own session stopped working during the run" >&2
  exit 1
fi
for token in "$SPIDER_TOKEN_LOGOUT" "$SPIDER_TOKEN_LOGOUT_ALL"; do
  if [ "$(status "$token")" != 401 ]; then
    echo "contract: a sign-out operation was not tried with its own session" >&2
    exit 1
  fi
done
echo "== contract check done in $(($(date +%s) - START)) s"
