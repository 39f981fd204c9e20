#!/usr/bin/env bash
# The restore drill CI runs (docs/operations.md "Backups and restore"): money moves into a fresh database through a
# real server (demo data, sandbox providers: QR deposits, slips whose images land in the uploads directory, game
# transfers, withdrawals), scripts/ops/backup.sh, scripts/ops/restore.sh into another fresh database and uploads
# directory, then `npm run ledger:check` and `npm run audit:verify` on the restored database, every balance equal
# to the source's and every upload's checksum equal. Prints its figures; cleans up its databases and processes.
set -euo pipefail
OPS_NAME=restore-drill
# shellcheck source=scripts/ops/lib.sh
. "$(dirname "$0")/lib.sh"
trap ops_cleanup EXIT
started=$(date +%s)

src="wallet_drill_src_$$"
dst="wallet_drill_dst_$$"
ops_tmpdir
dir=$OPS_DIR
app_port=$(ops_free_port)
ops_create_db "$src" >/dev/null
src_url=$(ops_db_url "$src")
dst_url=$(ops_db_url "$dst")

ops_start_server "$app_port" "$dir/server.log" \
  DATABASE_URL="$src_url" DATA_DIR="$dir/src-data" JOBS=true \
  PROVIDERS=sandbox ALLOW_SANDBOX_IN_PRODUCTION=true DEMO_DATA=true PUBLIC_URL="http://127.0.0.1:$app_port" \
  JWT_SECRET="$(openssl rand -hex 32)" ENCRYPTION_KEY="$(openssl rand -hex 32)" PROVIDER_SECRET="$(openssl rand -hex 24)"
server_pid=${OPS_PIDS[-1]}
(cd "$OPS_ROOT" && npx tsx apps/server/src/scripts/money-smoke.ts "http://127.0.0.1:$app_port" --rounds 2) |
  sed "s/^/  /" || {
  ops_log "money smoke failed; server log:"
  tail -n 40 "$dir/server.log"
  exit 1
}
# the outbox drained (subscribers' effects are part of what is backed up), then the source stops changing
for _ in $(seq 1 240); do
  [ "$(ops_psql -d "$src" -tAc "select count(*) from outbox_events where delivered_at is null")" = 0 ] && break
  sleep 0.25
done

# backup while the server runs (pg_dump reads one snapshot), then stop it so the source can be compared
t0=$(date +%s)
backup=$(DATABASE_URL="$src_url" DATA_DIR="$dir/src-data" bash "$OPS_ROOT/scripts/ops/backup.sh" "$dir/backups")
backup_s=$(($(date +%s) - t0))
kill "$server_pid"
for _ in $(seq 1 120); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.25; done
sed 's/^/  /' "$backup/MANIFEST" | sed '/checksums:/,$d'

t0=$(date +%s)
ops_create_db "$dst" >/dev/null
DATA_DIR="$dir/dst-data" bash "$OPS_ROOT/scripts/ops/restore.sh" "$backup" "$dst_url" | sed 's/^/  /'
restore_s=$(($(date +%s) - t0))

(cd "$OPS_ROOT" && DATABASE_URL="$dst_url" npm run -s ledger:check) | sed 's/^/  /'
(cd "$OPS_ROOT" && DATABASE_URL="$dst_url" npm run -s audit:verify) | sed 's/^/  /'

# every balance and every ledger sum of the restored database equals the source's
balances="select code || ' ' || currency || ' ' || balance from ledger_accounts order by code, currency"
sums="select kind || ' ' || count(*) from ledger_transactions group by kind order by kind"
diff <(ops_psql -d "$src" -tAc "$balances") <(ops_psql -d "$dst" -tAc "$balances")
diff <(ops_psql -d "$src" -tAc "$sums") <(ops_psql -d "$dst" -tAc "$sums")
accounts=$(ops_psql -d "$dst" -tAc "select count(*) from ledger_accounts")
# every upload, byte for byte
sums_of() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 -r sha256sum); }
diff <(sums_of "$dir/src-data/uploads") <(sums_of "$dir/dst-data/uploads")
files=$(sums_of "$dir/dst-data/uploads" | wc -l)
[ "$files" -gt 0 ] || { ops_log "the drill made no upload to restore"; exit 1; }

echo "  restored_accounts_equal=$accounts upload_files_equal=$files backup_seconds=$backup_s restore_seconds=$restore_s"
ops_log "OK in $(($(date +%s) - started)) s"
