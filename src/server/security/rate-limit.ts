import { createHash } from "node:crypto";
import { env } from "~/env";
import { GUEST_IMPORTS_PER_DAY } from "~/lib/schemas/chat";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";

interface RateLimit {
  points: number;
  windowSeconds: number;
}

/** The limits an operator can tune (src/env.ts documents their settings). */
const RATE_LIMITS = {
  signup: () => env.RATE_LIMIT_SIGNUP,
  passwordReset: () => env.RATE_LIMIT_PASSWORD_RESET,
  verificationResend: () => env.RATE_LIMIT_VERIFICATION_RESEND,
  contact: () => env.RATE_LIMIT_CONTACT,
  newsletter: () => env.RATE_LIMIT_NEWSLETTER,
  feedback: () => env.RATE_LIMIT_FEEDBACK,
  anonymousChat: () => env.RATE_LIMIT_ANONYMOUS_CHAT,
  communityPost: () => env.RATE_LIMIT_COMMUNITY_POST,
  upload: () => env.RATE_LIMIT_UPLOAD,
  // Fixed: a lookup per pause in typing after "@" stays far below this; a scraper of handles does not.
  mentionLookup: () => ({ points: 120, windowSeconds: 600 }),
  // Fixed: one import follows each sign-up or sign-in of a guest who chatted.
  guestConversationImport: () => ({ points: GUEST_IMPORTS_PER_DAY, windowSeconds: 86_400 }),
} satisfies Record<string, () => RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

const RATE_LIMITED_MESSAGE = "Too many requests. Please wait a little and try again.";

/** Keys name no person: an email is hashed, so counters hold no personal data. */
export function emailKey(email: string): string {
  return `email:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32)}`;
}

/**
 * Counts one request against `name` for `subject` (an address key, a user id, a hashed email) in a
 * fixed window, in one statement, so every instance on the database shares the count. Past the limit
 * it throws 429 with the seconds until the window ends (answered as Retry-After).
 */
export async function consumeRateLimit(db: Db, name: RateLimitName, subject: string, message = RATE_LIMITED_MESSAGE): Promise<void> {
  const limit = RATE_LIMITS[name]();
  const key = `${name}:${subject}`;
  const rows = await db.$queryRaw<{ points: number; resetAt: Date }[]>`
    INSERT INTO "RateLimitCounter" ("key", "points", "resetAt")
    VALUES (${key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
    ON CONFLICT ("key") DO UPDATE SET
      "points" = CASE WHEN "RateLimitCounter"."resetAt" <= now() THEN 1 ELSE "RateLimitCounter"."points" + 1 END,
      "resetAt" = CASE WHEN "RateLimitCounter"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimitCounter"."resetAt" END
    RETURNING "points", "resetAt"`;
  const row = rows[0]!;
  if (row.points > limit.points) {
    const retryAfterSeconds = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
    throw new AppError("TOO_MANY_REQUESTS", message, { retryAfterSeconds });
  }
}

/** Drops the counters of one subject, e.g. a deleted person's hashed email. */
export async function forgetRateLimitSubject(db: Db, subject: string): Promise<void> {
  await db.rateLimitCounter.deleteMany({ where: { key: { endsWith: `:${subject}` } } });
}
