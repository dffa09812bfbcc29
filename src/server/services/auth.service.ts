import { appUrl, env } from "~/env";
import { AUTH_MESSAGES, type SignupInput } from "~/lib/schemas/auth";
import { timeZoneSchema } from "~/lib/schemas/locale";
import { profileCompletion } from "~/lib/schemas/student";
import { OAUTH_ERRORS, SIGN_IN_ERRORS, type SignInErrorCode } from "~/lib/sign-in-errors";
import { hashPassword, verifyPassword } from "~/server/auth/password";
import { assertStrongPassword } from "~/server/auth/password-strength";
import { addressKey } from "~/server/auth/request";
import type { Db, DbOrTx } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/unique-violation";
import { AppError } from "~/server/errors";
import { queueMail } from "~/server/mail/outbox";
import { loginThrottle } from "~/server/security/login-throttle";
import { consumeRateLimit, emailKey } from "~/server/security/rate-limit";
import { consumeAccountToken, findUsableAccountToken, issueAccountToken, TOKEN_LIFETIME_MINUTES } from "./account-tokens.service";
import { secretCheckPasses } from "./secret-checks.service";
import { claimsOf, revokeSessions, type SessionClaims } from "./sessions.service";
import { verifySecondFactor } from "./two-factor.service";

/**
 * Accounts named in ADMIN_EMAILS (comma-separated) become admins once their email is verified: how
 * the first admin of a new installation comes to exist. Nobody gets the role by typing an address.
 */
function isConfiguredAdmin(email: string): boolean {
  return env.ADMIN_EMAILS.split(",")
    .map((entry) => entry.trim().toLowerCase())
    .includes(email.toLowerCase());
}

const verifyUrl = (token: string) => `${appUrl()}/verify-email?token=${encodeURIComponent(token)}`;

/** A new password account with the student profile every account has, as one nested create. */
export function newAccountData(fields: {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  /** The zone the person's browser runs in; the default zone without one. */
  timeZone?: string;
}) {
  const { email, firstName, lastName, passwordHash, timeZone } = fields;
  return {
    email,
    name: `${firstName} ${lastName}`,
    passwordHash,
    student: {
      create: { firstName, lastName, email, timeZone, profileCompletion: profileCompletion({ firstName, lastName, email }) },
    },
  };
}

/** Creates the account and its student profile together, and mails the link that verifies the address. */
export async function signup(db: Db, input: SignupInput, ip: string): Promise<SessionClaims> {
  await consumeRateLimit(db, "signup", addressKey(ip), "Too many accounts were created from your network. Please try again later.");
  await assertStrongPassword(input.password, [input.email, input.firstName, input.lastName]);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: newAccountData({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          timeZone: input.timeZone,
        }),
      });
      const token = await issueAccountToken(tx, user.id, "verify_email");
      await queueMail(tx, user.email, { kind: "verify-email", name: input.firstName, url: verifyUrl(token), expiresInHours: 24 }, user.id);
      return claimsOf(user, null);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", AUTH_MESSAGES.emailTaken);
    throw error;
  }
}

/** Sends a new verification link (the old one stops working). */
export async function resendVerification(db: Db, actor: SessionClaims) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: actor.id },
    include: { student: { select: { firstName: true } } },
  });
  if (user.emailVerifiedAt) throw new AppError("CONFLICT", "Your email address is already verified.");
  await consumeRateLimit(
    db,
    "verificationResend",
    `user:${user.id}`,
    "We sent several verification mails already. Please check your inbox and spam folder, or try again later.",
  );
  await db.$transaction((tx) => queueVerificationMail(tx, user));
}

/**
 * Issues a new verification link for the account (the old one stops working) and queues its mail,
 * in the caller's transaction: the user's own "Resend" and staff's resend share it.
 */
export async function queueVerificationMail(
  tx: DbOrTx,
  user: { id: string; email: string; name: string; student: { firstName: string } | null },
) {
  const token = await issueAccountToken(tx, user.id, "verify_email");
  return queueMail(
    tx,
    user.email,
    { kind: "verify-email", name: user.student?.firstName ?? user.name, url: verifyUrl(token), expiresInHours: 24 },
    user.id,
  );
}

const VERIFY_MESSAGES = {
  invalid: "This verification link is not valid or has expired. Sign in and use “Resend” to get a new one.",
} as const;

/** Opens a verification link: the address is verified, and a configured admin gets the role now. */
export async function verifyEmail(db: Db, token: string) {
  const userId = await consumeAccountToken(db, "verify_email", token);
  if (!userId) throw new AppError("BAD_INPUT", VERIFY_MESSAGES.invalid);
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const promote = user.role === "user" && isConfiguredAdmin(user.email);
  const updated = await db.user.update({
    where: { id: userId },
    data: { emailVerifiedAt: user.emailVerifiedAt ?? new Date(), ...(promote ? { role: "admin" } : {}) },
  });
  return { email: updated.email };
}

/**
 * True once this sign-in has to wait. From a known device (a valid device cookie for the account),
 * only that device's own recent failures count, so a stranger's guessing never locks the owner out.
 * From an unknown device, the account's failures from unknown devices and the address's failures count.
 */
export async function isLoginThrottled(db: Db, email: string, ip: string, device: string | null = null): Promise<boolean> {
  const throttle = loginThrottle();
  const since = new Date(Date.now() - throttle.windowMinutes * 60_000);
  const failures = { succeeded: false, createdAt: { gte: since } };
  if (device) return (await db.loginAttempt.count({ where: { email, device, ...failures } })) >= throttle.maxFailuresPerAccount;
  const [forAccount, forAddress] = await Promise.all([
    db.loginAttempt.count({ where: { email, device: null, ...failures } }),
    db.loginAttempt.count({ where: { ip: addressKey(ip), ...failures } }),
  ]);
  return forAccount >= throttle.maxFailuresPerAccount || forAddress >= throttle.maxFailuresPerAddress;
}

export interface PasswordSignIn {
  email: string;
  password: string;
  /** The authenticator or recovery code, for accounts with two-factor sign-in. */
  code?: string;
}

/**
 * The password sign-in: refused while throttled (even with the right password), every attempt
 * recorded with the device it came from (`deviceFor`: the nonce of the browser's valid device cookie
 * for this account, if any), then the second factor when the account has one. Throws SignInError with the reason.
 */
export async function signInWithPassword(
  db: Db,
  input: PasswordSignIn,
  ip: string,
  deviceFor: (email: string) => string | null = () => null,
): Promise<SessionClaims> {
  const email = input.email.trim().toLowerCase();
  const device = deviceFor(email);
  if (await isLoginThrottled(db, email, ip, device)) throw new SignInError(SIGN_IN_ERRORS.throttled);
  const user = await db.user.findUnique({ where: { email } });
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  const credentialsOk = Boolean(user && passwordOk && user.status === "active");
  let failure: SignInError | null = credentialsOk ? null : new SignInError(SIGN_IN_ERRORS.invalid);
  if (!failure && user!.totpEnabledAt) {
    // Asking for the code is not a failure; a wrong code is, and counts towards the throttle.
    if (!input.code?.trim()) throw new SignInError(SIGN_IN_ERRORS.codeRequired);
    if (!(await verifySecondFactor(db, user!.id, input.code))) failure = new SignInError(SIGN_IN_ERRORS.invalidCode);
  }
  await db.loginAttempt.create({ data: { email, ip: addressKey(ip), device, succeeded: !failure } });
  if (failure) throw failure;
  const promote = user!.role === "user" && user!.emailVerifiedAt !== null && isConfiguredAdmin(user!.email);
  const updated = await db.user.update({
    where: { id: user!.id },
    data: { lastLoginAt: new Date(), ...(promote ? { role: "admin" } : {}) },
  });
  return claimsOf(updated, null);
}

export interface OAuthIdentity {
  provider: string;
  providerAccountId: string;
  email: string;
  name: string;
  /** The provider says it verified this address (OpenID Connect `email_verified`). */
  emailVerified: boolean;
  /** The browser's zone as its `reader-zone` cookie gave it: a new account's zone when it is an IANA zone. */
  timeZone?: string | null;
}

/** A refused sign-in: next-auth hands the code to the browser as the answer's `error`. */
export class SignInError extends Error {
  constructor(readonly code: SignInErrorCode) {
    super(code);
    this.name = "SignInError";
  }
}

/**
 * The account for a Google or LinkedIn sign-in: the linked one; else, while signed in (`linkTo`, from
 * the Security tab), the current account if its email is verified; else the account with the same
 * email only when both the provider and the account verified it; else a new account.
 */
export async function signInWithOAuth(db: Db, identity: OAuthIdentity, linkTo: SessionClaims | null = null): Promise<SessionClaims> {
  const link = { provider: identity.provider, providerAccountId: identity.providerAccountId };
  const linked = await db.oAuthAccount.findUnique({
    where: { provider_providerAccountId: link },
    include: { user: true },
  });
  let user = linked?.user ?? null;
  if (linkTo) {
    if (user && user.id !== linkTo.id) throw new SignInError(OAUTH_ERRORS.linkedElsewhere);
    if (!user) {
      if (!linkTo.emailVerified) throw new SignInError(OAUTH_ERRORS.unverified);
      user = await db.user.findUniqueOrThrow({ where: { id: linkTo.id } });
      await db.oAuthAccount.create({ data: { ...link, userId: user.id } });
    }
  } else if (!user) {
    const existing = await db.user.findUnique({ where: { email: identity.email } });
    if (existing) {
      if (!identity.emailVerified || !existing.emailVerifiedAt) throw new SignInError(OAUTH_ERRORS.notLinked);
      user = existing;
    } else {
      const [firstName = identity.name, ...rest] = identity.name.split(/\s+/);
      // Checked as the sign-up form's zone is: an unknown one leaves the default zone.
      const timeZone = timeZoneSchema.safeParse(identity.timeZone).data;
      user = await db.user.create({
        data: {
          email: identity.email,
          name: identity.name,
          emailVerifiedAt: identity.emailVerified ? new Date() : null,
          student: { create: { firstName, lastName: rest.join(" "), email: identity.email, timeZone } },
        },
      });
    }
    await db.oAuthAccount.create({ data: { ...link, userId: user.id } });
  }
  if (user.status !== "active") throw new SignInError(OAUTH_ERRORS.suspended);
  const promote = user.role === "user" && user.emailVerifiedAt !== null && isConfiguredAdmin(user.email);
  const updated = await db.user.update({
    where: { id: user.id },
    data: { lastLoginAt: new Date(), ...(promote ? { role: "admin" } : {}) },
  });
  return claimsOf(updated, null);
}

const PASSWORD_MESSAGES = {
  wrongCurrent: "Your current password is not correct.",
  resetInvalid: "This reset link is not valid or has expired. Ask for a new one with “Forgot password?”.",
  resetSent: "If an account exists for this email, we have sent a link to reset the password. It works for one hour.",
} as const;

async function accountOwner(db: Db, userId: string) {
  return db.user.findUniqueOrThrow({
    where: { id: userId },
    include: { student: { select: { firstName: true, lastName: true } } },
  });
}
type AccountOwner = Awaited<ReturnType<typeof accountOwner>>;

const assertStrongPasswordFor = (user: AccountOwner, password: string) =>
  assertStrongPassword(password, [user.email, user.student?.firstName ?? "", user.student?.lastName ?? user.name]);

/** Stores a new (already checked) password, ends the sessions but `keepSession`, and tells the user by mail. */
async function setPassword(db: Db, user: AccountOwner, password: string, ip: string | null, keepSession: string | null) {
  const userId = user.id;
  const passwordHash = await hashPassword(password);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await tx.authSession.updateMany({
      where: { userId, revokedAt: null, ...(keepSession ? { id: { not: keepSession } } : {}) },
      data: { revokedAt: new Date() },
    });
    await queueMail(
      tx,
      user.email,
      {
        kind: "password-changed",
        name: user.student?.firstName ?? user.name,
        when: new Date(),
        ip,
        resetUrl: `${appUrl()}/?forgot=1`,
      },
      user.id,
    );
  });
}

/** Changes the password of a signed-in user: other sessions end, this one stays. */
export async function changePassword(db: Db, actor: SessionClaims, input: { currentPassword: string; newPassword: string }, ip: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  if (!(await secretCheckPasses(db, actor, ip, () => verifyPassword(user.passwordHash, input.currentPassword))))
    throw new AppError("BAD_INPUT", PASSWORD_MESSAGES.wrongCurrent);
  const owner = await accountOwner(db, actor.id);
  await assertStrongPasswordFor(owner, input.newPassword);
  await setPassword(db, owner, input.newPassword, ip, actor.sessionId);
}

/**
 * "Forgot password?": mails a one-hour reset link when the account exists. The answer is the same
 * either way, so the form does not tell who has an account.
 */
export async function requestPasswordReset(db: Db, email: string, ip: string) {
  await consumeRateLimit(db, "passwordReset", addressKey(ip));
  await consumeRateLimit(db, "passwordReset", emailKey(email));
  const user = await db.user.findUnique({ where: { email }, include: { student: { select: { firstName: true } } } });
  if (user?.status !== "active") return { message: PASSWORD_MESSAGES.resetSent };
  await db.$transaction(async (tx) => {
    const token = await issueAccountToken(tx, user.id, "reset_password");
    const url = `${appUrl()}/reset-password?token=${encodeURIComponent(token)}`;
    await queueMail(
      tx,
      user.email,
      {
        kind: "password-reset",
        name: user.student?.firstName ?? user.name,
        url,
        expiresInMinutes: TOKEN_LIFETIME_MINUTES.reset_password,
      },
      user.id,
    );
  });
  return { message: PASSWORD_MESSAGES.resetSent };
}

/** Sets a new password from a reset link: every session ends, and the link is used up. */
export async function resetPassword(db: Db, input: { token: string; password: string }, ip: string) {
  // A refused (weak) password leaves the link usable: it is used up only when the password is set.
  const pending = await findUsableAccountToken(db, "reset_password", input.token);
  if (!pending) throw new AppError("BAD_INPUT", PASSWORD_MESSAGES.resetInvalid);
  const owner = await accountOwner(db, pending.userId);
  await assertStrongPasswordFor(owner, input.password);
  const userId = await consumeAccountToken(db, "reset_password", input.token);
  if (userId !== owner.id) throw new AppError("BAD_INPUT", PASSWORD_MESSAGES.resetInvalid);
  await setPassword(db, owner, input.password, ip, null);
  // The link reached the mailbox, so the address is the user's.
  await db.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { emailVerifiedAt: new Date() } });
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  return { email: user.email };
}

/** Signs the user out everywhere, this browser included. */
export async function signOutEverywhere(db: Db, actor: SessionClaims) {
  await revokeSessions(db, actor.id);
}
