#!/usr/bin/env bash
# Two app instances started at the same moment against one PostgreSQL database: both must come up,
# the migrations must be applied exactly once, and a mail queued by one is sent once by the pair. Usage: tests/system/two-instances.sh <database-url>
set -euo pipefail
DATABASE_URL="$1"
cd "$(dirname "$0")/../.."
logs=$(mktemp -d)
pids=()
# Each instance runs in its own process group (setsid), so that stopping it stops npm, tsx and the
# server it spawned, and no instance outlives the test holding its port.
cleanup() { for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

# Something already answering there would make the test prove nothing.
for port in 3201 3202; do
  if curl -s -o /dev/null "http://localhost:$port"; then echo "port $port is already in use: stop what listens there first"; exit 1; fi
done

for port in 3201 3202; do
  # The demo gateway on purpose (a real deployment sets Stripe's keys); jobs polled often.
  DATABASE_URL="$DATABASE_URL" DEMO_PAYMENTS=true JOB_POLL_INTERVAL_MS=200 PORT=$port NEXTAUTH_URL="http://localhost:$port" setsid npm start >"$logs/$port.log" 2>&1 &
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

# Five signups on alternating instances queue five verification mails; both runners poll the one
# outbox, and each mail must be delivered exactly once (logged by one instance's log transport).
for i in 1 2 3 4 5; do
  port=$((i % 2 == 0 ? 3201 : 3202))
  curl -fs -o /dev/null -H 'content-type: application/json' \
    -d "{\"firstName\":\"Two\",\"lastName\":\"Instances\",\"email\":\"two-instances-$i@example.com\",\"password\":\"a-good-password\"}" \
    "http://localhost:$port/api/auth/signup"
done
for _ in $(seq 1 60); do
  sent=$(node -e '
    const pg = require("pg");
    const client = new pg.Client({ connectionString: process.argv[1] });
    client.connect().then(() => client.query("SELECT count(*)::int AS n FROM \"MailMessage\" WHERE status = '"'"'sent'"'"' AND \"to\" LIKE '"'"'two-instances-%'"'"'"))
      .then((r) => { console.log(r.rows[0].n); return client.end(); });
  ' "$DATABASE_URL")
  [ "$sent" = "5" ] && break
  sleep 1
done
# The log transport logs a mail's subject and links (not its address): one line per verification mail.
printed=$(grep -h '"msg":"mail kept in the outbox' "$logs"/*.log | grep -c 'verify-email?token=' || true)
echo "verification mails sent: $sent of 5; printed by the two instances together: $printed"
[ "$sent" = "5" ] && [ "$printed" = "5" ]
