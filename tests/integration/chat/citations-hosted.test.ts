/**
 * Deep Thinking with a hosted model (the real @ai-sdk/openai provider against the OpenAI-compatible
 * fake): the model gets the retrieved passages numbered and must cite them. An answer citing [1] is
 * shown with the sources of the passage it cites; an answer citing none is replaced by the local
 * model's answer to the same question, with a note, and charged as that answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AssistantMetadata } from "~/lib/schemas/chat";
import { readTokenCount } from "~/server/ai/local-model";
import { UNCITED_ANSWER_NOTE } from "~/server/services/chat/cited-answer";
import type { FakeOpenAIServer } from "../../fakes/openai-server";
import { createUser, sessionCookie } from "../../helpers/session";
import type { TestDatabase } from "../../helpers/test-database";
import { allowanceOf, answerText, ask, parseUiStream, postChat, type StreamRoute, settled, setUpHostedChat } from "../chat-helpers";

let database: TestDatabase;
let fake: FakeOpenAIServer;
let chat: StreamRoute;
let chatRag: StreamRoute;
let stop: () => Promise<void>;

const QUESTION = "How much money do I need in a blocked account for a German student visa?";

beforeAll(async () => {
  ({ database, chat, chatRag, fake, stop } = await setUpHostedChat());
});
afterAll(async () => {
  await stop?.();
});
beforeEach(() => {
  fake.scenario = "answer";
  fake.chunkDelayMs = 1;
  fake.usage = { prompt_tokens: 120, completion_tokens: 30 };
});

async function askRag(route: StreamRoute = chatRag) {
  const user = await createUser(database.db);
  const cookie = await sessionCookie(database.db, user.claims);
  const before = fake.requests.length;
  const response = await postChat(route, { messages: ask(QUESTION), chatModel: "openai" }, { cookie });
  expect(response.status).toBe(200);
  const chunks = parseUiStream(await response.text());
  await settled(database.db);
  const finish = (chunks.find((chunk) => chunk.type === "finish")?.messageMetadata ?? {}) as AssistantMetadata;
  const ledger = await database.db.tokenUsage.findFirstOrThrow({ where: { userId: user.claims.id } });
  return {
    text: answerText(chunks),
    finish,
    header: response.headers.get("x-model"),
    ledger,
    sent: fake.requests[before]!,
    subject: `user:${user.claims.id}`,
  };
}

describe("a hosted model answering from retrieved passages", () => {
  it("is told to cite the numbered passages, and its answer citing [1] is kept with that passage's sources", async () => {
    fake.answerChunks = ["The blocked ", "account must hold ", "11,904 EUR per year [1]."];
    const { text, finish, header, ledger, sent } = await askRag();
    const system = String(sent.body.messages[0]!.content);
    expect(system).toContain("cite its number in square brackets");
    expect(system).toContain("An answer that cites no passage number is not shown to the user.");
    expect(system).toMatch(/^\[1\] .+ \(last reviewed \d{4}-\d{2}-\d{2}\)$/m);

    expect(text.startsWith("The blocked account must hold 11,904 EUR per year [1].")).toBe(true);
    // Only the cited passage is listed, with its number and its own sources.
    expect(text).toMatch(/\*\*Sources\*\*\n- \[1\] .+ \(last reviewed \d{4}-\d{2}-\d{2}\).*: \[.+\]\(https?:\/\/.+\)$/);
    expect(text).not.toMatch(/^- \[2\]/m);
    expect(text).not.toContain(UNCITED_ANSWER_NOTE);
    expect(header).toBe("openai:gpt-4.1-mini");
    expect(finish).toMatchObject({ model: "openai:gpt-4.1-mini", tokens: 150, charge: "answer" });
    expect(ledger).toMatchObject({ model: "openai:gpt-4.1-mini", inputTokens: 120, outputTokens: 30, charged: 150 });
  });

  it("is replaced by the local model's answer, with a note, when it cites no passage; charged as the answer shown", async () => {
    fake.answerChunks = ["The blocked ", "account ", "holds some money."];
    const { text, finish, header, ledger, subject } = await askRag();
    expect(text).not.toContain("holds some money");
    expect(text).toMatch(/11,904 (?:EUR|euros)/);
    expect(text).toMatch(/^Source: .+ \(last reviewed \d{4}-\d{2}-\d{2}\), based on \[/m);
    expect(text.endsWith(UNCITED_ANSWER_NOTE)).toBe(true);
    expect(text).not.toContain("**Sources**");
    expect(header).toBe("local-knowledge");
    expect(finish).toMatchObject({ model: "local-knowledge", charge: "answer" });
    // The local answer's own usage: its text, not the hosted model's 120 + 30 tokens.
    expect(ledger.model).toBe("local-knowledge");
    expect(ledger.outputTokens).toBe(readTokenCount(text.slice(0, text.indexOf(`\n\n${UNCITED_ANSWER_NOTE}`))));
    expect(ledger.charged).toBe(finish.tokens);
    expect(ledger.charged).toBe(ledger.inputTokens + ledger.outputTokens);
    expect(await allowanceOf(database.db, subject)).toEqual({ used: ledger.charged, reserved: 0 });
    expect(finish.passages?.some((passage) => passage.quoted)).toBe(true);
  });

  it("is not checked without Deep Thinking: no passages were given to cite", async () => {
    fake.answerChunks = ["The blocked ", "account ", "holds some money."];
    const { text, finish } = await askRag(chat);
    expect(text).toBe("The blocked account holds some money.");
    expect(finish).toMatchObject({ model: "openai:gpt-4.1-mini", tokens: 150 });
  });
});
