import { randomBytes } from "node:crypto";
import { appUrl } from "~/env";
import { addressKey } from "~/server/auth/request";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { queueMail } from "~/server/mail/outbox";
import { consumeRateLimit } from "~/server/security/rate-limit";
import { hashToken } from "./account-tokens.service";

const NEWSLETTER_MESSAGES = {
  confirmSent: "Almost done: we sent you an email. Click its link to confirm your subscription.",
  alreadyConfirmed: "You are already subscribed to our newsletter.",
  confirmInvalid: "This confirmation link is not valid. Subscribe again in the footer to get a new one.",
} as const;

/**
 * Double opt-in: the address is stored unconfirmed and gets a confirmation mail; only a click on its
 * link subscribes it. Subscribing again resends the mail; a confirmed address is left as it is.
 */
export async function subscribeToNewsletter(db: Db, input: { email: string }, ip: string) {
  await consumeRateLimit(db, "newsletter", addressKey(ip));
  const existing = await db.newsletterSubscriber.findUnique({ where: { email: input.email } });
  if (existing?.confirmedAt) return { success: true as const, message: NEWSLETTER_MESSAGES.alreadyConfirmed };
  const token = randomBytes(32).toString("base64url");
  await db.$transaction(async (tx) => {
    await tx.newsletterSubscriber.upsert({
      where: { email: input.email },
      create: { email: input.email, confirmHash: hashToken(token) },
      update: { confirmHash: hashToken(token) },
    });
    await queueMail(tx, input.email, {
      kind: "newsletter-confirm",
      url: `${appUrl()}/newsletter/confirm?token=${encodeURIComponent(token)}`,
    });
  });
  return { success: true as const, message: NEWSLETTER_MESSAGES.confirmSent };
}

/** The confirmation link: the subscription starts now. */
export async function confirmNewsletter(db: Db, token: string) {
  if (!token || token.length > 200) throw new AppError("BAD_INPUT", NEWSLETTER_MESSAGES.confirmInvalid);
  const { count } = await db.newsletterSubscriber.updateMany({
    where: { confirmHash: hashToken(token) },
    data: { confirmedAt: new Date(), confirmHash: null },
  });
  if (count === 0) throw new AppError("BAD_INPUT", NEWSLETTER_MESSAGES.confirmInvalid);
  return { success: true as const };
}
