import { randomBytes } from "node:crypto";
import { appUrl } from "~/env";
import type { Role } from "~/lib/permissions";
import { deviceName } from "~/server/auth/request";
import type { Db, DbOrTx } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { queueMail } from "~/server/mail/outbox";

/** Sessions last 30 days from sign-in. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** Last-seen times are written at most this often per session, not on every request. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** What a request knows about its signed-in user; read from the database on every request. */
export interface SessionClaims {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The sign-in (AuthSession row) this request belongs to; null for calls made by the server itself. */
  sessionId: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

type ClaimsSource = {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerifiedAt: Date | null;
  totpEnabledAt: Date | null;
};

export function claimsOf(user: ClaimsSource, sessionId: string | null): SessionClaims {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    sessionId,
    emailVerified: user.emailVerifiedAt !== null,
    twoFactorEnabled: user.totpEnabledAt !== null,
  };
}

export interface SignInContext {
  userAgent: string | null;
  ip: string;
}

/**
 * Records a sign-in and returns its id for the session token. A sign-in from a device this account
 * has not used before is announced by mail (not the very first sign-in of a new account).
 */
export async function createSession(db: Db, user: { id: string; email: string; name: string }, context: SignInContext): Promise<string> {
  const device = deviceName(context.userAgent);
  const id = randomBytes(24).toString("base64url");
  const [known, any] = await Promise.all([
    db.authSession.count({ where: { userId: user.id, device } }),
    db.authSession.count({ where: { userId: user.id } }),
  ]);
  await db.$transaction(async (tx) => {
    await tx.authSession.create({
      data: {
        id,
        userId: user.id,
        device,
        userAgent: (context.userAgent ?? "").slice(0, 500),
        ip: context.ip,
        expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
      },
    });
    if (any > 0 && known === 0) {
      await queueMail(
        tx,
        user.email,
        {
          kind: "new-sign-in",
          name: user.name,
          device,
          ip: context.ip,
          when: new Date(),
          securityUrl: `${appUrl()}/profile?tab=security`,
        },
        user.id,
      );
    }
  });
  return id;
}

/** The session's user if the sign-in is still valid: not revoked, not expired, account active. */
export async function resolveSession(db: Db, userId: string, sessionId: string): Promise<SessionClaims | null> {
  const session = await db.authSession.findUnique({ where: { id: sessionId }, include: { user: true } });
  const now = Date.now();
  if (!session || session.userId !== userId || session.revokedAt || session.expiresAt.getTime() <= now) return null;
  if (session.user.status !== "active") return null;
  if (now - session.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    await db.authSession.update({ where: { id: sessionId }, data: { lastSeenAt: new Date(now) } });
  }
  return claimsOf(session.user, sessionId);
}

/** The Security tab's list: live sign-ins, newest activity first, this one marked. */
export async function listSessions(db: Db, actor: SessionClaims) {
  const sessions = await db.authSession.findMany({
    where: { userId: actor.id, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { lastSeenAt: "desc" },
    select: { id: true, device: true, ip: true, createdAt: true, lastSeenAt: true },
  });
  return sessions.map((session) => ({ ...session, current: session.id === actor.sessionId }));
}

export async function revokeSession(db: Db, actor: SessionClaims, sessionId: string) {
  const { count } = await db.authSession.updateMany({
    where: { id: sessionId, userId: actor.id, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new AppError("NOT_FOUND", "That session has already ended.");
}

/** Ends every sign-in of the user but `keep` (none: all of them). */
export async function revokeSessions(db: DbOrTx, userId: string, keep: string | null = null) {
  const { count } = await db.authSession.updateMany({
    where: { userId, revokedAt: null, ...(keep ? { id: { not: keep } } : {}) },
    data: { revokedAt: new Date() },
  });
  return count;
}

/** Logout: the token of this sign-in stops working on the server too, wherever it was copied. */
export async function endSession(db: Db, sessionId: string) {
  await db.authSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}
