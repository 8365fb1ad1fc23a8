#!/usr/bin/env bash
# What games cost in rows and bytes (docs/OPERATIONS.md, "What a busy year costs"): per backend
# (SQLite, then Postgres), starts `spider serve` on a fresh database, makes GUESTS guests, of
# which PLAYERS each play GAMES games of ACTIONS actions (legal ones picked at random from
# GET /v1/games/{id}/moves, each sent with an Idempotency-Key as the web page sends it; the last
# is a resignation, so the game ends and its record is written), stops the server, and prints
# per table its rows, the bytes it and its indexes take and those bytes per row (minus what the
# empty, migrated database already took). SQLite: the dbstat virtual table of `sqlite3`;
# Postgres: pg_total_relation_size, after VACUUM ANALYZE and after VACUUM FULL.
# Settings: GUESTS (2000), PLAYERS (100), GAMES (1), ACTIONS (300), SUITS (2), THREADS (4),
# BACKENDS ("sqlite postgres"), PG_URL (postgres://postgres@127.0.0.1:5432; a database
# spider_cost is made there), BIN (target/release/spider, built unless given).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${PORT:-18191}
BACKENDS=${BACKENDS:-"sqlite postgres"}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
export GUESTS=${GUESTS:-2000} PLAYERS=${PLAYERS:-100} GAMES=${GAMES:-1} ACTIONS=${ACTIONS:-300}
export SUITS=${SUITS:-2} THREADS=${THREADS:-4}
WORK=$(mktemp -d)
SERVER=""
trap '[ -n "$SERVER" ] && kill $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN="${CARGO_TARGET_DIR:-target}/release/spider"
fi

wait_ready() {
  for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  return 1
}

serve() { # serve DATABASE_URL: start the server, with no limit in the way and no background work
  DATABASE_URL="$1" BIND="127.0.0.1:$PORT" RATE_LIMIT_PER_SECOND=0 GUESTS_PER_MINUTE=0 \
    WINNABLE_POOL=0 SCHEDULED_WORK=false LOG_LEVEL=warn \
    JWT_SECRET=cost-test-secret-cost-test-secret-0123 DAILY_SECRET=cost-test-daily-secret-cost-0123 \
    "$BIN" serve >"$WORK/server.log" 2>&1 &
  SERVER=$!
  wait_ready || { echo "the server did not start:"; cat "$WORK/server.log"; exit 1; }
}

stop() {
  kill "$SERVER"
  wait "$SERVER" 2>/dev/null || true
  SERVER=""
}

play() {
  BASE="http://127.0.0.1:$PORT" python3 - <<'PY'
import http.client, json, os, random, threading, time, uuid

port = int(os.environ["BASE"].rsplit(":", 1)[1])
guests, players, games, actions = (int(os.environ[k]) for k in ("GUESTS", "PLAYERS", "GAMES", "ACTIONS"))
suits, threads = int(os.environ["SUITS"]), int(os.environ["THREADS"])
counts = {"guests": 0, "games": 0, "actions": 0, "refused": 0}
lock = threading.Lock()

def call(conn, method, path, token=None, body=None, key=False):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if key:
        headers["Idempotency-Key"] = uuid.uuid4().hex
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    r = conn.getresponse()
    data = r.read()
    return r.status, (json.loads(data) if data else None)

def worker(n):
    conn = http.client.HTTPConnection("127.0.0.1", port)
    rng = random.Random(n)
    for g in range(n, guests, threads):
        status, body = call(conn, "POST", "/v1/auth/guest")
        assert status in (200, 201), (status, body)
        token = body["token"]
        with lock:
            counts["guests"] += 1
        if g >= players:
            continue
        for _ in range(games):
            status, game = call(conn, "POST", "/v1/games", token, {"suits": suits}, key=True)
            assert status in (200, 201), (status, game)
            gid = game["id"]
            with lock:
                counts["games"] += 1
            done = 0
            while done < actions - 1:
                status, legal = call(conn, "GET", f"/v1/games/{gid}/moves", token)
                assert status == 200, (status, legal)
                choices = legal["actions"] + ([{"type": "undo"}] if legal["can_undo"] else [])
                if not choices:
                    break
                status, body = call(conn, "POST", f"/v1/games/{gid}/actions", token, rng.choice(choices), key=True)
                if status == 200:
                    done += 1
                else:
                    with lock:
                        counts["refused"] += 1
            status, body = call(conn, "POST", f"/v1/games/{gid}/actions", token, {"type": "resign"}, key=True)
            assert status == 200, (status, body)
            with lock:
                counts["actions"] += done + 1

started = time.time()
ts = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
for t in ts: t.start()
for t in ts: t.join()
print(f"played: {counts['guests']} guests, {counts['games']} games, {counts['actions']} actions "
      f"({counts['refused']} refused) in {time.time() - started:.0f} s")
PY
}

# The report: per table, rows, bytes (table and its indexes) and bytes per row, the empty
# database's bytes taken off. Reads "table rows bytes" lines: the empty database's, then the
# played one's.
report() {
  python3 - "$1" "$2" "$3" <<'PY'
import sys
title, empty, full = sys.argv[1], sys.argv[2], sys.argv[3]
def read(path):
    out = {}
    for line in open(path):
        name, rows, size = line.split("|")
        out[name.strip()] = (int(rows), int(size))
    return out
empty, full = read(empty), read(full)
print(f"== {title}")
print(f"{'table':<20} {'rows':>8} {'bytes':>12} {'bytes/row':>10}")
total = 0
for name, (rows, size) in sorted(full.items(), key=lambda kv: -kv[1][1]):
    grown = size - empty.get(name, (0, 0))[1]
    total += grown
    if rows:
        print(f"{name:<20} {rows:>8} {grown:>12} {grown / rows:>10.0f}")
print(f"{'(all tables)':<20} {'':>8} {total:>12}")
PY
}

sqlite_sizes() { # sqlite_sizes FILE: "table|rows|bytes" for every table
  local db=$1
  sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
  for t in $(sqlite3 "$db" "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != '__diesel_schema_migrations'"); do
    echo "$t|$(sqlite3 "$db" "SELECT count(*) FROM \"$t\"")|$(sqlite3 "$db" \
      "SELECT coalesce(sum(s.pgsize), 0) FROM dbstat s JOIN sqlite_master m ON s.name = m.name WHERE m.tbl_name = '$t'")"
  done
}

pg_sizes() { # pg_sizes URL: "table|rows|bytes" for every table
  local url=$1
  for t in $(psql "$url" -Atc "SELECT relname FROM pg_stat_user_tables WHERE relname != '__diesel_schema_migrations'"); do
    echo "$t|$(psql "$url" -Atc "SELECT count(*) FROM \"$t\"")|$(psql "$url" -Atc "SELECT pg_total_relation_size('\"$t\"')")"
  done
}

for backend in $BACKENDS; do
  case $backend in
    sqlite)
      db="$WORK/cost.db"
      DATABASE_URL="sqlite://$db" "$BIN" migrate >/dev/null 2>&1
      sqlite_sizes "$db" >"$WORK/empty"
      serve "sqlite://$db"
      play
      stop
      sqlite_sizes "$db" >"$WORK/full"
      report "SQLite ($(stat -c %s "$db") bytes in the file)" "$WORK/empty" "$WORK/full"
      ;;
    postgres)
      psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS spider_cost" >/dev/null
      psql "$PG_URL/postgres" -qc "CREATE DATABASE spider_cost" >/dev/null
      url="$PG_URL/spider_cost"
      DATABASE_URL="$url" "$BIN" migrate >/dev/null 2>&1
      psql "$url" -qc "VACUUM ANALYZE" >/dev/null
      pg_sizes "$url" >"$WORK/empty"
      serve "$url"
      play
      stop
      psql "$url" -qc "VACUUM ANALYZE" >/dev/null
      pg_sizes "$url" >"$WORK/full"
      report "Postgres, after VACUUM ANALYZE ($(psql "$url" -Atc "SELECT pg_database_size(current_database())") bytes in the database)" "$WORK/empty" "$WORK/full"
      psql "$url" -qc "VACUUM FULL" >/dev/null
      pg_sizes "$url" >"$WORK/full"
      report "Postgres, after VACUUM FULL ($(psql "$url" -Atc "SELECT pg_database_size(current_database())") bytes in the database)" "$WORK/empty" "$WORK/full"
      ;;
  esac
done
