#!/usr/bin/env bash
# SDK check: lints openapi/openapi.json, generates a TypeScript and a Python client from it,
# starts the service and plays a short game through each client.
#
#   .ci/sdk-check.sh BINARY          e.g. .ci/sdk-check.sh target/release/spider
#
# Needs node 20.19+ with npm, python3.11+ with venv and pip, and the npm registry and PyPI.
# Tool versions are pinned in tests/sdk/package-lock.json and tests/sdk/python/requirements.txt.
# Environment:
#   SDK_CHECK_PORT  port for the server (default 18282; a free one is picked if it is taken)
#   SDK_STRICT=1    also fail on generator warnings and on script workarounds for them
#   PYTHON          the Python to make the virtualenv with (default python3)
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 BINARY" >&2
  exit 2
fi
BINARY=$(realpath "$1")
[ -x "$BINARY" ] || { echo "sdk-check: $1 is not an executable" >&2; exit 2; }

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SDK="$ROOT/tests/sdk"
SPEC="$ROOT/openapi/openapi.json"
PYTHON=${PYTHON:-python3}
STRICT=${SDK_STRICT:-0}
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
START=$(date +%s)

NAME=sdk-check
# shellcheck source=.ci/lib.sh
source "$ROOT/.ci/lib.sh"

echo "== tools: node $(node --version), npm $(npm --version), $($PYTHON --version)"

echo "== npm ci (tests/sdk)"
(cd "$SDK" && npm ci --no-audit --no-fund --loglevel=error)

echo "== lint openapi/openapi.json (redocly, tests/sdk/redocly.yaml)"
# Exits non-zero on any error; warnings are printed and allowed.
(cd "$SDK" && npx --no-install redocly lint --config redocly.yaml --format=stylish "$SPEC")

echo "== lint openapi/openapi.json (Spectral, spectral:oas: no warning allowed)"
(cd "$SDK" && npx --no-install spectral lint "$SPEC" --ruleset .spectral.yaml --fail-severity=warn)

echo "== TypeScript client (@hey-api/openapi-ts -> tests/sdk/ts/generated)"
(cd "$SDK" && npx --no-install openapi-ts && npx --no-install tsc -p tsconfig.json)

echo "== Python client (openapi-python-client -> tests/sdk/python/generated)"
VENV="$SDK/python/.venv"
[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps \
  -r "$SDK/python/requirements.txt"
GEN_FLAGS=(--overwrite)
[ "$STRICT" = 1 ] && GEN_FLAGS+=(--fail-on-warning)
(
  cd "$SDK/python"
  # ruff (a pinned dependency) formats the generated code: it must be on PATH.
  PATH="$VENV/bin:$PATH" openapi-python-client generate --path "$SPEC" \
    --config openapi-python-client.yaml --meta setup --output-path generated "${GEN_FLAGS[@]}"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps \
    --no-build-isolation --force-reinstall ./generated
)

echo "== start $BINARY serve"
PORT=$(free_port "${SDK_CHECK_PORT:-18282}")
BASE="http://127.0.0.1:$PORT"
DATABASE_URL="sqlite://$WORK/spider.db" WINNABLE_POOL=0 RATE_LIMIT_PER_SECOND=0 GUESTS_PER_MINUTE=0 REGISTRATIONS_PER_HOUR=0 IMPORT_ACTIONS_PER_ADDRESS_PER_HOUR=0 WINNABLE_PER_ADDRESS_PER_HOUR=0 RACES_PER_ADDRESS_PER_HOUR=0 STREAMS_PER_ADDRESS=0 \
  BIND="127.0.0.1:$PORT" "$BINARY" serve >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
await_server "$BASE"

FAILED=0
PASSED=0
echo "== play through the TypeScript client"
if (cd "$SDK" && SPIDER_BASE_URL="$BASE" npx --no-install tsx ts/play.ts); then
  PASSED=$((PASSED + 1))
else
  FAILED=$((FAILED + 1))
fi
echo "== play through the Python client"
if SPIDER_BASE_URL="$BASE" SDK_STRICT="$STRICT" "$VENV/bin/python" "$SDK/python/play.py"; then
  PASSED=$((PASSED + 1))
else
  FAILED=$((FAILED + 1))
fi

echo "== sdk-check done in $(($(date +%s) - START)) s"
echo "sdk-check: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
