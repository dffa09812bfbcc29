import type { Db } from "~/server/db/client";

/** Stores the address once: subscribing again is accepted and changes nothing. */
export async function subscribeToNewsletter(db: Db, input: { email: string }) {
  await db.newsletterSubscriber.upsert({ where: { email: input.email }, create: { email: input.email }, update: {} });
  return { success: true as const };
}
