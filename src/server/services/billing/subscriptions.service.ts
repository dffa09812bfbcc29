/** Plan changes: subscribing, upgrading and downgrading between paid plans, and the change to Free. */
import { addDays, addMonths } from "date-fns";
import type { z } from "zod";
import type { Subscription } from "~/generated/prisma/client";
import { getPlan, type Plan, type PlanId, planPriceCents, planRank } from "~/lib/plans";
import type { CreateSubscriptionInput, changeToFreeSchema, downgradeSchema, planChangeSchema } from "~/lib/schemas/billing";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { findLiveSubscription, getEffectivePlan } from "../entitlements.service";
import { applyCardCount, PLAN_CHANGE_PREFIX, recordPlanChange, syncSubscription } from "./billing-sync.service";
import { attachCard, ensureCustomer, ownCustomer } from "./customers.service";
import { type BillingDeps, payment, withCheckoutLock, withCheckoutRepair } from "./shared";

const ALREADY_ON_PLAN = "You're already on this plan";
const NOTHING_SCHEDULED = "There is no scheduled plan change to cancel.";

/** The 7-day trial belongs to a user's first paid subscription only. */
async function trialDaysFor(db: Db, userId: string, plan: Plan) {
  return (await db.subscription.count({ where: { userId } })) === 0 ? plan.trialDays : 0;
}

/** The id of the provider's invoice recorded last for a subscription (our own €0.00 plan-change rows left out). */
async function lastInvoiceId(db: Db, subscriptionId: string) {
  const row = await db.billingTransaction.findFirst({
    where: { subscriptionId, NOT: { gatewayObjectId: { startsWith: PLAN_CHANGE_PREFIX } } },
    orderBy: { paidAt: "desc" },
    select: { gatewayObjectId: true },
  });
  return row?.gatewayObjectId ?? null;
}

/** When a downgrade from this subscription applies: the end of the paid (or trial) period; a failed renewal ends now. */
const downgradeDate = (current: Subscription) => (current.status === "past_due" ? new Date() : current.currentPeriodEnd);

export interface PlanChangePreview {
  planId: PlanId;
  fromPlanId: PlanId;
  kind: "subscribe" | "upgrade" | "downgrade";
  /** Charged when the user confirms: 0 during a trial and for downgrades, else what the provider charges. */
  amountDueNowCents: number;
  /** When the chosen plan applies. */
  effectiveFrom: Date;
  /** The next regular charge after this change, or null when nothing more is charged (Free). */
  nextChargeAt: Date | null;
  nextChargeCents: number | null;
  /** The trial the change starts or continues, when one applies. */
  trialEndsAt: Date | null;
  /** Upgrades charge for this proration moment when it is sent back with the checkout. */
  prorationDate: Date | null;
  /** Whether the change needs a card (downgrades do not). */
  needsCard: boolean;
}

/**
 * What a plan change will charge now and next, computed by the code that charges it: the gateway's
 * own preview of the upgrade (Stripe's upcoming invoice, the demo gateway's proration), the plan
 * price or the trial for a new subscription, nothing for a downgrade.
 */
export async function previewPlanChange(deps: BillingDeps, input: z.infer<typeof planChangeSchema>): Promise<PlanChangePreview> {
  const { db, gateway, actor } = deps;
  const plan = getPlan(input.planId);
  const customer = await ownCustomer(deps);
  const current = customer ? await findLiveSubscription(db, actor.id) : null;
  const fromPlanId = current?.planId ?? (await getEffectivePlan(db, actor.id)).planId;
  const now = new Date();
  const base = { planId: plan.id, fromPlanId, prorationDate: null, trialEndsAt: null };
  if (!current) {
    if (plan.id === "free") throw new AppError("CONFLICT", ALREADY_ON_PLAN);
    const trialDays = await trialDaysFor(db, actor.id, plan);
    const trialEndsAt = trialDays > 0 ? addDays(now, trialDays) : null;
    return {
      ...base,
      kind: "subscribe",
      amountDueNowCents: trialEndsAt ? 0 : planPriceCents(plan.id),
      effectiveFrom: now,
      nextChargeAt: trialEndsAt ?? addMonths(now, 1),
      nextChargeCents: planPriceCents(plan.id),
      trialEndsAt,
      needsCard: true,
    };
  }
  const trialEndsAt = current.status === "trialing" ? (current.trialEnd ?? current.currentPeriodEnd) : null;
  if (plan.id === current.planId && !current.pendingPlanId && !current.cancelAtPeriodEnd) throw new AppError("CONFLICT", ALREADY_ON_PLAN);
  if (planRank(plan.id) < planRank(current.planId)) {
    const effectiveFrom = downgradeDate(current);
    return {
      ...base,
      kind: "downgrade",
      amountDueNowCents: 0,
      effectiveFrom,
      nextChargeAt: plan.id === "free" ? null : effectiveFrom,
      nextChargeCents: plan.id === "free" ? null : planPriceCents(plan.id),
      trialEndsAt,
      needsCard: false,
    };
  }
  const preview = await gateway.previewUpgrade(current.gatewaySubscriptionId, {
    planId: plan.id,
    priceId: plan.stripePriceId!,
  });
  return {
    ...base,
    kind: "upgrade",
    amountDueNowCents: preview.amountDueNowCents,
    effectiveFrom: now,
    nextChargeAt: preview.nextChargeAt,
    nextChargeCents: preview.nextChargeCents,
    trialEndsAt,
    prorationDate: preview.prorationDate,
    needsCard: true,
  };
}

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

/** The checkout's billing details, kept as the last ones used: they prefill the next checkout and go on receipts. */
function billingDetailsOf(input: CreateSubscriptionInput) {
  return {
    name: input.customerName,
    email: input.customerEmail,
    country: input.billingAddress?.country ?? input.country ?? null,
    postalCode: input.billingAddress?.postalCode ?? input.postalCode ?? null,
    taxId: input.taxId ?? null,
    address: input.billingAddress ?? null,
  };
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
    const result = (
      sub: { gatewaySubscriptionId: string; status: string },
      paymentIntentId: string | null,
      effectiveFrom: Date,
    ): SubscriptionResult => ({
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

    // A card saved before (same fingerprint) is charged instead of a second copy of it.
    const { card } = await attachCard(deps, customer, input.paymentMethodId);
    const paymentMethodId = card.id;
    await db.student.updateMany({ where: { userId: actor.id }, data: { billingEmail: input.customerEmail } });
    await db.billingCustomer.update({
      where: { id: customer.id },
      data: { lastBillingDetails: billingDetailsOf(input) },
    });
    const priceId = plan.stripePriceId!;
    if (!current) {
      const previousPaid = await db.subscription.count({ where: { userId: actor.id } });
      const trialDays = await trialDaysFor(db, actor.id, plan);
      const idempotencyKey = `subscription-${actor.id}-${previousPaid}-${paymentMethodId}-${plan.id}`;
      const { subscription, row } = await withCheckoutRepair(
        db,
        { userId: actor.id, customerId: customer.customerId, key: idempotencyKey },
        async () => {
          const subscription = await payment(() =>
            gateway.createSubscription({
              customerId: customer.customerId,
              planId: plan.id,
              priceId,
              paymentMethodId,
              trialDays,
              idempotencyKey,
              metadata: { userId: actor.id },
            }),
          );
          return { subscription, row: await syncSubscription(db, subscription, actor.id) };
        },
      );
      return result(
        row ?? { gatewaySubscriptionId: subscription.id, status: subscription.status },
        subscription.latestInvoice?.paymentIntentId ?? null,
        new Date(),
      );
    }
    const currentPlan = current.planId;
    if (planRank(plan.id) >= planRank(currentPlan)) {
      // The provider's invoice recorded last for this subscription: an upgrade that makes no new one is recorded at €0.00.
      const invoicedBefore = await lastInvoiceId(db, current.gatewaySubscriptionId);
      // Upgrade (or resuming the same plan): now, with proration.
      const idempotencyKey = `upgrade-${current.gatewaySubscriptionId}-${plan.id}-${paymentMethodId}-${current.updatedAt.getTime()}`;
      const { subscription, row } = await withCheckoutRepair(
        db,
        { userId: actor.id, customerId: customer.customerId, key: idempotencyKey },
        async () => {
          const subscription = await payment(() =>
            gateway.upgradeSubscription(current.gatewaySubscriptionId, {
              planId: plan.id,
              priceId,
              paymentMethodId,
              prorationDate: input.prorationDate ?? undefined,
              idempotencyKey,
            }),
          );
          return { subscription, row: await syncSubscription(db, subscription, actor.id) };
        },
      );
      const invoice = subscription.latestInvoice;
      if (!invoice || invoice.id === invoicedBefore) {
        const when = current.status === "trialing" ? " during the free trial" : "";
        await recordPlanChange(db, actor.id, {
          subscriptionId: current.gatewaySubscriptionId,
          planId: plan.id,
          description: `Upgrade to ${plan.name}${when} (nothing charged)`,
        });
      }
      return result(row ?? current, invoice?.paymentIntentId ?? null, new Date());
    }
    const row = await downgradeSubscription(deps, current, plan.id);
    return result(row, null, row.pendingFrom ?? row.currentPeriodEnd);
  });
}

/** A downgrade between paid plans: nothing is charged; the cheaper plan applies at the end of the period. */
async function downgradeSubscription(deps: BillingDeps, current: Subscription, planId: PlanId) {
  const plan = getPlan(planId);
  const subscription = await deps.gateway.scheduleDowngrade(current.gatewaySubscriptionId, {
    fromPlanId: current.planId,
    planId,
    priceId: plan.stripePriceId!,
  });
  const row = (await syncSubscription(deps.db, subscription, deps.actor.id)) ?? current;
  if (current.pendingPlanId !== planId) await recordScheduledChange(deps, current, planId);
  return row;
}

/** A change for the period's end is in the billing history from the moment it is made, at €0.00. */
async function recordScheduledChange(deps: BillingDeps, current: Subscription, planId: PlanId) {
  const when = current.status === "past_due" ? "now" : "at the end of the billing period";
  await recordPlanChange(deps.db, deps.actor.id, {
    subscriptionId: current.gatewaySubscriptionId,
    planId,
    description: `Change to ${getPlan(planId).name} ${when} (nothing charged)`,
  });
}

/** Downgrade to a cheaper paid plan without a card: it applies at the end of the period, as the preview says. */
export async function downgradePlan(deps: BillingDeps, input: z.infer<typeof downgradeSchema>): Promise<SubscriptionResult> {
  const customer = await ownCustomer(deps);
  return withCheckoutLock(deps.db, deps.actor.id, async () => {
    const current = customer ? await findLiveSubscription(deps.db, deps.actor.id) : null;
    if (!current || planRank(input.planId) >= planRank(current.planId)) {
      throw new AppError(
        "BAD_INPUT",
        `Only a cheaper plan than your current one can be scheduled; choose ${getPlan(input.planId).name} through the checkout.`,
      );
    }
    const row = await downgradeSubscription(deps, current, input.planId);
    return {
      success: true,
      subscriptionId: row.gatewaySubscriptionId,
      paymentIntentId: null,
      error: null,
      planId: input.planId,
      status: row.status,
      effectiveFrom: row.pendingFrom ?? downgradeDate(current),
    };
  });
}

/** Cancels a scheduled downgrade or a cancellation at the period's end: the current plan renews as before. */
export async function cancelScheduledChange(deps: BillingDeps) {
  return withCheckoutLock(deps.db, deps.actor.id, async () => {
    const current = (await ownCustomer(deps)) ? await findLiveSubscription(deps.db, deps.actor.id) : null;
    if (!current || (!current.pendingPlanId && !current.cancelAtPeriodEnd)) throw new AppError("CONFLICT", NOTHING_SCHEDULED);
    const subscription = await deps.gateway.cancelScheduledChange(current.gatewaySubscriptionId);
    await syncSubscription(deps.db, subscription, deps.actor.id);
    await recordPlanChange(deps.db, deps.actor.id, {
      subscriptionId: current.gatewaySubscriptionId,
      planId: subscription.planId,
      description: `Scheduled change cancelled: ${getPlan(subscription.planId).name} continues (nothing charged)`,
    });
    // A plan that renews again needs a card: without one, the grace period starts.
    const customer = await ownCustomer(deps);
    if (customer) await applyCardCount(deps.db, deps.actor.id, (await deps.gateway.listPaymentMethods(customer.customerId)).length);
    return { success: true as const, planId: subscription.planId, renewsOn: subscription.currentPeriodEnd };
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
      ? await deps.db.subscription.findFirst({
          where: { userId: deps.actor.id, status: { in: ["trialing", "active", "past_due"] } },
          orderBy: { createdAt: "desc" },
        })
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
      if (!current.cancelAtPeriodEnd) await recordScheduledChange(deps, current, "free");
      effectiveFrom = when === "now" ? new Date() : subscription.currentPeriodEnd;
      status = subscription.status;
    }
    return {
      success: true,
      subscriptionId: current?.gatewaySubscriptionId ?? null,
      paymentIntentId: null,
      error: null,
      planId: "free",
      status,
      effectiveFrom,
    };
  });
}
