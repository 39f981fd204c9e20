#!/usr/bin/env bash
# The product through PgBouncer in transaction mode (docs/operations.md, "PgBouncer"; ADR 0031): a fresh database,
# PgBouncer on a spare port in front of it, one server process (jobs and the outbox relay on, sandbox providers,
# demo data) whose DATABASE_URL goes through PgBouncer, a money smoke (QR deposit paid in the sandbox, game
# transfers both ways, withdrawals), then: jobs ran and succeeded, the outbox drained, `npm run ledger:check`
# through PgBouncer. Cleans up its database and processes on exit. Needs PostgreSQL at 127.0.0.1:5432, pgbouncer.
set -euo pipefail
OPS_NAME=pgbouncer-check
# shellcheck source=scripts/ops/lib.sh
. "$(dirname "$0")/lib.sh"
trap ops_cleanup EXIT
started=$(date +%s)

db="wallet_pgb_$$"
ops_tmpdir
dir=$OPS_DIR
pgb_port=$(ops_free_port)
app_port=$(ops_free_port)
ops_create_db "$db" >/dev/null
ops_start_pgbouncer "$db" "$pgb_port" "$dir"
pooled="postgres://$OPS_PG_USER@127.0.0.1:$pgb_port/$db"
ops_log "PgBouncer $(pgbouncer --version | head -1 | awk '{print $2}') in transaction mode on $pgb_port → $db"

ops_start_server "$app_port" "$dir/server.log" \
  DATABASE_URL="$pooled" DATABASE_PREPARED_STATEMENTS=false DATA_DIR="$dir/data" JOBS=true \
  PROVIDERS=sandbox ALLOW_SANDBOX_IN_PRODUCTION=true DEMO_DATA=true PUBLIC_URL="http://127.0.0.1:$app_port" \
  JWT_SECRET="$(openssl rand -hex 32)" ENCRYPTION_KEY="$(openssl rand -hex 32)" PROVIDER_SECRET="$(openssl rand -hex 24)"
ops_log "server on $app_port through PgBouncer is ready ($(($(date +%s) - started)) s)"

(cd "$OPS_ROOT" && npx tsx apps/server/src/scripts/money-smoke.ts "http://127.0.0.1:$app_port" --rounds 3) |
  sed "s/^/  /" || {
  ops_log "money smoke failed; server log:"
  tail -n 40 "$dir/server.log"
  exit 1
}

q() { psql -X -h 127.0.0.1 -p "$pgb_port" -U "$OPS_PG_USER" -d "$db" -tAc "$1"; }
# the job runner and the outbox relay worked through PgBouncer: some runs succeeded, none failed, outbox drained
for _ in $(seq 1 240); do
  [ "$(q "select count(*) from job_runs where status = 'succeeded'")" -gt 0 ] &&
    [ "$(q "select count(*) from outbox_events where delivered_at is null")" = 0 ] && break
  sleep 0.25
done
succeeded=$(q "select count(*) from job_runs where status = 'succeeded'")
failed=$(q "select count(*) from job_runs where status = 'failed'")
delivered=$(q "select count(*) from outbox_events where delivered_at is not null")
undelivered=$(q "select count(*) from outbox_events where delivered_at is null")
withdrawals=$(q "select string_agg(status || ':' || n, ' ') from (select status, count(*) n from withdrawals group by status) s")
echo "  job_runs_succeeded=$succeeded job_runs_failed=$failed outbox_delivered=$delivered outbox_undelivered=$undelivered"
echo "  withdrawals=${withdrawals:-none}"
if grep -qiE 'prepared statement|unnamed portal|could not serialize' "$dir/server.log"; then
  ops_log "the server log shows a pooling error:"
  grep -iE 'prepared statement|unnamed portal' "$dir/server.log" | head -5
  exit 1
fi
[ "$succeeded" -gt 0 ] || { ops_log "no job run succeeded"; exit 1; }
[ "$failed" = 0 ] || { ops_log "$failed job runs failed"; q "select job, error from job_runs where status = 'failed'"; exit 1; }
[ "$delivered" -gt 0 ] && [ "$undelivered" = 0 ] || { ops_log "the outbox did not drain"; exit 1; }

(cd "$OPS_ROOT" && DATABASE_URL="$pooled" npm run -s ledger:check) | sed "s/^/  /"
ops_log "OK in $(($(date +%s) - started)) s"
