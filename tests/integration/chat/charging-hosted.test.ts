/**
 * Fair charging with a hosted model (the real @ai-sdk/openai provider against the OpenAI-compatible
 * fake): a short "I don't know" with no passage to go on costs only the question, a regenerated answer
 * is a new sample and says so when it repeats the one before (then it too costs only the question),
 * and the profile reaches the model as context.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AssistantMetadata, chargeNote } from "~/lib/schemas/chat";
import type { FakeOpenAIServer } from "../../fakes/openai-server";
import { callerFor, createUser, sessionCookie } from "../../helpers/session";
import type { TestDatabase } from "../../helpers/test-database";
import { allowanceOf, answerText, ask, parseUiStream, postChat, type StreamRoute, settled, setUpHostedChat } from "../chat-helpers";

let database: TestDatabase;
let fake: FakeOpenAIServer;
let chat: StreamRoute;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ database, chat, fake, stop } = await setUpHostedChat());
});
afterAll(async () => {
  await stop?.();
});
beforeEach(() => {
  fake.scenario = "answer";
  fake.chunkDelayMs = 1;
  fake.answerChunks = ["The blocked ", "account ", "holds 11,904 EUR."];
  fake.usage = { prompt_tokens: 120, completion_tokens: 30 };
});

async function signedInUser(nationality?: string) {
  const user = await createUser(database.db);
  if (nationality)
    await database.db.student.update({
      where: { userId: user.claims.id },
      data: { nationality, country: "United Arab Emirates" },
    });
  return { ...user, cookie: await sessionCookie(database.db, user.claims), subject: `user:${user.claims.id}` };
}

async function askAs(cookie: string, body: Record<string, unknown>) {
  const response = await postChat(chat, { chatModel: "openai", ...body }, { cookie });
  expect(response.status).toBe(200);
  const chunks = parseUiStream(await response.text());
  await settled(database.db);
  return {
    text: answerText(chunks),
    finish: (chunks.find((chunk) => chunk.type === "finish")?.messageMetadata ?? {}) as AssistantMetadata,
  };
}

describe("a hosted model's answers", () => {
  it("charges a short 'I don't know' only for the question, and the footer says so", async () => {
    const user = await signedInUser();
    fake.answerChunks = ["I don't know. ", "Please check the website of the Peruvian authorities."];
    fake.usage = { prompt_tokens: 120, completion_tokens: 14 };
    const { finish } = await askAs(user.cookie, { messages: ask("How do I renew a passport in Peru?") });
    expect(finish).toMatchObject({ tokens: 120, charge: "question-only" });
    expect(chargeNote(finish)).toBe("Charged 120 tokens for the question only: no answer found");
    expect(await allowanceOf(database.db, user.subject)).toEqual({ used: 120, reserved: 0 });
  });

  it("charges a full answer its input and output tokens", async () => {
    const user = await signedInUser();
    const { finish } = await askAs(user.cookie, { messages: ask("How much is the blocked account?") });
    expect(finish).toMatchObject({ tokens: 150, charge: "answer", model: "openai:gpt-4.1-mini" });
    expect(chargeNote(finish)).toBe("150 tokens charged");
  });

  it("asks for a new sample on Regenerate and says so, charging only the question, when it repeats the answer before", async () => {
    const user = await signedInUser();
    const first = await askAs(user.cookie, { messages: ask("How much is the blocked account?") });
    const before = fake.requests.length;
    const same = await askAs(user.cookie, {
      messages: ask("How much is the blocked account?"),
      regenerate: { previousAnswer: first.text, usedPassageIds: [] },
    });
    const sent = fake.requests[before]!.body as {
      temperature?: number;
      messages: { role: string; content: unknown }[];
    };
    expect(sent.temperature).toBe(1);
    expect(String(sent.messages[0]!.content)).toContain(first.text);
    expect(same.text).toMatch(/This is the same answer as before: there is no other answer\._$/);
    expect(same.finish).toMatchObject({ tokens: 120, charge: "question-only" });

    fake.answerChunks = ["Another way to say it: ", "11,904 EUR a year."];
    const other = await askAs(user.cookie, {
      messages: ask("How much is the blocked account?"),
      regenerate: { previousAnswer: first.text, usedPassageIds: [] },
    });
    expect(other.text).not.toContain("same answer");
    expect(other.finish).toMatchObject({ tokens: 150, charge: "answer" });
  });

  it("gets the profile's nationality and country of residence as context", async () => {
    const user = await signedInUser("India");
    const before = fake.requests.length;
    await askAs(user.cookie, { messages: ask("How do I apply to a German university?") });
    const system = String(fake.requests[before]!.body.messages[0]!.content);
    expect(system).toContain("Nationality: India.");
    expect(system).toContain("Country of residence: United Arab Emirates.");
    // The APS countries are those of the Visa Checker's sourced APS facts.
    expect(system).toContain("nationals of China, India, Vietnam normally need an APS certificate");
  });

  it("offers OpenAI by its product name when its key is set, our guides, and not DeepSeek, which has no key", async () => {
    expect(await callerFor(database.db, null).chat.models()).toEqual([
      { value: "openai", label: "OpenAI GPT-4.1 mini" },
      { value: "local", label: "Our guides" },
    ]);
  });
});
