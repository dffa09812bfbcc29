import type { ContactOrigin } from "~/lib/schemas/site";
import { addressKey } from "~/server/auth/request";
import type { Db } from "~/server/db/client";
import { queueMail } from "~/server/mail/outbox";
import { consumeRateLimit } from "~/server/security/rate-limit";
import { getEffectivePlan } from "./entitlements.service";
import type { SessionClaims } from "./sessions.service";
import { readSiteTexts } from "./site-texts.service";

/**
 * Stores a contact-form message with the form it came from (contact page or a partner link), linked to the account when the sender is signed in, with the
 * support priority of the sender's effective plan (standard for anonymous senders), and confirms
 * its receipt to the sender by mail.
 */
export async function sendContactMessage(
  db: Db,
  actor: SessionClaims | null,
  input: { name: string; email: string; subject: string; message: string; origin: ContactOrigin },
  ip: string,
) {
  await consumeRateLimit(
    db,
    "contact",
    actor ? `user:${actor.id}` : addressKey(ip),
    "You have sent several messages already. Please wait a little before sending another.",
  );
  const priority = actor ? (await getEffectivePlan(db, actor.id)).plan.priority : "standard";
  const stored = await db.$transaction(async (tx) => {
    const message = await tx.contactMessage.create({
      data: { ...input, userId: actor?.id ?? null, priority },
      select: { id: true },
    });
    const { supportHours } = await readSiteTexts(tx);
    await queueMail(
      tx,
      input.email,
      { kind: "contact-acknowledgement", name: input.name, subject: input.subject, supportHours },
      actor?.id ?? null,
    );
    return message;
  });
  return { success: true as const, id: stored.id };
}
