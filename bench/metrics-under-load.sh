#!/usr/bin/env bash
# /metrics scraped every 3 s during the checkout bench on PostgreSQL (issue 33's proof): the families whose samples moved
# or appeared between the first scrape and the last. CUSTOMERS (default 200) sets the load; 1500 runs about a minute.
set -u
cd "$(dirname "$0")/.."
TOKEN=metrics-proof-token-0123456789abcdef
psql postgres://postgres@127.0.0.1:5432/test -qc 'drop database if exists metrics_proof' -c 'create database metrics_proof'
DATABASE_URL=postgres://postgres@127.0.0.1:5432/metrics_proof METRICS_TOKEN=$TOKEN BENCH_CUSTOMERS=${CUSTOMERS:-200} BENCH_WARMUP=20 BENCH_CONCURRENCY=10 \
  npm run checkout -w @market/bench > /tmp/metrics-bench.log 2>&1 &
bench=$!
port=
for _ in $(seq 1 240); do
  pid=$(pgrep -f checkout-server.ts | head -1)
  [ -n "$pid" ] && port=$(ss -ltnpH 2>/dev/null | grep "pid=$pid," | awk '{print $4}' | sed 's/.*://' | head -1)
  [ -n "$port" ] && break
  sleep 1
done
echo "server pid $pid port $port"
n=0
while kill -0 $pid 2>/dev/null; do
  curl -s -m 5 -H "Authorization: Bearer $TOKEN" http://127.0.0.1:$port/metrics > /tmp/metrics-scrape.txt
  if [ -s /tmp/metrics-scrape.txt ]; then
    n=$((n+1)); cp /tmp/metrics-scrape.txt /tmp/metrics-$n.txt; echo "scrape $n at $(date +%T): $(grep -c '^[a-z]' /tmp/metrics-$n.txt) samples"
  fi
  sleep 3
done
cp /tmp/metrics-1.txt /tmp/metrics-first.txt; cp /tmp/metrics-$((n-1)).txt /tmp/metrics-last.txt
wait $bench
echo "bench exit $?"
python3 - <<'PY'
import re
def parse(path):
    families = {}
    for line in open(path):
        if line.startswith('#') or not line.strip():
            continue
        key, value = line.rsplit(' ', 1)
        name = re.sub(r'_(bucket|sum|count|created)$', '', re.split(r'[{ ]', key)[0])
        families.setdefault(name, {})[key] = value.strip()
    return families
first, last = parse('/tmp/metrics-first.txt'), parse('/tmp/metrics-last.txt')
moved = sorted(name for name in last if first.get(name) != last[name])
print(len(last), 'families in the last scrape;', len(moved), 'moved or appeared since the first:')
print(' '.join(moved))
print('unchanged:', ' '.join(sorted(name for name in last if first.get(name) == last[name])))
for name in ['http_requests_total', 'payment_outcomes_total', 'messages_total', 'db_pool_connections', 'notification_backlog']:
    for key, value in last.get(name, {}).items():
        print(f'  {key} {value} (first scrape: {first.get(name, {}).get(key, "absent")})')
PY
