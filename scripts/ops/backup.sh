#!/usr/bin/env bash
# A backup of the member wallet (docs/operations.md "Backups and restore"; ADR 0031):
#   scripts/ops/backup.sh <backup root>      → <backup root>/wallet-<UTC time>/ and prints that path
# Environment: DATABASE_URL (DIRECT to PostgreSQL, not through PgBouncer: pg_dump holds one snapshot for its whole
# run), and the uploads as the server reads them: STORAGE=disk (DATA_DIR/uploads, or UPLOADS_DIR) or STORAGE=s3
# with S3_* (the object listing is kept; the objects are protected by bucket versioning and replication).
# Contents: database.dump (pg_dump custom format, one consistent snapshot), uploads.tar (disk) with
# uploads.sha256, or uploads-s3.tsv (S3 listing), and MANIFEST (time, release, sizes, counts, checksums).
set -euo pipefail
root=${1:?usage: backup.sh <backup root directory>}
: "${DATABASE_URL:?DATABASE_URL (direct PostgreSQL) is required}"
repo=$(cd "$(dirname "$0")/../.." && pwd)
storage=${STORAGE:-disk}
uploads=${UPLOADS_DIR:-${DATA_DIR:-$repo/data}/uploads}
stamp=$(date -u +%Y%m%dT%H%M%SZ)
out="$root/wallet-$stamp"
mkdir -p "$out"
chmod 700 "$out"
started=$(date +%s)

# one snapshot for the dump and the figures a restore is checked against: a session exports it and stays open
# (REPEATABLE READ) while pg_dump reads the same snapshot, so money moving meanwhile changes neither
figures_sql="select 'ledger_transactions=' || count(*) from ledger_transactions union all
  select 'ledger_entries=' || count(*) from ledger_entries union all
  select 'members=' || count(*) from members union all
  select 'balances_sha256=' || encode(sha256(coalesce(string_agg(code || ':' || currency || ':' || balance, ',' order by code, currency), '')::bytea), 'hex') from ledger_accounts;"
coproc SNAPSHOT { psql -X -q -tA --no-password -v ON_ERROR_STOP=1 "$DATABASE_URL"; }
echo "begin isolation level repeatable read read only; select pg_export_snapshot();" >&"${SNAPSHOT[1]}"
read -r -t 30 snapshot <&"${SNAPSHOT[0]}"
# the database: custom format (compressed, restorable table by table, parallel pg_restore -j)
pg_dump --format=custom --compress=6 --no-password --snapshot="$snapshot" --file="$out/database.dump" "$DATABASE_URL"
# one line, written by this shell itself (a coprocess's descriptors do not reach subshells or pipelines)
echo "${figures_sql//$'\n'/ }" >&"${SNAPSHOT[1]}"
for _ in 1 2 3 4; do
  read -r -t 60 line <&"${SNAPSHOT[0]}"
  echo "$line"
done >"$out/figures"
printf 'commit;\n\\q\n' >&"${SNAPSHOT[1]}"
wait "$SNAPSHOT_PID"
pg_restore --list "$out/database.dump" >/dev/null # readable

if [ "$storage" = s3 ]; then
  (cd "$repo" && npx tsx apps/server/src/scripts/uploads-manifest.ts ${S3_MANIFEST_VERSIONS:+--versions}) >"$out/uploads-s3.tsv"
  uploads_line="uploads: s3 bucket $S3_BUCKET, $(wc -l <"$out/uploads-s3.tsv") objects listed in uploads-s3.tsv"
else
  mkdir -p "$uploads"
  tar -C "$uploads" -cf "$out/uploads.tar" .
  (cd "$uploads" && find . -type f -print0 | sort -z | xargs -0 -r sha256sum) >"$out/uploads.sha256"
  uploads_line="uploads: disk $uploads, $(wc -l <"$out/uploads.sha256") files in uploads.tar"
fi

{
  echo "created: $stamp"
  echo "release: $(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown)"
  echo "pg_dump: $(pg_dump --version)"
  echo "database: $(du -h "$out/database.dump" | cut -f1) custom-format dump"
  echo "$uploads_line"
  echo "seconds: $(($(date +%s) - started))"
  echo "checksums:"
  # shellcheck disable=SC2046 # the upload files this backup has (one of two layouts)
  (cd "$out" && sha256sum database.dump figures $(ls uploads.tar uploads.sha256 uploads-s3.tsv 2>/dev/null))
} >"$out/MANIFEST"
echo "$out"
