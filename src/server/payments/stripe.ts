import Stripe from "stripe";
import { getPlan, isPlanId, type PlanId, planForPriceId, planPriceCents } from "~/lib/plans";
import {
  type CreateSubscriptionInput,
  type GatewayCard,
  type GatewayChangePreview,
  type GatewayInvoice,
  type GatewayPaymentIntent,
  type GatewayRefund,
  type GatewaySubscription,
  PaymentDeclinedError,
  type PaymentGateway,
  RefundFailedError,
  type RefundPaymentInput,
  type UpgradeInput,
} from "./gateway";

export interface StripeSettings {
  secretKey: string;
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

const toDate = (seconds: number) => new Date(seconds * 1000);
const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === "string" ? value : value.id);

/** Card errors carry a message written for the card holder; everything else stays internal. */
async function declinesAsPaymentErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError(error.message, error.code ?? "card_declined");
    throw error;
  }
}

/** Stripe could not be reached (refused, reset, timed out), here or along the error's causes. */
export function isStripeUnreachable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof Stripe.errors.StripeConnectionError) return true;
  }
  return false;
}

function isMissing(error: unknown) {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";
}

/** The Stripe implementation of the port, through the official SDK. */
export class StripeGateway implements PaymentGateway {
  readonly mode = "stripe" as const;
  readonly stripe: Stripe;

  constructor(settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, {
      host: settings.host,
      port: settings.port,
      protocol: settings.protocol,
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "swipeabroad" },
    });
  }

  private toCard(pm: Stripe.PaymentMethod): GatewayCard {
    return {
      id: pm.id,
      customerId: idOf(pm.customer as string | { id: string } | null),
      brand: pm.card?.brand ?? "card",
      last4: pm.card?.last4 ?? "",
      expMonth: pm.card?.exp_month ?? 0,
      expYear: pm.card?.exp_year ?? 0,
      fingerprint: pm.card?.fingerprint ?? null,
    };
  }

  private toInvoice(invoice: Stripe.Invoice): GatewayInvoice {
    const payment = invoice.payments?.data?.[0]?.payment;
    const status: GatewayInvoice["status"] =
      invoice.status === "paid" ? "paid" : invoice.attempted && invoice.status === "open" ? "failed" : "open";
    const line = invoice.lines?.data?.[0];
    return {
      id: invoice.id!,
      customerId: idOf(invoice.customer as string | { id: string })!,
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription as string | { id: string } | null | undefined),
      amountCents: status === "paid" ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      status,
      description: invoice.description ?? line?.description ?? "Subscription payment",
      paymentIntentId: idOf(payment?.payment_intent as string | { id: string } | null | undefined),
      receiptUrl: invoice.hosted_invoice_url ?? null,
      refunded: false,
      createdAt: toDate(invoice.created),
      failureMessage: status === "failed" ? "The renewal payment failed." : null,
    };
  }

  private toSubscription(sub: Stripe.Subscription): GatewaySubscription {
    const item = sub.items.data[0];
    const billedPlan: PlanId =
      (item && planForPriceId(item.price.id)?.id) || (isPlanId(sub.metadata?.planId) ? sub.metadata.planId : "free");
    const downgradeFrom = sub.metadata?.downgrade_from;
    const downgradeAt = Number(sub.metadata?.downgrade_at ?? 0);
    const pending = isPlanId(downgradeFrom) && downgradeAt * 1000 > Date.now();
    const latest = sub.latest_invoice && typeof sub.latest_invoice !== "string" ? this.toInvoice(sub.latest_invoice) : null;
    return {
      id: sub.id,
      customerId: idOf(sub.customer as string | { id: string })!,
      planId: pending ? (downgradeFrom as PlanId) : billedPlan,
      pendingPlanId: pending ? billedPlan : null,
      pendingFrom: pending ? toDate(downgradeAt) : null,
      status: (["trialing", "active", "past_due", "canceled", "unpaid"].includes(sub.status)
        ? sub.status
        : "incomplete") as GatewaySubscription["status"],
      currentPeriodStart: toDate(item?.current_period_start ?? sub.start_date),
      currentPeriodEnd: toDate(item?.current_period_end ?? sub.start_date),
      trialEnd: sub.trial_end ? toDate(sub.trial_end) : null,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      canceledAt: sub.canceled_at ? toDate(sub.canceled_at) : null,
      defaultPaymentMethodId: idOf(sub.default_payment_method as string | { id: string } | null),
      latestInvoice: latest,
    };
  }

  async createCustomer(input: { email: string; name: string; userId: string }) {
    const customer = await this.stripe.customers.create(
      { email: input.email, name: input.name, metadata: { userId: input.userId } },
      { idempotencyKey: `customer-${input.userId}` },
    );
    return { id: customer.id };
  }

  async deleteCustomer(customerId: string) {
    try {
      await this.stripe.customers.del(customerId);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async attachPaymentMethod(customerId: string, paymentMethodId: string) {
    const pm = await declinesAsPaymentErrors(() => this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
    await this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
    return this.toCard(pm);
  }

  async getPaymentMethod(paymentMethodId: string) {
    try {
      return this.toCard(await this.stripe.paymentMethods.retrieve(paymentMethodId));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async listPaymentMethods(customerId: string) {
    const list = await this.stripe.paymentMethods.list({ customer: customerId, type: "card", limit: 100 });
    return list.data.map((pm) => this.toCard(pm));
  }

  async detachPaymentMethod(paymentMethodId: string) {
    await this.stripe.paymentMethods.detach(paymentMethodId);
  }

  async createSubscription(input: CreateSubscriptionInput) {
    const sub = await declinesAsPaymentErrors(() =>
      this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: input.priceId }],
          default_payment_method: input.paymentMethodId,
          ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
          payment_behavior: "error_if_incomplete",
          metadata: { ...input.metadata, planId: input.planId },
          expand: ["latest_invoice.payments"],
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return this.toSubscription(sub);
  }

  async listSubscriptions(customerId: string) {
    const list = await this.stripe.subscriptions.list({
      customer: customerId,
      status: "all",
      limit: 100,
      expand: ["data.latest_invoice.payments"],
    });
    return list.data.map((sub) => this.toSubscription(sub));
  }

  async getSubscription(subscriptionId: string) {
    try {
      return this.toSubscription(await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ["latest_invoice.payments"] }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * Stripe's own preview of the upgrade (invoices.createPreview with the same proration settings and
   * proration date the upgrade then uses), so the amount shown is the amount Stripe charges.
   */
  async previewUpgrade(
    subscriptionId: string,
    input: { planId: PlanId; priceId: string; prorationDate?: Date },
  ): Promise<GatewayChangePreview> {
    const current = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ["latest_invoice"] });
    const item = current.items.data[0]!;
    const periodEnd = toDate(item.current_period_end);
    const prorationDate = input.prorationDate ?? new Date();
    const preview = await this.stripe.invoices.createPreview({
      customer: idOf(current.customer as string | { id: string })!,
      subscription: subscriptionId,
      subscription_details: {
        items: [{ id: item.id, price: input.priceId }],
        proration_behavior: "always_invoice",
        proration_date: toSeconds(prorationDate),
      },
    });
    const open =
      current.status === "past_due" && current.latest_invoice && typeof current.latest_invoice !== "string"
        ? current.latest_invoice.amount_due
        : 0;
    return {
      amountDueNowCents: preview.amount_due + open,
      prorationDate,
      nextChargeAt: periodEnd,
      nextChargeCents: planPriceCents(input.planId),
    };
  }

  async upgradeSubscription(subscriptionId: string, input: UpgradeInput) {
    const current = await this.stripe.subscriptions.retrieve(subscriptionId);
    const openInvoice = idOf(current.latest_invoice as string | { id: string } | null);
    if (current.status === "past_due" && openInvoice) {
      // Settle the failed renewal with the new card before changing the plan.
      await declinesAsPaymentErrors(() =>
        this.stripe.invoices.pay(openInvoice, { payment_method: input.paymentMethodId }, { idempotencyKey: `${input.idempotencyKey}-pay` }),
      );
    }
    const sub = await declinesAsPaymentErrors(() =>
      this.stripe.subscriptions.update(
        subscriptionId,
        {
          items: [{ id: current.items.data[0]!.id, price: input.priceId }],
          proration_behavior: "always_invoice",
          ...(input.prorationDate ? { proration_date: toSeconds(input.prorationDate) } : {}),
          payment_behavior: "error_if_incomplete",
          default_payment_method: input.paymentMethodId,
          cancel_at_period_end: false,
          metadata: { planId: input.planId, downgrade_from: "", downgrade_at: "" },
          expand: ["latest_invoice.payments"],
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return this.toSubscription(sub);
  }

  /** Back to the plan billed before the scheduled downgrade, and no cancellation at the period's end. */
  async cancelScheduledChange(subscriptionId: string) {
    const current = await this.stripe.subscriptions.retrieve(subscriptionId);
    const item = current.items.data[0]!;
    const downgradeFrom = current.metadata?.downgrade_from;
    const priceId = isPlanId(downgradeFrom) ? getPlan(downgradeFrom).stripePriceId : null;
    const sub = await this.stripe.subscriptions.update(subscriptionId, {
      ...(priceId ? { items: [{ id: item.id, price: priceId }], proration_behavior: "none" as const } : {}),
      cancel_at_period_end: false,
      metadata: priceId ? { planId: downgradeFrom!, downgrade_from: "", downgrade_at: "" } : {},
      expand: ["latest_invoice.payments"],
    });
    return this.toSubscription(sub);
  }

  async getDefaultPaymentMethodId(customerId: string) {
    const customer = await this.stripe.customers.retrieve(customerId);
    if (customer.deleted) return null;
    return idOf(customer.invoice_settings?.default_payment_method as string | { id: string } | null);
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string, subscriptionId: string | null) {
    await this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
    if (subscriptionId) await this.stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethodId });
  }

  async scheduleDowngrade(subscriptionId: string, input: { fromPlanId: PlanId; planId: PlanId; priceId: string }) {
    const current = await this.stripe.subscriptions.retrieve(subscriptionId);
    const item = current.items.data[0]!;
    // The new price bills from the next period; until then the paid plan stays (metadata says so).
    const sub = await this.stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, price: input.priceId }],
      proration_behavior: "none",
      cancel_at_period_end: false,
      metadata: {
        planId: input.planId,
        downgrade_from: input.fromPlanId,
        downgrade_at: String(item.current_period_end),
      },
      expand: ["latest_invoice.payments"],
    });
    return this.toSubscription(sub);
  }

  async cancelSubscription(subscriptionId: string, when: "period_end" | "now") {
    const sub =
      when === "now"
        ? await this.stripe.subscriptions.cancel(subscriptionId, { expand: ["latest_invoice.payments"] })
        : await this.stripe.subscriptions.update(subscriptionId, {
            cancel_at_period_end: true,
            expand: ["latest_invoice.payments"],
          });
    return this.toSubscription(sub);
  }

  async getInvoice(invoiceId: string) {
    try {
      return this.toInvoice(await this.stripe.invoices.retrieve(invoiceId, { expand: ["payments"] }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async listInvoices(customerId: string) {
    const list = await this.stripe.invoices.list({ customer: customerId, limit: 100, expand: ["data.payments"] });
    return list.data.map((invoice) => this.toInvoice(invoice));
  }

  private toPaymentIntent(intent: Stripe.PaymentIntent): GatewayPaymentIntent {
    const charge = intent.latest_charge && typeof intent.latest_charge !== "string" ? intent.latest_charge : null;
    const refunded = charge?.refunded === true;
    return {
      id: intent.id,
      clientSecret: intent.client_secret ?? "",
      status: intent.status,
      amountCents: intent.amount,
      currency: intent.currency,
      customerId: idOf(intent.customer as string | { id: string } | null) ?? "",
      receiptUrl: charge?.receipt_url ?? null,
      refunded,
      refundId: refunded ? (charge?.refunds?.data?.[0]?.id ?? null) : null,
      createdAt: toDate(intent.created),
    };
  }

  async getPaymentIntent(paymentIntentId: string) {
    try {
      return this.toPaymentIntent(await this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge.refunds"] }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async payInvoice(invoiceId: string, input: { paymentMethodId: string; idempotencyKey: string }) {
    const paid = await declinesAsPaymentErrors(() =>
      this.stripe.invoices.pay(
        invoiceId,
        { payment_method: input.paymentMethodId, expand: ["payments"] },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    const invoice = this.toInvoice(paid);
    const intent = invoice.paymentIntentId ? await this.getPaymentIntent(invoice.paymentIntentId) : null;
    if (!intent) throw new Error(`Stripe returned no payment for invoice ${invoiceId}`);
    if (invoice.subscriptionId)
      await this.stripe.subscriptions.update(invoice.subscriptionId, { default_payment_method: input.paymentMethodId });
    return { invoice, paymentIntent: intent };
  }

  async refundPayment(input: RefundPaymentInput): Promise<GatewayRefund> {
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          ...(input.amountCents !== undefined ? { amount: input.amountCents } : {}),
          reason: "requested_by_customer",
          // Stripe's reason is one of three words; the staff member's own words go in the metadata.
          metadata: { reason: input.reason.slice(0, 500) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (error) {
      // Stripe refuses with a readable message (already refunded, no such payment intent).
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundFailedError(error.message);
      throw error;
    }
    if (refund.status === "failed" || refund.status === "canceled")
      throw new RefundFailedError(`Stripe could not refund the payment (${refund.failure_reason ?? refund.status}).`);
    return {
      id: refund.id,
      paymentIntentId: idOf(refund.payment_intent as string | { id: string } | null) ?? input.paymentIntentId,
      amountCents: refund.amount,
      currency: refund.currency,
      status: refund.status ?? "pending",
      createdAt: toDate(refund.created),
    };
  }

  /** Verifies a webhook's signature on the raw body; throws when it does not match. */
  constructEvent(rawBody: string, signature: string, secret: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, secret);
  }
}
