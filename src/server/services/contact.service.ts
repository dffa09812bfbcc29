import type { Db } from "~/server/db/client";
import type { SessionClaims } from "./auth.service";

/** Stores a contact-form message, linked to the account when the sender is signed in. */
export async function sendContactMessage(
  db: Db,
  actor: SessionClaims | null,
  input: { name: string; email: string; subject: string; message: string },
) {
  const stored = await db.contactMessage.create({ data: { ...input, userId: actor?.id ?? null }, select: { id: true } });
  return { success: true as const, id: stored.id };
}
