#!/usr/bin/env bash
# A real S3 server on loopback for the storage contract test: a one-node Ceph cluster (memstore OSD, no auth between
# daemons) with the RADOS Gateway in front (shared/reference/dependencies-2.md §2). Debian packages:
#   apt-get install -y --no-install-recommends radosgw ceph-mon ceph-osd
#
#   scripts/start-s3.sh start DIR   starts it with its state in DIR (a fresh temp dir), prints the env to export:
#                                   S3_TEST_ENDPOINT, S3_TEST_ACCESS_KEY_ID, S3_TEST_SECRET_ACCESS_KEY
#   scripts/start-s3.sh stop DIR    stops the three daemons of DIR by their pids and removes DIR
set -euo pipefail

ACCESS_KEY=TESTACCESSKEY
SECRET_KEY=testsecretkey0123456789

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

start() {
  local dir=$1
  mkdir -p "$dir"/{mon,osd,run,log,rgw}
  dir=$(cd "$dir" && pwd)
  local mon_port rgw_port fsid osd_uuid osd_id
  mon_port=$(free_port)
  rgw_port=$(free_port)
  fsid=$(cat /proc/sys/kernel/random/uuid)
  cat >"$dir/ceph.conf" <<CONF
[global]
fsid = $fsid
mon host = v1:127.0.0.1:$mon_port
public addr = 127.0.0.1
auth cluster required = none
auth service required = none
auth client required = none
osd pool default size = 1
osd pool default min size = 1
mon allow pool size one = true
osd objectstore = memstore
memstore device bytes = 536870912
run dir = $dir/run
log file = $dir/log/\$name.log
admin socket = $dir/run/\$name.asok
mon data = $dir/mon/\$name
osd data = $dir/osd/\$name
pid file = $dir/run/\$name.pid
ms bind ipv6 = false
mon max pg per osd = 1000
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
# the OSD would place itself in the CRUSH map with a mon command at start, which races its first monmap
# ("wrong fsid", about every other start): the script places it before starting it instead
osd crush update on start = false
osd class update on start = false
[client.rgw.s3]
rgw frontends = beast endpoint=127.0.0.1:$rgw_port
CONF
  local conf="$dir/ceph.conf"
  trap 'echo "start-s3: failed at line $LINENO (logs in '"$dir"'/log)" >&2' ERR
  ceph-authtool --create-keyring "$dir/mon.keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  monmaptool --create --add a "v1:127.0.0.1:$mon_port" --fsid "$fsid" "$dir/monmap" >/dev/null
  ceph-mon -c "$conf" --mkfs -i a --monmap "$dir/monmap" --keyring "$dir/mon.keyring"
  ceph-mon -c "$conf" -i a
  osd_uuid=$(cat /proc/sys/kernel/random/uuid)
  # pass the uuid, or the OSD refuses to start ("wrong fsid"); its data dir must exist before --mkfs (memstore)
  osd_id=$(ceph -c "$conf" --connect-timeout 30 osd create "$osd_uuid")
  mkdir -p "$dir/osd/osd.$osd_id"
  ceph -c "$conf" osd crush add-bucket localhost host >/dev/null 2>&1
  ceph -c "$conf" osd crush move localhost root=default >/dev/null 2>&1
  ceph -c "$conf" osd crush add "osd.$osd_id" 1.0 host=localhost >/dev/null 2>&1
  ceph-osd -c "$conf" -i "$osd_id" --mkfs --osd-uuid "$osd_uuid" 2>>"$dir/log/osd-mkfs.log"
  ceph-osd -c "$conf" -i "$osd_id" 2>>"$dir/log/osd-start.log"
  radosgw -c "$conf" -n client.rgw.s3 --rgw-data="$dir/rgw"
  for _ in $(seq 1 120); do
    curl -s -o /dev/null "http://127.0.0.1:$rgw_port/" && break
    sleep 0.5
  done
  curl -s -o /dev/null "http://127.0.0.1:$rgw_port/" || {
    echo "start-s3: the gateway did not answer on 127.0.0.1:$rgw_port (logs in $dir/log)" >&2
    exit 1
  }
  radosgw-admin -c "$conf" user create --uid=contract-test --display-name=contract-test \
    --access-key="$ACCESS_KEY" --secret-key="$SECRET_KEY" >/dev/null
  echo "S3_TEST_ENDPOINT=http://127.0.0.1:$rgw_port"
  echo "S3_TEST_ACCESS_KEY_ID=$ACCESS_KEY"
  echo "S3_TEST_SECRET_ACCESS_KEY=$SECRET_KEY"
}

stop() {
  local dir=$1
  [ -d "$dir" ] || return 0
  dir=$(cd "$dir" && pwd)
  local pids=()
  for f in "$dir"/run/*.pid; do
    [ -f "$f" ] && pids+=("$(cat "$f")")
  done
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for _ in $(seq 1 40); do
    local alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break
    sleep 0.25
  done
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
  rm -rf "$dir"
}

case "${1:-}" in
  start) start "${2:?usage: start-s3.sh start DIR}" ;;
  stop) stop "${2:?usage: start-s3.sh stop DIR}" ;;
  *)
    echo "usage: scripts/start-s3.sh start|stop DIR" >&2
    exit 2
    ;;
esac
