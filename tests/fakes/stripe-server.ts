/**
 * A Stripe API fake: an HTTP server answering the calls our Stripe gateway makes, in Stripe's wire
 * format (form-encoded requests, JSON objects, card errors with HTTP 402, idempotency keys), so the
 * real stripe SDK runs against it via its host/port/protocol settings. Test-only.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// biome-ignore lint/suspicious/noExplicitAny: the fake keeps Stripe's untyped objects, as its API returns them
type Obj = Record<string, any>;

/** Stripe's test payment methods (https://docs.stripe.com/testing#cards) and card numbers. */
const TEST_CARDS: Record<string, { number: string; brand: string; attach?: string; charge?: string }> = {
  pm_card_visa: { number: "4242424242424242", brand: "visa" },
  pm_card_mastercard: { number: "5555555555554444", brand: "mastercard" },
  pm_card_chargeDeclined: { number: "4000000000000002", brand: "visa", attach: "Your card was declined." },
  pm_card_chargeDeclinedInsufficientFunds: {
    number: "4000000000009995",
    brand: "visa",
    attach: "Your card has insufficient funds.",
  },
  pm_card_chargeCustomerFail: { number: "4000000000000341", brand: "visa", charge: "Your card was declined." },
};

const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 24 * 3600;

/** Turns Stripe's bracket form encoding (items[0][price]=x, expand[0]=y) into nested objects. */
function parseStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Obj = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  // biome-ignore lint/suspicious/noExplicitAny: a form body decoded into Stripe's untyped objects
  const arrays = (value: any): any => {
    if (value && typeof value === "object") {
      const keys = Object.keys(value);
      const mapped = Object.fromEntries(keys.map((k) => [k, arrays(value[k])]));
      return keys.length > 0 && keys.every((k) => /^\d+$/.test(k))
        ? keys.sort((a, b) => Number(a) - Number(b)).map((k) => mapped[k])
        : mapped;
    }
    return value;
  };
  return arrays(root);
}

class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(body.message);
  }
}
const missing = (what: string, id: string) =>
  new StripeFakeError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${what}: '${id}'`,
  });
const cardError = (message: string, code = "card_declined") =>
  new StripeFakeError(402, { type: "card_error", code, decline_code: "generic_decline", message });

export class StripeFake {
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly paymentIntents = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly requests: Array<{ method: string; path: string; body: Obj }> = [];
  private readonly idempotent = new Map<string, { status: number; body: Obj }>();
  private server: Server | null = null;

  constructor(readonly prices: Record<string, number>) {}

  private id(prefix: string) {
    return `${prefix}_${randomBytes(10).toString("hex")}`;
  }

  async start(): Promise<{ host: string; port: number }> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return { host: "127.0.0.1", port: (this.server!.address() as AddressInfo).port };
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://localhost");
    const body =
      req.method === "GET" || req.method === "DELETE"
        ? parseStripeForm(url.search.slice(1))
        : parseStripeForm(Buffer.concat(chunks).toString("utf8"));
    this.requests.push({ method: req.method ?? "GET", path: url.pathname, body });
    const send = (status: number, payload: Obj) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": this.id("req") });
      res.end(JSON.stringify(payload));
    };
    if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_test_")) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const key = req.headers["idempotency-key"] as string | undefined;
    if (key && req.method === "POST" && this.idempotent.has(key)) {
      const cached = this.idempotent.get(key)!;
      return send(cached.status, cached.body);
    }
    let status = 200;
    let payload: Obj;
    try {
      payload = this.route(req.method ?? "GET", url.pathname, body);
    } catch (error) {
      if (!(error instanceof StripeFakeError)) throw error;
      status = error.status;
      payload = { error: error.body };
    }
    if (key && req.method === "POST") this.idempotent.set(key, { status, body: payload });
    send(status, payload);
  }

  private route(method: string, path: string, body: Obj): Obj {
    const parts = path.split("/").filter(Boolean).slice(1); // drop "v1"
    const [resource, id, action] = parts;
    if (resource === "customers") {
      if (method === "POST" && !id) return this.createCustomer(body);
      const customer = this.customers.get(id!);
      if (!customer) throw missing("customer", id!);
      if (method === "DELETE") {
        this.customers.delete(id!);
        for (const pm of this.paymentMethods.values()) if (pm.customer === id) pm.customer = null;
        return { id, object: "customer", deleted: true };
      }
      if (method === "POST") {
        if (body.invoice_settings?.default_payment_method)
          customer.invoice_settings.default_payment_method = body.invoice_settings.default_payment_method;
        Object.assign(customer.metadata, body.metadata ?? {});
      }
      return customer;
    }
    if (resource === "payment_methods") {
      if (method === "GET" && !id) {
        const data = [...this.paymentMethods.values()].filter((pm) => pm.customer === body.customer);
        return { object: "list", data, has_more: false, url: "/v1/payment_methods" };
      }
      if (method === "POST" && !id) return this.createPaymentMethod(body.card?.number ?? "4242424242424242");
      const pm = this.paymentMethods.get(id!) ?? (TEST_CARDS[id!] ? this.createPaymentMethod(TEST_CARDS[id!]!.number, id) : undefined);
      if (!pm) throw missing("payment_method", id!);
      if (action === "attach") {
        const card = Object.values(TEST_CARDS).find((c) => c.number === pm._number);
        if (card?.attach) throw cardError(card.attach);
        if (!this.customers.has(body.customer)) throw missing("customer", body.customer);
        pm.customer = body.customer;
      }
      if (action === "detach") {
        const customer = this.customers.get(pm.customer);
        if (customer && customer.invoice_settings.default_payment_method === pm.id) customer.invoice_settings.default_payment_method = null;
        pm.customer = null;
      }
      return this.public(pm);
    }
    if (resource === "subscriptions") {
      if (method === "POST" && !id) return this.createSubscription(body);
      if (method === "GET" && !id) {
        const data = [...this.subscriptions.values()]
          .filter((s) => s.customer === body.customer)
          .reverse()
          .map((s) => this.expandSubscription(s));
        return { object: "list", data, has_more: false, url: "/v1/subscriptions" };
      }
      const sub = this.subscriptions.get(id!);
      if (!sub) throw missing("subscription", id!);
      if (method === "DELETE") {
        sub.status = "canceled";
        sub.canceled_at = now();
      } else if (method === "POST") this.updateSubscription(sub, body);
      return this.expandSubscription(sub);
    }
    if (resource === "invoices") {
      if (method === "POST" && id === "create_preview") return this.previewInvoice(body);
      if (method === "GET" && !id) {
        const data = [...this.invoices.values()].filter((inv) => inv.customer === body.customer).reverse();
        return { object: "list", data, has_more: false, url: "/v1/invoices" };
      }
      const invoice = this.invoices.get(id!);
      if (!invoice) throw missing("invoice", id!);
      if (action === "pay" && invoice.status !== "paid") {
        const sub = this.subscriptions.get(invoice.parent.subscription_details.subscription)!;
        const pi = this.charge(invoice.customer, body.payment_method, invoice.amount_due);
        Object.assign(invoice, {
          status: "paid",
          amount_paid: invoice.amount_due,
          payments: { object: "list", data: [{ payment: { type: "payment_intent", payment_intent: pi.id } }] },
        });
        const item = sub.items.data[0];
        item.current_period_start = item.current_period_end;
        item.current_period_end += MONTH;
        sub.status = "active";
      }
      return invoice;
    }
    if (resource === "payment_intents") {
      if (method === "POST" && !id) {
        const pi = this.charge(body.customer, body.payment_method, Number(body.amount), body.currency);
        pi.description = body.description ?? null;
        return pi;
      }
      const pi = this.paymentIntents.get(id!);
      if (!pi) throw missing("payment_intent", id!);
      return pi;
    }
    if (resource === "refunds" && method === "POST" && !id) return this.createRefund(body);
    throw new StripeFakeError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  private public(pm: Obj) {
    const { _number, ...rest } = pm;
    return rest;
  }

  createCustomer(body: Obj) {
    const customer = {
      id: this.id("cus"),
      object: "customer",
      email: body.email ?? null,
      name: body.name ?? null,
      metadata: body.metadata ?? {},
      invoice_settings: { default_payment_method: null },
      created: now(),
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  createPaymentMethod(number: string, id = this.id("pm")) {
    const card = Object.values(TEST_CARDS).find((c) => c.number === number) ?? { brand: "visa" };
    const pm = {
      id,
      object: "payment_method",
      type: "card",
      customer: null,
      card: {
        brand: card.brand,
        last4: number.slice(-4),
        exp_month: 12,
        exp_year: new Date().getFullYear() + 3,
        fingerprint: createHash("sha256").update(`fake:${number}`).digest("hex").slice(0, 16),
      },
      created: now(),
      _number: number,
    };
    this.paymentMethods.set(id, pm);
    return pm;
  }

  /** Charges a card: a payment intent, succeeded or failing with a card error. */
  private charge(customer: string, paymentMethod: string | null | undefined, amount: number, currency = "eur", fail = true) {
    const pm = paymentMethod ? this.paymentMethods.get(paymentMethod) : null;
    const card = pm ? Object.values(TEST_CARDS).find((c) => c.number === pm._number) : undefined;
    const declined = !pm || pm.customer !== customer ? "No such payment method." : (card?.charge ?? card?.attach ?? null);
    const pi: Obj = {
      id: this.id("pi"),
      object: "payment_intent",
      amount,
      currency,
      customer,
      payment_method: paymentMethod ?? null,
      status: declined ? "requires_payment_method" : "succeeded",
      client_secret: `secret_${randomBytes(8).toString("hex")}`,
      created: now(),
      latest_charge: declined
        ? null
        : {
            id: this.id("ch"),
            object: "charge",
            payment_intent: null as string | null,
            amount,
            amount_refunded: 0,
            refunded: false,
            receipt_url: `https://pay.stripe.com/receipts/${randomBytes(6).toString("hex")}`,
          },
    };
    if (pi.latest_charge) pi.latest_charge.payment_intent = pi.id;
    this.paymentIntents.set(pi.id, pi);
    if (declined && fail) throw cardError(declined);
    return pi;
  }

  /** A refund of a payment intent's charge: the whole amount unless `amount` says less. */
  private createRefund(body: Obj) {
    const pi = this.paymentIntents.get(body.payment_intent);
    if (!pi) throw missing("payment_intent", body.payment_intent);
    const charge = pi.latest_charge;
    if (pi.status !== "succeeded" || !charge) {
      throw new StripeFakeError(400, {
        type: "invalid_request_error",
        code: "charge_not_refundable",
        message: `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
      });
    }
    const left = pi.amount - (charge.amount_refunded ?? 0);
    if (left <= 0)
      throw new StripeFakeError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge ${charge.id} has already been refunded.`,
      });
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (amount > left)
      throw new StripeFakeError(400, {
        type: "invalid_request_error",
        code: "amount_too_large",
        message: `Refund amount (€${amount / 100}) is greater than unrefunded amount on charge (€${left / 100})`,
      });
    const refund = {
      id: this.id("re"),
      object: "refund",
      amount,
      currency: pi.currency,
      payment_intent: pi.id,
      charge: charge.id,
      status: "succeeded",
      reason: body.reason ?? null,
      metadata: body.metadata ?? {},
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded = (charge.amount_refunded ?? 0) + amount;
    charge.refunded = charge.amount_refunded >= pi.amount;
    charge.refunds = { object: "list", data: [refund, ...(charge.refunds?.data ?? [])], has_more: false };
    return refund;
  }

  private createInvoice(sub: Obj, amount: number, paymentMethod: string | null, fail: boolean) {
    let pi: Obj | null = null;
    let paid = amount === 0;
    if (amount > 0) {
      pi = this.charge(sub.customer, paymentMethod, amount, "eur", fail);
      paid = pi.status === "succeeded";
    }
    const invoice = {
      id: this.id("in"),
      object: "invoice",
      customer: sub.customer,
      status: paid ? "paid" : "open",
      attempted: amount > 0,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: "eur",
      created: now(),
      description: null,
      hosted_invoice_url: `https://invoice.stripe.com/i/${randomBytes(6).toString("hex")}`,
      lines: { object: "list", data: [{ description: `${sub.items.data[0].price.id} subscription` }] },
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
      payments: { object: "list", data: pi ? [{ payment: { type: "payment_intent", payment_intent: pi.id } }] : [] },
    };
    this.invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  private price(id: string) {
    if (!(id in this.prices))
      throw new StripeFakeError(400, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such price: '${id}'`,
      });
    return this.prices[id]!;
  }

  createSubscription(body: Obj) {
    const customer = this.customers.get(body.customer);
    if (!customer) throw missing("customer", body.customer);
    const priceId = body.items[0].price;
    const amount = this.price(priceId);
    const trialDays = Number(body.trial_period_days ?? 0);
    const start = now();
    const end = trialDays > 0 ? start + trialDays * 86400 : start + MONTH;
    const sub: Obj = {
      id: this.id("sub"),
      object: "subscription",
      customer: body.customer,
      status: trialDays > 0 ? "trialing" : "active",
      items: {
        object: "list",
        data: [
          {
            id: this.id("si"),
            object: "subscription_item",
            price: { id: priceId, object: "price", unit_amount: amount },
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
      metadata: body.metadata ?? {},
      cancel_at_period_end: false,
      canceled_at: null,
      trial_end: trialDays > 0 ? end : null,
      start_date: start,
      default_payment_method: body.default_payment_method ?? null,
      latest_invoice: null,
    };
    this.createInvoice(sub, trialDays > 0 ? 0 : amount, sub.default_payment_method, true);
    this.subscriptions.set(sub.id, sub);
    return this.expandSubscription(sub);
  }

  private updateSubscription(sub: Obj, body: Obj) {
    if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === "true";
    if (body.default_payment_method) sub.default_payment_method = body.default_payment_method;
    if (body.metadata) Object.assign(sub.metadata, body.metadata);
    for (const [k, v] of Object.entries(sub.metadata)) if (v === "") delete sub.metadata[k];
    if (body.items?.[0]?.price) {
      const item = sub.items.data[0];
      const oldAmount = item.price.unit_amount;
      const newAmount = this.price(body.items[0].price);
      item.price = { id: body.items[0].price, object: "price", unit_amount: newAmount };
      if (body.proration_behavior === "always_invoice" && sub.status !== "trialing") {
        this.createInvoice(sub, this.proration(item, oldAmount, newAmount, body.proration_date), sub.default_payment_method, true);
      }
    }
  }

  /** Stripe's proration: the new price for the rest of the period less the old one's, at proration_date (default now). */
  private proration(item: Obj, oldAmount: number, newAmount: number, prorationDate?: string) {
    const at = prorationDate ? Number(prorationDate) : now();
    const remaining = Math.max(0, (item.current_period_end - at) / (item.current_period_end - item.current_period_start));
    return Math.max(0, Math.round((newAmount - oldAmount) * remaining));
  }

  /** POST /v1/invoices/create_preview for a subscription update: the invoice the update would create now. */
  private previewInvoice(body: Obj) {
    const sub = this.subscriptions.get(body.subscription);
    if (!sub) throw missing("subscription", body.subscription);
    const details = body.subscription_details ?? {};
    const item = sub.items.data[0];
    const newPrice = details.items?.[0]?.price ?? item.price.id;
    const amount =
      details.proration_behavior === "always_invoice" && sub.status !== "trialing"
        ? this.proration(item, item.price.unit_amount, this.price(newPrice), details.proration_date)
        : 0;
    return {
      id: null,
      object: "invoice",
      customer: sub.customer,
      status: "draft",
      amount_due: amount,
      amount_paid: 0,
      currency: "eur",
      created: now(),
      lines: { object: "list", data: [] },
    };
  }

  expandSubscription(sub: Obj) {
    return { ...sub, latest_invoice: sub.latest_invoice ? this.invoices.get(sub.latest_invoice) : null };
  }

  /** Test control: the period ends and Stripe tries to renew with the customer's default card. */
  renew(subscriptionId: string) {
    const sub = this.subscriptions.get(subscriptionId)!;
    const customer = this.customers.get(sub.customer)!;
    const item = sub.items.data[0];
    const invoice = this.createInvoice(
      sub,
      item.price.unit_amount,
      customer.invoice_settings.default_payment_method ?? sub.default_payment_method,
      false,
    );
    if (invoice.status === "paid") {
      item.current_period_start = item.current_period_end;
      item.current_period_end += MONTH;
      sub.status = "active";
    } else sub.status = "past_due";
    return invoice;
  }

  /** A Stripe event object as delivered to webhooks. */
  event(type: string, object: Obj, id = this.id("evt")) {
    return {
      id,
      object: "event",
      type,
      api_version: "2026-10-28.endive",
      created: now(),
      livemode: false,
      data: { object },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
  }
}
