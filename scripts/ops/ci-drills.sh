#!/usr/bin/env bash
# The operations drills CI runs (.ci/run; docs/operations.md): the alert rules (promtool check and unit tests),
# the shipped HAProxy and Prometheus configurations, the product through PgBouncer in transaction mode, and a
# backup restored and checked. Needs PostgreSQL at 127.0.0.1:5432 and Debian's haproxy, pgbouncer and prometheus
# (promtool); each drill cleans up its own databases and processes. About two minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)
step() { printf '\n--- ops: %s ---\n' "$*"; }
tmp=$(mktemp -d /tmp/wallet-ci-drills.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

step "alert rules and Prometheus configuration (promtool $(promtool --version 2>&1 | head -1 | awk '{print $3}'))"
promtool check rules deploy/prometheus/alerts.yml
promtool test rules deploy/prometheus/alerts.test.yml
# the scrape configuration as shipped, with its token file pointed at a stand-in
cp deploy/prometheus/alerts.yml "$tmp/"
echo stand-in-token >"$tmp/token"
sed "s|/etc/prometheus/member-wallet-metrics-token|$tmp/token|" deploy/prometheus/prometheus.yml >"$tmp/prometheus.yml"
promtool check config "$tmp/prometheus.yml"

step "HAProxy configuration ($(haproxy -v | head -1 | awk '{print $3}'))"
haproxy -c -f deploy/haproxy/haproxy.cfg

step "PgBouncer in transaction mode"
t0=$(date +%s)
bash scripts/ops/pgbouncer-check.sh
pgb_s=$(($(date +%s) - t0))

step "backup and restore drill"
t0=$(date +%s)
bash scripts/ops/restore-drill.sh
drill_s=$(($(date +%s) - t0))

printf '\nops drills OK: pgbouncer-check %s s, restore-drill %s s, total %s s\n' \
  "$pgb_s" "$drill_s" "$(($(date +%s) - started))"
