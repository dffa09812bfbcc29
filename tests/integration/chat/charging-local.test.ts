/**
 * Fair charging with the local knowledge-base model: "I don't know" costs nothing, an answer costs
 * what it used and its footer says so, a stopped answer costs what was produced, "Regenerate" moves
 * on to the next best passages and then says there is no other answer; the profile's nationality
 * adds the APS fact; the model menu offers only the models this server answers with.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AssistantMetadata, chargeNote } from "~/lib/schemas/chat";
import { readTokenCount, tokenCount } from "~/server/ai/local-model";
import { answerQuestion, NO_OTHER_ANSWER_TEXT } from "~/server/rag/answer";
import { callerFor, createUser, sessionCookie } from "../../helpers/session";
import type { TestDatabase } from "../../helpers/test-database";
import { allowanceOf, answerText, ask, parseUiStream, postChat, type StreamRoute, settled, setUpChat } from "../chat-helpers";

let database: TestDatabase;
let chat: StreamRoute;
let chatRag: StreamRoute;

beforeAll(async () => {
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "DEEPSEEK_API_KEY"]) delete process.env[name];
  ({ database, chat, chatRag } = await setUpChat());
});
afterAll(() => database?.stop());

async function signedInUser(nationality?: string) {
  const user = await createUser(database.db);
  if (nationality) await database.db.student.update({ where: { userId: user.claims.id }, data: { nationality } });
  return { ...user, cookie: await sessionCookie(database.db, user.claims), subject: `user:${user.claims.id}` };
}

/** Asks as `cookie`, reads the whole answer and waits for its settlement. */
async function askAs(route: StreamRoute, cookie: string, body: Record<string, unknown>) {
  const response = await postChat(route, { chatModel: "local", ...body }, { cookie });
  expect(response.status).toBe(200);
  const chunks = parseUiStream(await response.text());
  await settled(database.db);
  const finish = chunks.find((chunk) => chunk.type === "finish")?.messageMetadata as AssistantMetadata | undefined;
  return { response, text: answerText(chunks), finish: finish ?? {} };
}

const lastUsage = (userId: string) => database.db.tokenUsage.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" } });

describe("charging the local model's answers", () => {
  it("answers a question the knowledge base does not cover with 'I don't know' and charges nothing, as the footer says", async () => {
    const user = await signedInUser();
    // Really out of scope: nothing in the knowledge base is about it.
    const question = "How do I renew a passport in Peru?";
    expect((await answerQuestion(database.db, question, { embeddings: null })).kind).toBe("unknown");

    const { response, text, finish } = await askAs(chatRag, user.cookie, {
      id: "conv-unknown-1",
      messages: ask(question),
    });
    expect(Number(response.headers.get("x-confidence-score"))).toBeLessThan(0.4);
    expect(text).toMatch(/^I don't know/);
    expect(finish).toMatchObject({ tokens: 0, charge: "none" });
    expect(chargeNote(finish)).toBe("Not charged: no answer found");
    expect(await allowanceOf(database.db, user.subject)).toEqual({ used: 0, reserved: 0 });
    expect(await lastUsage(user.claims.id)).toMatchObject({ charged: 0, charge: "none", aborted: false });
    expect(await callerFor(database.db, user.claims).chat.allowance()).toMatchObject({ used: 0, remaining: 30_000 });
    const stored = await callerFor(database.db, user.claims).chat.get({ id: "conv-unknown-1" });
    expect(stored.messages[1]!.metadata).toMatchObject({ tokens: 0, charge: "none" });
  });

  it("charges an answer the tokens it used, shows them in the footer and records the kind of question", async () => {
    const user = await signedInUser();
    const { text, finish } = await askAs(chatRag, user.cookie, {
      messages: ask("How much money do I need in a blocked account for a German student visa?"),
    });
    expect(text).toContain("11,904");
    const usage = await lastUsage(user.claims.id);
    expect(usage).toMatchObject({ charge: "answer", questionKind: "simple", aborted: false });
    expect(usage.charged).toBe(usage.inputTokens + usage.outputTokens);
    expect(finish).toMatchObject({ tokens: usage.charged, charge: "answer" });
    expect(chargeNote(finish)).toBe(`${usage.charged.toLocaleString("en-US")} tokens charged`);
    expect((await allowanceOf(database.db, user.subject)).used).toBe(usage.charged);
    // Deep Thinking lists the passages it considered, with their sources, and marks those it quoted.
    expect(finish.passages!.length).toBe(finish.sourcesCount);
    expect(
      finish.passages!.every((passage) => passage.articleTitle && passage.sources.every((source) => /^https?:\/\//.test(source.url))),
    ).toBe(true);
    expect(finish.passages!.filter((passage) => passage.quoted).map((passage) => passage.id)).toEqual(
      expect.arrayContaining(finish.usedPassageIds!.filter((id) => finish.passages!.some((passage) => passage.id === id))),
    );
  });

  it("charges the question's and the answer's tokens only, however long the conversation before it", async () => {
    const user = await signedInUser();
    const question = "Can I work next to my studies in Germany, and how many hours?";
    const fresh = await askAs(chat, user.cookie, { messages: ask(question) });
    const freshUsage = await lastUsage(user.claims.id);
    expect(freshUsage).toMatchObject({ inputTokens: tokenCount(question), outputTokens: readTokenCount(fresh.text) });

    // Six earlier turns with long answers: none of them is charged again.
    const earlier = Array.from({ length: 6 }, (_, turn) => [
      { role: "user", content: `Earlier question ${turn + 1} about the blocked account and the visa appointment?` },
      { role: "assistant", content: "A long earlier answer. ".repeat(150) },
    ]).flat();
    const later = await askAs(chat, user.cookie, { messages: [...earlier, ...ask(question)] });
    const laterUsage = await lastUsage(user.claims.id);
    expect(laterUsage).toMatchObject({ charge: "answer", inputTokens: tokenCount(question), outputTokens: readTokenCount(later.text) });
    expect(later.finish.tokens).toBe(tokenCount(question) + readTokenCount(later.text));
    expect(laterUsage.charged).toBeLessThan(tokenCount(earlier.map((message) => message.content).join("\n")));
    expect((await allowanceOf(database.db, user.subject)).used).toBe(freshUsage.charged + laterUsage.charged);
  });

  it("charges a stopped answer only for what was produced", async () => {
    const user = await signedInUser();
    const question = "Which documents do I need for a German student visa?";
    const full = await askAs(chat, user.cookie, { messages: ask(question) });
    const fullUsage = await lastUsage(user.claims.id);
    expect(full.finish.charge).toBe("answer");

    const controller = new AbortController();
    const response = await postChat(
      chat,
      { chatModel: "local", messages: ask(question) },
      { cookie: user.cookie, signal: controller.signal },
    );
    const reader = response.body!.getReader();
    let received = "";
    while (!received.includes("text-delta")) received += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    await reader.cancel().catch(() => {});
    await settled(database.db);
    const stopped = await lastUsage(user.claims.id);
    expect(stopped).toMatchObject({ aborted: true, charge: "answer" });
    expect(stopped.outputTokens).toBeGreaterThan(0);
    expect(stopped.outputTokens).toBeLessThan(fullUsage.outputTokens);
    expect(stopped.charged).toBe(stopped.inputTokens + stopped.outputTokens);
    expect((await allowanceOf(database.db, user.subject)).used).toBe(fullUsage.charged + stopped.charged);
  });

  it("regenerates from the next best passages, then says there is no other answer and charges that nothing", async () => {
    const user = await signedInUser();
    const question = "How much money do I need in a blocked account for a German student visa?";
    let previous = await askAs(chatRag, user.cookie, { messages: ask(question) });
    const answers = [previous.text];
    let last = previous;
    for (let round = 0; round < 12; round++) {
      last = await askAs(chatRag, user.cookie, {
        messages: ask(question),
        regenerate: { previousAnswer: previous.text, usedPassageIds: previous.finish.usedPassageIds ?? [] },
      });
      if (last.text.startsWith(NO_OTHER_ANSWER_TEXT)) break;
      // A different answer, from passages no earlier answer quoted.
      expect(answers).not.toContain(last.text);
      expect(last.finish.charge).toBe("answer");
      expect(last.finish.usedPassageIds!.length).toBeGreaterThan(previous.finish.usedPassageIds!.length);
      answers.push(last.text);
      previous = last;
    }
    expect(answers.length).toBeGreaterThan(1);
    expect(last.text.startsWith(NO_OTHER_ANSWER_TEXT)).toBe(true);
    // The answer it replaces is repeated below the notice, so nothing is lost.
    expect(last.text).toContain(previous.text.trim());
    expect(last.finish).toMatchObject({ tokens: 0, charge: "none" });
    expect((await lastUsage(user.claims.id)).charge).toBe("none");
  });
});

describe("the profile shapes the answer", () => {
  const question = "How do I apply to a German university?";

  it("adds the APS fact, quoted with its source, for a national of India", async () => {
    const user = await signedInUser("India");
    const { text } = await askAs(chat, user.cookie, { messages: ask(question) });
    expect(text).toContain("**For you, as a national of India (from your profile):**");
    expect(text).toMatch(/APS certificate/);
    expect(text).toMatch(/Source: Who needs an APS certificate.*\(last reviewed \d{4}-\d{2}-\d{2}\)/);
  });

  it("leaves it out for a national of a country without APS, and for visitors", async () => {
    const user = await signedInUser("Brazil");
    expect((await askAs(chat, user.cookie, { messages: ask(question) })).text).not.toContain("For you");
    const visitor = await postChat(
      chat,
      { chatModel: "local", messages: ask(question) },
      { headers: { "x-session-id": "profile-visitor-1" } },
    );
    expect(answerText(parseUiStream(await visitor.text()))).not.toContain("For you");
    await settled(database.db);
  });
});

describe("languages", () => {
  // German questions are read through the term table and German stop words: the FAQ says so.
  it("answers German questions from the articles that answer their English twins", async () => {
    expect((await answerQuestion(database.db, "Wie viel Geld brauche ich auf dem Sperrkonto?", { embeddings: null })).text).toContain(
      "11,904 EUR per year",
    );
    const documents = await answerQuestion(database.db, "Welche Dokumente brauche ich für das Studentenvisum?", { embeddings: null });
    expect(documents.kind).toBe("answer");
    expect(documents.text).toContain("Source: Student visa documents checklist");
  });
});

describe("the model choice", () => {
  it("offers only the models this server answers with: our guides alone, when no hosted model has a key", async () => {
    expect(await callerFor(database.db, null).chat.models()).toEqual([{ value: "local", label: "Our guides" }]);
  });

  it("names the local model in the answer when an unconfigured hosted model was asked for", async () => {
    const user = await signedInUser();
    const { response, finish } = await askAs(chat, user.cookie, {
      chatModel: "openai",
      messages: ask("How many hours may I work as a student?"),
    });
    expect(response.headers.get("x-model")).toBe("local-knowledge");
    expect(finish.model).toBe("local-knowledge");
  });
});
