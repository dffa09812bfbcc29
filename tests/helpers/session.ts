import { encode } from "next-auth/jwt";
import type { Db } from "~/server/db/client";
import { getAuthSecret } from "~/server/auth/secret";
import { signup, type SessionClaims } from "~/server/services/auth.service";
import type { Context } from "~/server/api/trpc";
import { createCaller } from "~/server/api/root";

let counter = 0;

/** A new account with its student profile, as the signup route creates it. */
export async function createUser(db: Db, overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {}) {
  counter += 1;
  const input = {
    firstName: "Test",
    lastName: `User${counter}`,
    email: `user${counter}-${Date.now()}@example.com`,
    password: "a-good-password",
    ...overrides,
  };
  const claims = await signup(db, input);
  return { ...input, claims };
}

/** The session cookie next-auth issues for this user (same secret, same token format). */
export async function sessionCookie(db: Db, claims: SessionClaims): Promise<string> {
  const token = await encode({
    token: { sub: claims.id, name: claims.name, email: claims.email, role: claims.role, sv: claims.sessionVersion },
    secret: await getAuthSecret(db),
  });
  return `next-auth.session-token=${token}`;
}

/** A tRPC caller acting as `session` (or anonymous). */
export function callerFor(db: Db, session: SessionClaims | null) {
  const ctx: Context = { db, session, ip: "127.0.0.1", requestId: "test" };
  return createCaller(ctx);
}
