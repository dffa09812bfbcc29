/**
 * Chat latency benchmark (`npm run bench`, figures printed, not asserted): time to first token and
 * total time of POST /api/chat and /api/chat-rag answered by the local knowledge-base model, for the
 * questions of src/content/eval/*.json. The route handlers run in-process on a throw-away in-memory
 * PGlite (or BENCH_DATABASE_URL, an empty scratch PostgreSQL database), so the figures are those of
 * the server's work: validation, metering, retrieval, answering and streaming.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "../../src/server/db/client";
import { startEmbeddedDatabase } from "../../src/server/db/embedded";
import { prepareDatabase } from "../../src/server/db/setup";
import { seedKnowledgeBase } from "../../src/server/rag/seed-knowledge-base";
import { readEvalSet } from "./retrieval";

// The local model only: a configured key would make this a benchmark of a provider's network.
for (const name of ["OPENAI_API_KEY", "DEEPSEEK_API_KEY"]) delete process.env[name];
process.env.ANONYMOUS_SESSION_TOKEN_ALLOWANCE = "100000000";
process.env.ANONYMOUS_ADDRESS_TOKEN_ALLOWANCE = "100000000";
process.env.RATE_LIMIT_ANONYMOUS_CHAT = "100000000/1m";

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function timeAnswer(route: (request: Request) => Promise<Response>, question: string, sessionId: string) {
  const started = performance.now();
  const response = await route(
    new Request("http://localhost/api/chat", {
      method: "POST",
      headers: { "content-type": "application/json", "x-session-id": sessionId },
      body: JSON.stringify({ messages: [{ role: "user", content: question }], chatModel: "openai" }),
    }),
  );
  return timeChatStream(response, started);
}

/** Reads a chat answer's stream to its end: when its first text arrived and when it ended, since `started` (ms). */
export async function timeChatStream(response: Response, started: number) {
  if (!response.ok || !response.body) throw new Error(`chat answered HTTP ${response.status}: ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let firstToken: number | null = null;
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    if (firstToken === null && buffer.includes('"type":"text-delta"')) firstToken = performance.now() - started;
  }
  return { firstToken: firstToken ?? NaN, total: performance.now() - started };
}

async function main() {
  let url = process.env.BENCH_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedDatabase({
      socketDir: fs.mkdtempSync(path.join(os.tmpdir(), "pglite-bench-chat-")),
    });
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const poolMax = stopEmbedded ? 1 : 5;
  await prepareDatabase(url, { log: () => {} });
  process.env.DATABASE_URL = url;
  process.env.DATABASE_POOL_MAX = String(poolMax);
  const db = createDb({ connectionString: url, poolMax });
  try {
    await seedKnowledgeBase(db);
    const { POST: chat } = await import("../../src/app/api/chat/route");
    const { POST: chatRag } = await import("../../src/app/api/chat-rag/route");
    const questions = readEvalSet().map((q) => q.question);
    await timeAnswer(chat, "warm up: what is a blocked account?", "bench-warmup-0"); // first-call compilation and caches

    console.log(`\nChat latency, local knowledge-base model, ${questions.length} questions (ms)`);
    for (const [name, route] of [
      ["/api/chat", chat],
      ["/api/chat-rag", chatRag],
    ] as const) {
      const firstTokens: number[] = [];
      const totals: number[] = [];
      for (const [index, question] of questions.entries()) {
        const { firstToken, total } = await timeAnswer(route, question, `bench-${name.length}-${index}`);
        firstTokens.push(firstToken);
        totals.push(total);
      }
      const line = (label: string, values: number[]) =>
        `  ${label.padEnd(20)} median ${percentile(values, 50).toFixed(1).padStart(7)}   p95 ${percentile(values, 95).toFixed(1).padStart(7)}`;
      console.log(`${name}`);
      console.log(line("time to first token", firstTokens));
      console.log(line("total time", totals));
    }
  } finally {
    await db.$disconnect();
    const appDb = (globalThis as { __db?: { $disconnect(): Promise<void> } }).__db;
    await appDb?.$disconnect();
    await stopEmbedded?.();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
