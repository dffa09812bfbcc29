import type { Db } from "~/server/db/client";
import type { BillingAddress, BillingCustomer, BillingTransaction } from "~/generated/prisma/client";
import { AppError } from "~/server/errors";
import { monthlyServiceUsage } from "./service-requests.service";
import { getPlan, PLANS, planPriceCents, planRank, type PlanId } from "~/lib/plans";
import type { z } from "zod";
import type {
  addressIdSchema,
  attachPaymentMethodSchema,
  BillingAddressCreate,
  changeToFreeSchema,
  CreateSubscriptionInput,
  customerCreateSchema,
  customerQuerySchema,
  demoCardSchema,
  detachPaymentMethodSchema,
  paymentIntentSchema,
} from "~/lib/schemas/billing";
import { PaymentDeclinedError, type GatewayCard, type PaymentGateway } from "~/server/payments/gateway";
import type { DemoGateway } from "~/server/payments/demo";
import type { SessionClaims } from "./sessions.service";
import { getEffectivePlan } from "./entitlements.service";
import { applyCardCount, releaseLease, syncSubscription, tryLease } from "./billing-sync.service";

type Gateway = PaymentGateway & Partial<Pick<DemoGateway, "tokenizeTestCard">>;
export interface BillingDeps {
  db: Db;
  gateway: Gateway;
  actor: SessionClaims;
}

export const NO_CUSTOMER = "No billing customer exists for this account yet.";
const NOT_FOUND_CUSTOMER = "Customer not found.";
const NOT_FOUND_CARD = "Payment method not found.";
const NOT_FOUND_ADDRESS = "Address not found.";
const NOT_FOUND_TRANSACTION = "Transaction not found.";
export const NOTHING_DUE = "There is no outstanding payment on your account.";
export const MAX_ADDRESSES = 20;

/** A refused card becomes a 402 with the provider's message; nothing else is turned into text here. */
async function payment<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentDeclinedError) throw new AppError("PAYMENT_FAILED", error.message);
    throw error;
  }
}

// ---- customers ----

/** The user's customer of the active gateway; a customerId the client sent must be that one (else 404). */
async function ownCustomer({ db, gateway, actor }: BillingDeps, customerId?: string): Promise<BillingCustomer | null> {
  const customer = await db.billingCustomer.findUnique({ where: { userId: actor.id } });
  const usable = customer && customer.gateway === gateway.mode ? customer : null;
  if (customerId !== undefined && usable?.customerId !== customerId) throw new AppError("NOT_FOUND", NOT_FOUND_CUSTOMER);
  return usable;
}

async function requireCustomer(deps: BillingDeps, customerId?: string): Promise<BillingCustomer> {
  const customer = await ownCustomer(deps, customerId);
  if (!customer) throw new AppError("NOT_FOUND", NO_CUSTOMER);
  return customer;
}

/** Gets or creates the user's customer (one per user; a second call returns the first). */
export async function ensureCustomer(deps: BillingDeps, details: { email?: string; name?: string } = {}): Promise<BillingCustomer> {
  const { db, gateway, actor } = deps;
  const existing = await ownCustomer(deps);
  if (existing) return existing;
  const email = details.email ?? actor.email;
  const name = details.name ?? actor.name;
  const created = await gateway.createCustomer({ email, name, userId: actor.id });
  const data = { gateway: gateway.mode, customerId: created.id, email, name };
  const customer = await db.billingCustomer.upsert({ where: { userId: actor.id }, create: { ...data, userId: actor.id }, update: data });
  await db.student.updateMany({ where: { userId: actor.id }, data: { stripeCustomerId: customer.customerId, billingEmail: email } });
  return customer;
}

const toCustomerDto = (customer: BillingCustomer) => ({ id: customer.customerId, email: customer.email, name: customer.name });

export async function createCustomer(deps: BillingDeps, input: z.infer<typeof customerCreateSchema>) {
  return { customer: toCustomerDto(await ensureCustomer(deps, input)) };
}

// ---- payment methods ----

const toPaymentMethodDto = (card: GatewayCard) => ({
  id: card.id,
  card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
  isDefault: false,
});

export async function listPaymentMethods(deps: BillingDeps, input: z.infer<typeof customerQuerySchema>) {
  const customer = await ownCustomer(deps, input.customer_id);
  if (!customer) return { paymentMethods: [] };
  return { paymentMethods: (await deps.gateway.listPaymentMethods(customer.customerId)).map(toPaymentMethodDto) };
}

/** Demo mode only: what Stripe.js does in the browser, for Stripe's test card numbers. */
export async function createDemoPaymentMethod(deps: BillingDeps, input: z.infer<typeof demoCardSchema>) {
  if (!deps.gateway.tokenizeTestCard) throw new AppError("BAD_INPUT", "Cards are entered through Stripe when Stripe is configured.");
  return { paymentMethodId: await payment(() => deps.gateway.tokenizeTestCard!(input)) };
}

/** A card the client names must be unattached or already this customer's; anyone else's is a 404. */
async function cardFor(deps: BillingDeps, customerId: string, paymentMethodId: string) {
  const card = await deps.gateway.getPaymentMethod(paymentMethodId);
  if (!card || (card.customerId !== null && card.customerId !== customerId)) throw new AppError("NOT_FOUND", NOT_FOUND_CARD);
  return card;
}

async function attachCard(deps: BillingDeps, customer: BillingCustomer, paymentMethodId: string) {
  const card = await cardFor(deps, customer.customerId, paymentMethodId);
  const attached = card.customerId === customer.customerId ? card : await payment(() => deps.gateway.attachPaymentMethod(customer.customerId, paymentMethodId));
  await applyCardCount(deps.db, deps.actor.id, 1);
  return attached;
}

export async function addPaymentMethod(deps: BillingDeps, input: z.infer<typeof attachPaymentMethodSchema>) {
  const customer = input.customerId ? await requireCustomer(deps, input.customerId) : await ensureCustomer(deps);
  const card = await attachCard(deps, customer, input.paymentMethodId);
  return { success: true as const, paymentMethod: toPaymentMethodDto(card), gracePeriodEndDate: null };
}

export async function removePaymentMethod(deps: BillingDeps, input: z.infer<typeof detachPaymentMethodSchema>) {
  const customer = await ownCustomer(deps);
  const card = customer ? await deps.gateway.getPaymentMethod(input.payment_method_id) : null;
  if (!customer || !card || card.customerId !== customer.customerId) throw new AppError("NOT_FOUND", NOT_FOUND_CARD);
  await deps.gateway.detachPaymentMethod(card.id);
  const remaining = await deps.gateway.listPaymentMethods(customer.customerId);
  const gracePeriodEndDate = await applyCardCount(deps.db, deps.actor.id, remaining.length);
  return { success: true as const, remaining: remaining.length, gracePeriodEndDate };
}

// ---- subscriptions ----

const CHECKOUT_LEASE_MS = 60_000;

/** One checkout per user at a time: a second click waits for the first and then finds its result. */
async function withCheckoutLock<T>(db: Db, userId: string, work: () => Promise<T>): Promise<T> {
  const key = `checkout:${userId}`;
  const deadline = Date.now() + 30_000;
  while (!(await tryLease(db, key, CHECKOUT_LEASE_MS))) {
    if (Date.now() > deadline) throw new AppError("CONFLICT", "A payment for this account is already being processed. Please wait a moment.");
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  try {
    return await work();
  } finally {
    await releaseLease(db, key);
  }
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

// ---- transactions ----

const toTransactionDto = (tx: BillingTransaction) => ({
  id: tx.id,
  description: tx.description,
  date: tx.paidAt,
  amount: Number((tx.amountCents / 100).toFixed(2)),
  currency: tx.currency.toUpperCase(),
  status: tx.status,
  refunded: tx.refunded,
  receiptUrl: tx.receiptUrl,
  planId: tx.planId,
});
export type TransactionDto = ReturnType<typeof toTransactionDto>;

export async function listTransactions(deps: BillingDeps, input: z.infer<typeof customerQuerySchema>) {
  if (input.customer_id !== undefined) await requireCustomer(deps, input.customer_id);
  const rows = await deps.db.billingTransaction.findMany({ where: { userId: deps.actor.id }, orderBy: { paidAt: "desc" }, take: 200 });
  return { transactions: rows.map(toTransactionDto) };
}

/** Everything our printable receipt shows; only the owner can open it. */
export async function getReceipt(db: Db, actor: SessionClaims, transactionId: string) {
  const tx = await db.billingTransaction.findFirst({ where: { id: transactionId, userId: actor.id } });
  if (!tx || tx.status === "failed") throw new AppError("NOT_FOUND", NOT_FOUND_TRANSACTION);
  const [customer, address] = await Promise.all([
    db.billingCustomer.findUnique({ where: { userId: actor.id } }),
    db.billingAddress.findFirst({ where: { userId: actor.id }, orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }] }),
  ]);
  return {
    transaction: toTransactionDto(tx),
    reference: tx.gatewayObjectId,
    billedTo: { name: address?.name ?? customer?.name ?? actor.name, email: customer?.email ?? actor.email, address: address ? toAddressDto(address) : null },
  };
}

// ---- paying a failed renewal (the payment dialog) ----

/** The unpaid renewal of the user's past-due subscription, read from the provider; null when nothing is owed. */
export async function findAmountDue(deps: BillingDeps) {
  const row = await deps.db.subscription.findFirst({ where: { userId: deps.actor.id, status: "past_due" }, orderBy: { createdAt: "desc" } });
  if (!row) return null;
  const subscription = await deps.gateway.getSubscription(row.gatewaySubscriptionId);
  const invoice = subscription?.latestInvoice;
  if (!subscription || subscription.status !== "past_due" || !invoice || invoice.status === "paid") return null;
  return { subscription, invoice };
}

/**
 * POST /api/stripe/payment-intents: pays what the account owes (a failed renewal) with one of the
 * user's cards. The amount is the provider's invoice amount; a client's amount must equal it, so
 * nothing else can ever be charged here.
 */
export async function createPaymentIntent(deps: BillingDeps, input: z.infer<typeof paymentIntentSchema>) {
  const customer = await requireCustomer(deps, input.customerId);
  return withCheckoutLock(deps.db, deps.actor.id, async () => {
    const due = await findAmountDue(deps);
    if (!due) throw new AppError("CONFLICT", NOTHING_DUE);
    if (input.amount !== due.invoice.amountCents) {
      throw new AppError("BAD_INPUT", `amount must be ${due.invoice.amountCents} cents: the outstanding ${getPlan(due.subscription.planId).name} renewal.`);
    }
    const card = await cardFor(deps, customer.customerId, input.paymentMethodId);
    if (card.customerId !== customer.customerId) throw new AppError("NOT_FOUND", NOT_FOUND_CARD);
    const { paymentIntent } = await payment(() =>
      deps.gateway.payInvoice(due.invoice.id, { paymentMethodId: card.id, idempotencyKey: `pay-${due.invoice.id}-${card.id}` }),
    );
    const subscription = await deps.gateway.getSubscription(due.subscription.id);
    if (subscription) await syncSubscription(deps.db, subscription, deps.actor.id);
    return { clientSecret: paymentIntent.clientSecret, paymentIntentId: paymentIntent.id, status: paymentIntent.status, error: null };
  });
}

// ---- billing addresses ----

export const toAddressDto = (address: BillingAddress) => ({
  id: address.id,
  name: address.name,
  email: address.email,
  country: address.country,
  addressLine1: address.addressLine1,
  addressLine2: address.addressLine2,
  city: address.city,
  state: address.state,
  postalCode: address.postalCode,
  phone: address.phone,
  taxId: address.taxId,
  isDefault: address.isDefault,
});
export type BillingAddressDto = ReturnType<typeof toAddressDto>;

export async function listAddresses(db: Db, actor: SessionClaims) {
  const rows = await db.billingAddress.findMany({ where: { userId: actor.id }, orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }] });
  return { addresses: rows.map(toAddressDto) };
}

export async function createAddress(db: Db, actor: SessionClaims, input: BillingAddressCreate) {
  return db.$transaction(async (tx) => {
    const count = await tx.billingAddress.count({ where: { userId: actor.id } });
    if (count >= MAX_ADDRESSES) throw new AppError("BAD_INPUT", `You can save up to ${MAX_ADDRESSES} billing addresses. Delete one first.`);
    const isDefault = input.isDefault || count === 0;
    if (isDefault) await tx.billingAddress.updateMany({ where: { userId: actor.id }, data: { isDefault: false } });
    const address = await tx.billingAddress.create({ data: { ...input, isDefault, userId: actor.id } });
    return { success: true as const, address: toAddressDto(address) };
  });
}

export async function deleteAddress(db: Db, actor: SessionClaims, { id }: z.infer<typeof addressIdSchema>) {
  return db.$transaction(async (tx) => {
    const address = await tx.billingAddress.findFirst({ where: { id, userId: actor.id } });
    if (!address) throw new AppError("NOT_FOUND", NOT_FOUND_ADDRESS);
    await tx.billingAddress.delete({ where: { id } });
    if (address.isDefault) {
      const next = await tx.billingAddress.findFirst({ where: { userId: actor.id }, orderBy: { createdAt: "asc" } });
      if (next) await tx.billingAddress.update({ where: { id: next.id }, data: { isDefault: true } });
    }
    return { success: true as const, id };
  });
}

export async function setDefaultAddress(db: Db, actor: SessionClaims, { id }: z.infer<typeof addressIdSchema>) {
  return db.$transaction(async (tx) => {
    const address = await tx.billingAddress.findFirst({ where: { id, userId: actor.id } });
    if (!address) throw new AppError("NOT_FOUND", NOT_FOUND_ADDRESS);
    await tx.billingAddress.updateMany({ where: { userId: actor.id, NOT: { id } }, data: { isDefault: false } });
    const updated = await tx.billingAddress.update({ where: { id }, data: { isDefault: true } });
    return { success: true as const, address: toAddressDto(updated) };
  });
}

// ---- account deletion ----

/**
 * For account deletion: ends live subscriptions now and removes the provider customer (and so its
 * cards). Our own billing rows go with the user (ON DELETE CASCADE).
 */
export async function deleteBillingData(db: Db, gateway: PaymentGateway, userId: string) {
  const customer = await db.billingCustomer.findUnique({ where: { userId } });
  if (!customer || customer.gateway !== gateway.mode) return;
  const live = await db.subscription.findMany({ where: { userId, status: { in: ["trialing", "active", "past_due"] } } });
  for (const row of live) await gateway.cancelSubscription(row.gatewaySubscriptionId, "now");
  await gateway.deleteCustomer(customer.customerId);
}

// ---- the Billing tab ----

export async function billingOverview(deps: BillingDeps) {
  const { db, actor, gateway } = deps;
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [effective, customer, student, totals, monthTotals, last, first, subscriptionCount] = await Promise.all([
    getEffectivePlan(db, actor.id, now),
    ownCustomer(deps),
    db.student.findUnique({ where: { userId: actor.id }, select: { gracePeriodEndDate: true, nextBillingDate: true, lastPaymentDate: true } }),
    db.billingTransaction.aggregate({ where: { userId: actor.id, status: "succeeded" }, _sum: { amountCents: true }, _count: true }),
    db.billingTransaction.aggregate({ where: { userId: actor.id, status: "succeeded", paidAt: { gte: monthStart } }, _sum: { amountCents: true }, _count: true }),
    db.billingTransaction.findFirst({ where: { userId: actor.id }, orderBy: { paidAt: "desc" } }),
    db.billingTransaction.findFirst({ where: { userId: actor.id, status: "succeeded" }, orderBy: { paidAt: "asc" } }),
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
      ? { id: sub.gatewaySubscriptionId, planId: sub.planId, status: sub.status, currentPeriodEnd: sub.currentPeriodEnd, trialEnd: sub.trialEnd, cancelAtPeriodEnd: sub.cancelAtPeriodEnd }
      : null,
    customerId: customer?.customerId ?? null,
    /** What a failed renewal still owes (the payment dialog pays it). */
    amountDue: due ? { amount: due.invoice.amountCents / 100, amountCents: due.invoice.amountCents, description: due.invoice.description } : null,
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
