import type { PlanId } from "~/lib/plans";

/**
 * The payment gateway port: the only way services reach a payment provider. Two implementations:
 * Stripe (stripe SDK, used when STRIPE_SECRET_KEY is set) and the demo gateway (state in our database,
 * Stripe's documented test card numbers decide the outcome). Amounts are in cents. What only the demo
 * gateway can do (take card numbers, move billing time on) is its own interface, `DemoGatewayTools`.
 */
type GatewayMode = "demo" | "stripe";

export interface GatewayCard {
  id: string;
  customerId: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** Identifies the card number (the same card saved twice has the same fingerprint); null when unknown. */
  fingerprint: string | null;
}

/** What a plan change costs, as the provider would charge it at `prorationDate`. */
export interface GatewayChangePreview {
  /** Charged now: 0 during a trial, else the proration of the rest of the period. */
  amountDueNowCents: number;
  /** The moment the proration is computed for; passing it back to the upgrade charges exactly this. */
  prorationDate: Date;
  /** When the next regular charge happens, and what it will be. */
  nextChargeAt: Date;
  nextChargeCents: number;
}

export interface GatewayInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  amountCents: number;
  currency: string;
  /** paid, or failed when the charge was declined. */
  status: "paid" | "failed" | "open";
  description: string;
  paymentIntentId: string | null;
  /** The provider's hosted receipt, or null (the demo gateway's receipts are our own page). */
  receiptUrl: string | null;
  refunded: boolean;
  createdAt: Date;
  failureMessage: string | null;
}

export interface GatewaySubscription {
  id: string;
  customerId: string;
  /** The plan the user is entitled to now. */
  planId: PlanId;
  /** A downgrade scheduled for the end of the period. */
  pendingPlanId: PlanId | null;
  pendingFrom: Date | null;
  status: "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "incomplete";
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  defaultPaymentMethodId: string | null;
  latestInvoice: GatewayInvoice | null;
}

export interface GatewayPaymentIntent {
  id: string;
  clientSecret: string;
  status: string;
  amountCents: number;
  currency: string;
  customerId: string;
  receiptUrl: string | null;
  /** True once the payment was refunded in full, with the refund's id. */
  refunded: boolean;
  refundId: string | null;
  createdAt: Date;
}

/** A refund the provider made: the money goes back to the card the payment came from. */
export interface GatewayRefund {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  status: string;
  createdAt: Date;
}

export interface RefundPaymentInput {
  paymentIntentId: string;
  /** Part of the payment; the whole payment when absent. */
  amountCents?: number;
  /** The same key answers the same refund, so a retried request never refunds twice. */
  idempotencyKey: string;
  /** Why, in the staff member's words (kept with the refund at the provider). */
  reason: string;
}

/** A normalized provider event: only its kind and object id; handlers re-read the current state. */
export interface GatewayEvent {
  id: string;
  type: string;
  objectId: string;
  customerId: string | null;
  /** The payment an event about a charge (charge.refunded) belongs to. */
  paymentIntentId?: string | null;
}

/** A refund the provider refused (already refunded, unknown payment); the message is safe to show. */
export class RefundFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefundFailedError";
  }
}

/** A payment the provider refused; the message is the provider's and safe to show. */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    readonly code: string = "card_declined",
  ) {
    super(message);
    this.name = "PaymentDeclinedError";
  }
}

export interface CreateSubscriptionInput {
  customerId: string;
  planId: PlanId;
  priceId: string;
  paymentMethodId: string;
  trialDays: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface UpgradeInput {
  planId: PlanId;
  priceId: string;
  paymentMethodId: string;
  idempotencyKey: string;
  /** The proration moment a preview showed; the upgrade charges for it (default: now). */
  prorationDate?: Date;
}

export interface PaymentGateway {
  readonly mode: GatewayMode;
  createCustomer(input: { email: string; name: string; userId: string }): Promise<{ id: string }>;
  /** Attaches a card to the customer and makes it the default; declined cards throw PaymentDeclinedError. */
  attachPaymentMethod(customerId: string, paymentMethodId: string): Promise<GatewayCard>;
  getPaymentMethod(paymentMethodId: string): Promise<GatewayCard | null>;
  listPaymentMethods(customerId: string): Promise<GatewayCard[]>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  createSubscription(input: CreateSubscriptionInput): Promise<GatewaySubscription>;
  getSubscription(subscriptionId: string): Promise<GatewaySubscription | null>;
  /** The customer's subscriptions at the provider, whatever their status (a checkout's repair re-reads them). */
  listSubscriptions(customerId: string): Promise<GatewaySubscription[]>;
  /** Removes the customer and its cards at the provider (account deletion). */
  deleteCustomer(customerId: string): Promise<void>;
  /**
   * Upgrade now, charging the prorated difference with the given card. A past-due subscription
   * first pays its open renewal with that card.
   */
  upgradeSubscription(subscriptionId: string, input: UpgradeInput): Promise<GatewaySubscription>;
  /** What upgradeSubscription would charge now for this change, computed as it computes it. */
  previewUpgrade(subscriptionId: string, input: { planId: PlanId; priceId: string; prorationDate?: Date }): Promise<GatewayChangePreview>;
  /** Undoes a scheduled downgrade or a cancellation at the period's end: the current plan renews. */
  cancelScheduledChange(subscriptionId: string): Promise<GatewaySubscription>;
  /** The customer's default card (renewals charge it), or null. */
  getDefaultPaymentMethodId(customerId: string): Promise<string | null>;
  /** Makes a saved card the default of the customer and of the given subscription. */
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string, subscriptionId: string | null): Promise<void>;
  /** Downgrade to a cheaper paid plan at the end of the current period. */
  scheduleDowngrade(subscriptionId: string, input: { fromPlanId: PlanId; planId: PlanId; priceId: string }): Promise<GatewaySubscription>;
  /** Cancel at the end of the period (a downgrade to Free), or now. */
  cancelSubscription(subscriptionId: string, when: "period_end" | "now"): Promise<GatewaySubscription>;
  getInvoice(invoiceId: string): Promise<GatewayInvoice | null>;
  listInvoices(customerId: string): Promise<GatewayInvoice[]>;
  getPaymentIntent(paymentIntentId: string): Promise<GatewayPaymentIntent | null>;
  /**
   * Pays an unpaid invoice (a failed renewal) with the given card, which also becomes the card the
   * subscription renews with. Declines throw PaymentDeclinedError.
   */
  payInvoice(
    invoiceId: string,
    input: { paymentMethodId: string; idempotencyKey: string },
  ): Promise<{ invoice: GatewayInvoice; paymentIntent: GatewayPaymentIntent }>;
  /**
   * Gives a payment back to the customer's card. A refusal (already refunded, no such payment)
   * throws RefundFailedError; other errors mean the provider could not be reached.
   */
  refundPayment(input: RefundPaymentInput): Promise<GatewayRefund>;
}

/** Card details as typed into the demo checkout's card form. */
export interface TestCardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * What only the demo gateway offers. With Stripe, card numbers go to Stripe.js in the browser and
 * Stripe's own billing engine renews subscriptions, so neither exists there.
 */
export interface DemoGatewayTools {
  /** What Stripe.js does in the browser: turns a test card's details into a payment method id. */
  tokenizeTestCard(card: TestCardInput): Promise<string>;
  /** Renews, cancels or marks past due the subscriptions whose period has ended; returns the events raised. */
  advanceClock(): Promise<GatewayEvent[]>;
}
