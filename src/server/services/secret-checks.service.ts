/**
 * Secrets checked inside a session (the current password, a two-factor or recovery code), guarded so
 * that a stolen session cannot guess them: each failure counts towards the account's failed sign-ins
 * (LoginAttempt, the sign-in's own counter), and past the same limit every check answers 429 with
 * Retry-After, even with the right secret. The owner is mailed when the limit is reached.
 */
import { appUrl } from "~/env";
import { addressKey } from "~/server/auth/request";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { queueMail } from "~/server/mail/outbox";
import { loginThrottle, recentAccountFailures } from "~/server/security/login-throttle";
import type { SessionClaims } from "./sessions.service";

export const SECRET_CHECKS_LOCKED_MESSAGE = "Too many wrong attempts. For your safety, wait a little and try again.";

/** Runs `check` (true: the secret is right) unless the account is locked; a wrong secret is counted. */
export async function secretCheckPasses(db: Db, actor: SessionClaims, ip: string, check: () => Promise<boolean>): Promise<boolean> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: actor.id },
    select: { email: true, name: true, student: { select: { firstName: true } } },
  });
  const { windowMinutes, maxFailuresPerAccount } = loginThrottle();
  if ((await recentAccountFailures(db, user.email)) >= maxFailuresPerAccount)
    throw new AppError("TOO_MANY_REQUESTS", SECRET_CHECKS_LOCKED_MESSAGE, { retryAfterSeconds: windowMinutes * 60 });
  if (await check()) return true;
  await db.$transaction(async (tx) => {
    await tx.loginAttempt.create({ data: { email: user.email, ip: addressKey(ip), succeeded: false } });
    if ((await recentAccountFailures(tx, user.email)) === maxFailuresPerAccount)
      await queueMail(
        tx,
        user.email,
        {
          kind: "secret-checks-locked",
          name: user.student?.firstName ?? user.name,
          minutes: windowMinutes,
          ip,
          when: new Date(),
          securityUrl: `${appUrl()}/profile?tab=security`,
        },
        actor.id,
      );
  });
  return false;
}
