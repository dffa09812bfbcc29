import { encode } from "next-auth/jwt";
import { createCaller } from "~/server/api/root";
import type { Context } from "~/server/api/trpc";
import { getAuthSecret } from "~/server/auth/secret";
import type { Db } from "~/server/db/client";
import { signup } from "~/server/services/auth.service";
import { claimsOf, createSession, type SessionClaims } from "~/server/services/sessions.service";

let counter = 0;

export interface CreateUserOptions {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** Mark the email verified, as opening the verification link does (default true). */
  verified: boolean;
  /** Each signup counts against the signup limit of its address: tests use a fresh one per user. */
  ip: string;
}

/** A new account with its student profile, as the signup route creates it. */
export async function createUser(db: Db, overrides: Partial<CreateUserOptions> = {}) {
  counter += 1;
  const { verified = true, ip = `198.51.100.${counter % 250}`, ...fields } = overrides;
  const input = {
    firstName: "Test",
    lastName: `User${counter}`,
    email: `user${counter}-${Date.now()}@example.com`,
    password: "a-good-password",
    ...fields,
  };
  let claims = await signup(db, input, ip);
  if (verified) {
    const user = await db.user.update({ where: { id: claims.id }, data: { emailVerifiedAt: new Date() } });
    claims = claimsOf(user, null);
  }
  return { ...input, claims };
}

/** Signs the user in as a browser would: a session row, and the claims that carry its id. */
export async function signInAs(db: Db, claims: SessionClaims, userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36") {
  const sessionId = await createSession(db, claims, { userAgent, ip: "127.0.0.1" });
  return { ...claims, sessionId };
}

/** The session cookie next-auth issues for this user after a sign-in (same secret, same token format). */
export async function sessionCookie(db: Db, claims: SessionClaims): Promise<string> {
  const signedIn = claims.sessionId ? claims : await signInAs(db, claims);
  const token = await encode({
    token: {
      sub: signedIn.id,
      name: signedIn.name,
      email: signedIn.email,
      role: signedIn.role,
      sid: signedIn.sessionId!,
    },
    secret: await getAuthSecret(db),
  });
  return `next-auth.session-token=${token}`;
}

/** A tRPC caller acting as `session` (or anonymous). */
export function callerFor(db: Db, session: SessionClaims | null, ip = "127.0.0.1") {
  const ctx: Context = { db, session, ip, requestId: "test" };
  return createCaller(ctx);
}
