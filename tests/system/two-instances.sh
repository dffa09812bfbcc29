#!/usr/bin/env bash
# Two app instances started at the same moment against one PostgreSQL database: both must come up,
# and the migrations must be applied exactly once. Usage: tests/system/two-instances.sh <database-url>
set -euo pipefail
DATABASE_URL="$1"
cd "$(dirname "$0")/../.."
logs=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

for port in 3201 3202; do
  DATABASE_URL="$DATABASE_URL" PORT=$port NEXTAUTH_URL="http://localhost:$port" npm start >"$logs/$port.log" 2>&1 &
  pids+=($!)
done

for port in 3201 3202; do
  for _ in $(seq 1 240); do
    if curl -fs "http://localhost:$port/api/threads" >/dev/null; then break; fi
    sleep 1
  done
  if ! curl -fs "http://localhost:$port/api/threads" | grep -q '"slug"'; then
    echo "instance on port $port did not come up:"; cat "$logs/$port.log"; exit 1
  fi
done

expected=$(find prisma/migrations -mindepth 2 -name migration.sql | wc -l)
applied=$(node -e '
  const pg = require("pg");
  const client = new pg.Client({ connectionString: process.argv[1] });
  client.connect().then(() => client.query("SELECT count(*)::int AS n FROM _prisma_migrations"))
    .then((r) => { console.log(r.rows[0].n); return client.end(); });
' "$DATABASE_URL")
applied_logs=$(grep -h "applied migrations" "$logs"/*.log | wc -l)
echo "two instances up; migrations recorded: $applied of $expected; instances that applied them: $applied_logs"
[ "$applied" = "$expected" ] && [ "$applied_logs" = "1" ]
