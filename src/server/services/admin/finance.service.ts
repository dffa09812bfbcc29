/**
 * /admin/finance: every transaction with filters, the recurring revenue, failed renewals, users in
 * their grace period, and refunds through the payment gateway port (demo or Stripe).
 */
import { subDays } from "date-fns";
import type { Prisma } from "~/generated/prisma/client";
import { withinDays } from "~/lib/period";
import { PLAN_IDS, type PlanId, planPriceCents } from "~/lib/plans";
import { type Paged, pageWindow } from "~/lib/schemas/admin";
import type { RefundInput, TransactionListQuery } from "~/lib/schemas/admin-finance";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { log } from "~/server/observability/log";
import { type GatewayRefund, type PaymentGateway, RefundFailedError } from "~/server/payments/gateway";
import { type AuditActor, recordAudit } from "../audit.service";
import { recordRefund } from "../billing/billing-sync.service";

export const TRANSACTION_NOT_FOUND = "Transaction not found.";
export const ALREADY_REFUNDED = "This payment was already refunded.";
export const NOT_REFUNDABLE = "Only a paid transaction can be refunded.";
const NO_PAYMENT_TO_REFUND = "This transaction has no payment at the provider to refund.";
export const GATEWAY_UNREACHABLE =
  "The payment provider did not confirm the refund, so nothing was changed. Please try again in a few minutes.";

/** Failed payments this many days back count as recent failed renewals. */
const FAILED_PAYMENTS_DAYS = 30;

export interface TransactionRow {
  id: string;
  paidAt: Date;
  customer: { id: string; email: string; name: string };
  description: string;
  planId: PlanId | null;
  amountCents: number;
  currency: string;
  status: "succeeded" | "failed" | "refunded";
  refunded: boolean;
  refundedAt: Date | null;
  /** A paid, not refunded payment that the provider can refund. */
  refundable: boolean;
}

function isRefundable(tx: { status: string; refunded: boolean; paymentIntentId: string | null; amountCents: number }) {
  return tx.status === "succeeded" && !tx.refunded && tx.paymentIntentId !== null && tx.amountCents > 0;
}

export async function listTransactions(db: Db, query: TransactionListQuery): Promise<Paged<TransactionRow>> {
  const where: Prisma.BillingTransactionWhereInput = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.plan ? { planId: query.plan } : {}),
    ...(query.refunded ? { refunded: query.refunded === "yes" } : {}),
    paidAt: withinDays(query),
    ...(query.q ? { user: { email: { contains: query.q, mode: "insensitive" } } } : {}),
  };
  const orderBy: Prisma.BillingTransactionOrderByWithRelationInput[] =
    query.sort === "amount" ? [{ amountCents: query.dir }, { paidAt: "desc" }, { id: "asc" }] : [{ paidAt: query.dir }, { id: "asc" }];
  const [rows, total] = await Promise.all([
    db.billingTransaction.findMany({
      where,
      orderBy,
      ...pageWindow(query),
      include: { user: { select: { id: true, email: true, name: true } } },
    }),
    db.billingTransaction.count({ where }),
  ]);
  return {
    rows: rows.map((tx) => ({
      id: tx.id,
      paidAt: tx.paidAt,
      customer: tx.user,
      description: tx.description,
      planId: tx.planId,
      amountCents: tx.amountCents,
      currency: tx.currency.toUpperCase(),
      status: tx.status,
      refunded: tx.refunded,
      refundedAt: tx.refundedAt,
      refundable: isRefundable(tx),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The finance summary now: monthly recurring revenue (every active or past-due subscription at its
 * plan's monthly price in EUR; trials pay nothing yet), subscriptions per plan and status, failed
 * renewals, and users in their grace period.
 */
export async function financeSummary(db: Db, now = new Date()) {
  const [byPlanAndStatus, pastDue, failedPayments, grace] = await Promise.all([
    db.subscription.groupBy({
      by: ["planId", "status"],
      where: { status: { in: ["trialing", "active", "past_due"] } },
      _count: { _all: true },
    }),
    db.subscription.findMany({
      where: { status: "past_due" },
      orderBy: { currentPeriodEnd: "asc" },
      take: 100,
      select: {
        id: true,
        planId: true,
        currentPeriodEnd: true,
        user: { select: { id: true, email: true, name: true } },
      },
    }),
    db.billingTransaction.count({ where: { status: "failed", paidAt: { gte: subDays(now, FAILED_PAYMENTS_DAYS) } } }),
    db.student.findMany({
      where: { gracePeriodEndDate: { gt: now } },
      orderBy: { gracePeriodEndDate: "asc" },
      take: 100,
      select: {
        gracePeriodEndDate: true,
        membershipPlan: true,
        user: { select: { id: true, email: true, name: true } },
      },
    }),
  ]);
  const count = (planId: PlanId, status: string) =>
    byPlanAndStatus.find((row) => row.planId === planId && row.status === status)?._count._all ?? 0;
  const plans = PLAN_IDS.filter((planId) => planId !== "free").map((planId) => {
    const paying = count(planId, "active") + count(planId, "past_due");
    return {
      planId,
      trialing: count(planId, "trialing"),
      active: count(planId, "active"),
      pastDue: count(planId, "past_due"),
      mrrCents: paying * planPriceCents(planId),
    };
  });
  return {
    currency: "EUR",
    mrrCents: plans.reduce((sum, plan) => sum + plan.mrrCents, 0),
    plans,
    failedRenewals: {
      pastDueCount: byPlanAndStatus.filter((row) => row.status === "past_due").reduce((sum, row) => sum + row._count._all, 0),
      pastDue: pastDue.map((sub) => ({
        id: sub.id,
        planId: sub.planId,
        since: sub.currentPeriodEnd,
        customer: sub.user,
      })),
      failedPaymentsLast30Days: failedPayments,
    },
    gracePeriod: grace.map((student) => ({
      customer: student.user,
      planId: student.membershipPlan,
      endsAt: student.gracePeriodEndDate!,
    })),
  };
}

/**
 * Refunds a paid transaction in full through the gateway, then records it in one database
 * transaction: the refund on the row, the mail to the customer, the audit entry. The provider is
 * asked first and outside the database transaction; when it refuses or cannot be reached nothing is
 * written. Its idempotency key is the transaction's, so a retry after a failure never refunds twice.
 */
export async function refundTransaction(db: Db, gateway: PaymentGateway, actor: AuditActor, input: RefundInput) {
  const tx = await db.billingTransaction.findUnique({ where: { id: input.transactionId } });
  if (!tx) throw new AppError("NOT_FOUND", TRANSACTION_NOT_FOUND);
  if (tx.refunded || tx.status === "refunded") throw new AppError("CONFLICT", ALREADY_REFUNDED);
  if (tx.status !== "succeeded" || tx.amountCents <= 0) throw new AppError("CONFLICT", NOT_REFUNDABLE);
  if (!tx.paymentIntentId) throw new AppError("CONFLICT", NO_PAYMENT_TO_REFUND);
  const customer = await db.billingCustomer.findUnique({ where: { userId: tx.userId }, select: { gateway: true } });
  if (customer && customer.gateway !== gateway.mode) {
    throw new AppError(
      "CONFLICT",
      `This payment was made through the ${customer.gateway} gateway, but the ${gateway.mode} gateway is running: refund it there.`,
    );
  }

  let refund: GatewayRefund;
  try {
    refund = await gateway.refundPayment({
      paymentIntentId: tx.paymentIntentId,
      amountCents: tx.amountCents,
      idempotencyKey: `refund-${tx.id}`,
      reason: input.reason,
    });
  } catch (error) {
    if (error instanceof RefundFailedError)
      throw new AppError("PAYMENT_FAILED", `The payment provider refused the refund: ${error.message} Nothing was changed.`);
    log.error({ err: error, transactionId: tx.id, gateway: gateway.mode }, "refund failed at the gateway");
    throw new AppError("PAYMENT_FAILED", GATEWAY_UNREACHABLE);
  }

  const refundedAt = new Date();
  return db.$transaction(async (trx) => {
    const recorded = await recordRefund(trx, tx.id, { refundId: refund.id, refundedById: actor.id, at: refundedAt });
    if (!recorded) {
      // Refunded meanwhile: by the provider's own event for this very refund (then only the staff
      // action's record is missing), or by someone else (then this is a second refund attempt).
      const current = await trx.billingTransaction.findUniqueOrThrow({
        where: { id: tx.id },
        select: { refundId: true },
      });
      if (current.refundId !== refund.id) throw new AppError("CONFLICT", ALREADY_REFUNDED);
      await trx.billingTransaction.update({ where: { id: tx.id }, data: { refundedById: actor.id } });
    }
    await recordAudit(trx, actor, {
      action: "finance.payment_refunded",
      targetType: "BillingTransaction",
      targetId: tx.id,
      before: { status: tx.status, refunded: false },
      after: {
        status: "refunded",
        refunded: true,
        refundId: refund.id,
        amountCents: refund.amountCents,
        currency: refund.currency,
        reason: input.reason,
      },
    });
    return { id: tx.id, refunded: true, refundedAt, refundId: refund.id, amountCents: refund.amountCents };
  });
}
