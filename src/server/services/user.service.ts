import { verifyPassword } from "~/server/auth/password";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { queueMail } from "~/server/mail/outbox";
import { getPaymentGateway } from "~/server/payments";
import { emailKey, forgetRateLimitSubject } from "~/server/security/rate-limit";
import { consumeAccountToken, issueAccountToken, TOKEN_LIFETIME_MINUTES } from "./account-tokens.service";
import { deleteBillingData } from "./billing/customers.service";
import { deleteStoredObjects, storageKeysOfUser } from "./documents/documents.service";
import { secretCheckPasses } from "./secret-checks.service";
import type { SessionClaims } from "./sessions.service";
import { verifySecondFactor } from "./two-factor.service";

export async function getMe(db: Db, actor: SessionClaims) {
  const user = await db.user.findUnique({
    where: { id: actor.id },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      status: true,
      createdAt: true,
      lastLoginAt: true,
      passwordHash: true,
      emailVerifiedAt: true,
      totpEnabledAt: true,
      accounts: { select: { provider: true } },
    },
  });
  if (!user) throw new AppError("UNAUTHENTICATED", "Your account no longer exists.");
  const { passwordHash, emailVerifiedAt, totpEnabledAt, accounts, ...rest } = user;
  return {
    ...rest,
    hasPassword: Boolean(passwordHash),
    emailVerified: emailVerifiedAt !== null,
    twoFactorEnabled: totpEnabledAt !== null,
    linkedProviders: accounts.map((account) => account.provider),
  };
}

const DELETE_MESSAGES = {
  wrongPassword: "Your password is not correct.",
  wrongCode: "That code is not correct or has expired.",
  codeSent: "We sent a 6-digit code to your email address. It works for 10 minutes.",
  hasPassword: "Your account has a password: enter it to delete your account.",
} as const;

/** For accounts without a password: a 6-digit code by mail that confirms the deletion. */
export async function requestDeletionCode(db: Db, actor: SessionClaims) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: actor.id },
    include: { student: { select: { firstName: true } } },
  });
  if (user.passwordHash) throw new AppError("BAD_INPUT", DELETE_MESSAGES.hasPassword);
  await db.$transaction(async (tx) => {
    const code = await issueAccountToken(tx, user.id, "delete_account");
    await queueMail(
      tx,
      user.email,
      {
        kind: "account-deletion-code",
        name: user.student?.firstName ?? user.name,
        code,
        expiresInMinutes: TOKEN_LIFETIME_MINUTES.delete_account,
      },
      user.id,
    );
  });
  return { message: DELETE_MESSAGES.codeSent };
}

/** The person proves it is them: the password, or without one a two-factor code or the mailed code. */
async function assertDeletionConfirmed(db: Db, actor: SessionClaims, input: { password?: string; code?: string }, ip: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  const passwordHash = user.passwordHash;
  if (passwordHash) {
    if (!(await secretCheckPasses(db, actor, ip, () => verifyPassword(passwordHash, input.password ?? ""))))
      throw new AppError("BAD_INPUT", DELETE_MESSAGES.wrongPassword);
    return;
  }
  const code = input.code?.trim() ?? "";
  const confirmed = await secretCheckPasses(
    db,
    actor,
    ip,
    async () =>
      Boolean(user.totpEnabledAt && (await verifySecondFactor(db, user.id, code))) ||
      Boolean(await consumeAccountToken(db, "delete_account", code, user.id)),
  );
  if (!confirmed) throw new AppError("BAD_INPUT", DELETE_MESSAGES.wrongCode);
}

/**
 * Deletes the account and every row about the person: what cascades from the user, and what is kept
 * by email, address or subject rather than by a foreign key (sign-in attempts, newsletter, anonymous
 * contact messages, mails and their jobs, token usage and allowances, rate-limit counters). Feedback
 * is deleted too, not kept anonymised: its texts could identify the person. Live subscriptions are
 * cancelled and the payment provider's customer removed first; uploaded files are removed from the
 * storage once their rows are gone.
 */
export async function deleteAccount(db: Db, actor: SessionClaims, input: { password?: string; code?: string }, ip: string) {
  await assertDeletionConfirmed(db, actor, input, ip);
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id }, select: { id: true, email: true } });
  await deleteBillingData(db, getPaymentGateway(db), user.id);
  const mails = await db.mailMessage.findMany({
    where: { OR: [{ userId: user.id }, { to: user.email }] },
    select: { id: true },
  });
  const subjects = [`user:${user.id}`];
  const storedFiles = await storageKeysOfUser(db, user.id);
  await db.$transaction([
    db.job.deleteMany({
      where: { kind: "mail.send", OR: mails.map((mail) => ({ payload: { equals: { mailId: mail.id } } })) },
    }),
    db.mailMessage.deleteMany({ where: { OR: [{ userId: user.id }, { to: user.email }] } }),
    db.loginAttempt.deleteMany({ where: { email: user.email } }),
    db.newsletterSubscriber.deleteMany({ where: { email: user.email } }),
    db.contactMessage.deleteMany({ where: { email: user.email } }),
    db.feedback.deleteMany({ where: { accountId: user.id } }),
    db.tokenUsage.deleteMany({ where: { OR: [{ userId: user.id }, { subject: { in: subjects } }] } }),
    db.tokenAllowance.deleteMany({ where: { subject: { in: subjects } } }),
    db.user.delete({ where: { id: user.id } }),
  ]);
  await deleteStoredObjects(storedFiles);
  await forgetRateLimitSubject(db, `user:${user.id}`);
  await forgetRateLimitSubject(db, emailKey(user.email));
}

/**
 * Names and addresses of accounts by id, for the "by whom" lines of staff lists (granted by, handled
 * by, edited by); ids of accounts deleted since are simply absent.
 */
export async function accountsById(db: Db, ids: (string | null | undefined)[]): Promise<Map<string, { name: string; email: string }>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const users = await db.user.findMany({
    where: { id: { in: wanted } },
    select: { id: true, name: true, email: true },
  });
  return new Map(users.map((user) => [user.id, { name: user.name, email: user.email }]));
}
