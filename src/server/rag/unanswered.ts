import type { Db } from "~/server/db/client";
import { log } from "~/server/observability/log";

/** Questions are stored up to this length: enough to see what was asked. */
const MAX_QUESTION_CHARS = 2000;

export type AnswerRoute = "chat" | "chat-rag";

/** Keeps a question the knowledge base could not answer, for what to write next; a failure never fails the answer. */
export async function recordUnansweredQuestion(db: Db, question: string, route: AnswerRoute): Promise<void> {
  const text = question.replace(/\s+/g, " ").trim().slice(0, MAX_QUESTION_CHARS);
  if (!text) return;
  try {
    await db.unansweredQuestion.create({ data: { question: text, route } });
  } catch (error) {
    log.error({ err: error }, "could not record an unanswered question");
  }
}
