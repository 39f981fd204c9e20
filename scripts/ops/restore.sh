#!/usr/bin/env bash
# Restores a backup made by scripts/ops/backup.sh (docs/operations.md "Backups and restore"):
#   scripts/ops/restore.sh <backup directory> <target DATABASE_URL> [<uploads directory>]
# The target database must exist and be empty (createdb); the servers must be stopped. Checks every checksum of
# the MANIFEST first, restores the dump in one transaction (all or nothing), unpacks the uploads (disk backups)
# into the uploads directory (default: DATA_DIR/uploads) and checks each file's checksum, then compares the
# restored ledger figures with the ones recorded at backup time. Exits non-zero on any difference.
# Afterwards: `DATABASE_URL=<target> npm run ledger:check` and `npm run audit:verify` (restore-drill.sh does).
set -euo pipefail
backup=${1:?usage: restore.sh <backup directory> <target DATABASE_URL> [<uploads directory>]}
target=${2:?usage: restore.sh <backup directory> <target DATABASE_URL> [<uploads directory>]}
repo=$(cd "$(dirname "$0")/../.." && pwd)
uploads=${3:-${DATA_DIR:-$repo/data}/uploads}

# 1. the backup is whole
(cd "$backup" && sed -n '/^checksums:$/,$p' MANIFEST | tail -n +2 | sha256sum --check --quiet)

# 2. the target is empty, then the database in one transaction
tables=$(psql -X -tA --no-password "$target" -c "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")
if [ "$tables" != 0 ]; then
  echo "restore: the target database already has $tables tables; restore into a new, empty database" >&2
  exit 1
fi
pg_restore --no-password --exit-on-error --single-transaction --no-owner --dbname="$target" "$backup/database.dump"

# 3. uploads (disk backups; an S3 backup lists the objects: see docs/operations.md)
if [ -f "$backup/uploads.tar" ]; then
  mkdir -p "$uploads"
  tar -C "$uploads" -xf "$backup/uploads.tar"
  (cd "$uploads" && sha256sum --check --quiet "$backup/uploads.sha256")
  echo "restore: $(wc -l <"$backup/uploads.sha256") upload files restored into $uploads, checksums equal"
elif [ -f "$backup/uploads-s3.tsv" ]; then
  echo "restore: uploads are in the S3 bucket ($(wc -l <"$backup/uploads-s3.tsv") objects listed in uploads-s3.tsv)"
fi

# 4. the restored ledger is the one that was backed up
restored=$(psql -X -tA --no-password "$target" -c "
  select 'ledger_transactions=' || count(*) from ledger_transactions union all
  select 'ledger_entries=' || count(*) from ledger_entries union all
  select 'members=' || count(*) from members union all
  select 'balances_sha256=' || encode(sha256(coalesce(string_agg(code || ':' || currency || ':' || balance, ',' order by code, currency), '')::bytea), 'hex') from ledger_accounts")
if [ "$restored" != "$(cat "$backup/figures")" ]; then
  echo "restore: the restored figures differ from the backup's:" >&2
  diff <(cat "$backup/figures") <(echo "$restored") >&2 || true
  exit 1
fi
echo "restore: database restored, figures equal: $(tr '\n' ' ' <"$backup/figures")"
