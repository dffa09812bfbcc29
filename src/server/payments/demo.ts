import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import { addDays, addMonths } from "date-fns";
import type { Prisma } from "~/generated/prisma/client";
import { getPlan, type PlanId, planForPriceId, planPriceCents } from "~/lib/plans";
import { getAuthSecret } from "~/server/auth/secret";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import {
  type CreateSubscriptionInput,
  type DemoGatewayTools,
  type GatewayCard,
  type GatewayChangePreview,
  type GatewayEvent,
  type GatewayInvoice,
  type GatewayPaymentIntent,
  type GatewayRefund,
  type GatewaySubscription,
  PaymentDeclinedError,
  type PaymentGateway,
  RefundFailedError,
  type RefundPaymentInput,
  type TestCardInput,
  type UpgradeInput,
} from "./gateway";
import { chargeDecline, DEMO_CARD_HINT, TEST_CARDS } from "./test-cards";

/** A preview's proration moment is honoured this long, like Stripe's proration_date in practice. */
const PRORATION_DATE_MAX_AGE_MS = 15 * 60 * 1000;

/** How long the demo gateway keeps retrying a failed renewal before it cancels, like Stripe's retries. */
const RENEWAL_RETRY_DAYS = 7;

interface DemoCustomer {
  email: string;
  name: string;
  userId: string;
  defaultPaymentMethodId: string | null;
}
type Decline = { message: string; code?: string } | null;
/**
 * A saved test card: never its number, only a keyed hash of it (the fingerprint) and what the test
 * number does. Rows written before fingerprints still carry `number`, read in its place.
 */
interface DemoCard {
  customerId: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint?: string;
  attachDecline?: Decline;
  chargeDecline?: Decline;
  number?: string;
}
interface DemoSubscription {
  customerId: string;
  priceId: string;
  status: GatewaySubscription["status"];
  currentPeriodStart: string;
  currentPeriodEnd: string;
  trialEnd: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  defaultPaymentMethodId: string | null;
  downgradeFrom: PlanId | null;
  downgradeAt: string | null;
  latestInvoiceId: string | null;
  lastAttemptAt: string | null;
}
interface DemoInvoice {
  customerId: string;
  subscriptionId: string | null;
  amountCents: number;
  currency: string;
  status: GatewayInvoice["status"];
  description: string;
  paymentIntentId: string | null;
  failureMessage: string | null;
  createdAt: string;
  /** Cents given back so far, and the last refund; refunded once it is all of the amount. */
  amountRefundedCents?: number;
  refundId?: string | null;
}
interface DemoPaymentIntent {
  customerId: string;
  amountCents: number;
  currency: string;
  status: string;
  description: string;
  paymentMethodId: string;
  createdAt: string;
  amountRefundedCents?: number;
  refundId?: string | null;
}
interface DemoRefund {
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  reason: string;
  status: "succeeded";
  createdAt: string;
}

const newId = (prefix: string) => `${prefix}_demo_${randomBytes(12).toString("hex")}`;
const iso = (date: Date) => date.toISOString();

/** How a charge on this saved card is refused, or null when it goes through. */
function declineOf(card: DemoCard): Decline {
  if (card.number !== undefined) return chargeDecline(card.number);
  return card.chargeDecline ?? null;
}

/**
 * The proration of an upgrade, as the demo gateway charges it: the new plan's price for the rest of
 * the period minus what is left of the old one, in whole cents, never below zero.
 */
function prorationCents(fromPlan: PlanId, toPlan: PlanId, periodStart: Date, periodEnd: Date, at: Date): number {
  const start = periodStart.getTime();
  const end = periodEnd.getTime();
  const remaining = end > start ? Math.max(0, Math.min(1, (end - at.getTime()) / (end - start))) : 0;
  return Math.max(0, Math.round((planPriceCents(toPlan) - planPriceCents(fromPlan)) * remaining));
}

/**
 * The embedded payment gateway: behaves like the parts of Stripe we use, keeps its state in our
 * database (DemoGatewayObject) and never moves money. Stripe's test card numbers decide outcomes.
 */
export class DemoGateway implements PaymentGateway, DemoGatewayTools {
  readonly mode = "demo" as const;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // ---- storage ----
  private async read<T>(id: string, kind: string): Promise<T | null> {
    const row = await this.db.demoGatewayObject.findUnique({ where: { id } });
    return row && row.kind === kind ? (row.data as unknown as T) : null;
  }
  private async write<T extends object>(id: string, kind: string, customerId: string | null, data: T) {
    const json = data as unknown as Prisma.InputJsonValue;
    await this.db.demoGatewayObject.upsert({
      where: { id },
      create: { id, kind, customerId, data: json },
      update: { data: json, customerId },
    });
  }
  private async list<T>(kind: string, customerId: string): Promise<Array<T & { id: string }>> {
    const rows = await this.db.demoGatewayObject.findMany({
      where: { kind, customerId },
      orderBy: { createdAt: "desc" },
    });
    return rows.map((row) => ({ ...(row.data as unknown as T), id: row.id }));
  }

  // ---- cards ----
  /** What Stripe.js does in the browser: turns card details into a payment method id. */
  async tokenizeTestCard(card: TestCardInput): Promise<string> {
    const number = card.number.replace(/[\s-]/g, "");
    const testCard = TEST_CARDS[number];
    if (!testCard) throw new AppError("BAD_INPUT", DEMO_CARD_HINT);
    const now = this.now();
    const expiresEnd = new Date(Date.UTC(card.expYear, card.expMonth, 1));
    if (expiresEnd <= now) throw new PaymentDeclinedError("Your card's expiration date is in the past.", "invalid_expiry_year");
    const id = newId("pm");
    const attachDecline =
      testCard.outcome === "declined_on_attach" ? { message: testCard.message ?? "Your card was declined.", code: testCard.code } : null;
    await this.write<DemoCard>(id, "payment_method", null, {
      customerId: null,
      brand: testCard.brand,
      last4: number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      fingerprint: await this.fingerprint(number),
      attachDecline,
      chargeDecline: chargeDecline(number),
    });
    return id;
  }

  /** Like Stripe's card.fingerprint: the same number gives the same value; the number cannot be read back. */
  private async fingerprint(number: string): Promise<string> {
    const key = Buffer.from(hkdfSync("sha256", await getAuthSecret(this.db), "swipeabroad", "demo-card-fingerprint", 32));
    return createHmac("sha256", key).update(number).digest("base64url").slice(0, 16);
  }

  private toCard(id: string, card: DemoCard): GatewayCard {
    return {
      id,
      customerId: card.customerId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      fingerprint: card.fingerprint ?? null,
    };
  }

  async createCustomer(input: { email: string; name: string; userId: string }) {
    const id = newId("cus");
    await this.write<DemoCustomer>(id, "customer", id, { ...input, defaultPaymentMethodId: null });
    return { id };
  }

  async deleteCustomer(customerId: string) {
    await this.db.demoGatewayObject.deleteMany({ where: { customerId } });
    await this.db.demoGatewayObject.deleteMany({ where: { id: customerId } });
  }

  async attachPaymentMethod(customerId: string, paymentMethodId: string): Promise<GatewayCard> {
    const card = await this.read<DemoCard>(paymentMethodId, "payment_method");
    const customer = await this.read<DemoCustomer>(customerId, "customer");
    if (!card || !customer) throw new AppError("NOT_FOUND", "No such payment method.");
    if (card.customerId && card.customerId !== customerId) throw new AppError("NOT_FOUND", "No such payment method.");
    const legacy = card.number !== undefined ? TEST_CARDS[card.number] : undefined;
    const attachDecline = legacy
      ? legacy.outcome === "declined_on_attach"
        ? { message: legacy.message ?? "Your card was declined.", code: legacy.code }
        : null
      : card.attachDecline;
    if (attachDecline) throw new PaymentDeclinedError(attachDecline.message, attachDecline.code);
    const attached = { ...card, customerId };
    await this.write(paymentMethodId, "payment_method", customerId, attached);
    await this.write<DemoCustomer>(customerId, "customer", customerId, {
      ...customer,
      defaultPaymentMethodId: paymentMethodId,
    });
    return this.toCard(paymentMethodId, attached);
  }

  async getPaymentMethod(paymentMethodId: string) {
    const card = await this.read<DemoCard>(paymentMethodId, "payment_method");
    return card ? this.toCard(paymentMethodId, card) : null;
  }

  async listPaymentMethods(customerId: string) {
    const cards = await this.list<DemoCard>("payment_method", customerId);
    return cards.map((card) => this.toCard(card.id, card));
  }

  async detachPaymentMethod(paymentMethodId: string) {
    const card = await this.read<DemoCard>(paymentMethodId, "payment_method");
    if (!card?.customerId) return;
    const customer = await this.read<DemoCustomer>(card.customerId, "customer");
    await this.write<DemoCard>(paymentMethodId, "payment_method", null, { ...card, customerId: null });
    if (customer?.defaultPaymentMethodId === paymentMethodId) {
      const [next] = await this.listPaymentMethods(card.customerId);
      await this.write<DemoCustomer>(card.customerId, "customer", card.customerId, {
        ...customer,
        defaultPaymentMethodId: next?.id ?? null,
      });
    }
  }

  // ---- charges ----
  private async charge(
    customerId: string,
    paymentMethodId: string | null,
    amountCents: number,
    description: string,
    subscriptionId: string | null,
  ) {
    const invoiceId = newId("in");
    const paymentIntentId = newId("pi");
    const card = paymentMethodId ? await this.read<DemoCard>(paymentMethodId, "payment_method") : null;
    let failureMessage: string | null = null;
    if (amountCents > 0) {
      if (!card || card.customerId !== customerId)
        failureMessage = "This customer has no attached payment source or default payment method.";
      else failureMessage = declineOf(card)?.message ?? null;
    }
    const invoice: DemoInvoice = {
      customerId,
      subscriptionId,
      amountCents,
      currency: "eur",
      status: failureMessage ? "failed" : "paid",
      description,
      paymentIntentId,
      failureMessage,
      createdAt: iso(this.now()),
    };
    await this.write(invoiceId, "invoice", customerId, invoice);
    return { invoiceId, invoice };
  }

  private toInvoice(id: string, invoice: DemoInvoice): GatewayInvoice {
    const refunded = invoice.amountCents > 0 && (invoice.amountRefundedCents ?? 0) >= invoice.amountCents;
    return {
      id,
      customerId: invoice.customerId,
      subscriptionId: invoice.subscriptionId,
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      status: invoice.status,
      description: invoice.description,
      paymentIntentId: invoice.paymentIntentId,
      receiptUrl: null,
      refunded,
      createdAt: new Date(invoice.createdAt),
      failureMessage: invoice.failureMessage,
    };
  }

  async getInvoice(invoiceId: string) {
    const invoice = await this.read<DemoInvoice>(invoiceId, "invoice");
    return invoice ? this.toInvoice(invoiceId, invoice) : null;
  }

  async listInvoices(customerId: string) {
    return (await this.list<DemoInvoice>("invoice", customerId)).map((invoice) => this.toInvoice(invoice.id, invoice));
  }

  // ---- subscriptions ----
  private async toSubscription(id: string, sub: DemoSubscription): Promise<GatewaySubscription> {
    const billedPlan = planForPriceId(sub.priceId)?.id ?? "free";
    const now = this.now();
    const downgradePending = sub.downgradeFrom !== null && sub.downgradeAt !== null && now < new Date(sub.downgradeAt);
    const latestInvoice = sub.latestInvoiceId ? await this.getInvoice(sub.latestInvoiceId) : null;
    return {
      id,
      customerId: sub.customerId,
      planId: downgradePending ? sub.downgradeFrom! : billedPlan,
      pendingPlanId: downgradePending ? billedPlan : null,
      pendingFrom: downgradePending ? new Date(sub.downgradeAt!) : null,
      status: sub.status,
      currentPeriodStart: new Date(sub.currentPeriodStart),
      currentPeriodEnd: new Date(sub.currentPeriodEnd),
      trialEnd: sub.trialEnd ? new Date(sub.trialEnd) : null,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      canceledAt: sub.canceledAt ? new Date(sub.canceledAt) : null,
      defaultPaymentMethodId: sub.defaultPaymentMethodId,
      latestInvoice,
    };
  }

  private async requireSubscription(id: string) {
    const sub = await this.read<DemoSubscription>(id, "subscription");
    if (!sub) throw new AppError("NOT_FOUND", "No such subscription.");
    return sub;
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<GatewaySubscription> {
    const previous = await this.read<{ subscriptionId: string }>(`idem_${input.idempotencyKey}`, "idempotency");
    if (previous) return (await this.getSubscription(previous.subscriptionId))!;
    const plan = getPlan(input.planId);
    const now = this.now();
    const id = newId("sub");
    const trial = input.trialDays > 0;
    const periodEnd = trial ? addDays(now, input.trialDays) : addMonths(now, 1);
    const description = trial ? `${plan.name} plan - ${input.trialDays}-day free trial` : `${plan.name} plan - monthly subscription`;
    const { invoiceId, invoice } = await this.charge(
      input.customerId,
      input.paymentMethodId,
      trial ? 0 : planPriceCents(plan.id),
      description,
      id,
    );
    if (invoice.status === "failed") throw new PaymentDeclinedError(invoice.failureMessage ?? "Your card was declined.");
    const sub: DemoSubscription = {
      customerId: input.customerId,
      priceId: input.priceId,
      status: trial ? "trialing" : "active",
      currentPeriodStart: iso(now),
      currentPeriodEnd: iso(periodEnd),
      trialEnd: trial ? iso(periodEnd) : null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      defaultPaymentMethodId: input.paymentMethodId,
      downgradeFrom: null,
      downgradeAt: null,
      latestInvoiceId: invoiceId,
      lastAttemptAt: null,
    };
    await this.write(id, "subscription", input.customerId, sub);
    await this.write(`idem_${input.idempotencyKey}`, "idempotency", input.customerId, { subscriptionId: id });
    return this.toSubscription(id, sub);
  }

  async listSubscriptions(customerId: string) {
    const subs = await this.list<DemoSubscription>("subscription", customerId);
    return Promise.all(subs.map((sub) => this.toSubscription(sub.id, sub)));
  }

  async getSubscription(subscriptionId: string) {
    const sub = await this.read<DemoSubscription>(subscriptionId, "subscription");
    return sub ? this.toSubscription(subscriptionId, sub) : null;
  }

  /** The plan billed before a pending downgrade, else the billed one. */
  private fromPlanOf(sub: DemoSubscription): PlanId {
    return planForPriceId(sub.downgradeFrom ? (getPlan(sub.downgradeFrom).stripePriceId ?? sub.priceId) : sub.priceId)?.id ?? "free";
  }

  /** The moment to prorate for: the preview's, when it lies within the last few minutes; else now. */
  private prorationMoment(requested: Date | undefined): Date {
    const now = this.now();
    if (!requested || requested > now || now.getTime() - requested.getTime() > PRORATION_DATE_MAX_AGE_MS) return now;
    return requested;
  }

  async previewUpgrade(
    subscriptionId: string,
    input: { planId: PlanId; priceId: string; prorationDate?: Date },
  ): Promise<GatewayChangePreview> {
    const sub = await this.requireSubscription(subscriptionId);
    const at = this.prorationMoment(input.prorationDate);
    const price = planPriceCents(input.planId);
    if (sub.status === "past_due")
      return { amountDueNowCents: price, prorationDate: at, nextChargeAt: addMonths(at, 1), nextChargeCents: price };
    const amount =
      sub.status === "trialing"
        ? 0
        : prorationCents(this.fromPlanOf(sub), input.planId, new Date(sub.currentPeriodStart), new Date(sub.currentPeriodEnd), at);
    return {
      amountDueNowCents: amount,
      prorationDate: at,
      nextChargeAt: new Date(sub.currentPeriodEnd),
      nextChargeCents: price,
    };
  }

  async upgradeSubscription(subscriptionId: string, input: UpgradeInput) {
    const sub = await this.requireSubscription(subscriptionId);
    const now = this.now();
    let latestInvoiceId = sub.latestInvoiceId;
    if (sub.status === "past_due") {
      // Pay the failed renewal with the new card: a fresh period at the chosen plan's price.
      const { invoiceId, invoice } = await this.charge(
        sub.customerId,
        input.paymentMethodId,
        planPriceCents(input.planId),
        `${getPlan(input.planId).name} plan - monthly subscription`,
        subscriptionId,
      );
      if (invoice.status === "failed") throw new PaymentDeclinedError(invoice.failureMessage ?? "Your card was declined.");
      const renewed: DemoSubscription = {
        ...sub,
        priceId: input.priceId,
        status: "active",
        currentPeriodStart: iso(now),
        currentPeriodEnd: iso(addMonths(now, 1)),
        defaultPaymentMethodId: input.paymentMethodId,
        downgradeFrom: null,
        downgradeAt: null,
        cancelAtPeriodEnd: false,
        latestInvoiceId: invoiceId,
      };
      await this.write(subscriptionId, "subscription", sub.customerId, renewed);
      return this.toSubscription(subscriptionId, renewed);
    }
    if (sub.status !== "trialing") {
      const at = this.prorationMoment(input.prorationDate);
      const amount = prorationCents(
        this.fromPlanOf(sub),
        input.planId,
        new Date(sub.currentPeriodStart),
        new Date(sub.currentPeriodEnd),
        at,
      );
      const { invoiceId, invoice } = await this.charge(
        sub.customerId,
        input.paymentMethodId,
        amount,
        `Upgrade to ${getPlan(input.planId).name} (prorated)`,
        subscriptionId,
      );
      if (invoice.status === "failed") throw new PaymentDeclinedError(invoice.failureMessage ?? "Your card was declined.");
      latestInvoiceId = invoiceId;
    }
    const updated: DemoSubscription = {
      ...sub,
      priceId: input.priceId,
      defaultPaymentMethodId: input.paymentMethodId,
      downgradeFrom: null,
      downgradeAt: null,
      cancelAtPeriodEnd: false,
      latestInvoiceId,
    };
    await this.write(subscriptionId, "subscription", sub.customerId, updated);
    return this.toSubscription(subscriptionId, updated);
  }

  async cancelScheduledChange(subscriptionId: string) {
    const sub = await this.requireSubscription(subscriptionId);
    const priceId = sub.downgradeFrom ? (getPlan(sub.downgradeFrom).stripePriceId ?? sub.priceId) : sub.priceId;
    const updated: DemoSubscription = {
      ...sub,
      priceId,
      downgradeFrom: null,
      downgradeAt: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
    };
    await this.write(subscriptionId, "subscription", sub.customerId, updated);
    return this.toSubscription(subscriptionId, updated);
  }

  async getDefaultPaymentMethodId(customerId: string) {
    return (await this.read<DemoCustomer>(customerId, "customer"))?.defaultPaymentMethodId ?? null;
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string, subscriptionId: string | null) {
    const customer = await this.read<DemoCustomer>(customerId, "customer");
    const card = await this.read<DemoCard>(paymentMethodId, "payment_method");
    if (!customer || card?.customerId !== customerId) throw new AppError("NOT_FOUND", "No such payment method.");
    await this.write<DemoCustomer>(customerId, "customer", customerId, {
      ...customer,
      defaultPaymentMethodId: paymentMethodId,
    });
    const sub = subscriptionId ? await this.read<DemoSubscription>(subscriptionId, "subscription") : null;
    if (sub && subscriptionId)
      await this.write<DemoSubscription>(subscriptionId, "subscription", sub.customerId, {
        ...sub,
        defaultPaymentMethodId: paymentMethodId,
      });
  }

  async scheduleDowngrade(subscriptionId: string, input: { fromPlanId: PlanId; planId: PlanId; priceId: string }) {
    const sub = await this.requireSubscription(subscriptionId);
    const updated: DemoSubscription = {
      ...sub,
      priceId: input.priceId,
      downgradeFrom: input.fromPlanId,
      downgradeAt: sub.currentPeriodEnd,
      cancelAtPeriodEnd: false,
    };
    await this.write(subscriptionId, "subscription", sub.customerId, updated);
    return this.toSubscription(subscriptionId, updated);
  }

  async cancelSubscription(subscriptionId: string, when: "period_end" | "now") {
    const sub = await this.requireSubscription(subscriptionId);
    const updated: DemoSubscription =
      when === "now"
        ? { ...sub, status: "canceled", canceledAt: iso(this.now()) }
        : { ...sub, cancelAtPeriodEnd: true, canceledAt: iso(this.now()) };
    await this.write(subscriptionId, "subscription", sub.customerId, updated);
    return this.toSubscription(subscriptionId, updated);
  }

  // ---- payments ----
  private toPaymentIntent(id: string, intent: DemoPaymentIntent): GatewayPaymentIntent {
    const refunded = (intent.amountRefundedCents ?? 0) >= intent.amountCents && intent.amountCents > 0;
    return {
      id,
      clientSecret: `${id}_secret_demo`,
      status: intent.status,
      amountCents: intent.amountCents,
      currency: intent.currency,
      customerId: intent.customerId,
      receiptUrl: null,
      refunded,
      refundId: refunded ? (intent.refundId ?? null) : null,
      createdAt: new Date(intent.createdAt),
    };
  }

  async getPaymentIntent(paymentIntentId: string) {
    const intent = await this.read<DemoPaymentIntent>(paymentIntentId, "payment_intent");
    return intent ? this.toPaymentIntent(paymentIntentId, intent) : null;
  }

  async payInvoice(invoiceId: string, input: { paymentMethodId: string; idempotencyKey: string }) {
    const invoice = await this.read<DemoInvoice>(invoiceId, "invoice");
    if (!invoice) throw new AppError("NOT_FOUND", "No such invoice.");
    if (invoice.status !== "paid") {
      const card = await this.read<DemoCard>(input.paymentMethodId, "payment_method");
      if (!card || card.customerId !== invoice.customerId) throw new AppError("NOT_FOUND", "No such payment method.");
      const decline = declineOf(card);
      if (decline) throw new PaymentDeclinedError(decline.message, decline.code);
      const paymentIntentId = newId("pi");
      await this.write<DemoPaymentIntent>(paymentIntentId, "payment_intent", invoice.customerId, {
        customerId: invoice.customerId,
        amountCents: invoice.amountCents,
        currency: invoice.currency,
        status: "succeeded",
        description: invoice.description,
        paymentMethodId: input.paymentMethodId,
        createdAt: iso(this.now()),
      });
      Object.assign(invoice, { status: "paid", paymentIntentId, failureMessage: null });
      await this.write(invoiceId, "invoice", invoice.customerId, invoice);
      const customer = await this.read<DemoCustomer>(invoice.customerId, "customer");
      if (customer)
        await this.write<DemoCustomer>(invoice.customerId, "customer", invoice.customerId, {
          ...customer,
          defaultPaymentMethodId: input.paymentMethodId,
        });
      const sub = invoice.subscriptionId ? await this.read<DemoSubscription>(invoice.subscriptionId, "subscription") : null;
      if (sub && invoice.subscriptionId) {
        // The failed renewal was for the period after the old one: paying it starts that period, as on Stripe.
        const renewed = sub.status === "past_due" && sub.latestInvoiceId === invoiceId;
        const periodEnd = new Date(sub.currentPeriodEnd);
        await this.write<DemoSubscription>(invoice.subscriptionId, "subscription", sub.customerId, {
          ...sub,
          defaultPaymentMethodId: input.paymentMethodId,
          ...(renewed
            ? {
                status: "active",
                currentPeriodStart: iso(periodEnd),
                currentPeriodEnd: iso(addMonths(periodEnd, 1)),
                downgradeFrom: null,
                downgradeAt: null,
              }
            : {}),
        });
      }
    }
    const paymentIntent = invoice.paymentIntentId ? await this.getPaymentIntent(invoice.paymentIntentId) : null;
    if (!paymentIntent) throw new AppError("NOT_FOUND", "No such payment.");
    return { invoice: this.toInvoice(invoiceId, invoice), paymentIntent };
  }

  // ---- refunds ----
  private toRefund(id: string, refund: DemoRefund): GatewayRefund {
    return {
      id,
      paymentIntentId: refund.paymentIntentId,
      amountCents: refund.amountCents,
      currency: refund.currency,
      status: refund.status,
      createdAt: new Date(refund.createdAt),
    };
  }

  /**
   * Refunds a payment as Stripe does: a refund object, and the payment (the payment intent and the
   * invoice it paid) marked refunded. The same idempotency key answers the first refund again.
   */
  async refundPayment(input: RefundPaymentInput): Promise<GatewayRefund> {
    const idempotencyId = `idem_refund_${input.idempotencyKey}`;
    const previous = await this.read<{ refundId: string }>(idempotencyId, "idempotency");
    if (previous) {
      const refund = await this.read<DemoRefund>(previous.refundId, "refund");
      if (refund) return this.toRefund(previous.refundId, refund);
    }
    const intent = await this.read<DemoPaymentIntent>(input.paymentIntentId, "payment_intent");
    const invoiceRow = await this.db.demoGatewayObject.findFirst({
      where: { kind: "invoice", data: { path: ["paymentIntentId"], equals: input.paymentIntentId } },
    });
    const invoice = invoiceRow ? (invoiceRow.data as unknown as DemoInvoice) : null;
    const paid = intent ? intent.status === "succeeded" : invoice?.status === "paid";
    if ((!intent && !invoice) || !paid) throw new RefundFailedError(`No such payment: '${input.paymentIntentId}'.`);
    const payment = (intent ?? invoice)!;
    const alreadyRefunded = payment.amountRefundedCents ?? 0;
    const amountCents = input.amountCents ?? payment.amountCents - alreadyRefunded;
    if (alreadyRefunded >= payment.amountCents) throw new RefundFailedError("This payment has already been refunded.");
    if (!Number.isInteger(amountCents) || amountCents <= 0 || alreadyRefunded + amountCents > payment.amountCents) {
      throw new RefundFailedError(`The refund amount must be between 1 and ${payment.amountCents - alreadyRefunded} cents.`);
    }
    const id = newId("re");
    const refund: DemoRefund = {
      paymentIntentId: input.paymentIntentId,
      amountCents,
      currency: payment.currency,
      reason: input.reason,
      status: "succeeded",
      createdAt: iso(this.now()),
    };
    await this.write(id, "refund", payment.customerId, refund);
    const refunded = { amountRefundedCents: alreadyRefunded + amountCents, refundId: id };
    if (intent)
      await this.write<DemoPaymentIntent>(input.paymentIntentId, "payment_intent", intent.customerId, {
        ...intent,
        ...refunded,
      });
    if (invoiceRow && invoice) await this.write<DemoInvoice>(invoiceRow.id, "invoice", invoice.customerId, { ...invoice, ...refunded });
    await this.write(idempotencyId, "idempotency", payment.customerId, { refundId: id });
    return this.toRefund(id, refund);
  }

  // ---- the billing clock ----
  /**
   * What Stripe's billing engine does on its own: at the end of a period a subscription renews
   * (charging the default card), is cancelled (cancel at period end), or goes past due; failed
   * renewals are retried daily and cancelled after a week. Returns the events it produced.
   */
  async advanceClock(): Promise<GatewayEvent[]> {
    const now = this.now();
    const rows = await this.db.demoGatewayObject.findMany({ where: { kind: "subscription" } });
    const events: GatewayEvent[] = [];
    for (const row of rows) {
      const sub = row.data as unknown as DemoSubscription;
      if (!["trialing", "active", "past_due"].includes(sub.status)) continue;
      const periodEnd = new Date(sub.currentPeriodEnd);
      if (periodEnd > now) continue;
      const event = (type: string, objectId: string) => events.push({ id: newId("evt"), type, objectId, customerId: sub.customerId });
      if (sub.cancelAtPeriodEnd) {
        await this.write<DemoSubscription>(row.id, "subscription", sub.customerId, {
          ...sub,
          status: "canceled",
          canceledAt: sub.canceledAt ?? iso(now),
        });
        event("customer.subscription.deleted", row.id);
        continue;
      }
      if (sub.status === "past_due" && sub.lastAttemptAt && now.getTime() - new Date(sub.lastAttemptAt).getTime() < 24 * 3600 * 1000)
        continue;
      if (sub.status === "past_due" && now > addDays(periodEnd, RENEWAL_RETRY_DAYS)) {
        await this.write<DemoSubscription>(row.id, "subscription", sub.customerId, {
          ...sub,
          status: "canceled",
          canceledAt: iso(now),
        });
        event("customer.subscription.deleted", row.id);
        continue;
      }
      const customer = await this.read<DemoCustomer>(sub.customerId, "customer");
      const plan = planForPriceId(sub.priceId);
      if (!plan) continue;
      const cardId = customer?.defaultPaymentMethodId ?? null;
      const { invoiceId, invoice } = await this.charge(
        sub.customerId,
        cardId,
        planPriceCents(plan.id),
        `${plan.name} plan - monthly subscription`,
        row.id,
      );
      if (invoice.status === "paid") {
        await this.write<DemoSubscription>(row.id, "subscription", sub.customerId, {
          ...sub,
          status: "active",
          currentPeriodStart: iso(periodEnd),
          currentPeriodEnd: iso(addMonths(periodEnd, 1)),
          downgradeFrom: null,
          downgradeAt: null,
          trialEnd: sub.trialEnd,
          latestInvoiceId: invoiceId,
          lastAttemptAt: iso(now),
        });
        event("invoice.paid", invoiceId);
      } else {
        await this.write<DemoSubscription>(row.id, "subscription", sub.customerId, {
          ...sub,
          status: "past_due",
          latestInvoiceId: invoiceId,
          lastAttemptAt: iso(now),
        });
        event("invoice.payment_failed", invoiceId);
      }
    }
    return events;
  }
}
