# Shared pieces of the operations drills (pgbouncer-check.sh, restore-drill.sh), sourced, not run.
# PostgreSQL is the local server at 127.0.0.1:5432 (trust auth, user postgres); every database and process a drill
# makes is registered here and removed by `ops_cleanup` (the drills trap EXIT with it).
# shellcheck shell=bash

OPS_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
OPS_PG_HOST=${OPS_PG_HOST:-127.0.0.1}
OPS_PG_PORT=${OPS_PG_PORT:-5432}
OPS_PG_USER=${OPS_PG_USER:-postgres}
OPS_DATABASES=()
OPS_PIDS=()
OPS_DIRS=()

ops_log() { printf '[%s %s] %s\n' "$(date -u +%H:%M:%S)" "${OPS_NAME:-ops}" "$*"; }
ops_psql() { PGOPTIONS="-c client_min_messages=warning" psql -X -q -v ON_ERROR_STOP=1 -h "$OPS_PG_HOST" -p "$OPS_PG_PORT" -U "$OPS_PG_USER" "$@"; }

# a free TCP port on loopback (the kernel picks it)
ops_free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# a fresh, empty database named $1 (dropped first if a crashed run left it), dropped again on exit
ops_create_db() {
  ops_psql -d postgres -c "DROP DATABASE IF EXISTS \"$1\" WITH (FORCE)" -c "CREATE DATABASE \"$1\""
  OPS_DATABASES+=("$1")
}

ops_db_url() { echo "postgres://$OPS_PG_USER@$OPS_PG_HOST:$OPS_PG_PORT/$1"; }

# a scratch directory in OPS_DIR, removed on exit (not `$(…)`: the registration must happen in this shell)
ops_tmpdir() {
  OPS_DIR=$(mktemp -d "/tmp/wallet-${OPS_NAME:-ops}.XXXXXX")
  chmod 755 "$OPS_DIR"
  OPS_DIRS+=("$OPS_DIR")
}

# waits until `curl $1` answers 2xx, at most $2 seconds (default 90); fails naming the log $3
ops_wait_http() {
  local url=$1 limit=${2:-90} log=${3:-}
  for _ in $(seq 1 $((limit * 4))); do
    if curl -fsS -o /dev/null --max-time 2 "$url" 2>/dev/null; then return 0; fi
    sleep 0.25
  done
  ops_log "no answer from $url within ${limit}s"
  [ -n "$log" ] && tail -n 40 "$log"
  return 1
}

# PgBouncer in transaction mode on $2 in front of database $1, config in directory $3 (it may not run as root)
ops_start_pgbouncer() {
  local db=$1 port=$2 dir=$3 as_user=()
  cat >"$dir/pgbouncer.ini" <<EOF
[databases]
$db = host=$OPS_PG_HOST port=$OPS_PG_PORT dbname=$db user=$OPS_PG_USER

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
default_pool_size = 20
max_client_conn = 500
ignore_startup_parameters = extra_float_digits
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
EOF
  printf '"%s" ""\n' "$OPS_PG_USER" >"$dir/userlist.txt"
  chmod 644 "$dir/pgbouncer.ini" "$dir/userlist.txt"
  [ "$(id -u)" = 0 ] && as_user=(-u postgres) && chown postgres "$dir"
  pgbouncer -d "${as_user[@]}" "$dir/pgbouncer.ini"
  for _ in $(seq 1 40); do [ -s "$dir/pgbouncer.pid" ] && break; sleep 0.25; done
  OPS_PIDS+=("$(cat "$dir/pgbouncer.pid")")
  psql -X -h 127.0.0.1 -p "$port" -U "$OPS_PG_USER" -d "$db" -tAc 'select 1' >/dev/null
}

# one server process: ops_start_server <port> <log file> [NAME=value…]; prints nothing, registers the pid
ops_start_server() {
  local port=$1 log=$2
  shift 2
  (
    cd "$OPS_ROOT" &&
      exec env NODE_ENV=production HOST=127.0.0.1 PORT="$port" LOG_LEVEL=warn "$@" \
        node --import tsx apps/server/src/server.ts
  ) >"$log" 2>&1 &
  OPS_PIDS+=("$!")
  ops_wait_http "http://127.0.0.1:$port/ready" 120 "$log"
}

ops_cleanup() {
  local pid db dir
  for pid in "${OPS_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${OPS_PIDS[@]}"; do
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -9 "$pid" 2>/dev/null || true
  done
  for db in "${OPS_DATABASES[@]}"; do
    ops_psql -d postgres -c "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 || true
  done
  for dir in "${OPS_DIRS[@]}"; do rm -rf "$dir"; done
}
