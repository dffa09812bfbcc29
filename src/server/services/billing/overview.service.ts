/** The Billing tab: plan, payment dates, what is owed, service usage and spend, in one answer. */
import { getEffectivePlan } from "../entitlements.service";
import { monthlyServiceUsage } from "../service-requests.service";
import { PLAN_CHANGE_PREFIX } from "./billing-sync.service";
import { ownCustomer } from "./customers.service";
import { findAmountDue, toTransactionDto } from "./payments.service";
import type { BillingDeps } from "./shared";

/** Payments: succeeded transactions, not the €0.00 records of plan changes the provider did not invoice. */
const PAYMENTS = { status: "succeeded" as const, NOT: { gatewayObjectId: { startsWith: PLAN_CHANGE_PREFIX } } };

export async function billingOverview(deps: BillingDeps) {
  const { db, actor, gateway } = deps;
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [effective, customer, student, totals, monthTotals, last, first, subscriptionCount] = await Promise.all([
    getEffectivePlan(db, actor.id, now),
    ownCustomer(deps),
    db.student.findUnique({
      where: { userId: actor.id },
      select: { gracePeriodEndDate: true, nextBillingDate: true, lastPaymentDate: true },
    }),
    db.billingTransaction.aggregate({
      where: { userId: actor.id, ...PAYMENTS },
      _sum: { amountCents: true },
      _count: true,
    }),
    db.billingTransaction.aggregate({
      where: { userId: actor.id, ...PAYMENTS, paidAt: { gte: monthStart } },
      _sum: { amountCents: true },
      _count: true,
    }),
    db.billingTransaction.findFirst({ where: { userId: actor.id }, orderBy: { paidAt: "desc" } }),
    db.billingTransaction.findFirst({ where: { userId: actor.id, ...PAYMENTS }, orderBy: { paidAt: "asc" } }),
    db.subscription.count({ where: { userId: actor.id } }),
  ]);
  const sub = effective.subscription;
  const due = effective.state === "past_due" ? await findAmountDue(deps) : null;
  return {
    mode: gateway.mode,
    planId: effective.planId,
    plan: effective.plan,
    state: effective.state,
    endsAt: effective.endsAt,
    pendingPlanId: effective.pendingPlanId,
    pendingFrom: effective.pendingFrom,
    subscription: sub
      ? {
          id: sub.gatewaySubscriptionId,
          planId: sub.planId,
          status: sub.status,
          currentPeriodEnd: sub.currentPeriodEnd,
          trialEnd: sub.trialEnd,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        }
      : null,
    customerId: customer?.customerId ?? null,
    /** What a failed renewal still owes (the payment dialog pays it). */
    amountDue: due
      ? {
          amount: due.invoice.amountCents / 100,
          amountCents: due.invoice.amountCents,
          description: due.invoice.description,
        }
      : null,
    gracePeriodEndDate: student?.gracePeriodEndDate ?? null,
    nextBillingDate: student?.nextBillingDate ?? null,
    lastPaymentDate: student?.lastPaymentDate ?? null,
    firstPaymentDate: first?.paidAt ?? null,
    tokensPerMonth: effective.plan.tokensPerMonth,
    /** Service requests this calendar month and the plan's maximum (null: unlimited). */
    services: await monthlyServiceUsage(db, actor.id, effective.plan),
    /** The 7-day trial applies to a user's first paid subscription only. */
    trialEligible: subscriptionCount === 0,
    spend: {
      total: (totals._sum.amountCents ?? 0) / 100,
      thisMonth: (monthTotals._sum.amountCents ?? 0) / 100,
      paymentsThisMonth: monthTotals._count,
      payments: totals._count,
      lastTransaction: last ? toTransactionDto(last) : null,
    },
  };
}
