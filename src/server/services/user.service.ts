import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { hashPassword, verifyPassword } from "~/server/auth/password";
import { getPaymentGateway } from "~/server/payments";
import type { SessionClaims } from "./auth.service";
import { deleteBillingData } from "./billing/customers.service";

export async function getMe(db: Db, actor: SessionClaims) {
  const user = await db.user.findUnique({
    where: { id: actor.id },
    select: { id: true, email: true, name: true, role: true, status: true, createdAt: true, lastLoginAt: true, passwordHash: true },
  });
  if (!user) throw new AppError("UNAUTHENTICATED", "Your account no longer exists.");
  const { passwordHash, ...rest } = user;
  return { ...rest, hasPassword: Boolean(passwordHash) };
}

/** Ends every session of the user, this one included: their tokens no longer match. */
export async function signOutEverywhere(db: Db, actor: SessionClaims) {
  await db.user.update({ where: { id: actor.id }, data: { sessionVersion: { increment: 1 } } });
}

export async function changePassword(db: Db, actor: SessionClaims, input: { currentPassword: string; newPassword: string }) {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError("BAD_INPUT", "Your current password is not correct.");
  }
  await db.user.update({
    where: { id: actor.id },
    data: { passwordHash: await hashPassword(input.newPassword), sessionVersion: { increment: 1 } },
  });
}

/**
 * Deletes the account and everything stored with it (the database cascades from the user), after
 * cancelling live subscriptions and removing the customer at the payment provider.
 */
export async function deleteAccount(db: Db, actor: SessionClaims) {
  await deleteBillingData(db, getPaymentGateway(db), actor.id);
  await db.$transaction([
    db.loginAttempt.deleteMany({ where: { email: actor.email } }),
    db.user.delete({ where: { id: actor.id } }),
  ]);
}
