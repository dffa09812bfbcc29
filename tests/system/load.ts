/**
 * Load test (run by .ci/run after the browser tests; the production build exists then): starts the
 * production server on its own port on a fresh embedded database, with the anonymous chat limits
 * relaxed, and puts 50 connections for 20 s on the read paths, then 50 connections for 20 s on
 * POST /api/chat with the local model. Every answer must be a 2xx: no error, no timeout, no 5xx.
 * Prints the figures; exits non-zero otherwise.
 *
 *   npx tsx tests/system/load.ts                       (LOAD_PORT, LOAD_CONNECTIONS, LOAD_SECONDS)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  portInUse,
  RELAXED_ANONYMOUS_LIMITS,
  SAMPLE_CHAT_QUESTIONS,
  startProductionServer,
  waitUntilReady,
} from "../../scripts/lib/production-server";

const PORT = Number(process.env.LOAD_PORT ?? 3971);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
/** An answer slower than this counts as a timeout (autocannon's default is 10 s). */
const TIMEOUT_SECONDS = 10;

const READ_PATHS = ["/api/threads", "/api/data/cities?country=DE", "/api/settings/random", "/api/health"];

interface Figures {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  server5xx: number;
  errors: number;
  timeouts: number;
}

function figuresOf(name: string, result: autocannon.Result): Figures {
  return {
    name,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result["2xx"],
    non2xx: result.non2xx,
    server5xx: result["5xx"],
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function print(f: Figures) {
  console.log(
    `  ${f.name.padEnd(34)} ${String(f.requests).padStart(7)} requests ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(5)} ms  p99 ${String(f.p99).padStart(5)} ms  max ${String(f.max).padStart(5)} ms  2xx ${f.ok}  non-2xx ${f.non2xx} (5xx ${f.server5xx})  errors ${f.errors}  timeouts ${f.timeouts}`,
  );
}

async function main() {
  if (await portInUse(PORT)) throw new Error(`port ${PORT} is already in use: set LOAD_PORT or stop what listens there`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "load-test-"));
  const server = startProductionServer({ port: PORT, dataDir, env: RELAXED_ANONYMOUS_LIMITS });
  const failures: string[] = [];
  try {
    await waitUntilReady(server, 10 * 60_000);
    const base = server.baseUrl;
    console.log(`Load test: production server on a fresh embedded database, ${CONNECTIONS} connections, ${SECONDS} s per part`);

    const reads = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: TIMEOUT_SECONDS,
      headers: { "accept-encoding": "gzip, br" },
      requests: READ_PATHS.map((readPath) => ({ method: "GET" as const, path: readPath })),
    });

    let question = 0;
    const chats = await autocannon({
      url: `${base}/api/chat`,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: TIMEOUT_SECONDS,
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      setupClient: (client) => {
        // Each connection is its own anonymous visitor, asking the questions in turn.
        const session = `load-${Math.random().toString(36).slice(2, 12)}`;
        client.setHeaders({ "content-type": "application/json", origin: base, "x-session-id": session });
        client.setBody(
          JSON.stringify({
            messages: [{ role: "user", content: SAMPLE_CHAT_QUESTIONS[question++ % SAMPLE_CHAT_QUESTIONS.length] }],
            chatModel: "local",
          }),
        );
      },
    });

    const all = [figuresOf(`reads (${READ_PATHS.length} paths in turn)`, reads), figuresOf("POST /api/chat (local model)", chats)];
    all.forEach(print);
    for (const f of all) {
      if (f.requests === 0) failures.push(`${f.name}: no request completed`);
      if (f.non2xx || f.errors || f.timeouts)
        failures.push(`${f.name}: ${f.non2xx} non-2xx (${f.server5xx} 5xx), ${f.errors} errors, ${f.timeouts} timeouts`);
    }
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`Load test FAILED:\n${failures.map((failure) => `  - ${failure}`).join("\n")}`);
    console.error(`Server log (last 3000 characters):\n${server.log().slice(-3000)}`);
    process.exitCode = 1;
  } else {
    console.log("Load test passed: every answer 2xx, no errors, no timeouts");
  }
}

await main();
