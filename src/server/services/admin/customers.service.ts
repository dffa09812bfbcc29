import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { getPlan, type PlanId } from "~/lib/plans";
import { type Paged, pageWindow } from "~/lib/schemas/admin";
import type { customerListSchema, grantTokensSchema } from "~/lib/schemas/admin-customers";
import type { Db, DbOrTx } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { type AuditActor, recordAudit } from "../audit.service";
import { queueVerificationMail } from "../auth.service";
import { getAllowanceStatus, monthlyLimitFor, monthOf } from "../chat/allowance.service";
import { getEffectivePlan } from "../entitlements.service";
import { toRequestDto } from "../service-requests.service";
import { revokeSessions } from "../sessions.service";
import { accountsById } from "../user.service";
import { setAccountStatus } from "./staff.service";

export const CUSTOMER_NOT_FOUND = "That customer does not exist.";
export const ALREADY_VERIFIED_MESSAGE = "This email address is already verified: there is nothing to resend.";

export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  plan: PlanId;
  status: "active" | "inactive" | "suspended";
  verified: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
}

/** Customers are the student accounts (role user); staff accounts are managed under Staff and roles. */
const CUSTOMER = { role: "user" } as const;

/** Student accounts, one page: search in name and email (any case, any part), plan, status and verification filters. */
export async function listCustomers(db: Db, input: z.output<typeof customerListSchema>): Promise<Paged<CustomerRow>> {
  const conditions: Prisma.UserWhereInput[] = [CUSTOMER];
  if (input.q)
    conditions.push({
      OR: [{ name: { contains: input.q, mode: "insensitive" } }, { email: { contains: input.q, mode: "insensitive" } }],
    });
  if (input.status) conditions.push({ status: input.status });
  if (input.verified) conditions.push({ emailVerifiedAt: input.verified === "yes" ? { not: null } : null });
  if (input.plan) {
    // An account without a student profile is on the free plan.
    conditions.push(
      input.plan === "free"
        ? { OR: [{ student: { is: null } }, { student: { membershipPlan: "free" } }] }
        : { student: { membershipPlan: input.plan } },
    );
  }
  const where: Prisma.UserWhereInput = { AND: conditions };
  const sort = input.sort ?? "createdAt";
  const orderBy: Prisma.UserOrderByWithRelationInput[] = [
    sort === "lastLoginAt" ? { lastLoginAt: { sort: input.dir, nulls: "last" } } : { [sort]: input.dir },
    { id: "asc" },
  ];
  const [rows, total] = await Promise.all([
    db.user.findMany({
      where,
      orderBy,
      ...pageWindow(input),
      select: {
        id: true,
        name: true,
        email: true,
        status: true,
        emailVerifiedAt: true,
        createdAt: true,
        lastLoginAt: true,
        student: { select: { membershipPlan: true } },
      },
    }),
    db.user.count({ where }),
  ]);
  return {
    rows: rows.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      plan: user.student?.membershipPlan ?? "free",
      status: user.status,
      verified: user.emailVerifiedAt !== null,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** A student account, or NOT_FOUND (also for staff accounts: their actions live in Staff and roles). */
async function findCustomer(db: DbOrTx, userId: string) {
  const user = await db.user.findFirst({ where: { id: userId, ...CUSTOMER }, include: { student: true } });
  if (!user) throw new AppError("NOT_FOUND", CUSTOMER_NOT_FOUND);
  return user;
}

/**
 * Everything staff need about one student: profile, plan and its history, this month's tokens
 * (the plan's allowance plus grants), payments, service requests, applications, conversations and
 * the sign-ins that are still valid.
 */
export async function getCustomer(db: Db, userId: string, now = new Date()) {
  const user = await findCustomer(db, userId);
  const period = monthOf(now);
  const [effective, limit, allowance, subscriptions, grants, transactions, serviceRequests, applications, conversations, sessions] =
    await Promise.all([
      getEffectivePlan(db, user.id, now),
      monthlyLimitFor(db, user.id, now),
      getAllowanceStatus(db, { userId: user.id }, now),
      db.subscription.findMany({
        where: { userId: user.id },
        orderBy: { createdAt: "desc" },
        select: {
          id: true,
          planId: true,
          status: true,
          currentPeriodStart: true,
          currentPeriodEnd: true,
          trialEnd: true,
          cancelAtPeriodEnd: true,
          canceledAt: true,
          pendingPlanId: true,
          pendingFrom: true,
          createdAt: true,
        },
      }),
      db.tokenGrant.findMany({ where: { userId: user.id, period }, orderBy: { createdAt: "desc" } }),
      db.billingTransaction.findMany({
        where: { userId: user.id },
        orderBy: { paidAt: "desc" },
        take: 100,
        select: {
          id: true,
          description: true,
          planId: true,
          amountCents: true,
          currency: true,
          status: true,
          refunded: true,
          refundedAt: true,
          receiptUrl: true,
          paidAt: true,
        },
      }),
      db.serviceRequest.findMany({
        where: { userId: user.id },
        orderBy: { createdAt: "desc" },
        take: 100,
        select: {
          id: true,
          service: true,
          message: true,
          preferredDate: true,
          preferredTime: true,
          status: true,
          priority: true,
          withdrawnAt: true,
          createdAt: true,
          coach: { select: { id: true, displayName: true } },
        },
      }),
      db.universityApplication.findMany({
        where: { userId: user.id },
        orderBy: { deadline: "asc" },
        select: { id: true, university: true, programme: true, programType: true, deadline: true, status: true },
      }),
      db.conversation.count({ where: { userId: user.id } }),
      db.authSession.findMany({
        where: { userId: user.id, revokedAt: null, expiresAt: { gt: now } },
        orderBy: { lastSeenAt: "desc" },
        select: { id: true, device: true, ip: true, createdAt: true, lastSeenAt: true },
      }),
    ]);
  const granters = await accountsById(
    db,
    grants.map((grant) => grant.grantedById),
  );
  const student = user.student;
  return {
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      status: user.status,
      emailVerifiedAt: user.emailVerifiedAt,
      twoFactorEnabled: user.totpEnabledAt !== null,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
    },
    profile: student
      ? {
          firstName: student.firstName,
          lastName: student.lastName,
          email: student.email,
          phone: student.phone,
          dateOfBirth: student.dateOfBirth,
          gender: student.gender,
          nationality: student.nationality,
          country: student.country,
          emergencyContactName: student.emergencyContactName,
          emergencyContactPhone: student.emergencyContactPhone,
          language: student.language,
          timeZone: student.timeZone,
          profileCompletion: student.profileCompletion,
        }
      : null,
    plan: {
      /** The plan on the student record (spec: platformActivity.membershipStatus). */
      membershipPlan: student?.membershipPlan ?? "free",
      /** The plan in force now, computed from the subscription and the grace period. */
      effectivePlan: effective.planId,
      effectivePlanName: effective.plan.name,
      state: effective.state,
      endsAt: effective.endsAt,
      gracePeriodEndDate: student?.gracePeriodEndDate ?? null,
      nextBillingDate: student?.nextBillingDate ?? null,
      lastPaymentDate: student?.lastPaymentDate ?? null,
      billingEmail: student?.billingEmail ?? null,
      history: subscriptions,
    },
    tokens: {
      period,
      used: allowance.used,
      planLimit: limit.planLimit,
      granted: limit.granted,
      limit: limit.limit,
      remaining: limit.limit === null ? null : Math.max(0, limit.limit - allowance.used),
    },
    grants: grants.map((grant) => ({
      id: grant.id,
      amount: grant.amount,
      reason: grant.reason,
      createdAt: grant.createdAt,
      grantedBy: staffLine(grant.grantedById ? granters.get(grant.grantedById) : undefined),
    })),
    transactions,
    serviceRequests: serviceRequests.map(toRequestDto),
    applications: applications.map((application) => ({
      ...application,
      deadline: application.deadline.toISOString().slice(0, 10),
    })),
    conversations,
    sessions,
  };
}

/** "Name <email>" of a staff member for "granted by" lines; an account deleted since reads as absent. */
function staffLine(account: { name: string; email: string } | undefined) {
  return account ? `${account.name} <${account.email}>` : null;
}

/** Suspends or reactivates a student account (the staff service's rule: sessions end at once, audited). */
export async function setCustomerStatus(db: Db, actor: AuditActor, userId: string, status: "active" | "suspended") {
  await findCustomer(db, userId);
  return setAccountStatus(db, actor, userId, status);
}

/** Ends every sign-in of the student, wherever the session token was copied. */
export async function signOutEverywhere(db: Db, actor: AuditActor, userId: string) {
  return db.$transaction(async (tx) => {
    await findCustomer(tx, userId);
    const ended = await revokeSessions(tx, userId);
    await recordAudit(tx, actor, {
      action: "customer.signed_out_everywhere",
      targetType: "user",
      targetId: userId,
      after: { sessionsEnded: ended },
    });
    return { sessionsEnded: ended };
  });
}

/**
 * A one-off allowance for the current month (UTC): it raises the student's monthly token limit
 * at once (src/server/services/chat/allowance.service.ts adds the month's grants to the plan's).
 * An Unlimited plan stays unlimited.
 */
export async function grantTokens(db: Db, actor: AuditActor, input: z.output<typeof grantTokensSchema>, now = new Date()) {
  const grant = await db.$transaction(async (tx) => {
    await findCustomer(tx, input.userId);
    const created = await tx.tokenGrant.create({
      data: {
        userId: input.userId,
        period: monthOf(now),
        amount: input.amount,
        reason: input.reason,
        grantedById: actor.id,
      },
    });
    await recordAudit(tx, actor, {
      action: "customer.tokens_granted",
      targetType: "user",
      targetId: input.userId,
      after: { grantId: created.id, period: created.period, amount: created.amount, reason: created.reason },
    });
    return created;
  });
  const limit = await monthlyLimitFor(db, input.userId, now);
  return {
    grant,
    limit: limit.limit,
    planLimit: limit.planLimit,
    granted: limit.granted,
    planName: getPlan(limit.planId).name,
  };
}

/** Mails a new verification link to a student whose address is not verified yet (the old link stops working). */
export async function resendCustomerVerification(db: Db, actor: AuditActor, userId: string) {
  return db.$transaction(async (tx) => {
    const user = await findCustomer(tx, userId);
    if (user.emailVerifiedAt) throw new AppError("CONFLICT", ALREADY_VERIFIED_MESSAGE);
    const mail = await queueVerificationMail(tx, user);
    await recordAudit(tx, actor, {
      action: "customer.verification_resent",
      targetType: "user",
      targetId: user.id,
      after: { mailId: mail.id },
    });
    return { email: user.email };
  });
}
