/** Shared helpers of the chat integration tests: call a streaming route in-process and read its UI message stream. */
import type { Db } from "~/server/db/client";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../fakes/openai-server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

export type StreamRoute = (request: Request) => Promise<Response>;

/**
 * A migrated test database with the knowledge base loaded, and the two chat routes. Call it after
 * setting the provider keys: the routes are imported then.
 */
export async function setUpChat(): Promise<{ database: TestDatabase; chat: StreamRoute; chatRag: StreamRoute }> {
  const database = await createTestDatabase();
  const { seedKnowledgeBase } = await import("~/server/rag/seed-knowledge-base");
  await seedKnowledgeBase(database.db);
  const chat = (await import("~/app/api/chat/route")).POST;
  const chatRag = (await import("~/app/api/chat-rag/route")).POST;
  return { database, chat, chatRag };
}

/**
 * The chat with OpenAI as the hosted model, served by the OpenAI-compatible fake (DeepSeek not
 * configured); `stop` closes both and forgets the keys.
 */
export async function setUpHostedChat(): Promise<{
  database: TestDatabase;
  chat: StreamRoute;
  chatRag: StreamRoute;
  fake: FakeOpenAIServer;
  stop: () => Promise<void>;
}> {
  const fake = await startFakeOpenAIServer();
  process.env.OPENAI_API_KEY = "sk-test-openai";
  process.env.OPENAI_BASE_URL = fake.url;
  delete process.env.DEEPSEEK_API_KEY;
  const { database, chat, chatRag } = await setUpChat();
  const stop = async () => {
    await database.stop();
    await fake.close();
    for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL"]) delete process.env[name];
  };
  return { database, chat, chatRag, fake, stop };
}

export async function postChat(
  route: StreamRoute,
  body: unknown,
  options: { cookie?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
) {
  const headers = new Headers({ "content-type": "application/json", ...options.headers });
  if (options.cookie) headers.set("cookie", options.cookie);
  return route(
    new Request("http://localhost:3000/api/chat", {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal: options.signal,
    }),
  );
}

export interface UiChunk {
  type: string;
  delta?: string;
  errorText?: string;
  messageMetadata?: Record<string, unknown>;
  messageId?: string;
}

/** The chunks of an AI SDK UI message stream (server-sent events). */
export function parseUiStream(text: string): UiChunk[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as UiChunk);
}

export function answerText(chunks: UiChunk[]): string {
  return chunks
    .filter((chunk) => chunk.type === "text-delta")
    .map((chunk) => chunk.delta)
    .join("");
}

/** Waits until the stream's settlement has run: no reservation is left. */
export async function settled(db: Db, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await db.tokenReservation.count();
    if (open === 0) return;
    if (Date.now() > deadline) throw new Error(`${open} reservations still open`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function allowanceOf(db: Db, subject: string) {
  const rows = await db.tokenAllowance.findMany({ where: { subject } });
  return {
    used: rows.reduce((sum, row) => sum + row.used, 0),
    reserved: rows.reduce((sum, row) => sum + row.reserved, 0),
  };
}

export const ask = (content: string) => [{ role: "user", content }];
