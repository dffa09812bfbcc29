import { randomUUID } from "node:crypto";
import { addDays } from "date-fns";
import { appUrl } from "~/env";
import { GRACE_PERIOD_DAYS, getPlan, PLAN_IDS, type PlanId } from "~/lib/plans";
import type { Db, DbOrTx } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/unique-violation";
import type { MailTemplateInput } from "~/server/mail/layout";
import { queueMail } from "~/server/mail/outbox";
import { operatorDetails } from "~/server/operator";
import { demoToolsOf } from "~/server/payments";
import type { GatewayEvent, GatewayInvoice, GatewaySubscription, PaymentGateway } from "~/server/payments/gateway";
import { computeEffectivePlan, findLiveSubscription } from "../entitlements.service";

/**
 * Keeps our copy of the provider's state in step: subscriptions, plan, payment dates, transactions
 * and the grace period. Every writer (checkout, webhooks, the billing job) goes through here, and
 * each reads the provider's current state, so repeated or out-of-order events do no harm.
 */

/** Our own receipt page, for gateways without hosted receipts (the demo gateway). */
const receiptPath = (transactionId: string) => `/billing/receipts/${transactionId}`;

async function userIdForCustomer(db: Db, customerId: string): Promise<string | null> {
  const customer = await db.billingCustomer.findUnique({ where: { customerId }, select: { userId: true } });
  return customer?.userId ?? null;
}

/** Tells the user by mail what billing did (receipts, failed renewals, grace periods, downgrades). */
async function mailUser(db: DbOrTx, userId: string, template: (name: string) => MailTemplateInput) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, name: true, student: { select: { firstName: true } } },
  });
  if (user) await queueMail(db, user.email, template(user.student?.firstName || user.name), userId);
}

const billingUrl = () => `${appUrl()}/profile?tab=billing`;
const planRank = (planId: PlanId) => PLAN_IDS.indexOf(planId);

/** Re-computes the student's cached billing fields from our subscription rows; a lower plan is announced. */
async function refreshStudentBilling(db: Db, userId: string, now = new Date()) {
  const [subscription, student] = await Promise.all([
    findLiveSubscription(db, userId),
    db.student.findUnique({ where: { userId }, select: { gracePeriodEndDate: true, membershipPlan: true } }),
  ]);
  if (!student) return;
  const effective = computeEffectivePlan(subscription, student.gracePeriodEndDate, now);
  const renews = subscription && effective.planId !== "free" && !subscription.cancelAtPeriodEnd && subscription.status !== "past_due";
  await db.student.update({
    where: { userId },
    data: { membershipPlan: effective.planId, nextBillingDate: renews ? subscription.currentPeriodEnd : null },
  });
  if (planRank(effective.planId) < planRank(student.membershipPlan)) {
    const [fromPlan, toPlan] = [getPlan(student.membershipPlan).name, getPlan(effective.planId).name];
    await mailUser(db, userId, (name) => ({
      kind: "plan-downgraded",
      name,
      fromPlan,
      toPlan,
      pricingUrl: `${appUrl()}/pricing`,
    }));
  }
}

/** A receipt's buyer address: the fields of a billing address a receipt prints. */
export interface BuyerAddress {
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
  taxId: string | null;
}

interface LastBillingDetails {
  name?: string;
  email?: string;
  taxId?: string | null;
  address?: Omit<BuyerAddress, "taxId"> | null;
}

/**
 * The buyer as a receipt must show them at the moment of payment: the billing details of the last
 * checkout, else the default billing address, else the billing customer's name and email.
 */
async function buyerSnapshot(db: Db, userId: string) {
  const [customer, address, user] = await Promise.all([
    db.billingCustomer.findUnique({ where: { userId } }),
    db.billingAddress.findFirst({ where: { userId }, orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }] }),
    db.user.findUnique({ where: { id: userId }, select: { name: true, email: true } }),
  ]);
  const last = (customer?.lastBillingDetails ?? null) as LastBillingDetails | null;
  const buyerAddress: BuyerAddress | null = last?.address
    ? {
        ...last.address,
        addressLine2: last.address.addressLine2 ?? null,
        state: last.address.state ?? null,
        taxId: last.taxId ?? null,
      }
    : address
      ? {
          name: address.name,
          addressLine1: address.addressLine1,
          addressLine2: address.addressLine2,
          city: address.city,
          state: address.state,
          postalCode: address.postalCode,
          country: address.country,
          taxId: address.taxId,
        }
      : null;
  return {
    buyerName: last?.name ?? address?.name ?? customer?.name ?? user?.name ?? "",
    buyerEmail: last?.email ?? address?.email ?? customer?.email ?? user?.email ?? "",
    buyerAddress: buyerAddress ?? undefined,
  };
}

/** The next receipt number of this installation (a PostgreSQL sequence: unique, increasing, never reused). */
async function nextReceiptNumber(db: Db): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ n: bigint }>>`SELECT nextval('"BillingReceiptNumber"') AS n`;
  return Number(row!.n);
}

async function recordInvoice(db: Db, userId: string, invoice: GatewayInvoice, planId: PlanId | null) {
  if (invoice.status === "open") return;
  const existing = await db.billingTransaction.findUnique({
    where: { gatewayObjectId: invoice.id },
    select: { id: true, status: true, refunded: true, receiptNumber: true },
  });
  // A refund is final: a later sync of the same invoice (which a provider may still report as paid) keeps it.
  const refunded = invoice.refunded || existing?.refunded === true;
  const status = refunded ? "refunded" : invoice.status === "paid" ? "succeeded" : "failed";
  const id = existing?.id ?? randomUUID();
  // A failed renewal paid later is the same invoice: its row becomes paid and gets its receipt.
  const receiptUrl = status === "failed" ? null : (invoice.receiptUrl ?? receiptPath(id));
  // A payment gets its receipt once, when it is first recorded as paid: number, buyer and VAT rate as they are now.
  const receipt =
    status !== "failed" && existing?.receiptNumber == null
      ? {
          receiptNumber: await nextReceiptNumber(db),
          vatRatePercent: operatorDetails().vatRatePercent,
          ...(await buyerSnapshot(db, userId)),
        }
      : {};
  await db.billingTransaction.upsert({
    where: { gatewayObjectId: invoice.id },
    create: {
      id,
      userId,
      gatewayObjectId: invoice.id,
      paymentIntentId: invoice.paymentIntentId,
      subscriptionId: invoice.subscriptionId,
      planId,
      description: invoice.description,
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      status,
      refunded,
      receiptUrl,
      ...receipt,
      paidAt: invoice.createdAt,
    },
    update: {
      amountCents: invoice.amountCents,
      paymentIntentId: invoice.paymentIntentId,
      receiptUrl,
      ...receipt,
    },
  });
  // The state is written only to a row that is still unrefunded: a refund committed in /admin
  // since `existing` was read stays, however stale this invoice is.
  if (existing) {
    await db.billingTransaction.updateMany({ where: { id: existing.id, refunded: false }, data: { status, refunded } });
  }
  // Each state is announced once, however often the provider's events repeat it.
  if (existing?.status !== status && invoice.amountCents > 0) {
    const planName = planId ? getPlan(planId).name : invoice.description;
    const money = { planName, amountCents: invoice.amountCents, currency: invoice.currency };
    if (status === "succeeded") {
      const receipt = receiptUrl!.startsWith("http") ? receiptUrl! : `${appUrl()}${receiptUrl}`;
      await mailUser(db, userId, (name) => ({
        kind: "payment-receipt",
        name,
        ...money,
        paidAt: invoice.createdAt,
        receiptUrl: receipt,
      }));
    }
    if (status === "failed") await mailUser(db, userId, (name) => ({ kind: "renewal-failed", name, ...money, billingUrl: billingUrl() }));
  }
  if (status === "succeeded") {
    const student = await db.student.findUnique({ where: { userId }, select: { lastPaymentDate: true } });
    if (student && (!student.lastPaymentDate || student.lastPaymentDate < invoice.createdAt)) {
      await db.student.update({ where: { userId }, data: { lastPaymentDate: invoice.createdAt } });
    }
  }
}

/** Our own billing-history rows for plan changes the provider did not invoice carry ids with this prefix. */
export const PLAN_CHANGE_PREFIX = "change_";

/**
 * A plan change that the provider billed with no invoice of its own (an upgrade during the trial, a
 * downgrade or cancellation scheduled for the period's end): recorded in the billing history at
 * €0.00, so every change the user made is there with what it cost. Nothing was paid: no receipt.
 */
export async function recordPlanChange(db: Db, userId: string, change: { subscriptionId: string; planId: PlanId; description: string }) {
  await db.billingTransaction.create({
    data: {
      userId,
      gatewayObjectId: `${PLAN_CHANGE_PREFIX}${randomUUID()}`,
      subscriptionId: change.subscriptionId,
      planId: change.planId,
      description: change.description,
      amountCents: 0,
      currency: "eur",
      status: "succeeded",
      paidAt: new Date(),
    },
  });
}

/**
 * Marks a paid transaction refunded and mails the customer, once: whichever comes second of a refund
 * made in /admin and the provider's charge.refunded event changes nothing. Answers whether this call
 * made the change. Call it in the transaction that records the rest of the refund.
 */
export async function recordRefund(
  db: DbOrTx,
  transactionId: string,
  refund: { refundId: string | null; refundedById: string | null; at?: Date },
) {
  const { count } = await db.billingTransaction.updateMany({
    where: { id: transactionId, refunded: false },
    data: {
      refunded: true,
      status: "refunded",
      refundedAt: refund.at ?? new Date(),
      refundId: refund.refundId,
      refundedById: refund.refundedById,
    },
  });
  if (count === 0) return false;
  const row = await db.billingTransaction.findUniqueOrThrow({
    where: { id: transactionId },
    select: { userId: true, description: true, amountCents: true, currency: true },
  });
  await mailUser(db, row.userId, (name) => ({
    kind: "payment-refunded",
    name,
    description: row.description,
    amountCents: row.amountCents,
    currency: row.currency,
    billingUrl: billingUrl(),
  }));
  return true;
}

/** Writes the provider's subscription into our table and the student's cached fields. */
export async function syncSubscription(db: Db, subscription: GatewaySubscription, knownUserId?: string) {
  const userId = knownUserId ?? (await userIdForCustomer(db, subscription.customerId));
  if (!userId) return null;
  const data = {
    customerId: subscription.customerId,
    planId: subscription.planId,
    status: subscription.status,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    trialEnd: subscription.trialEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    pendingPlanId: subscription.pendingPlanId,
    pendingFrom: subscription.pendingFrom,
    defaultPaymentMethodId: subscription.defaultPaymentMethodId,
    canceledAt: subscription.status === "canceled" ? (subscription.canceledAt ?? new Date()) : subscription.canceledAt,
  };
  const row = await db.subscription.upsert({
    where: { gatewaySubscriptionId: subscription.id },
    create: { ...data, userId, gatewaySubscriptionId: subscription.id },
    update: data,
  });
  if (subscription.latestInvoice) await recordInvoice(db, userId, subscription.latestInvoice, subscription.planId);
  await refreshStudentBilling(db, userId);
  return row;
}

/**
 * The grace period: with no saved card left, a paid plan ends 7 days later; a new card
 * clears it. Returns the grace end (or null).
 */
export async function applyCardCount(db: Db, userId: string, cardCount: number, now = new Date()): Promise<Date | null> {
  const student = await db.student.findUnique({ where: { userId }, select: { gracePeriodEndDate: true } });
  if (!student) return null;
  if (cardCount > 0) {
    if (student.gracePeriodEndDate) await db.student.update({ where: { userId }, data: { gracePeriodEndDate: null } });
    return null;
  }
  const subscription = await findLiveSubscription(db, userId);
  const paid = computeEffectivePlan(subscription, null, now).planId !== "free";
  if (!paid || subscription?.cancelAtPeriodEnd) return student.gracePeriodEndDate;
  if (student.gracePeriodEndDate) return student.gracePeriodEndDate;
  const graceEnd = addDays(now, GRACE_PERIOD_DAYS);
  await db.student.update({ where: { userId }, data: { gracePeriodEndDate: graceEnd } });
  await mailUser(db, userId, (name) => ({
    kind: "grace-period-started",
    name,
    endsAt: graceEnd,
    billingUrl: billingUrl(),
  }));
  return graceEnd;
}

export type EventOutcome = "processed" | "duplicate" | "ignored";

/** Handles one provider event once: re-reads the object it names and syncs our state. */
export async function handleGatewayEvent(db: Db, gateway: PaymentGateway, event: GatewayEvent): Promise<EventOutcome> {
  if (await db.webhookEvent.findUnique({ where: { id: event.id } })) return "duplicate";
  let outcome: EventOutcome = "processed";
  if (event.type.startsWith("invoice.")) {
    const invoice = await gateway.getInvoice(event.objectId);
    const userId = invoice && (await userIdForCustomer(db, invoice.customerId));
    if (invoice && userId) {
      const subscription = invoice.subscriptionId ? await gateway.getSubscription(invoice.subscriptionId) : null;
      await recordInvoice(db, userId, invoice, subscription?.planId ?? null);
      if (subscription) await syncSubscription(db, subscription, userId);
    } else outcome = "ignored";
  } else if (event.type.startsWith("customer.subscription.")) {
    const subscription = await gateway.getSubscription(event.objectId);
    if (subscription) {
      if (!(await syncSubscription(db, subscription))) outcome = "ignored";
    } else {
      const rows = await db.subscription.findMany({
        where: { gatewaySubscriptionId: event.objectId },
        select: { userId: true },
      });
      await db.subscription.updateMany({
        where: { gatewaySubscriptionId: event.objectId },
        data: { status: "canceled", canceledAt: new Date() },
      });
      for (const row of rows) await refreshStudentBilling(db, row.userId);
    }
  } else if (event.type === "charge.refunded") {
    // A refund made at the provider (its dashboard) or from /admin: re-read the payment, record it once.
    const intent = event.paymentIntentId ? await gateway.getPaymentIntent(event.paymentIntentId) : null;
    const row = intent?.refunded
      ? await db.billingTransaction.findFirst({
          where: { paymentIntentId: intent.id, status: { in: ["succeeded", "refunded"] } },
          select: { id: true },
        })
      : null;
    if (intent && row) await db.$transaction((tx) => recordRefund(tx, row.id, { refundId: intent.refundId, refundedById: null }));
    else outcome = "ignored";
  } else if (event.type === "payment_method.attached" || event.type === "payment_method.detached") {
    const userId = event.customerId ? await userIdForCustomer(db, event.customerId) : null;
    if (userId && event.customerId) await applyCardCount(db, userId, (await gateway.listPaymentMethods(event.customerId)).length);
    else outcome = "ignored";
  } else outcome = "ignored";
  try {
    await db.webhookEvent.create({ data: { id: event.id, type: event.type } });
  } catch (error) {
    // Delivered twice at once: both runs re-read the same state, so the second is harmless.
    if (!isUniqueViolation(error)) throw error;
    return "duplicate";
  }
  return outcome;
}

/** The job that finishes a checkout whose process stopped after the provider took it (see shared.ts). */
export const CHECKOUT_REPAIR_JOB = "billing.checkout-repair";

export interface CheckoutRepairPayload {
  userId: string;
  customerId: string;
}

/**
 * Finishes an interrupted checkout from the provider's state: re-reads every subscription of the
 * customer and writes it (and its latest invoice) here. Harmless when the checkout had finished.
 */
export async function repairCheckout(db: Db, gateway: PaymentGateway, { userId, customerId }: CheckoutRepairPayload) {
  const subscriptions = await gateway.listSubscriptions(customerId);
  for (const subscription of subscriptions) await syncSubscription(db, subscription, userId);
  return subscriptions.length;
}

const GRACE_REMINDER_DAYS = 2;

/**
 * The periodic billing work: the demo gateway's renewals, ended grace periods (cancel the paid
 * subscription, back to Free), reminders before a grace period ends, and plans whose period has ended
 * (a scheduled downgrade included). The job runner (src/server/jobs) runs it once per period.
 */
export async function runBillingJob(db: Db, gateway: PaymentGateway, now = new Date()) {
  // Stripe renews on its own and tells us by webhook; the demo gateway's billing time moves on here.
  const events = (await demoToolsOf(gateway)?.advanceClock()) ?? [];
  for (const event of events) await handleGatewayEvent(db, gateway, event);

  const graceEnded = await db.student.findMany({
    where: { gracePeriodEndDate: { lte: now } },
    select: { userId: true },
  });
  let cancelled = 0;
  for (const { userId } of graceEnded) {
    const customer = await db.billingCustomer.findUnique({ where: { userId } });
    const cards = customer ? await gateway.listPaymentMethods(customer.customerId) : [];
    if (cards.length === 0) {
      const live = await db.subscription.findMany({
        where: { userId, status: { in: ["trialing", "active", "past_due"] } },
      });
      for (const row of live) {
        await syncSubscription(db, await gateway.cancelSubscription(row.gatewaySubscriptionId, "now"), userId);
        cancelled += 1;
      }
    }
    await db.student.update({ where: { userId }, data: { gracePeriodEndDate: null } });
    await refreshStudentBilling(db, userId, now);
  }

  // Two days before a grace period ends, once per grace period.
  const endingSoon = await db.student.findMany({
    where: { gracePeriodEndDate: { gt: now, lte: addDays(now, GRACE_REMINDER_DAYS) } },
    select: { userId: true, gracePeriodEndDate: true },
  });
  for (const { userId, gracePeriodEndDate } of endingSoon) {
    const started = addDays(gracePeriodEndDate!, -GRACE_PERIOD_DAYS);
    if (await db.mailMessage.count({ where: { userId, kind: "grace-period-ending", createdAt: { gte: started } } })) continue;
    await mailUser(db, userId, (name) => ({
      kind: "grace-period-ending",
      name,
      endsAt: gracePeriodEndDate!,
      billingUrl: billingUrl(),
      now,
    }));
  }

  const lapsed = await db.subscription.findMany({
    where: {
      status: { in: ["trialing", "active", "past_due"] },
      OR: [{ currentPeriodEnd: { lte: now } }, { pendingFrom: { lte: now } }],
    },
    select: { userId: true },
    distinct: ["userId"],
  });
  for (const { userId } of lapsed) await refreshStudentBilling(db, userId, now);
  return { events: events.length, cancelled };
}
