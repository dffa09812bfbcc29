/**
 * /admin/assistant: a change of the confidence threshold, the "I don't know" texts, the anonymous
 * allowances or the default model applies to the very next answer; changes are validated and
 * audited; questions answered "I don't know" are recorded for the triage list.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AssistantSettings } from "~/lib/schemas/assistant-settings";
import { SURE_CONFIDENCE, UNKNOWN_TEXT } from "~/server/rag";
import { ANONYMOUS_LIMIT_MESSAGE } from "~/server/services/chat/allowance.service";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../../fakes/openai-server";
import { createStaff } from "../../helpers/admin";
import type { TestDatabase } from "../../helpers/test-database";
import { answerText, ask, parseUiStream, postChat, type StreamRoute, settled, setUpChat } from "../chat-helpers";
import { rejection } from "./fixtures";

let database: TestDatabase;
let chat: StreamRoute;
let chatRag: StreamRoute;
let designer: Awaited<ReturnType<typeof createStaff>>;
let fake: FakeOpenAIServer;
let defaults: AssistantSettings;
let sessions = 0;

const PROVIDER_KEYS = ["OPENAI_API_KEY", "OPENAI_BASE_URL", "DEEPSEEK_API_KEY", "DEEPSEEK_BASE_URL"];

beforeAll(async () => {
  for (const name of PROVIDER_KEYS) delete process.env[name];
  process.env.ANONYMOUS_SESSION_TOKEN_ALLOWANCE = "40000";
  process.env.ANONYMOUS_ADDRESS_TOKEN_ALLOWANCE = "1000000";
  fake = await startFakeOpenAIServer();
  ({ database, chat, chatRag } = await setUpChat());
  designer = await createStaff(database.db, "designer");
  defaults = (await settings().get()).defaults;
});

afterAll(async () => {
  await database?.stop();
  await fake?.close();
  for (const name of [...PROVIDER_KEYS, "ANONYMOUS_SESSION_TOKEN_ALLOWANCE", "ANONYMOUS_ADDRESS_TOKEN_ALLOWANCE"]) delete process.env[name];
});

afterEach(async () => {
  await settled(database.db);
  for (const name of PROVIDER_KEYS) delete process.env[name];
});

const settings = () => designer.caller.admin.assistant;
const change = (values: Partial<AssistantSettings>) => settings().update({ ...defaults, ...values });

/** Asks as a new anonymous visitor; answers the response and the answer's text. */
async function askAnonymously(question: string, options: { rag?: boolean; body?: Record<string, unknown>; session?: string } = {}) {
  const response = await postChat(
    options.rag === false ? chat : chatRag,
    { messages: ask(question), ...options.body },
    { headers: { "x-session-id": options.session ?? `assistant-settings-${++sessions}` } },
  );
  const body = await response.text();
  return { response, text: response.status === 200 ? answerText(parseUiStream(body)) : body };
}

describe("the assistant's settings", () => {
  it("answers the values in force, the defaults (the environment's allowances) and which models are configured", async () => {
    const view = await settings().get();
    expect(view.defaults).toEqual({
      defaultChatModel: "openai",
      sureConfidence: SURE_CONFIDENCE,
      anonymousSessionTokens: 40000,
      anonymousAddressTokens: 1000000,
      unknownText: UNKNOWN_TEXT,
      otherCountryText: expect.stringContaining("{country}"),
    });
    expect(view.values).toEqual(view.defaults);
    expect(view.models.map((model) => [model.value, model.configured])).toEqual([
      ["openai", false],
      ["deepseek", false],
      ["local", true],
    ]);
  });

  it("applies a new confidence threshold to the next answer", async () => {
    const question = "How many hours may I work as a student?";
    await change({ sureConfidence: 1 });
    expect((await askAnonymously(question)).text).toMatch(/^I am not fully sure this answers your question/);
    await change({ sureConfidence: 0 });
    expect((await askAnonymously(question)).text).not.toMatch(/not fully sure/);
    const audit = await database.db.auditLog.findFirstOrThrow({
      where: { action: "settings.changed", targetId: "assistant" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit).toMatchObject({
      actorId: designer.claims.id,
      before: { sureConfidence: 1 },
      after: { sureConfidence: 0 },
    });
  });

  it('answers with the new "I don\'t know" texts and records each unanswered question', async () => {
    await change({
      unknownText: "Sorry, my sources say nothing about this.",
      otherCountryText: "Sorry, I only know about Germany, not {country}.",
    });
    const peru = await askAnonymously("What is the capital of Peru?");
    expect(peru.text).toMatch(/^Sorry, my sources say nothing about this\./);
    const canada = await askAnonymously("How do I study in Canada?", { rag: false });
    expect(canada.text).toMatch(/^Sorry, I only know about Germany, not Canada\./);
    const recorded = await database.db.unansweredQuestion.findMany({ orderBy: { createdAt: "asc" } });
    expect(recorded.map((row) => [row.question, row.route])).toEqual([
      ["What is the capital of Peru?", "chat-rag"],
      ["How do I study in Canada?", "chat"],
    ]);
    // A question it answers is not recorded.
    await askAnonymously("How much money do I need in a blocked account for a German student visa?");
    expect(await database.db.unansweredQuestion.count()).toBe(2);
  });

  it("applies a lower anonymous allowance to the next question, and a higher one again", async () => {
    await change({ anonymousSessionTokens: 100 });
    const refused = await askAnonymously("Which health insurance do students need?", {
      session: "assistant-allowance",
    });
    expect(refused.response.status).toBe(429);
    expect(JSON.parse(refused.text).error).toBe(ANONYMOUS_LIMIT_MESSAGE);
    await change({ anonymousSessionTokens: 40000 });
    expect((await askAnonymously("Which health insurance do students need?", { session: "assistant-allowance" })).response.status).toBe(
      200,
    );
  });

  it("answers a chat that names no model with the default model, and one that names an unconfigured provider with the default when it is configured", async () => {
    process.env.DEEPSEEK_API_KEY = "sk-test-deepseek";
    process.env.DEEPSEEK_BASE_URL = fake.url;
    const question = "How much is the blocked account?";
    await change({ defaultChatModel: "deepseek" });
    expect((await askAnonymously(question, { rag: false })).response.headers.get("x-model")).toBe("deepseek:deepseek-chat");
    expect((await askAnonymously(question, { rag: false, body: { chatModel: "openai" } })).response.headers.get("x-model")).toBe(
      "deepseek:deepseek-chat",
    );
    await change({ defaultChatModel: "local" });
    expect((await askAnonymously(question, { rag: false })).response.headers.get("x-model")).toBe("local-knowledge");
    // A configured provider the chat names still answers.
    expect((await askAnonymously(question, { rag: false, body: { chatModel: "deepseek" } })).response.headers.get("x-model")).toBe(
      "deepseek:deepseek-chat",
    );
    expect((await settings().get()).models.find((model) => model.value === "deepseek")?.configured).toBe(true);
  });

  it("refuses invalid values with clear messages and keeps the stored ones", async () => {
    await change({ sureConfidence: 0.4 });
    const tooHigh = await rejection(change({ sureConfidence: 1.5 }));
    expect(tooHigh).toEqual({ code: "BAD_REQUEST", message: "The confidence threshold must be a number from 0 to 1" });
    expect((await rejection(change({ otherCountryText: "Sorry, only Germany." }))).message).toBe(
      "Keep {country} in this text: it is replaced by the country the question is about",
    );
    expect((await rejection(change({ anonymousSessionTokens: -1 }))).message).toBe(
      "The allowance per visitor's browser session cannot be negative",
    );
    expect((await rejection(change({ unknownText: " " }))).message).toBe("The “I don't know” text is required");
    expect((await rejection(settings().update({ ...defaults, defaultChatModel: "gpt-5" as never }))).message).toBe(
      "Choose one of the listed models",
    );
    expect((await settings().get()).values.sureConfidence).toBe(0.4);
  });
});
