/** Plan changes: subscribing, upgrading and downgrading between paid plans, and the change to Free. */
import type { z } from "zod";
import { AppError } from "~/server/errors";
import { getPlan, planRank, type PlanId } from "~/lib/plans";
import type { changeToFreeSchema, CreateSubscriptionInput } from "~/lib/schemas/billing";
import { getEffectivePlan } from "../entitlements.service";
import { syncSubscription } from "./billing-sync.service";
import { attachCard, ensureCustomer, ownCustomer } from "./customers.service";
import { payment, withCheckoutLock, type BillingDeps } from "./shared";

export interface SubscriptionResult {
  success: true;
  subscriptionId: string | null;
  paymentIntentId: string | null;
  error: null;
  planId: PlanId;
  status: string;
  /** When the change takes effect (a downgrade waits for the end of the period). */
  effectiveFrom: Date;
}

export async function createSubscription(deps: BillingDeps, input: CreateSubscriptionInput): Promise<SubscriptionResult> {
  const { db, gateway, actor } = deps;
  const plan = getPlan(input.planId);
  if (input.priceId && input.priceId !== plan.stripePriceId) {
    throw new AppError("BAD_INPUT", `priceId is not the price of the ${plan.name} plan.`);
  }
  return withCheckoutLock(db, actor.id, async () => {
    const customer = await ensureCustomer(deps, { email: input.customerEmail, name: input.customerName });
    const current = await db.subscription.findFirst({
      where: { userId: actor.id, status: { in: ["trialing", "active", "past_due"] }, customerId: customer.customerId },
      orderBy: { createdAt: "desc" },
    });
    const latestPayment = async (subscriptionId: string) =>
      (await db.billingTransaction.findFirst({ where: { subscriptionId }, orderBy: { paidAt: "desc" } }))?.paymentIntentId ?? null;
    const result = (sub: { gatewaySubscriptionId: string; status: string }, paymentIntentId: string | null, effectiveFrom: Date): SubscriptionResult => ({
      success: true,
      subscriptionId: sub.gatewaySubscriptionId,
      paymentIntentId,
      error: null,
      planId: plan.id,
      status: sub.status,
      effectiveFrom,
    });

    // A repeated submission (double click, retried request) finds the subscription already made.
    if (current && current.planId === plan.id && !current.cancelAtPeriodEnd && !current.pendingPlanId && current.status !== "past_due") {
      await attachCard(deps, customer, input.paymentMethodId);
      return result(current, await latestPayment(current.gatewaySubscriptionId), current.createdAt);
    }

    await attachCard(deps, customer, input.paymentMethodId);
    await db.student.updateMany({ where: { userId: actor.id }, data: { billingEmail: input.customerEmail } });
    const priceId = plan.stripePriceId!;
    if (!current) {
      const previousPaid = await db.subscription.count({ where: { userId: actor.id } });
      const subscription = await payment(() =>
        gateway.createSubscription({
          customerId: customer.customerId,
          planId: plan.id,
          priceId,
          paymentMethodId: input.paymentMethodId,
          trialDays: previousPaid === 0 ? plan.trialDays : 0,
          idempotencyKey: `subscription-${actor.id}-${previousPaid}-${input.paymentMethodId}-${plan.id}`,
          metadata: { userId: actor.id },
        }),
      );
      const row = await syncSubscription(db, subscription, actor.id);
      return result(row ?? { gatewaySubscriptionId: subscription.id, status: subscription.status }, subscription.latestInvoice?.paymentIntentId ?? null, new Date());
    }
    const currentPlan = current.planId;
    if (planRank(plan.id) >= planRank(currentPlan)) {
      // Upgrade (or resuming the same plan): now, with proration.
      const subscription = await payment(() =>
        gateway.upgradeSubscription(current.gatewaySubscriptionId, {
          planId: plan.id,
          priceId,
          paymentMethodId: input.paymentMethodId,
          idempotencyKey: `upgrade-${current.gatewaySubscriptionId}-${plan.id}-${input.paymentMethodId}-${current.updatedAt.getTime()}`,
        }),
      );
      const row = await syncSubscription(db, subscription, actor.id);
      return result(row ?? current, subscription.latestInvoice?.paymentIntentId ?? null, new Date());
    }
    // Downgrade between paid plans: at the end of the period.
    const subscription = await gateway.scheduleDowngrade(current.gatewaySubscriptionId, { fromPlanId: currentPlan, planId: plan.id, priceId });
    const row = await syncSubscription(db, subscription, actor.id);
    return result(row ?? current, null, subscription.pendingFrom ?? subscription.currentPeriodEnd);
  });
}

/** POST /api/stripe/subscriptions: the change to Free (a paid plan needs the card checkout). */
export async function changeToFree(deps: BillingDeps, input: z.infer<typeof changeToFreeSchema>): Promise<SubscriptionResult> {
  if (input.planId !== "free") {
    throw new AppError("BAD_INPUT", "Paid plans need a payment method: subscribe with POST /api/stripe/create-subscription.");
  }
  const customer = await ownCustomer(deps, input.customerId);
  return withCheckoutLock(deps.db, deps.actor.id, async () => {
    const current = customer
      ? await deps.db.subscription.findFirst({ where: { userId: deps.actor.id, status: { in: ["trialing", "active", "past_due"] } }, orderBy: { createdAt: "desc" } })
      : null;
    if (!current) {
      const effective = await getEffectivePlan(deps.db, deps.actor.id);
      if (effective.planId === "free") throw new AppError("CONFLICT", "You're already on this plan");
    }
    let effectiveFrom = new Date();
    let status = "active";
    if (current) {
      // Downgrades wait for the end of the paid period; a failed renewal ends now.
      const when = current.status === "past_due" ? "now" : "period_end";
      const subscription = await deps.gateway.cancelSubscription(current.gatewaySubscriptionId, when);
      await syncSubscription(deps.db, subscription, deps.actor.id);
      effectiveFrom = when === "now" ? new Date() : subscription.currentPeriodEnd;
      status = subscription.status;
    }
    return { success: true, subscriptionId: current?.gatewaySubscriptionId ?? null, paymentIntentId: null, error: null, planId: "free", status, effectiveFrom };
  });
}
