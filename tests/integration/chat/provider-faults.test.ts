/**
 * Faults of the AI provider that tests/integration/chat-providers.test.ts does not cover: a provider
 * that never answers and one whose stream stalls midway (both end within AI_PROVIDER_TIMEOUT_MS with
 * the clear chat error), and, for every fault (500, timeout, stall, cut-off), that the reservation is
 * released and the answer is in the ledger once: nothing is charged twice.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FakeOpenAIServer, FakeScenario } from "../../fakes/openai-server";
import { createUser, sessionCookie } from "../../helpers/session";
import type { TestDatabase } from "../../helpers/test-database";
import { allowanceOf, answerText, ask, parseUiStream, postChat, type StreamRoute, settled, setUpHostedChat } from "../chat-helpers";

const TIMEOUT_MS = 400;
let database: TestDatabase;
let fake: FakeOpenAIServer;
let chat: StreamRoute;
let stop: () => Promise<void>;

beforeAll(async () => {
  process.env.AI_PROVIDER_TIMEOUT_MS = String(TIMEOUT_MS);
  ({ database, chat, fake, stop } = await setUpHostedChat());
});
afterAll(async () => {
  delete process.env.AI_PROVIDER_TIMEOUT_MS;
  await stop?.();
});
beforeEach(() => {
  fake.scenario = "answer";
  fake.chunkDelayMs = 1;
  fake.answerChunks = ["The blocked ", "account ", "holds 11,904 EUR ", "per year."];
  fake.usage = { prompt_tokens: 120, completion_tokens: 30 };
});

async function signedInUser() {
  const user = await createUser(database.db);
  return { ...user, cookie: await sessionCookie(database.db, user.claims), subject: `user:${user.claims.id}` };
}

/** Asks once with the provider in `scenario`; answers the HTTP status, the chunks (if streamed) and the time taken. */
async function askDuring(scenario: FakeScenario, cookie: string) {
  fake.scenario = scenario;
  const started = Date.now();
  const response = await postChat(chat, { messages: ask("How much is the blocked account?"), chatModel: "openai" }, { cookie });
  const body = await response.text();
  return {
    status: response.status,
    body,
    chunks: response.status === 200 ? parseUiStream(body) : [],
    ms: Date.now() - started,
  };
}

describe("an AI provider that fails", () => {
  it("that never answers: the chat gives up after the timeout with the clear error, charging nothing", async () => {
    const user = await signedInUser();
    const { status, body, ms } = await askDuring("hang", user.cookie);
    // Given up within the timeout (and its one retry), not left waiting for the client to leave.
    expect(ms).toBeLessThan(TIMEOUT_MS * 2 + 5_000);
    expect(status).toBe(502);
    expect(JSON.parse(body)).toEqual({ success: false, error: "Failed to connect to AI service" });
    await settled(database.db);
    expect(await allowanceOf(database.db, user.subject)).toEqual({ used: 0, reserved: 0 });
    expect(await database.db.tokenUsage.findMany({ where: { userId: user.claims.id } })).toEqual([
      expect.objectContaining({ charged: 0, aborted: true }),
    ]);
  });

  it("whose stream stalls midway: the answer ends with the clear error; only what was produced is charged, once", async () => {
    const user = await signedInUser();
    const { status, chunks, ms } = await askDuring("stall", user.cookie);
    expect(status).toBe(200);
    expect(ms).toBeLessThan(TIMEOUT_MS + 5_000);
    expect(answerText(chunks)).toBe("The blocked account ");
    expect(chunks.find((chunk) => chunk.type === "error")?.errorText).toBe("Failed to connect to AI service");
    await settled(database.db);
    const ledger = await database.db.tokenUsage.findMany({ where: { userId: user.claims.id } });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ aborted: true });
    expect(ledger[0]!.outputTokens).toBeGreaterThan(0);
    expect(await allowanceOf(database.db, user.subject)).toEqual({ used: ledger[0]!.charged, reserved: 0 });
  });

  it.each(["server-error", "cut-off", "hang", "stall"] as const)(
    "after a %s, the next question is answered and charged once, and the fault's charge is not repeated",
    async (scenario) => {
      const user = await signedInUser();
      await askDuring(scenario, user.cookie);
      await settled(database.db);
      const afterFault = await allowanceOf(database.db, user.subject);
      const { status, chunks } = await askDuring("answer", user.cookie);
      expect(status).toBe(200);
      expect(answerText(chunks)).toBe("The blocked account holds 11,904 EUR per year.");
      await settled(database.db);
      const rows = await database.db.tokenUsage.findMany({
        where: { userId: user.claims.id },
        orderBy: { createdAt: "asc" },
      });
      // One row per question that reached the model (a 500 before any token may leave none or one of 0).
      expect(rows.filter((row) => !row.aborted)).toHaveLength(1);
      expect(rows.filter((row) => row.aborted).length).toBeLessThanOrEqual(1);
      const total = rows.reduce((sum, row) => sum + row.charged, 0);
      expect(await allowanceOf(database.db, user.subject)).toEqual({ used: total, reserved: 0 });
      expect(total - afterFault.used).toBe(150);
      expect(await database.db.tokenReservation.count()).toBe(0);
    },
  );
});
