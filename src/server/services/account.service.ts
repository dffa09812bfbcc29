import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { SessionClaims } from "./auth.service";
import { toStudentDto } from "./student.service";

async function findUser(db: Db, actor: SessionClaims) {
  const user = await db.user.findUnique({ where: { id: actor.id }, include: { student: true } });
  if (!user) throw new AppError("UNAUTHENTICATED", "Your account no longer exists.");
  return user;
}

/** The Account tab: dates, completion, plan and counts of what is stored for the user. */
export async function accountOverview(db: Db, actor: SessionClaims) {
  const user = await findUser(db, actor);
  const [contactMessages, successfulLogins, newsletter] = await Promise.all([
    db.contactMessage.count({ where: { userId: user.id } }),
    db.loginAttempt.count({ where: { email: user.email, succeeded: true } }),
    db.newsletterSubscriber.findUnique({ where: { email: user.email }, select: { createdAt: true } }),
  ]);
  return {
    registeredAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
    status: user.status,
    profileCompletion: user.student?.profileCompletion ?? 0,
    plan: user.student?.membershipPlan ?? "free",
    activity: { contactMessages, successfulLogins, newsletterSubscribed: Boolean(newsletter) },
  };
}

/** Everything stored about the user (GDPR Art. 15 and 20), as one JSON document; no secrets. */
export async function exportAccountData(db: Db, actor: SessionClaims) {
  const user = await db.user.findUnique({
    where: { id: actor.id },
    include: {
      student: true,
      accounts: { select: { provider: true, createdAt: true } },
      contactMessages: { orderBy: { createdAt: "asc" }, select: { subject: true, name: true, email: true, message: true, createdAt: true } },
    },
  });
  if (!user) throw new AppError("UNAUTHENTICATED", "Your account no longer exists.");
  const [newsletter, loginAttempts] = await Promise.all([
    db.newsletterSubscriber.findUnique({ where: { email: user.email }, select: { email: true, createdAt: true } }),
    db.loginAttempt.findMany({ where: { email: user.email }, orderBy: { createdAt: "asc" }, select: { ip: true, succeeded: true, createdAt: true } }),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      email: user.email,
      name: user.name,
      role: user.role,
      status: user.status,
      hasPassword: Boolean(user.passwordHash),
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
      linkedSignIns: user.accounts,
    },
    profile: user.student ? toStudentDto(user.student) : null,
    newsletter,
    contactMessages: user.contactMessages,
    loginAttempts,
  };
}
