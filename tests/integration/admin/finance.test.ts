/**
 * /admin/finance: the summary's figures equal what is counted by hand from seeded rows; the
 * transaction list's filters; refunds through the demo gateway (recorded, mailed, audited, once),
 * refused for what cannot be refunded, and nothing written when the gateway fails; refunds through
 * Stripe (the SDK against the Stripe fake) and its charge.refunded webhook, recorded once.
 */
import { addDays, subDays } from "date-fns";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanId } from "~/lib/plans";
import { publicError } from "~/server/api/trpc";
import type { Db } from "~/server/db/client";
import { DemoGateway, StripeGateway } from "~/server/payments";
import { gatewayEventOf } from "~/server/payments/stripe-events";
import {
  ALREADY_REFUNDED,
  GATEWAY_UNREACHABLE,
  NOT_REFUNDABLE,
  refundTransaction,
  TRANSACTION_NOT_FOUND,
} from "~/server/services/admin/finance.service";
import { handleGatewayEvent, syncSubscription } from "~/server/services/billing/billing-sync.service";
import { StripeFake } from "../../fakes/stripe-server";
import { createStaff } from "../../helpers/admin";
import { paidDemoPayment } from "../../helpers/finance";
import { callerFor, createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";
import { errorOf } from "./fixtures";

let t: TestDatabase;
let backoffice: Awaited<ReturnType<typeof createStaff>>;
let designer: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestDatabase();
  backoffice = await createStaff(t.db, "backoffice");
  designer = await createStaff(t.db, "designer");
});
afterAll(() => t?.stop());

type Customer = Awaited<ReturnType<typeof createUser>>;
let seeded = 0;
/** A subscription row as the billing sync writes it. */
async function subscription(
  db: Db,
  userId: string,
  planId: PlanId,
  status: "trialing" | "active" | "past_due" | "canceled",
  fields: Record<string, unknown> = {},
) {
  seeded += 1;
  const now = new Date();
  return db.subscription.create({
    data: {
      userId,
      gatewaySubscriptionId: `sub_seed_${seeded}`,
      customerId: `cus_seed_${seeded}`,
      planId,
      status,
      currentPeriodStart: subDays(now, 10),
      currentPeriodEnd: addDays(now, 20),
      ...fields,
    },
  });
}

async function transaction(db: Db, userId: string, fields: Record<string, unknown>) {
  seeded += 1;
  return db.billingTransaction.create({
    data: {
      userId,
      gatewayObjectId: `in_seed_${seeded}`,
      description: "Pro plan - monthly subscription",
      amountCents: 999,
      currency: "eur",
      status: "succeeded",
      paidAt: new Date(),
      ...fields,
    } as never,
  });
}

describe("the summary", () => {
  it("monthly recurring revenue, plans, failed renewals and grace periods equal the hand count", async () => {
    const now = new Date();
    const [a, b, c, d, e, f] = (await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(t.db)))) as [
      Customer,
      Customer,
      Customer,
      Customer,
      Customer,
      Customer,
    ];
    await subscription(t.db, a.claims.id, "pro", "active");
    await subscription(t.db, b.claims.id, "pro", "active");
    await subscription(t.db, c.claims.id, "unlimited", "active");
    await subscription(t.db, d.claims.id, "pro", "past_due", { currentPeriodEnd: subDays(now, 2) });
    await subscription(t.db, e.claims.id, "unlimited", "trialing"); // pays nothing yet
    await subscription(t.db, f.claims.id, "pro", "canceled", { canceledAt: subDays(now, 1) });
    await transaction(t.db, d.claims.id, { status: "failed", paidAt: subDays(now, 2) });
    await transaction(t.db, f.claims.id, { status: "failed", paidAt: subDays(now, 40) }); // too old
    await t.db.student.update({ where: { userId: a.claims.id }, data: { gracePeriodEndDate: addDays(now, 5) } });
    await t.db.student.update({ where: { userId: b.claims.id }, data: { gracePeriodEndDate: addDays(now, 2) } });
    await t.db.student.update({ where: { userId: f.claims.id }, data: { gracePeriodEndDate: subDays(now, 1) } }); // over

    const summary = await backoffice.caller.admin.finance.summary();
    // By hand: Pro 9.99 x (2 active + 1 past due) + Unlimited 49.99 x 1 active = 29.97 + 49.99.
    expect(summary.mrrCents).toBe(3 * 999 + 4999);
    expect(summary.plans).toEqual([
      { planId: "pro", trialing: 0, active: 2, pastDue: 1, mrrCents: 2997 },
      { planId: "unlimited", trialing: 1, active: 1, pastDue: 0, mrrCents: 4999 },
    ]);
    expect(summary.failedRenewals.pastDueCount).toBe(1);
    expect(summary.failedRenewals.pastDue.map((row) => row.customer.email)).toEqual([d.email]);
    expect(summary.failedRenewals.failedPaymentsLast30Days).toBe(1);
    expect(summary.gracePeriod.map((row) => row.customer.email)).toEqual([b.email, a.email]);
    // The same figures read back straight from the table.
    const live = await t.db.subscription.findMany({ where: { status: { in: ["active", "past_due"] } } });
    expect(summary.mrrCents).toBe(live.reduce((sum, row) => sum + (row.planId === "pro" ? 999 : row.planId === "unlimited" ? 4999 : 0), 0));
  });
});

describe("the transaction list", () => {
  it("filters by status, plan, refunded, period and customer email, and pages", async () => {
    const buyer = await createUser(t.db, { email: `finance-buyer-${Date.now()}@example.com` });
    const base = { userId: buyer.claims.id };
    await transaction(t.db, buyer.claims.id, { ...base, planId: "pro", paidAt: new Date("2026-05-02T10:00:00Z") });
    await transaction(t.db, buyer.claims.id, {
      ...base,
      planId: "unlimited",
      amountCents: 4999,
      paidAt: new Date("2026-05-03T23:59:00Z"),
    });
    await transaction(t.db, buyer.claims.id, {
      ...base,
      planId: "pro",
      status: "failed",
      paidAt: new Date("2026-05-04T00:00:00Z"),
    });
    await transaction(t.db, buyer.claims.id, {
      ...base,
      planId: "pro",
      status: "refunded",
      refunded: true,
      paidAt: new Date("2026-04-30T12:00:00Z"),
    });
    const list = (query: Record<string, unknown>) =>
      backoffice.caller.admin.finance.transactions({ q: "finance-buyer", ...query } as never);

    expect((await list({})).total).toBe(4);
    expect((await list({ status: "failed" })).rows.map((row) => row.status)).toEqual(["failed"]);
    expect((await list({ plan: "unlimited" })).rows.map((row) => row.amountCents)).toEqual([4999]);
    expect((await list({ refunded: "yes" })).total).toBe(1);
    expect((await list({ refunded: "no" })).total).toBe(3);
    // 2 May to 3 May, UTC days, both included.
    expect((await list({ from: "2026-05-02", to: "2026-05-03" })).rows.map((row) => row.paidAt.toISOString())).toEqual([
      "2026-05-03T23:59:00.000Z",
      "2026-05-02T10:00:00.000Z",
    ]);
    expect((await list({ sort: "amount", dir: "desc" })).rows[0]!.amountCents).toBe(4999);
    const page = await list({ pageSize: 10, page: 1, dir: "asc" });
    expect(page.rows[0]!.paidAt.toISOString()).toBe("2026-04-30T12:00:00.000Z");
    expect(page.rows[0]).toMatchObject({
      customer: { email: buyer.email },
      refunded: true,
      refundable: false,
      currency: "EUR",
    });
    expect((await list({ q: "nobody-has-this-address" })).total).toBe(0);
    const bad = await errorOf(list({ from: "2026-05-03", to: "2026-05-02" }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(publicError(bad).message).toBe("The period must end on or after its first day");
  });
});

describe("refunds through the demo gateway", () => {
  it("refunds a demo payment: the row is refunded, the customer is mailed, the action audited; the customer's billing tab shows it", async () => {
    const customer = await createUser(t.db);
    const paid = await paidDemoPayment(t.db, customer.claims);
    expect(paid).toMatchObject({ status: "succeeded", refunded: false, amountCents: 999 });
    const listed = await backoffice.caller.admin.finance.transactions({ q: customer.email });
    expect(listed.rows[0]).toMatchObject({ id: paid.id, refundable: true });

    const result = await backoffice.caller.admin.finance.refund({
      transactionId: paid.id,
      reason: "Charged by mistake.",
    });
    expect(result).toMatchObject({
      id: paid.id,
      refunded: true,
      amountCents: 999,
      refundId: expect.stringMatching(/^re_demo_/),
    });

    const row = await t.db.billingTransaction.findUniqueOrThrow({ where: { id: paid.id } });
    expect(row).toMatchObject({
      refunded: true,
      status: "refunded",
      refundId: result.refundId,
      refundedById: backoffice.session.id,
    });
    expect(row.refundedAt).toBeInstanceOf(Date);
    const mails = await t.db.mailMessage.findMany({ where: { to: customer.email, kind: "payment-refunded" } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("€9.99");
    expect(mails[0]!.text).toContain("Pro plan - monthly subscription");
    const audit = await t.db.auditLog.findMany({ where: { action: "finance.payment_refunded", targetId: paid.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: backoffice.session.id,
      actorEmail: backoffice.session.email,
      targetType: "BillingTransaction",
      ip: "203.0.113.9",
    });
    expect(audit[0]!.after).toMatchObject({ refunded: true, reason: "Charged by mistake.", amountCents: 999 });

    // The gateway knows it too, and a later sync of the subscription keeps the refund (and mails no receipt).
    const gateway = new DemoGateway(t.db);
    expect((await gateway.getInvoice(paid.gatewayObjectId))!.refunded).toBe(true);
    await syncSubscription(t.db, (await gateway.getSubscription(paid.subscriptionId!))!, customer.claims.id);
    expect(await t.db.billingTransaction.findUniqueOrThrow({ where: { id: paid.id } })).toMatchObject({
      refunded: true,
      status: "refunded",
    });
    expect(await t.db.mailMessage.count({ where: { to: customer.email, kind: "payment-receipt" } })).toBe(1); // the original receipt only

    // What the customer's billing tab lists.
    const own = await callerFor(t.db, customer.claims).billing.transactions({});
    expect(own.transactions.find((tx) => tx.id === paid.id)).toMatchObject({ refunded: true, status: "refunded" });

    // Twice: 409, and nothing more is written.
    const again = await errorOf(backoffice.caller.admin.finance.refund({ transactionId: paid.id, reason: "Charged by mistake." }));
    expect(again.code).toBe("CONFLICT");
    expect(again.message).toBe(ALREADY_REFUNDED);
    expect(await t.db.mailMessage.count({ where: { to: customer.email, kind: "payment-refunded" } })).toBe(1);
    expect(await t.db.auditLog.count({ where: { action: "finance.payment_refunded", targetId: paid.id } })).toBe(1);
  });

  it("a billing sync that read the row before a refund committed does not undo the refund", async () => {
    const customer = await createUser(t.db);
    const paid = await paidDemoPayment(t.db, customer.claims);
    const gateway = new DemoGateway(t.db);
    const stale = (await gateway.getSubscription(paid.subscriptionId!))!; // its invoice still says paid
    expect(stale.latestInvoice).toMatchObject({ id: paid.gatewayObjectId, refunded: false });
    // The sync's database, on which the refund commits right after the sync has read the row.
    let refundDone = false;
    const transactions = new Proxy(t.db.billingTransaction, {
      get(model, key) {
        const value = Reflect.get(model, key, model);
        if (key !== "findUnique") return typeof value === "function" ? value.bind(model) : value;
        return async (args: Parameters<typeof model.findUnique>[0]) => {
          const row = await model.findUnique(args);
          if (!refundDone) {
            refundDone = true;
            await backoffice.caller.admin.finance.refund({ transactionId: paid.id, reason: "Asked to cancel." });
          }
          return row;
        };
      },
    });
    const interleaved = new Proxy(t.db, {
      get(db, key) {
        if (key === "billingTransaction") return transactions;
        const value = Reflect.get(db, key, db);
        return typeof value === "function" ? value.bind(db) : value;
      },
    });

    await syncSubscription(interleaved, stale, customer.claims.id);
    expect(refundDone).toBe(true);
    expect(await t.db.billingTransaction.findUniqueOrThrow({ where: { id: paid.id } })).toMatchObject({
      refunded: true,
      status: "refunded",
    });
  });

  it("refuses what cannot be refunded: failed, free, unknown, and roles without finance:payments", async () => {
    const customer = await createUser(t.db);
    const failed = await transaction(t.db, customer.claims.id, { status: "failed", paymentIntentId: "pi_demo_failed" });
    const trial = await transaction(t.db, customer.claims.id, {
      amountCents: 0,
      paymentIntentId: "pi_demo_trial",
      description: "Pro plan - 7-day free trial",
    });
    for (const id of [failed.id, trial.id]) {
      const error = await errorOf(backoffice.caller.admin.finance.refund({ transactionId: id, reason: "Test refund" }));
      expect(error.code).toBe("CONFLICT");
      expect(error.message).toBe(NOT_REFUNDABLE);
    }
    const missing = await errorOf(backoffice.caller.admin.finance.refund({ transactionId: "no-such-transaction", reason: "Test refund" }));
    expect(missing.code).toBe("NOT_FOUND");
    expect(missing.message).toBe(TRANSACTION_NOT_FOUND);
    const shortReason = await errorOf(backoffice.caller.admin.finance.refund({ transactionId: failed.id, reason: " a " }));
    expect(publicError(shortReason).message).toBe("Give a reason for the refund (at least 3 characters)");
    expect((await errorOf(designer.caller.admin.finance.refund({ transactionId: failed.id, reason: "Test refund" }))).code).toBe(
      "FORBIDDEN",
    );
  });

  it("a gateway that refuses or cannot be reached leaves nothing written", async () => {
    const customer = await createUser(t.db);
    const paid = await paidDemoPayment(t.db, customer.claims);
    const nothingWritten = async () => {
      expect(await t.db.billingTransaction.findUniqueOrThrow({ where: { id: paid.id } })).toMatchObject({
        refunded: false,
        status: "succeeded",
        refundId: null,
        refundedAt: null,
        refundedById: null,
      });
      expect(await t.db.mailMessage.count({ where: { to: customer.email, kind: "payment-refunded" } })).toBe(0);
      expect(await t.db.auditLog.count({ where: { targetId: paid.id } })).toBe(0);
      expect(
        await t.db.demoGatewayObject.count({
          where: {
            kind: "refund",
            customerId: (await t.db.billingCustomer.findUniqueOrThrow({ where: { userId: customer.claims.id } })).customerId,
          },
        }),
      ).toBe(0);
    };
    const actor = { id: backoffice.session.id, email: backoffice.session.email, ip: "203.0.113.9" };

    class UnreachableGateway extends DemoGateway {
      override async refundPayment(): Promise<never> {
        throw new Error("connect ECONNREFUSED 10.0.0.1:443");
      }
    }
    const unreachable = await errorOf(
      refundTransaction(t.db, new UnreachableGateway(t.db), actor, {
        transactionId: paid.id,
        reason: "Charged by mistake.",
      }),
    );
    expect(unreachable).toMatchObject({ kind: "PAYMENT_FAILED", message: GATEWAY_UNREACHABLE });
    await nothingWritten();

    // The provider refuses: the payment is not one it knows.
    await t.db.billingTransaction.update({ where: { id: paid.id }, data: { paymentIntentId: "pi_demo_unknown" } });
    const refused = await errorOf(backoffice.caller.admin.finance.refund({ transactionId: paid.id, reason: "Charged by mistake." }));
    expect(refused.code).toBe("PAYMENT_REQUIRED");
    expect(refused.message).toBe("The payment provider refused the refund: No such payment: 'pi_demo_unknown'. Nothing was changed.");
    await nothingWritten();
  });
});

describe("refunds through Stripe", () => {
  let fake: StripeFake;
  let client: Stripe;
  let gateway: StripeGateway;

  beforeAll(async () => {
    fake = new StripeFake({ price_pro_test: 999, price_unlimited_test: 4999 });
    const { host, port } = await fake.start();
    client = new Stripe("sk_test_client", { host, port, protocol: "http" });
    gateway = new StripeGateway({ secretKey: "sk_test_fake", host, port, protocol: "http" });
  });
  afterAll(() => fake?.stop());

  /** A Stripe customer of a new user who paid `amount` with the 4242 card, and our row of that payment. */
  async function stripePayment(amount = 999) {
    const user = await createUser(t.db);
    const stripeCustomer = await client.customers.create({ email: user.email, name: "Stripe Payer" });
    const pm = await client.paymentMethods.create({
      type: "card",
      card: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" },
    });
    await client.paymentMethods.attach(pm.id, { customer: stripeCustomer.id });
    const intent = await client.paymentIntents.create({
      amount,
      currency: "eur",
      customer: stripeCustomer.id,
      payment_method: pm.id,
    });
    await t.db.billingCustomer.create({
      data: {
        userId: user.claims.id,
        gateway: "stripe",
        customerId: stripeCustomer.id,
        email: user.email,
        name: "Stripe Payer",
      },
    });
    const row = await transaction(t.db, user.claims.id, {
      paymentIntentId: intent.id,
      amountCents: amount,
      planId: "pro",
    });
    return { user, intent, row };
  }
  const actor = () => ({ id: backoffice.session.id, email: backoffice.session.email, ip: "203.0.113.9" });

  it("refunds with stripe.refunds.create and an idempotency key; the charge.refunded webhook that follows changes nothing", async () => {
    const { user, intent, row } = await stripePayment();
    const result = await refundTransaction(t.db, gateway, actor(), {
      transactionId: row.id,
      reason: "Customer asked within 14 days.",
    });
    const refunds = [...fake.refunds.values()].filter((refund) => refund.payment_intent === intent.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      id: result.refundId,
      amount: 999,
      metadata: { reason: "Customer asked within 14 days." },
    });
    expect(await t.db.billingTransaction.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      refunded: true,
      status: "refunded",
      refundId: result.refundId,
    });

    // The same idempotency key answers the same refund: a retried request never refunds twice.
    const retried = await gateway.refundPayment({
      paymentIntentId: intent.id,
      amountCents: 999,
      idempotencyKey: `refund-${row.id}`,
      reason: "retry",
    });
    expect(retried.id).toBe(result.refundId);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intent.id)).toHaveLength(1);

    const charge = fake.paymentIntents.get(intent.id)!.latest_charge;
    expect(await handleGatewayEvent(t.db, gateway, gatewayEventOf(fake.event("charge.refunded", charge) as never))).toBe("processed");
    expect(await t.db.mailMessage.count({ where: { to: user.email, kind: "payment-refunded" } })).toBe(1);
    expect(await t.db.billingTransaction.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      refundId: result.refundId,
      refundedById: backoffice.session.id,
    });
  });

  it("a refund made in Stripe's dashboard is recorded from its charge.refunded event, once; /admin then answers 409", async () => {
    const { user, intent, row } = await stripePayment(4999);
    const refund = await client.refunds.create({ payment_intent: intent.id });
    const event = fake.event("charge.refunded", fake.paymentIntents.get(intent.id)!.latest_charge);
    expect(await handleGatewayEvent(t.db, gateway, gatewayEventOf(event as never))).toBe("processed");
    expect(await t.db.billingTransaction.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      refunded: true,
      status: "refunded",
      refundId: refund.id,
      refundedById: null,
    });
    expect(await handleGatewayEvent(t.db, gateway, gatewayEventOf(event as never))).toBe("duplicate");
    expect(await t.db.mailMessage.count({ where: { to: user.email, kind: "payment-refunded" } })).toBe(1);
    const error = await errorOf(refundTransaction(t.db, gateway, actor(), { transactionId: row.id, reason: "Customer asked." }));
    expect(error).toMatchObject({ kind: "CONFLICT", message: ALREADY_REFUNDED });
  });

  it("Stripe's refusal is answered with its message and nothing is written", async () => {
    const { user, intent, row } = await stripePayment();
    await client.refunds.create({ payment_intent: intent.id }); // refunded at Stripe, event not delivered yet
    const error = await errorOf(refundTransaction(t.db, gateway, actor(), { transactionId: row.id, reason: "Customer asked." }));
    expect(error).toMatchObject({ kind: "PAYMENT_FAILED" });
    expect(error.message).toMatch(
      /^The payment provider refused the refund: Charge ch_\w+ has already been refunded\. Nothing was changed\.$/,
    );
    expect(await t.db.billingTransaction.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      refunded: false,
      refundId: null,
    });
    expect(await t.db.mailMessage.count({ where: { to: user.email, kind: "payment-refunded" } })).toBe(0);
  });
});
