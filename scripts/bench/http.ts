/**
 * HTTP benchmark (`npm run bench:http`, figures printed, not asserted): starts the production server
 * (`npm start`: builds when the sources changed) on its own port and a fresh embedded database (or
 * BENCH_DATABASE_URL, an empty scratch PostgreSQL database), then measures with autocannon, in the
 * same run, a bare route handler (`/api/health`: JSON, no database) and every read path, and prints
 * each path's requests per second as a ratio of the bare handler's, with p50 and p99 latency. Last,
 * the chat's time to first token over HTTP with the local model.
 *
 *   npx tsx scripts/bench/http.ts                  20 connections, 8 s per path
 *   BENCH_CONNECTIONS=50 BENCH_SECONDS=20 npx tsx scripts/bench/http.ts
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { RELAXED_ANONYMOUS_LIMITS, SAMPLE_CHAT_QUESTIONS, startProductionServer, waitUntilReady } from "../lib/production-server";
import { percentile, timeChatStream } from "./chat";

const PORT = Number(process.env.BENCH_PORT ?? 3961);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const TARGET_RATIO = 0.8;

const BARE = "/api/health";
const READ_PATHS = ["/api/threads", "/api/data/cities?country=DE", "/api/settings/random", "/api/data/cities"];

async function measure(url: string) {
  // A short warm-up first: the first requests compile routes and fill caches.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { "accept-encoding": "gzip, br" },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  };
}

async function chatFirstToken(question: string, sessionId: string) {
  const started = performance.now();
  const response = await fetch(`${BASE}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-session-id": sessionId, origin: BASE },
    body: JSON.stringify({ messages: [{ role: "user", content: question }], chatModel: "openai" }),
  });
  return timeChatStream(response, started);
}

async function main() {
  // The build first (skipped when the sources did not change), so that readiness waits for the start only.
  execFileSync(process.execPath, ["--import", "tsx", "scripts/start.ts", "--build-only"], { stdio: "inherit" });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-http-"));
  const server = startProductionServer({
    port: PORT,
    dataDir,
    databaseUrl: process.env.BENCH_DATABASE_URL,
    env: RELAXED_ANONYMOUS_LIMITS,
  });
  try {
    await waitUntilReady(server, 5 * 60_000);
    const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL (BENCH_DATABASE_URL)" : "the embedded database";
    console.log(`HTTP benchmark: production server on ${database}, ${CONNECTIONS} connections, ${SECONDS} s per path`);
    const bare = await measure(`${BASE}${BARE}`);
    const row = (name: string, m: Awaited<ReturnType<typeof measure>>, ratio: string) =>
      `  ${name.padEnd(30)} ${m.rps.toFixed(0).padStart(6)} req/s  ${ratio.padStart(5)}  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  ${(m.bytes / 1024).toFixed(1).padStart(6)} KB/answer  ${m.errors ? `${m.errors} errors` : ""}`;
    console.log(row(`${BARE} (bare handler)`, bare, "1.00"));
    for (const readPath of READ_PATHS) {
      const m = await measure(`${BASE}${readPath}`);
      const ratio = m.rps / bare.rps;
      console.log(`${row(readPath, m, ratio.toFixed(2))}${ratio < TARGET_RATIO ? `  (below the target ${TARGET_RATIO})` : ""}`);
    }

    await chatFirstToken("warm up: what is a blocked account?", "bench-http-warmup");
    const firstTokens: number[] = [];
    const totals: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (const [index, question] of SAMPLE_CHAT_QUESTIONS.entries()) {
        const { firstToken, total } = await chatFirstToken(question, `bench-http-${round}-${index}`);
        firstTokens.push(firstToken);
        totals.push(total);
      }
    }
    console.log(`Chat over HTTP (POST /api/chat, local model, ${firstTokens.length} answers, one at a time)`);
    console.log(
      `  time to first token   median ${percentile(firstTokens, 50).toFixed(1)} ms   p95 ${percentile(firstTokens, 95).toFixed(1)} ms`,
    );
    console.log(`  total time            median ${percentile(totals, 50).toFixed(1)} ms   p95 ${percentile(totals, 95).toFixed(1)} ms`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(server.log().slice(-3000));
    process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
