import type { Role } from "~/lib/permissions";
import type { Db } from "~/server/db/client";
import { claimsOf, type SessionClaims } from "~/server/services/sessions.service";
import { callerFor, createUser, signInAs } from "./session";

/**
 * A signed-in account with `role`, verified, and (unless `twoFactor: false`) with two-factor sign-in
 * on, as staff need it for /admin. Answers its claims and a tRPC caller acting as it.
 */
export async function createStaff(db: Db, role: Role, options: { twoFactor?: boolean; ip?: string } = {}) {
  const account = await createUser(db, options.ip ? { ip: options.ip } : {});
  const user = await db.user.update({
    where: { id: account.claims.id },
    data: {
      role,
      ...(options.twoFactor === false ? {} : { totpSecret: "unused-in-tests", totpEnabledAt: new Date() }),
    },
  });
  const session: SessionClaims = await signInAs(db, claimsOf(user, null));
  return { ...account, session, caller: callerFor(db, session, options.ip ?? "203.0.113.9") };
}

/** Calls a procedure of a caller by its dotted path ("admin.staff.list"). */
export function callByPath(caller: unknown, path: string, input?: unknown): Promise<unknown> {
  let target = caller as Record<string, unknown>;
  for (const part of path.split(".")) target = target[part] as Record<string, unknown>;
  if (typeof target !== "function") throw new Error(`No procedure ${path}`);
  return (target as unknown as (input?: unknown) => Promise<unknown>)(input);
}
