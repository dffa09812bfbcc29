/**
 * PostgreSQL restarted under load (run by .ci/run after the browser tests, on CI's PostgreSQL): the
 * production server runs on its own port against an empty database while autocannon keeps a light
 * load on it (reads, readiness and anonymous feedback, which writes a row) and a probe reads every
 * answer's body. PostgreSQL is stopped for a few seconds and started again. Meanwhile the app must
 * answer 503 with the clear message (never 500), /api/health/ready must answer 503 and then 200 again
 * with the same app process, and no 5xx other than 503 may appear. Exits non-zero otherwise.
 *
 *   RESTART_DATABASE_URL=postgresql://... PG_STOP="pg_ctl -D data -m fast stop" PG_START="pg_ctl -D data -w start" \
 *     npx tsx tests/system/postgres-restart.ts
 * Without RESTART_DATABASE_URL it says it was skipped.
 */
import { execSync } from "node:child_process";
import autocannon from "autocannon";
import { portInUse, startProductionServer, waitUntilReady } from "../../scripts/lib/production-server";

const PORT = Number(process.env.RESTART_PORT ?? 3972);
const DATABASE_URL = process.env.RESTART_DATABASE_URL;
const DOWN_SECONDS = 6;
const UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const feedbackBody = (n: number) =>
  JSON.stringify({
    userId: "anonymous",
    messageId: `restart-${n}`,
    feedbackType: "like",
    messageContent: "The blocked account holds 11,904 EUR.",
    chatModel: "local",
  });

async function main() {
  if (!DATABASE_URL || !process.env.PG_STOP || !process.env.PG_START) {
    console.log("PostgreSQL restart test skipped: set RESTART_DATABASE_URL, PG_STOP and PG_START (CI does)");
    return;
  }
  if (await portInUse(PORT)) throw new Error(`port ${PORT} is already in use: set RESTART_PORT or stop what listens there`);
  const server = startProductionServer({
    port: PORT,
    databaseUrl: DATABASE_URL,
    // The demo gateway on purpose, as tests/system/two-instances.sh does.
    env: { DEMO_PAYMENTS: "true", RATE_LIMIT_FEEDBACK: "100000000/1m", JOB_POLL_INTERVAL_MS: "500" },
  });
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  try {
    await waitUntilReady(server, 10 * 60_000);
    const base = server.baseUrl;
    const pid = server.child.pid;

    // Light background load for the whole test, every answer's status counted.
    let n = 0;
    let finished: (result: autocannon.Result) => void = () => {};
    const loadResult = new Promise<autocannon.Result>((resolve) => (finished = resolve));
    const load = autocannon(
      {
        url: base,
        connections: 4,
        duration: 60,
        timeout: 10,
        requests: [
          { method: "GET", path: "/api/threads" },
          { method: "GET", path: "/api/health/ready" },
          {
            method: "POST",
            path: "/api/feedback",
            headers: { "content-type": "application/json", origin: base, "x-session-id": "restart-session-01" },
            setupRequest: (request) => ({ ...request, body: feedbackBody(++n) }),
          },
        ],
      },
      (error, result) => {
        if (error) failures.push(`autocannon: ${error.message}`);
        finished(result);
      },
    );
    load.on("response", (_client: unknown, statusCode: number) => count(statusCode));

    // A probe that reads the bodies: the clear message while the database is away, and readiness.
    const seen = {
      ready503: false,
      ready200After: false,
      feedback503: 0,
      feedbackOkAfter: false,
      badBodies: [] as string[],
    };
    let phase = "before" as "before" | "down" | "after";
    let probing = true;
    const probe = (async () => {
      let i = 0;
      while (probing) {
        const ready = await fetch(`${base}/api/health/ready`).catch(() => null);
        if (ready) {
          count(ready.status);
          if (ready.status === 503) seen.ready503 = true;
          if (ready.status === 200 && phase === "after" && seen.ready503) seen.ready200After = true;
          await ready.text();
        }
        const feedback = await fetch(`${base}/api/feedback`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: base, "x-session-id": "restart-probe-0001" },
          body: feedbackBody(1_000_000 + ++i),
        }).catch(() => null);
        if (feedback) {
          count(feedback.status);
          const text = await feedback.text();
          if (feedback.status === 503) {
            seen.feedback503 += 1;
            if (!text.includes(UNAVAILABLE_MESSAGE)) seen.badBodies.push(text.slice(0, 300));
          } else if (feedback.status >= 500) seen.badBodies.push(`${feedback.status}: ${text.slice(0, 300)}`);
          if (feedback.status === 201 && phase === "after") seen.feedbackOkAfter = true;
        }
        await sleep(100);
      }
    })();

    await sleep(3000);
    console.log("stopping PostgreSQL under load");
    phase = "down";
    execSync(process.env.PG_STOP, { stdio: "inherit" });
    await sleep(DOWN_SECONDS * 1000);
    console.log("starting PostgreSQL again");
    execSync(process.env.PG_START, { stdio: "inherit" });
    phase = "after";
    const deadline = Date.now() + 30_000;
    while (!(seen.ready200After && seen.feedbackOkAfter) && Date.now() < deadline) await sleep(250);
    await sleep(2000);
    probing = false;
    await probe;
    load.stop();
    const result = await loadResult;

    console.log(`answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    console.log(`autocannon: ${result.requests.total} requests, ${result.errors} errors, ${result.timeouts} timeouts`);
    console.log(
      `probe: readiness 503 while down ${seen.ready503}, 200 again after ${seen.ready200After}; feedback 503 ${seen.feedback503} times, 201 again after ${seen.feedbackOkAfter}`,
    );
    if (server.exited() || server.child.pid !== pid) failures.push("the app process did not survive the restart");
    if (!seen.ready503) failures.push("/api/health/ready never answered 503 while PostgreSQL was down");
    if (!seen.ready200After) failures.push("/api/health/ready did not answer 200 again within 30 s of PostgreSQL's return");
    if (seen.feedback503 === 0) failures.push("no write answered 503 while PostgreSQL was down");
    if (!seen.feedbackOkAfter) failures.push("writes did not succeed again after PostgreSQL's return");
    if (seen.badBodies.length) failures.push(`answers without the clear message: ${seen.badBodies.slice(0, 3).join(" | ")}`);
    const other5xx = [...statuses].filter(([status]) => status >= 500 && status !== 503);
    if (other5xx.length) failures.push(`5xx other than 503: ${JSON.stringify(Object.fromEntries(other5xx))}`);
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  } finally {
    await server.stop();
  }
  if (failures.length) {
    console.error(`PostgreSQL restart test FAILED:\n${failures.map((failure) => `  - ${failure}`).join("\n")}`);
    console.error(`Server log (last 4000 characters):\n${server.log().slice(-4000)}`);
    process.exitCode = 1;
  } else {
    console.log(
      "PostgreSQL restart test passed: 503 with the clear message while it was away, ready again without restarting the app, no other 5xx",
    );
  }
}

await main();
