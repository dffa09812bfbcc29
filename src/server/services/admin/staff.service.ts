import { Prisma } from "~/generated/prisma/client";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { Role } from "~/lib/permissions";
import { recordAudit, type AuditActor } from "../audit.service";

export const LAST_ADMIN_MESSAGE = "This is the last active admin: make another account admin first.";

/**
 * Gives an account a role. The last active admin cannot lose the role, so the installation always
 * has someone who can manage staff. The change and its audit row commit together; the account's
 * sign-ins pick up the new role on their next request (the session is read from the database).
 */
export async function changeRole(db: Db, actor: AuditActor, target: { userId: string } | { email: string }, role: Role) {
  return db.$transaction(
    async (tx) => {
      const user = await tx.user.findUnique({ where: "userId" in target ? { id: target.userId } : { email: target.email.trim().toLowerCase() } });
      if (!user) throw new AppError("NOT_FOUND", "No account has that email address.");
      if (user.role === role) return { id: user.id, email: user.email, role, changed: false };
      if (user.role === "admin") await assertAnotherAdmin(tx, user.id);
      await tx.user.update({ where: { id: user.id }, data: { role } });
      await recordAudit(tx, actor, { action: "staff.role_changed", targetType: "user", targetId: user.id, before: { role: user.role }, after: { role } });
      return { id: user.id, email: user.email, role, changed: true };
    },
    // Two admins demoting each other at once must not both succeed.
    { isolationLevel: Prisma.TransactionIsolationLevel.Serializable },
  );
}

/** Refuses when no other active admin would remain. */
export async function assertAnotherAdmin(tx: Prisma.TransactionClient, userId: string) {
  const others = await tx.user.count({ where: { role: "admin", status: "active", id: { not: userId } } });
  if (others === 0) throw new AppError("CONFLICT", LAST_ADMIN_MESSAGE);
}

/**
 * Suspends or reactivates any account. A suspended account cannot sign in, and its sign-ins end at
 * once (every request checks the account's status; the session rows are revoked too). The last
 * active admin cannot be suspended, and nobody suspends their own account.
 */
export async function setAccountStatus(db: Db, actor: AuditActor, userId: string, status: "active" | "suspended") {
  if (actor.id === userId && status === "suspended") throw new AppError("BAD_INPUT", "You cannot suspend your own account.");
  return db.$transaction(
    async (tx) => {
      const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true, email: true, role: true, status: true } });
      if (!user) throw new AppError("NOT_FOUND", "That account does not exist.");
      if (user.status === status) return { id: user.id, status, changed: false };
      if (status === "suspended" && user.role === "admin") await assertAnotherAdmin(tx, user.id);
      await tx.user.update({ where: { id: user.id }, data: { status } });
      if (status === "suspended") await tx.authSession.updateMany({ where: { userId: user.id, revokedAt: null }, data: { revokedAt: new Date() } });
      await recordAudit(tx, actor, { action: status === "suspended" ? "account.suspended" : "account.reactivated", targetType: "user", targetId: user.id, before: { status: user.status }, after: { status } });
      return { id: user.id, status, changed: true };
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.Serializable },
  );
}
