import type { Db } from "~/server/db/client";
import type { FeedbackInput } from "~/lib/schemas/chat";
import { addressKey } from "~/server/auth/request";
import { consumeRateLimit } from "~/server/security/rate-limit";
import type { SessionClaims } from "./sessions.service";

/**
 * Stores the feedback record of spec 3. userId stays 'anonymous' as the spec says; a signed-in
 * account is linked internally. A later opinion on the same message from the same session replaces
 * the earlier one.
 */
export async function submitFeedback(db: Db, actor: SessionClaims | null, input: FeedbackInput, ip: string) {
  await consumeRateLimit(db, "feedback", actor ? `user:${actor.id}` : addressKey(ip));
  const { sessionId, messageId, ...fields } = input;
  const data = {
    ...fields,
    userId: "anonymous",
    accountId: actor?.id ?? null,
    responseLength: fields.responseLength ?? input.messageContent.length,
    dislikeReason: fields.feedbackType === "dislike" ? (fields.dislikeReason ?? null) : null,
    customFeedback: fields.customFeedback || null,
  };
  const row = await db.feedback.upsert({
    where: { sessionId_messageId: { sessionId, messageId } },
    create: { sessionId, messageId, ...data },
    update: data,
    select: { id: true, messageId: true, feedbackType: true, dislikeReason: true, createdAt: true },
  });
  return row;
}
