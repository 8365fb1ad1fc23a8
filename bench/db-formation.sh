#!/usr/bin/env bash
# A pg_auto_failover formation on loopback for the database-failover bench (issue 49): a
# monitor and two Postgres nodes with synchronous replication, in DIR, run by the postgres
# user (pg_autoctl refuses root). Installs Debian's postgresql-15-auto-failover and
# pg-auto-failover-cli when pg_autoctl is missing.
#
#   bench/db-formation.sh up DIR     create and start it; prints the service's multi-host URL
#   bench/db-formation.sh state DIR  the monitor's view of the nodes
#   bench/db-formation.sh down DIR   stop every keeper and postgres of it
#   bench/db-formation.sh primary DIR      the primary node's name and port ("node1 6001"),
#                                          then each other node's, a line each
#   bench/db-formation.sh kill DIR NODE    lose NODE's machine: SIGKILL to its keeper and every
#                                          process under it (postgres and its backends)
#   bench/db-formation.sh rejoin DIR NODE  start NODE's keeper again; returns once NODE is a
#                                          secondary again (caught up with the primary)
#
# Ports: MONITOR_PORT (6000), NODE_PORTS ("6001 6002"). The monitor is tuned so that a lost
# primary is noticed and replaced within seconds instead of the defaults' minute (each value
# and why, below).
set -euo pipefail

cmd=${1:?usage: db-formation.sh up|state|down|primary|kill|rejoin DIR [NODE]}
dir=${2:?usage: db-formation.sh up|state|down|primary|kill|rejoin DIR [NODE]}
MONITOR_PORT=${MONITOR_PORT:-6000}
read -r -a NODES <<<"${NODE_PORTS:-6001 6002}"
BIN=/usr/lib/postgresql/15/bin
# pg_autoctl keeps each node's configuration and state under XDG folders keyed by its data
# path: kept inside DIR, so a new formation in a reused DIR never meets an old one's state.
as_pg() {
  su postgres -s /bin/bash -c "PATH=$BIN:\$PATH; export XDG_CONFIG_HOME=$dir/config \
    XDG_DATA_HOME=$dir/share XDG_RUNTIME_DIR=$dir/run; cd /tmp; $*"
}
monitor_url="postgres://autoctl_node@127.0.0.1:$MONITOR_PORT/pg_auto_failover?sslmode=disable"

# The monitor's health checks (GUCs of the pgautofailover extension, in ms). The defaults
# (5 s period, 5 s timeout, 2 retries 2 s apart, 20 s to call a node unhealthy, 30 s before a
# primary that cannot reach the monitor demotes itself) add up to most of a minute.
TUNING=(
  # Check each node every second: a dead node is seen at the next check.
  "pgautofailover.health_check_period=1000"
  # A loopback connection answers in milliseconds; 1 s is generous and bounds a hung check.
  "pgautofailover.health_check_timeout=1000"
  # One retry, 500 ms later: a single dropped check does not fail a healthy primary over.
  "pgautofailover.health_check_max_retries=1"
  "pgautofailover.health_check_retry_delay=500"
  # A node is unhealthy after 2 s without a report from its keeper (which reports every
  # second): with the checks above, a lost machine is failed over in 2 to 3 s.
  "pgautofailover.node_considered_unhealthy_timeout=2000"
  # The monitor waits 3 s for the old primary to demote itself before promoting the standby;
  # each node's keeper demotes a primary cut off for 2 s (network_partition_timeout, set at
  # each node's creation below), so two primaries never take writes at once.
  "pgautofailover.primary_demote_timeout=3000"
)

install() {
  command -v pg_autoctl >/dev/null && return
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15-auto-failover \
    pg-auto-failover-cli >/dev/null
}

up() {
  install
  mkdir -p "$dir"
  chown postgres "$dir"
  as_pg "pg_autoctl create monitor --pgdata $dir/monitor --pgport $MONITOR_PORT \
    --hostname 127.0.0.1 --auth trust --no-ssl" >"$dir/create-monitor.log" 2>&1
  as_pg "nohup pg_autoctl run --pgdata $dir/monitor >$dir/monitor.log 2>&1 &"
  until as_pg "pg_isready -q -h 127.0.0.1 -p $MONITOR_PORT"; do sleep 0.2; done
  for setting in "${TUNING[@]}"; do
    as_pg "psql -qAt -h 127.0.0.1 -p $MONITOR_PORT -d pg_auto_failover \
      -c \"ALTER SYSTEM SET ${setting%%=*} = '${setting#*=}'\"" >/dev/null
  done
  as_pg "psql -qAt -h 127.0.0.1 -p $MONITOR_PORT -d pg_auto_failover -c 'SELECT pg_reload_conf()'" >/dev/null
  local n=0
  for port in "${NODES[@]}"; do
    n=$((n + 1))
    as_pg "pg_autoctl create postgres --pgdata $dir/node$n --pgport $port --hostname 127.0.0.1 \
      --auth trust --no-ssl --monitor '$monitor_url' --name node$n" >"$dir/create-node$n.log" 2>&1
    # A primary cut off from the monitor and its standby demotes itself after this long
    # (default 20 s): under the monitor's 3 s demote timeout above, so when the monitor
    # promotes the standby the old primary, if it lives, has stopped taking writes.
    as_pg "pg_autoctl config set --pgdata $dir/node$n timeout.network_partition_timeout 2" >/dev/null
    as_pg "nohup pg_autoctl run --pgdata $dir/node$n >$dir/node$n.log 2>&1 &"
    # Wait for each node to reach its state: the first is `single` until the second, a clone
    # of it, is `secondary` (the first is then `primary`).
    local want=single
    [ "$n" -gt 1 ] && want=secondary
    local reached=
    for _ in $(seq 1 600); do
      if as_pg "pg_autoctl show state --pgdata $dir/monitor" |
        grep -Eq "^ *node$n .*\| *$want *\| *$want *$"; then
        reached=yes
        break
      fi
      sleep 0.2
    done
    [ -n "$reached" ] || { echo "node$n never reached $want: see $dir/node$n.log" >&2; exit 1; }
  done
  local hosts
  hosts=$(printf '127.0.0.1:%s,' "${NODES[@]}")
  echo "postgres://postgres@${hosts%,}/postgres?target_session_attrs=read-write"
}

down() {
  local pids
  pids=$(pgrep -f "pg_autoctl run --pgdata $dir/" || true)
  [ -n "$pids" ] && kill $pids 2>/dev/null || true
  for _ in $(seq 1 50); do
    pgrep -f "pg_autoctl run --pgdata $dir/" >/dev/null || break
    sleep 0.2
  done
  for data in "$dir"/monitor "$dir"/node*; do
    [ -f "$data/postmaster.pid" ] && as_pg "pg_ctl -D $data -m immediate -w stop" >/dev/null 2>&1 || true
  done
  # Nothing of it may answer on its ports once down (a new formation would meet it there).
  for port in "$MONITOR_PORT" "${NODES[@]}"; do
    for _ in $(seq 1 100); do
      as_pg "pg_isready -q -h 127.0.0.1 -p $port" || break
      sleep 0.1
    done
  done
}

# The monitor's table, one node a line: name, port, reported state, assigned state.
nodes() {
  as_pg "pg_autoctl show state --pgdata $dir/monitor" |
    awk -F'|' 'NR > 2 && NF >= 7 { gsub(/ /, ""); split($3, hp, ":"); print $1, hp[2], $6, $7 }'
}

# The primary's name and port on the first line, then each other node's; waits (up to 30 s)
# for the formation to settle on a primary.
primary() {
  local table line
  for _ in $(seq 1 300); do
    table=$(nodes)
    line=$(awk '($3 == "primary" || $3 == "wait_primary" || $3 == "single") && $3 == $4 { print $1, $2; exit }' <<<"$table")
    if [ -n "$line" ]; then
      echo "$line"
      awk -v n="${line%% *}" '$1 != n { print $1, $2 }' <<<"$table"
      return 0
    fi
    sleep 0.1
  done
  echo "no primary within 30 s" >&2
  exit 1
}

# Each PID given and every process under them, from one reading of the process table (a
# pgrep per process took seconds with a node's backends, while the node lived on).
tree() {
  ps -eo pid=,ppid= | awk -v roots="$*" '
    { parent[$1] = $2 }
    END {
      n = split(roots, todo, " ")
      for (i = 1; i <= n; i++) keep[todo[i]] = 1
      do {
        added = 0
        for (p in parent) if (!(p in keep) && (parent[p] in keep)) { keep[p] = 1; added = 1 }
      } while (added)
      for (p in keep) print p
    }'
}

kill_node() {
  local node=$1 keeper pids
  keeper=$(pgrep -f "pg_autoctl run --pgdata $dir/$node\$" | head -n 1 || true)
  [ -n "$keeper" ] || { echo "no keeper runs for $node" >&2; exit 1; }
  local roots=$keeper
  # A postmaster the keeper lost track of counts too.
  [ -f "$dir/$node/postmaster.pid" ] && roots="$roots $(head -n 1 "$dir/$node/postmaster.pid")"
  pids=$(tree $roots)
  kill -9 $pids 2>/dev/null || true
}

rejoin() {
  local node=$1
  as_pg "nohup pg_autoctl run --pgdata $dir/$node >>$dir/$node.log 2>&1 &"
  for _ in $(seq 1 1200); do
    nodes | awk -v n="$node" '$1 == n && $3 == "secondary" && $4 == "secondary" { ok = 1 } END { exit !ok }' && return 0
    sleep 0.1
  done
  echo "$node did not rejoin as secondary within 120 s: see $dir/$node.log" >&2
  exit 1
}

usage="usage: db-formation.sh up|state|down|primary DIR, or kill|rejoin DIR NODE"
case "$cmd" in
  up) up ;;
  state) as_pg "pg_autoctl show state --pgdata $dir/monitor" ;;
  down) down ;;
  primary) primary ;;
  kill) kill_node "${3:?$usage}" ;;
  rejoin) rejoin "${3:?$usage}" ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
