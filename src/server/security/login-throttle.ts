import { env } from "~/env";
import type { DbOrTx } from "~/server/db/client";

/** How the failed-login throttle counts: per account and per address (a campus shares one address). */
export function loginThrottle() {
  return {
    windowMinutes: env.LOGIN_THROTTLE_WINDOW_MINUTES,
    maxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxFailuresPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
  };
}

/** The account's failed sign-ins and in-session secret checks within the throttle's window. */
export function recentAccountFailures(db: DbOrTx, email: string): Promise<number> {
  const since = new Date(Date.now() - loginThrottle().windowMinutes * 60_000);
  return db.loginAttempt.count({ where: { email, succeeded: false, createdAt: { gte: since } } });
}
