/** Billing customers and their cards (payment methods), and removing them when an account is deleted. */
import type { z } from "zod";
import type { BillingCustomer } from "~/generated/prisma/client";
import type {
  attachPaymentMethodSchema,
  customerCreateSchema,
  customerQuerySchema,
  demoCardSchema,
  detachPaymentMethodSchema,
} from "~/lib/schemas/billing";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { demoToolsOf } from "~/server/payments";
import type { GatewayCard, PaymentGateway } from "~/server/payments/gateway";
import { findLiveSubscription } from "../entitlements.service";
import { applyCardCount } from "./billing-sync.service";
import { type BillingDeps, payment } from "./shared";

const NO_CUSTOMER = "No billing customer exists for this account yet.";
const NOT_FOUND_CUSTOMER = "Customer not found.";
export const NOT_FOUND_CARD = "Payment method not found.";

// ---- customers ----

/** The user's customer of the active gateway; a customerId the client sent must be that one (else 404). */
export async function ownCustomer({ db, gateway, actor }: BillingDeps, customerId?: string): Promise<BillingCustomer | null> {
  const customer = await db.billingCustomer.findUnique({ where: { userId: actor.id } });
  const usable = customer && customer.gateway === gateway.mode ? customer : null;
  if (customerId !== undefined && usable?.customerId !== customerId) throw new AppError("NOT_FOUND", NOT_FOUND_CUSTOMER);
  return usable;
}

export async function requireCustomer(deps: BillingDeps, customerId?: string): Promise<BillingCustomer> {
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
  const customer = await db.billingCustomer.upsert({
    where: { userId: actor.id },
    create: { ...data, userId: actor.id },
    update: data,
  });
  await db.student.updateMany({
    where: { userId: actor.id },
    data: { stripeCustomerId: customer.customerId, billingEmail: email },
  });
  return customer;
}

const toCustomerDto = (customer: BillingCustomer) => ({
  id: customer.customerId,
  email: customer.email,
  name: customer.name,
});

export async function createCustomer(deps: BillingDeps, input: z.infer<typeof customerCreateSchema>) {
  return { customer: toCustomerDto(await ensureCustomer(deps, input)) };
}

// ---- payment methods ----

const toPaymentMethodDto = (card: GatewayCard, defaultId: string | null) => ({
  id: card.id,
  card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
  isDefault: card.id === defaultId,
});

/** The customer's saved cards, the default (the one renewals charge) first. */
async function savedCards(deps: BillingDeps, customerId: string) {
  const [cards, defaultId] = await Promise.all([
    deps.gateway.listPaymentMethods(customerId),
    deps.gateway.getDefaultPaymentMethodId(customerId),
  ]);
  const shownDefault = cards.some((card) => card.id === defaultId) ? defaultId : (cards[0]?.id ?? null);
  return [...cards]
    .sort((a, b) => Number(b.id === shownDefault) - Number(a.id === shownDefault))
    .map((card) => toPaymentMethodDto(card, shownDefault));
}

export async function listPaymentMethods(deps: BillingDeps, input: z.infer<typeof customerQuerySchema>) {
  const customer = await ownCustomer(deps, input.customer_id);
  if (!customer) return { paymentMethods: [] };
  return { paymentMethods: await savedCards(deps, customer.customerId) };
}

/** Demo mode only: what Stripe.js does in the browser, for Stripe's test card numbers. */
export async function createDemoPaymentMethod(deps: BillingDeps, input: z.infer<typeof demoCardSchema>) {
  const demo = demoToolsOf(deps.gateway);
  if (!demo) throw new AppError("BAD_INPUT", "Cards are entered through Stripe when Stripe is configured.");
  return { paymentMethodId: await payment(() => demo.tokenizeTestCard(input)) };
}

/** A card the client names must be unattached or already this customer's; anyone else's is a 404. */
export async function cardFor(deps: BillingDeps, customerId: string, paymentMethodId: string) {
  const card = await deps.gateway.getPaymentMethod(paymentMethodId);
  if (!card || (card.customerId !== null && card.customerId !== customerId)) throw new AppError("NOT_FOUND", NOT_FOUND_CARD);
  return card;
}

/** The user's live subscription's provider id, whose renewals the default card pays. */
async function liveSubscriptionId(deps: BillingDeps) {
  return (await findLiveSubscription(deps.db, deps.actor.id))?.gatewaySubscriptionId ?? null;
}

/**
 * Saves a card and makes it the default. The same card (same fingerprint) is never saved twice: a
 * card already saved is used instead, and the new copy is detached if it got attached. Answers the
 * card to charge, and whether it was one already saved.
 */
export async function attachCard(
  deps: BillingDeps,
  customer: BillingCustomer,
  paymentMethodId: string,
): Promise<{ card: GatewayCard; reused: boolean }> {
  const { gateway } = deps;
  const card = await cardFor(deps, customer.customerId, paymentMethodId);
  const saved = await gateway.listPaymentMethods(customer.customerId);
  const twin = card.fingerprint ? saved.find((other) => other.id !== card.id && other.fingerprint === card.fingerprint) : undefined;
  let result: GatewayCard;
  if (twin) {
    if (card.customerId === customer.customerId) await gateway.detachPaymentMethod(card.id);
    await gateway.setDefaultPaymentMethod(customer.customerId, twin.id, null);
    result = twin;
  } else if (card.customerId === customer.customerId) {
    await gateway.setDefaultPaymentMethod(customer.customerId, card.id, null);
    result = card;
  } else {
    result = await payment(() => gateway.attachPaymentMethod(customer.customerId, paymentMethodId));
  }
  await applyCardCount(deps.db, deps.actor.id, 1);
  return { card: result, reused: Boolean(twin) };
}

export async function addPaymentMethod(deps: BillingDeps, input: z.infer<typeof attachPaymentMethodSchema>) {
  const customer = input.customerId ? await requireCustomer(deps, input.customerId) : await ensureCustomer(deps);
  const { card, reused } = await attachCard(deps, customer, input.paymentMethodId);
  const subscriptionId = await liveSubscriptionId(deps);
  if (subscriptionId) await deps.gateway.setDefaultPaymentMethod(customer.customerId, card.id, subscriptionId);
  return {
    success: true as const,
    paymentMethod: toPaymentMethodDto(card, card.id),
    alreadySaved: reused,
    gracePeriodEndDate: null,
  };
}

/** A saved card of the user's, else 404. */
async function ownCard(deps: BillingDeps, paymentMethodId: string) {
  const customer = await ownCustomer(deps);
  const card = customer ? await deps.gateway.getPaymentMethod(paymentMethodId) : null;
  if (!customer || !card || card.customerId !== customer.customerId) throw new AppError("NOT_FOUND", NOT_FOUND_CARD);
  return { customer, card };
}

/** Makes a saved card the one renewals charge. */
export async function setDefaultPaymentMethod(deps: BillingDeps, input: z.infer<typeof detachPaymentMethodSchema>) {
  const { customer, card } = await ownCard(deps, input.payment_method_id);
  await deps.gateway.setDefaultPaymentMethod(customer.customerId, card.id, await liveSubscriptionId(deps));
  await deps.db.subscription.updateMany({
    where: { userId: deps.actor.id, status: { in: ["trialing", "active", "past_due"] } },
    data: { defaultPaymentMethodId: card.id },
  });
  return { success: true as const, paymentMethods: await savedCards(deps, customer.customerId) };
}

export async function removePaymentMethod(deps: BillingDeps, input: z.infer<typeof detachPaymentMethodSchema>) {
  const { customer, card } = await ownCard(deps, input.payment_method_id);
  await deps.gateway.detachPaymentMethod(card.id);
  const remaining = await deps.gateway.listPaymentMethods(customer.customerId);
  // The removed card paid the renewals: the next saved card takes over, so renewals keep a card.
  const defaultId = await deps.gateway.getDefaultPaymentMethodId(customer.customerId);
  if (remaining[0] && !remaining.some((other) => other.id === defaultId)) {
    await deps.gateway.setDefaultPaymentMethod(customer.customerId, remaining[0].id, await liveSubscriptionId(deps));
  }
  const gracePeriodEndDate = await applyCardCount(deps.db, deps.actor.id, remaining.length);
  return { success: true as const, remaining: remaining.length, gracePeriodEndDate };
}

// ---- account deletion ----

/**
 * For account deletion: ends live subscriptions now and removes the provider customer (and so its
 * cards). Our own billing rows go with the user (ON DELETE CASCADE).
 */
export async function deleteBillingData(db: Db, gateway: PaymentGateway, userId: string) {
  const customer = await db.billingCustomer.findUnique({ where: { userId } });
  if (!customer || customer.gateway !== gateway.mode) return;
  const live = await db.subscription.findMany({
    where: { userId, status: { in: ["trialing", "active", "past_due"] } },
  });
  for (const row of live) await gateway.cancelSubscription(row.gatewaySubscriptionId, "now");
  await gateway.deleteCustomer(customer.customerId);
}
