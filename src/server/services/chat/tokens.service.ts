import type { QuestionKind } from "~/lib/question-kinds";
import type { AnswerCharge } from "~/lib/schemas/chat";
import { tokenCount } from "~/server/ai/local-model";
import type { Db } from "~/server/db/client";
import { metrics } from "~/server/observability/metrics";

/** Tokens a prompt will use: every message's text plus the few tokens of chat framing per message. */
export function promptTokenEstimate(texts: string[]): number {
  return texts.reduce((sum, text) => sum + tokenCount(text) + 4, 3);
}

export interface UsageRecord {
  subject: string;
  userId: string | null;
  route: "chat" | "chat-rag";
  model: string;
  inputTokens: number;
  outputTokens: number;
  charged: number;
  aborted: boolean;
  /** The question's kind, for the pricing page's typical tokens. */
  questionKind: QuestionKind;
  /** What was charged: the answer, only the question (no answer found), or nothing. */
  charge: AnswerCharge;
}

export async function recordUsage(db: Db, record: UsageRecord) {
  await db.tokenUsage.create({ data: record });
  metrics().chatTokens.inc({ route: record.route, model: record.model }, record.charged);
}
