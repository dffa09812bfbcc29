import type { Db } from "~/server/db/client";
import type { SessionClaims } from "./auth.service";
import { getEffectivePlan } from "./entitlements.service";

/**
 * Stores a contact-form message, linked to the account when the sender is signed in, with the
 * support priority of the sender's effective plan (standard for anonymous senders).
 */
export async function sendContactMessage(
  db: Db,
  actor: SessionClaims | null,
  input: { name: string; email: string; subject: string; message: string },
) {
  const priority = actor ? (await getEffectivePlan(db, actor.id)).plan.priority : "standard";
  const stored = await db.contactMessage.create({ data: { ...input, userId: actor?.id ?? null, priority }, select: { id: true } });
  return { success: true as const, id: stored.id };
}
