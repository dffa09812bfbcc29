import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { hashPassword, verifyPassword } from "~/server/auth/password";
import { AUTH_MESSAGES, type LoginInput, type SignupInput } from "~/lib/schemas/auth";
import { profileCompletion } from "~/lib/schemas/student";
import type { Role } from "~/lib/permissions";
import { Prisma } from "~/generated/prisma/client";

/** What a session carries about its user; checked against the database on every request. */
export interface SessionClaims {
  id: string;
  email: string;
  name: string;
  role: Role;
  sessionVersion: number;
}

/**
 * Failed logins allowed in the window before further attempts answer 429: per account, and per
 * address (higher, because a campus or office network shares one address among many students).
 */
export const LOGIN_THROTTLE = { windowMinutes: 15, maxFailuresPerAccount: 10, maxFailuresPerAddress: 50 } as const;

function isUniqueViolation(error: unknown) {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/**
 * Accounts named in ADMIN_EMAILS (comma-separated) are admins: how the first admin of a new
 * installation comes to exist. Applied at signup and at each login, never removed by it.
 */
export function isConfiguredAdmin(email: string): boolean {
  return (process.env.ADMIN_EMAILS ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .includes(email.toLowerCase());
}

function claimsOf(user: { id: string; email: string; name: string; role: Role; sessionVersion: number }): SessionClaims {
  return { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion };
}

/** Creates the account and its student profile together. */
export async function signup(db: Db, input: SignupInput): Promise<SessionClaims> {
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.user.create({
      data: {
        email: input.email,
        name: `${input.firstName} ${input.lastName}`,
        passwordHash,
        role: isConfiguredAdmin(input.email) ? "admin" : "user",
        student: {
          create: {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            profileCompletion: profileCompletion({ firstName: input.firstName, lastName: input.lastName, email: input.email }),
          },
        },
      },
    });
    return claimsOf(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", AUTH_MESSAGES.emailTaken);
    throw error;
  }
}

/** Refuses a login attempt once the account or the address has too many recent failures. */
export async function assertLoginAllowed(db: Db, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - LOGIN_THROTTLE.windowMinutes * 60_000);
  const [forAccount, forAddress] = await Promise.all([
    db.loginAttempt.count({ where: { email, succeeded: false, createdAt: { gte: since } } }),
    db.loginAttempt.count({ where: { ip, succeeded: false, createdAt: { gte: since } } }),
  ]);
  if (forAccount >= LOGIN_THROTTLE.maxFailuresPerAccount || forAddress >= LOGIN_THROTTLE.maxFailuresPerAddress) {
    throw new AppError("TOO_MANY_REQUESTS", AUTH_MESSAGES.tooManyAttempts);
  }
}

/** Checks email and password, records the attempt, and returns the user's claims or null. */
export async function verifyCredentials(db: Db, input: LoginInput, ip: string): Promise<SessionClaims | null> {
  const user = await db.user.findUnique({ where: { email: input.email } });
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  const succeeded = Boolean(user && passwordOk && user.status === "active");
  await db.loginAttempt.create({ data: { email: input.email, ip, succeeded } });
  if (!succeeded || !user) return null;
  const promote = user.role === "user" && isConfiguredAdmin(user.email);
  const updated = await db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date(), ...(promote ? { role: "admin" } : {}) } });
  return claimsOf(updated);
}

export interface OAuthIdentity {
  provider: string;
  providerAccountId: string;
  email: string;
  name: string;
}

/**
 * The account for a Google or LinkedIn sign-in: the linked one, else the account with the same
 * (provider-verified) email, else a new account with its student profile.
 */
export async function signInWithOAuth(db: Db, identity: OAuthIdentity): Promise<SessionClaims | null> {
  const link = { provider: identity.provider, providerAccountId: identity.providerAccountId };
  const linked = await db.oAuthAccount.findUnique({ where: { provider_providerAccountId: link }, include: { user: true } });
  let user = linked?.user ?? (await db.user.findUnique({ where: { email: identity.email } }));
  if (!user) {
    const [firstName = identity.name, ...rest] = identity.name.split(/\s+/);
    user = await db.user.create({
      data: {
        email: identity.email,
        name: identity.name,
        student: { create: { firstName, lastName: rest.join(" "), email: identity.email } },
      },
    });
  }
  if (!linked) await db.oAuthAccount.create({ data: { ...link, userId: user.id } });
  if (user.status !== "active") return null;
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  return claimsOf(user);
}

/** The session's user if the session is still valid: same session version, account active. */
export async function resolveSession(db: Db, userId: string, sessionVersion: number): Promise<SessionClaims | null> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user || user.status !== "active" || user.sessionVersion !== sessionVersion) return null;
  return claimsOf(user);
}
