/**
 * Feedback triage: a dislike keeps the articles its answer cited (from the stored conversation of a
 * signed-in user, from the text for anonymous chats, existing articles only); the triage lists,
 * groups and figures equal hand counts of seeded rows; handling is audited and happens once.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicError } from "~/server/api/trpc";
import { ALREADY_HANDLED, DISLIKE_NOT_FOUND, QUESTION_ALREADY_HANDLED } from "~/server/services/admin/feedback-triage.service";
import { createStaff } from "../../helpers/admin";
import { callerFor, createUser, sessionCookie } from "../../helpers/session";
import type { TestDatabase } from "../../helpers/test-database";
import { answerText, parseUiStream, postChat, type StreamRoute, settled, setUpChat } from "../chat-helpers";
import { createDislike } from "./cases/feedback";
import { errorOf } from "./fixtures";

let t: TestDatabase;
let chatRag: StreamRoute;
let admin: Awaited<ReturnType<typeof createStaff>>;

const AMOUNT = {
  slug: "finances-blocked-account-amount-2026",
  title: "How much money must be in the blocked account for a student visa in 2026?",
};
const HOW = {
  slug: "finances-blocked-account-how-it-works",
  title: "How do I open a blocked account, and how do the monthly payouts work?",
};

beforeAll(async () => {
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "DEEPSEEK_API_KEY"]) delete process.env[name];
  ({ database: t, chatRag } = await setUpChat());
  admin = await createStaff(t.db, "admin");
});
afterAll(() => t?.stop());

const dislike = (fields: Record<string, unknown>) => ({
  sessionId: `session-${randomUUID()}`,
  feedbackType: "dislike" as const,
  chatModel: "openai" as const,
  dislikeReason: "Not factually correct" as const,
  userPrompt: "How much money do I need in a blocked account?",
  messageId: randomUUID(),
  messageContent: "",
  ...fields,
});

const citedOf = async (messageId: string) => (await t.db.feedback.findFirstOrThrow({ where: { messageId } })).citedArticles;

describe("the articles a disliked answer cited", () => {
  it("a signed-in user's answer: read from the stored conversation, whatever text the browser sends", async () => {
    const user = await createUser(t.db);
    const conversationId = `conv-${randomUUID()}`;
    const response = await postChat(
      chatRag,
      {
        id: conversationId,
        messages: [
          {
            id: "q1",
            role: "user",
            content: "How much money do I need in a blocked account for a German student visa?",
          },
        ],
      },
      { cookie: await sessionCookie(t.db, user.claims) },
    );
    const chunks = parseUiStream(await response.text());
    await settled(t.db);
    const start = chunks.find((chunk) => chunk.type === "start")!;
    const sourceTitles = (start.messageMetadata!.sources as { title: string }[]).map((source) => source.title);
    expect(sourceTitles).toContain(AMOUNT.title);
    expect(answerText(chunks)).toContain(`Source: ${AMOUNT.title}`);

    await callerFor(t.db, user.claims).chat.feedback(
      dislike({
        messageId: start.messageId,
        conversationId,
        messageContent: `Made up.\n\nSource: ${HOW.title} (last reviewed 2026-11-21)`,
      }),
    );
    const cited = await citedOf(start.messageId!);
    expect(cited).toContain(AMOUNT.slug);
    // Exactly the articles the stored answer names, not the one the browser's text claims.
    const named = await t.db.knowledgeArticle.findMany({
      where: { title: { in: sourceTitles } },
      select: { slug: true },
      orderBy: { slug: "asc" },
    });
    expect(cited).toEqual(named.map((article) => article.slug));
  });

  it("another user's conversation is never read: rating an answer in it is refused, and nothing is stored", async () => {
    const owner = await createUser(t.db);
    const conversationId = `conv-${randomUUID()}`;
    const response = await postChat(
      chatRag,
      {
        id: conversationId,
        messages: [
          {
            id: "q1",
            role: "user",
            content: "How much money do I need in a blocked account for a German student visa?",
          },
        ],
      },
      { cookie: await sessionCookie(t.db, owner.claims) },
    );
    const start = parseUiStream(await response.text()).find((chunk) => chunk.type === "start")!;
    await settled(t.db);
    const intruder = await createUser(t.db);
    await expect(
      callerFor(t.db, intruder.claims).chat.feedback(
        dislike({ messageId: start.messageId, conversationId, messageContent: "No citation here." }),
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: "This answer was not found." });
    expect(await t.db.feedback.count({ where: { messageId: start.messageId! } })).toBe(0);
  });

  it("an anonymous chat: the citations in the text, mapped to existing articles only", async () => {
    const messageId = randomUUID();
    const content = [
      "You need 11,904 EUR.",
      `Source: ${AMOUNT.title} (last reviewed 2026-11-21), based on [Federal Foreign Office](https://www.auswaertiges-amt.de/)`,
      "Source: An article nobody wrote (last reviewed 2026-01-01)",
      "**Sources**",
      `- ${HOW.title} (last reviewed 2026-11-21): [City of Jena](https://neu.jena.de/de/node/99)`,
    ].join("\n\n");
    await callerFor(t.db, null).chat.feedback(dislike({ messageId, messageContent: content }));
    expect(await citedOf(messageId)).toEqual([AMOUNT.slug, HOW.slug]);

    const plain = randomUUID();
    await callerFor(t.db, null).chat.feedback(dislike({ messageId: plain, messageContent: `I read "${AMOUNT.title}" somewhere.` }));
    expect(await citedOf(plain)).toEqual([]);
  });
});

describe("triage", () => {
  const JUNE = { from: "2026-06-01", to: "2026-06-03" };
  let d1: string, d2: string, d3: string, d4: string, like1: string;
  let q1: string;

  beforeAll(async () => {
    const db = t.db;
    d1 = (
      await createDislike(db, {
        citedArticles: [AMOUNT.slug],
        confidenceScore: 0.8,
        createdAt: new Date("2026-06-01T08:00:00Z"),
      })
    ).id;
    d2 = (
      await createDislike(db, {
        citedArticles: [AMOUNT.slug, HOW.slug],
        dislikeReason: "Don't like the style",
        confidenceScore: 0.3,
        createdAt: new Date("2026-06-02T09:00:00Z"),
      })
    ).id;
    d3 = (
      await createDislike(db, {
        citedArticles: [],
        customFeedback: "Wrong city for the Ausländerbehörde",
        createdAt: new Date("2026-06-02T10:00:00Z"),
      })
    ).id;
    d4 = (
      await createDislike(db, {
        citedArticles: [HOW.slug],
        confidenceScore: 0.5,
        handledAt: new Date("2026-06-04T00:00:00Z"),
        createdAt: new Date("2026-06-03T23:59:59Z"),
      })
    ).id;
    await createDislike(db, { citedArticles: [AMOUNT.slug], createdAt: new Date("2026-05-31T23:59:59Z") }); // before June
    like1 = (
      await createDislike(db, {
        feedbackType: "like",
        dislikeReason: null,
        createdAt: new Date("2026-06-01T09:00:00Z"),
      })
    ).id;
    await createDislike(db, { feedbackType: "like", dislikeReason: null, createdAt: new Date("2026-06-01T10:00:00Z") });
    await createDislike(db, { feedbackType: "like", dislikeReason: null, createdAt: new Date("2026-06-03T12:00:00Z") });
    const question = (text: string, createdAt: string) =>
      db.unansweredQuestion.create({ data: { question: text, route: "chat-rag", createdAt: new Date(createdAt) } });
    q1 = (await question("Can I bring my cat to Germany?", "2026-06-01T08:00:00Z")).id;
    await question("What is the capital of Peru?", "2026-06-01T09:00:00Z");
    await question("How do I get a fishing licence?", "2026-06-03T18:00:00Z");
    await question("Is there a visa for chess players?", "2026-05-31T12:00:00Z");
  });

  const list = (query: Record<string, unknown>) => admin.caller.admin.feedback.dislikes({ ...JUNE, ...query } as never);

  it("lists dislikes with their question, answer, reason, comment, model, confidence and articles; each filter counts by hand", async () => {
    const all = await list({});
    expect(all.total).toBe(4);
    expect(all.rows.map((row) => row.id)).toEqual([d4, d3, d2, d1]); // newest first
    expect(all.rows.find((row) => row.id === d2)).toMatchObject({
      userPrompt: "How much is the blocked account?",
      messageContent: "You need €11,904 for the blocked account.",
      dislikeReason: "Don't like the style",
      chatModel: "openai",
      confidenceScore: 0.3,
      citedArticles: [
        { slug: AMOUNT.slug, title: AMOUNT.title },
        { slug: HOW.slug, title: HOW.title },
      ],
      handledAt: null,
    });
    expect((await list({ reason: "Not factually correct" })).rows.map((row) => row.id)).toEqual([d4, d3, d1]);
    expect((await list({ state: "unhandled" })).total).toBe(3);
    expect((await list({ state: "handled" })).rows.map((row) => row.id)).toEqual([d4]);
    expect((await list({ article: AMOUNT.slug })).rows.map((row) => row.id)).toEqual([d2, d1]);
    expect((await list({ article: "none" })).rows.map((row) => row.id)).toEqual([d3]);
    expect((await list({ q: "wrong city" })).rows.map((row) => row.id)).toEqual([d3]);
    expect((await list({ from: "2026-06-02", to: "2026-06-02" })).total).toBe(2);
    expect((await list({ sort: "confidenceScore", dir: "asc" })).rows.map((row) => row.id)).toEqual([d2, d4, d1, d3]);
    expect((await list({ pageSize: 10, page: 2 })).rows).toEqual([]);
  });

  it("groups the dislikes by cited article, with a group for answers that cited none", async () => {
    expect(await admin.caller.admin.feedback.byArticle(JUNE)).toEqual([
      { slug: AMOUNT.slug, title: AMOUNT.title, dislikes: 2, unhandled: 2 },
      { slug: HOW.slug, title: HOW.title, dislikes: 2, unhandled: 1 },
      { slug: null, title: null, dislikes: 1, unhandled: 1 },
    ]);
  });

  it("figures: likes, dislikes and the like ratio by day, the reasons, and the questions answered with I don't know", async () => {
    const figures = await admin.caller.admin.feedback.figures(JUNE);
    expect(figures.byDay).toEqual([
      { day: "2026-06-01", likes: 2, dislikes: 1, likeRatio: 2 / 3, unanswered: 2 },
      { day: "2026-06-02", likes: 0, dislikes: 2, likeRatio: 0, unanswered: 0 },
      { day: "2026-06-03", likes: 1, dislikes: 1, likeRatio: 0.5, unanswered: 1 },
    ]);
    expect(figures.totals).toEqual({ likes: 3, dislikes: 4, likeRatio: 3 / 7, unanswered: 3 });
    expect(figures.reasons).toEqual([
      { reason: "Shouldn't have used Memory", count: 0 },
      { reason: "Don't like the personality", count: 0 },
      { reason: "Don't like the style", count: 1 },
      { reason: "Not factually correct", count: 3 },
      { reason: "Didn't fully follow instructions", count: 0 },
    ]);
    const empty = await admin.caller.admin.feedback.figures({ from: "2020-01-01", to: "2020-01-01" });
    expect(empty.byDay).toEqual([{ day: "2020-01-01", likes: 0, dislikes: 0, likeRatio: null, unanswered: 0 }]);
  });

  it("marks a dislike handled with a note, audited; twice answers 409; a like or an unknown id 404", async () => {
    const result = await admin.caller.admin.feedback.markHandled({
      id: d1,
      note: "  Amount updated in the article.  ",
    });
    expect(result).toMatchObject({ id: d1, handledNote: "Amount updated in the article." });
    expect(await t.db.feedback.findUniqueOrThrow({ where: { id: d1 } })).toMatchObject({
      handledById: admin.session.id,
      handledNote: "Amount updated in the article.",
    });
    const audit = await t.db.auditLog.findMany({ where: { action: "feedback.dislike_handled", targetId: d1 } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: admin.session.email,
      targetType: "Feedback",
      after: { note: "Amount updated in the article." },
    });
    expect((await list({ state: "handled" })).rows.find((row) => row.id === d1)).toMatchObject({
      handledBy: admin.session.email,
      handledNote: "Amount updated in the article.",
    });

    const twice = await errorOf(admin.caller.admin.feedback.markHandled({ id: d1 }));
    expect(twice.code).toBe("CONFLICT");
    expect(twice.message).toBe(ALREADY_HANDLED);
    expect(await t.db.auditLog.count({ where: { action: "feedback.dislike_handled", targetId: d1 } })).toBe(1);
    for (const id of [like1, "no-such-feedback"]) {
      const error = await errorOf(admin.caller.admin.feedback.markHandled({ id }));
      expect(error.code).toBe("NOT_FOUND");
      expect(error.message).toBe(DISLIKE_NOT_FOUND);
    }
    const long = await errorOf(admin.caller.admin.feedback.markHandled({ id: d2, note: "x".repeat(1001) }));
    expect(publicError(long).message).toBe("The note must be at most 1000 characters");
    expect((await t.db.feedback.findUniqueOrThrow({ where: { id: d2 } })).handledAt).toBeNull();
  });

  it("lists the unanswered questions and marks one handled, once, audited", async () => {
    const june = await admin.caller.admin.feedback.unanswered({ ...JUNE, dir: "asc" });
    expect(june.rows.map((row) => row.question)).toEqual([
      "Can I bring my cat to Germany?",
      "What is the capital of Peru?",
      "How do I get a fishing licence?",
    ]);
    expect((await admin.caller.admin.feedback.unanswered({ q: "peru" })).total).toBe(1);

    await admin.caller.admin.feedback.markUnansweredHandled({ id: q1 });
    expect((await t.db.unansweredQuestion.findUniqueOrThrow({ where: { id: q1 } })).handledAt).toBeInstanceOf(Date);
    expect(await t.db.auditLog.count({ where: { action: "feedback.question_handled", targetId: q1 } })).toBe(1);
    expect((await admin.caller.admin.feedback.unanswered({ ...JUNE, state: "unhandled" })).total).toBe(2);
    expect((await admin.caller.admin.feedback.unanswered({ ...JUNE, state: "handled" })).rows.map((row) => row.id)).toEqual([q1]);
    const twice = await errorOf(admin.caller.admin.feedback.markUnansweredHandled({ id: q1 }));
    expect(twice.code).toBe("CONFLICT");
    expect(twice.message).toBe(QUESTION_ALREADY_HANDLED);
  });
});
