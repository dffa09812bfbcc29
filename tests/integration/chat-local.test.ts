/**
 * With no key configured, the chat answers with the local knowledge-base model: grounded answers with
 * amounts, years and sources, an honest "I don't know" outside the knowledge base, usage counted with
 * the tokenizer, and the small daily allowance of anonymous visitors.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "../helpers/test-database";
import { allowanceOf, answerText, ask, parseUiStream, postChat, type StreamRoute, settled, setUpChat } from "./chat-helpers";

let database: TestDatabase;
let chat: StreamRoute;
let chatRag: StreamRoute;

beforeAll(async () => {
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "DEEPSEEK_API_KEY"]) delete process.env[name];
  process.env.ANONYMOUS_SESSION_TOKEN_ALLOWANCE = "2500";
  process.env.ANONYMOUS_ADDRESS_TOKEN_ALLOWANCE = "1000000";
  ({ database, chat, chatRag } = await setUpChat());
});

afterAll(async () => {
  await database?.stop();
  delete process.env.ANONYMOUS_SESSION_TOKEN_ALLOWANCE;
  delete process.env.ANONYMOUS_ADDRESS_TOKEN_ALLOWANCE;
});

describe("the local knowledge-base model", () => {
  it("answers the blocked-account question with the current amount, its year and its dated source", async () => {
    const response = await postChat(
      chatRag,
      { messages: ask("How much money do I need in a blocked account for a German student visa?") },
      { headers: { "x-session-id": "local-session-1" } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("x-model")).toBe("local-knowledge");
    expect(Number(response.headers.get("x-confidence-score"))).toBeGreaterThan(0.6);
    expect(Number(response.headers.get("x-sources-count"))).toBeGreaterThan(0);
    const chunks = parseUiStream(await response.text());
    expect(chunks.filter((chunk) => chunk.type === "text-delta").length).toBeGreaterThan(3); // streamed in pieces
    const text = answerText(chunks);
    expect(text).toContain("11,904 EUR");
    expect(text).toMatch(/2025/);
    expect(text).toMatch(/last reviewed \d{4}-\d{2}-\d{2}/);
    expect(text).toContain("auswaertiges-amt.de");
    const metadata = chunks.find((chunk) => chunk.type === "start")?.messageMetadata;
    expect(metadata).toMatchObject({ model: "local-knowledge", ragEnabled: true });
    expect((metadata!.sources as unknown[]).length).toBeGreaterThan(0);
    // The guide sections it quotes, to read on: the blocked-account guide at its current amount.
    expect(metadata!.guides).toEqual(
      expect.arrayContaining([
        { title: "The current amount", href: "/students/finances/finances-blocked-account-amount-2026#the-current-amount" },
      ]),
    );
  });

  it("links the guide sections it quotes on the plain chat route too, where the local model searches itself", async () => {
    const response = await postChat(
      chat,
      { messages: ask("How much money do I need in a blocked account for a German student visa?") },
      { headers: { "x-session-id": "local-session-guides" } },
    );
    const chunks = parseUiStream(await response.text());
    const metadata = chunks.find((chunk) => chunk.type === "start")?.messageMetadata;
    expect(metadata!.guides).toEqual(
      expect.arrayContaining([
        { title: "The current amount", href: "/students/finances/finances-blocked-account-amount-2026#the-current-amount" },
      ]),
    );
  });

  it("streams the Anmeldung answer with its two-week deadline and its dated source", async () => {
    const response = await postChat(
      chatRag,
      { messages: ask("How do I register my address?") },
      { headers: { "x-session-id": "local-session-anmeldung" } },
    );
    expect(response.status).toBe(200);
    const text = answerText(parseUiStream(await response.text()));
    expect(text).toMatch(/must register within \*\*two weeks\*\*|must register \*\*within two weeks/);
    expect(text).toContain("Bürgeramt");
    expect(text).toMatch(/^Source: .*Anmeldung.* \(last reviewed \d{4}-\d{2}-\d{2}\)/m);
  });

  it("says plainly that it does not know a question outside the knowledge base, with low confidence", async () => {
    const response = await postChat(
      chatRag,
      { messages: ask("What is the capital of Peru?") },
      { headers: { "x-session-id": "local-session-2" } },
    );
    expect(response.status).toBe(200);
    expect(Number(response.headers.get("x-confidence-score"))).toBeLessThan(0.4);
    expect(response.headers.get("x-sources-count")).toBe("0");
    const text = answerText(parseUiStream(await response.text()));
    expect(text).toContain("I don't know");
    expect(text).not.toMatch(/Lima/);
  });

  it("meters the answer with the tokenizer and charges the visitor's session and address", async () => {
    const response = await postChat(
      chat,
      { messages: ask("How many hours may I work as a student?") },
      { headers: { "x-session-id": "local-session-3" } },
    );
    expect(response.status).toBe(200);
    const text = answerText(parseUiStream(await response.text()));
    expect(text.length).toBeGreaterThan(50);
    await settled(database.db);
    const session = await allowanceOf(database.db, "session:local-session-3");
    expect(session.reserved).toBe(0);
    const ledger = await database.db.tokenUsage.findFirstOrThrow({
      where: { route: "chat", model: "local-knowledge" },
      orderBy: { createdAt: "desc" },
    });
    expect(ledger.outputTokens).toBeGreaterThan(10);
    expect(session.used).toBe(ledger.charged);
    expect(ledger.charged).toBe(ledger.inputTokens + ledger.outputTokens);
  });

  it("stops an anonymous visitor at the daily session allowance with a message that points to sign-up and pricing", async () => {
    const headers = { "x-session-id": "local-session-limit" };
    let status = 200;
    let body = "";
    for (let i = 0; i < 20 && status === 200; i++) {
      const response = await postChat(chat, { messages: ask("Explain the student visa application step by step") }, { headers });
      status = response.status;
      body = await response.text();
      await settled(database.db);
    }
    expect(status).toBe(429);
    expect(JSON.parse(body).error).toMatch(/free tokens for visitors today.*pricing/);
    expect((await allowanceOf(database.db, "session:local-session-limit")).used).toBeLessThanOrEqual(2500);
  });
});
