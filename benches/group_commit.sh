#!/usr/bin/env bash
# What one group commit costs PostgreSQL: `commit_bid_groups` called straight with pgbench (one
# client, prepared, durable commits) for groups of several sizes, PostgreSQL's CPU per call read
# from /proc (the postmaster, the children it reaped and the live ones), for one build or two
# side by side. docs/performance.md, "Group commit".
#
#   benches/group_commit.sh [--bin target/release/tyiyn] [--base-bin OTHER] [--secs 5] [--rounds 2]
#                           [--sizes "1x1 1x5 1x20 1x100 100x1"]
#
# A size KxN is K auctions with N bids each (N distinct bidders per auction, the last one its
# leader, as the server sends them). Each build's schema
# and function come from running that binary once against a database of its own (it migrates at
# start), seeded with 5,000 bidders and 100 live auctions. Needs pgbench, psql and python3, and
# a PostgreSQL on this machine (its processes are read from /proc): DATABASE_URL names its
# server (default postgres://postgres@127.0.0.1:5432/postgres). Nothing else should use that
# PostgreSQL during the run: every process of it is counted.
set -euo pipefail

bin=target/release/tyiyn
base_bin=""
secs=5
rounds=2
sizes="1x1 1x5 1x20 1x100 100x1"
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin=$2; shift 2 ;;
    --base-bin) base_bin=$2; shift 2 ;;
    --secs) secs=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done

url=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
server=${url%/*}
work=$(mktemp -d)
dbs=()
cleanup() {
  for db in "${dbs[@]}"; do psql -q "$url" -c "drop database if exists $db with (force)" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT

postmaster=$(head -1 "$(psql -At "$url" -c 'show data_directory')/postmaster.pid")
# Seconds of CPU of the whole cluster: the postmaster with its reaped children, and the live ones.
cluster_cpu() {
  python3 - "$postmaster" <<'EOF'
import os, sys
pm = int(sys.argv[1]); tck = os.sysconf("SC_CLK_TCK")
def fields(pid):
    s = open(f"/proc/{pid}/stat").read()
    return s[s.rindex(")") + 2:].split()
f = fields(pm); total = sum(int(x) for x in f[11:15])
for p in os.listdir("/proc"):
    if p.isdigit():
        try:
            f = fields(p)
            if int(f[1]) == pm: total += int(f[11]) + int(f[12])
        except (OSError, ValueError):
            pass
print(total / tck)
EOF
}

# Database $2, migrated by build $1 (serving on port $3 until it says it listens), seeded.
prepare() {
  local build=$1 db=$2 port=$3
  psql -q "$url" -c "create database $db" >/dev/null
  BIND_ADDR=127.0.0.1:$port TYIYN_SERVER__METRICS_ADDR=127.0.0.1:$((port + 5000)) \
    DATABASE_URL="$server/$db" setsid "$build" >"$work/$db.log" 2>&1 &
  local pid=$!
  for _ in $(seq 120); do grep -q 'listening' "$work/$db.log" && break; sleep 0.5; done
  kill -- -"$pid" 2>/dev/null || kill "$pid"; wait "$pid" 2>/dev/null || true
  grep -q 'listening' "$work/$db.log" || { cat "$work/$db.log" >&2; exit 1; }
  psql -q -v ON_ERROR_STOP=1 "$server/$db" >/dev/null <<'EOF'
insert into app_user (username, password_hash, bid_balance)
select 'bidder' || g, 'x', 1000000000 from generate_series(1, 5000) g;
insert into auction (display_id, title, retail_price, current_price, start_time, status, ends_at)
select 'G' || g, 'Group commit ' || g, 100, 1, now(), 'live', now() + interval '1 day'
from generate_series(1, 100) g;
EOF
}

# The pgbench script of one group of $1 auctions with $2 bids each, by distinct random bidders,
# for database $3: a build from before migration 0029 takes no group token.
script() {
  local k=$1 per=$2 n=$(($1 * $2)) db=$3 file="$work/g${1}x${2}-$3.sql" token=", (random() * 9e18)::bigint"
  [ "$(psql -tAq "$server/$db" -c "select max(pronargs) from pg_proc where proname = 'commit_bid_groups'")" = 15 ] \
    || token=""
  local hash; hash=$(printf 'ab%.0s' $(seq 32))
  cat >"$file" <<EOF
\\set base random(1, $((5000 - n)))
select * from commit_bid_groups((select array_agg(1 + g / $per) from generate_series(0, $((n - 1))) g), (select array_agg(:base + g)::bigint[] from generate_series(0, $((n - 1))) g), array_fill(2::bigint, array[$n]), array_fill(false, array[$n]), array_fill(null::text, array[$n]), array_fill(now(), array[$n]), array_fill('$hash'::text, array[$n]), array_fill(false, array[$n]), (select array_agg(a.id order by a.id) from (select id from auction order by id limit $k) a), array_fill(2::bigint, array[$k]), (select array_agg(:base + g * $per - 1)::bigint[] from generate_series(1, $k) g), array_fill(now() + interval '10 s', array[$k]), array_fill(1::bigint, array[$k]), null::bigint[]$token);
EOF
  echo "$file"
}

# One measurement: prints "calls cpu_seconds".
measure() {
  local db=$1 file=$2 before after out
  before=$(cluster_cpu)
  out=$(pgbench -n -M prepared -c 1 -T "$secs" -f "$file" "$server/$db" 2>&1)
  after=$(cluster_cpu)
  local calls; calls=$(grep 'number of transactions actually processed' <<<"$out" | awk '{print $NF}' | cut -d/ -f1)
  [ -n "$calls" ] || { echo "$out" >&2; exit 1; }
  grep -q 'number of failed transactions: 0 ' <<<"$out" || { echo "$out" >&2; exit 1; }
  echo "$calls $after $before"
}

builds=("$bin")
[ -n "$base_bin" ] && builds=("$base_bin" "$bin")
names=()
for i in "${!builds[@]}"; do
  names+=("group_commit_$$_$i")
  dbs+=("${names[$i]}")
  prepare "${builds[$i]}" "${names[$i]}" $((20000 + $$ % 5000 + i))
done

echo "PostgreSQL CPU per group commit (pgbench -M prepared -c 1, ${secs} s each, durable commits)"
for size in $sizes; do
  for round in $(seq "$rounds"); do
    for i in "${!builds[@]}"; do
      file=$(script "${size%x*}" "${size#*x}" "${names[$i]}")
      read -r calls after before < <(measure "${names[$i]}" "$file")
      python3 -c "
calls, cpu = $calls, $after - $before
bids = ${size%x*} * ${size#*x}
print(f'group $size ({bids} bids), round $round, {\"${builds[$i]}\"}: {calls} calls, '
      f'{cpu / calls * 1e6:.0f} µs per call, {cpu / calls / bids * 1e6:.1f} µs per bid')"
    done
  done
done
