import { randomUUID } from "node:crypto";
import { adminSection } from "~/lib/admin-sections";
import type { Db } from "~/server/db/client";
import type { AdminProcedureCase } from "./types";

const access = adminSection("feedback").access;

/** A dislike as the chat's feedback button stores it. */
export async function createDislike(db: Db, fields: Record<string, unknown> = {}) {
  return db.feedback.create({
    data: {
      sessionId: `session-${randomUUID()}`,
      messageId: randomUUID(),
      feedbackType: "dislike",
      messageContent: "You need €11,904 for the blocked account.",
      userPrompt: "How much is the blocked account?",
      messageOrder: 1,
      ragEnabled: true,
      chatModel: "openai",
      dislikeReason: "Not factually correct",
      responseLength: 40,
      isStreaming: true,
      userType: "student",
      ...fields,
    },
  });
}

export const cases: AdminProcedureCase[] = [
  {
    path: "admin.feedback.dislikes",
    access,
    input: () => ({ page: 1, state: "unhandled" }),
    badInput: { pageSize: 7 },
  },
  {
    path: "admin.feedback.byArticle",
    access,
    input: () => ({ from: "2026-01-01", to: "2026-12-31" }),
    badInput: { from: "2026-02-30" },
  },
  {
    path: "admin.feedback.markHandled",
    access: ["swipe_ai"],
    input: async ({ db }) => ({ id: (await createDislike(db)).id, note: "Article updated." }),
    badInput: { id: "x", note: "n".repeat(1001) },
  },
  {
    path: "admin.feedback.figures",
    access,
    input: () => ({ from: "2026-01-01", to: "2026-01-31" }),
    badInput: { from: "2026-02-01", to: "2026-01-01" },
  },
  { path: "admin.feedback.unanswered", access, input: () => ({ page: 1 }), badInput: { state: "maybe" } },
  {
    path: "admin.feedback.markUnansweredHandled",
    access: ["swipe_ai"],
    input: async ({ db }) => ({
      id: (await db.unansweredQuestion.create({ data: { question: "Is there a visa for cats?", route: "chat-rag" } })).id,
    }),
    badInput: { id: "" },
  },
];
