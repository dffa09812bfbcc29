/** The language setting reaches a hosted model's instructions (a fake OpenAI-compatible server records them). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeOpenAIServer } from "../../fakes/openai-server";
import { callerFor, createUser, sessionCookie } from "../../helpers/session";
import type { TestDatabase } from "../../helpers/test-database";
import { ask, postChat, type StreamRoute, setUpHostedChat } from "../chat-helpers";

let database: TestDatabase;
let fake: FakeOpenAIServer;
let chat: StreamRoute;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ database, chat, fake, stop } = await setUpHostedChat());
  fake.scenario = "answer";
  fake.chunkDelayMs = 1;
  fake.answerChunks = ["Das Sperrkonto ", "kostet 11.904 EUR."];
  fake.usage = { prompt_tokens: 100, completion_tokens: 10 };
});

afterAll(async () => {
  await stop?.();
});

async function systemPromptFor(language: string | null) {
  const user = await createUser(database.db);
  if (language) await callerFor(database.db, user.claims).students.updateMe({ language });
  const before = fake.requests.length;
  const response = await postChat(
    chat,
    { messages: ask("How much is the blocked account?"), chatModel: "openai" },
    { cookie: await sessionCookie(database.db, user.claims) },
  );
  expect(response.status).toBe(200);
  await response.text();
  const system = fake.requests[before]!.body.messages.find((message: { role: string }) => message.role === "system");
  return String(system?.content ?? "");
}

describe("the answer's language", () => {
  it("tells the hosted model to answer in the language chosen in the settings", async () => {
    expect(await systemPromptFor("de-DE")).toContain("The user chose German as their language in their settings: answer in German");
  });

  it("leaves English users (the default) to the language of their question", async () => {
    const prompt = await systemPromptFor(null);
    expect(prompt).toContain("Answer in the language of the question.");
    expect(prompt).not.toContain("The user chose");
  });

  it("says in the settings whether a hosted model is configured", async () => {
    const user = await createUser(database.db);
    expect(await callerFor(database.db, user.claims).students.settingsFacts()).toEqual({ hostedModel: true });
    delete process.env.OPENAI_API_KEY;
    expect(await callerFor(database.db, user.claims).students.settingsFacts()).toEqual({ hostedModel: false });
    process.env.OPENAI_API_KEY = "sk-test-openai";
  });
});
