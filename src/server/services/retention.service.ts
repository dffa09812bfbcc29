import { env } from "~/env";
import type { Db } from "~/server/db/client";

/**
 * What is kept only for a while (RETENTION_DAYS, 30 by default): sign-in attempts and their
 * addresses, ended sessions, used or expired mailed secrets, finished jobs, and rate-limit counters
 * whose window has passed.
 */
export async function purgeExpiredData(db: Db, now = new Date()) {
  const before = new Date(now.getTime() - env.RETENTION_DAYS * 24 * 3600 * 1000);
  const [loginAttempts, counters, sessions, tokens, jobs] = await db.$transaction([
    db.loginAttempt.deleteMany({ where: { createdAt: { lt: before } } }),
    db.rateLimitCounter.deleteMany({ where: { resetAt: { lt: now } } }),
    db.authSession.deleteMany({ where: { OR: [{ revokedAt: { lt: before } }, { expiresAt: { lt: before } }] } }),
    db.accountToken.deleteMany({ where: { OR: [{ expiresAt: { lt: now } }, { usedAt: { not: null } }] } }),
    db.job.deleteMany({ where: { status: "done", finishedAt: { lt: before } } }),
  ]);
  return {
    loginAttempts: loginAttempts.count,
    counters: counters.count,
    sessions: sessions.count,
    tokens: tokens.count,
    jobs: jobs.count,
  };
}
