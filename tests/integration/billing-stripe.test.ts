import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The plan table reads the configured prices when it is first imported.
  process.env.NEXT_PUBLIC_STRIPE_PRICE_ID_PRO = "price_pro_test";
  process.env.NEXT_PUBLIC_STRIPE_PRICE_ID_UNLIMITED = "price_unlimited_test";
});

import * as createSubscriptionRoute from "~/app/api/stripe/create-subscription/route";
import * as paymentIntentsRoute from "~/app/api/stripe/payment-intents/route";
import * as paymentMethodsRoute from "~/app/api/stripe/payment-methods/route";
import * as subscriptionsRoute from "~/app/api/stripe/subscriptions/route";
import * as transactionsRoute from "~/app/api/stripe/transactions/route";
import * as webhookRoute from "~/app/api/stripe/webhook/route";
import { getPaymentGateway } from "~/server/payments";
import { deleteBillingData } from "~/server/services/billing/customers.service";
import { getEffectivePlan } from "~/server/services/entitlements.service";
import { StripeFake } from "../fakes/stripe-server";
import { callRoute } from "../helpers/rest";
import { callerFor, createUser, sessionCookie } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const WEBHOOK_SECRET = "whsec_test_secret";

describe("billing through the real Stripe SDK against the Stripe fake", () => {
  let t: TestDatabase;
  let fake: StripeFake;
  let client: Stripe;
  let alice: Awaited<ReturnType<typeof createUser>>;
  let bob: Awaited<ReturnType<typeof createUser>>;
  let aliceCookie: string;
  let bobCookie: string;

  beforeAll(async () => {
    fake = new StripeFake({ price_pro_test: 999, price_unlimited_test: 4999 });
    const { host, port } = await fake.start();
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: host,
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: "http",
    });
    client = new Stripe("sk_test_client", { host, port, protocol: "http" });
    t = await createTestDatabase();
    alice = await createUser(t.db, { firstName: "Alice" });
    bob = await createUser(t.db, { firstName: "Bob" });
    aliceCookie = await sessionCookie(t.db, alice.claims);
    bobCookie = await sessionCookie(t.db, bob.claims);
  });
  afterAll(async () => {
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_HOST", "STRIPE_API_PORT", "STRIPE_API_PROTOCOL"])
      delete process.env[key];
    await t?.stop();
    await fake?.stop();
  });

  /** What Stripe.js does in the browser. */
  const newCard = async (number: string) =>
    (await client.paymentMethods.create({ type: "card", card: { number, exp_month: 12, exp_year: 2031, cvc: "123" } })).id;
  const subscribe = (cookie: string, body: object) =>
    callRoute(createSubscriptionRoute.POST, "/api/stripe/create-subscription", { method: "POST", cookie, body });
  const deliver = (event: object, signature?: string) => {
    const payload = JSON.stringify(event);
    const header = signature ?? client.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return callRoute(webhookRoute.POST as never, "/api/stripe/webhook", {
      method: "POST",
      rawBody: payload,
      headers: { "stripe-signature": header, "content-type": "application/json" },
    });
  };

  it("a declined card creates nothing", async () => {
    const pm = await newCard("4000000000000002");
    const response = await subscribe(aliceCookie, {
      paymentMethodId: pm,
      planId: "pro",
      customerEmail: alice.email,
      customerName: "Alice",
    });
    expect(response.status).toBe(402);
    expect(response.json).toMatchObject({ success: false, error: "Your card was declined." });
    expect(fake.subscriptions.size).toBe(0);
    expect((await getEffectivePlan(t.db, alice.claims.id)).planId).toBe("free");
  });

  it("subscribes once on a double submission, with the server's price and a 7-day trial", async () => {
    const pm = await newCard("4242424242424242");
    const body = {
      paymentMethodId: pm,
      planId: "pro",
      priceId: "price_pro_test",
      customerEmail: alice.email,
      customerName: "Alice",
    };
    const [a, b] = await Promise.all([subscribe(aliceCookie, body), subscribe(aliceCookie, body)]);
    expect(a.status).toBe(200);
    expect(b.json.subscriptionId).toBe(a.json.subscriptionId);
    expect(fake.subscriptions.size).toBe(1);
    const created = fake.requests.find((r) => r.method === "POST" && r.path === "/v1/subscriptions")!;
    expect(created.body.items[0].price).toBe("price_pro_test");
    expect(created.body.trial_period_days).toBe("7");
    expect(await getEffectivePlan(t.db, alice.claims.id)).toMatchObject({ planId: "pro", state: "trialing" });
    const { transactions } = (await callRoute(transactionsRoute.GET, "/api/stripe/transactions", { cookie: aliceCookie })).json;
    expect(transactions[0].receiptUrl).toMatch(/^https:\/\/invoice\.stripe\.com\//);

    const cheap = await subscribe(aliceCookie, { ...body, priceId: "price_attacker" });
    expect(cheap.status).toBe(400);
  });

  it("lists and protects cards through Stripe", async () => {
    const customerId = (await t.db.billingCustomer.findUniqueOrThrow({ where: { userId: alice.claims.id } })).customerId;
    const mine = await callRoute(paymentMethodsRoute.GET, "/api/stripe/payment-methods", {
      cookie: aliceCookie,
      query: { customer_id: customerId },
    });
    expect(mine.json.paymentMethods).toHaveLength(1);
    expect(mine.json.paymentMethods[0].card).toMatchObject({ brand: "visa", last4: "4242" });
    const theirs = await callRoute(paymentMethodsRoute.GET, "/api/stripe/payment-methods", {
      cookie: bobCookie,
      query: { customer_id: customerId },
    });
    expect(theirs.status).toBe(404);
    const steal = await callRoute(paymentMethodsRoute.DELETE, "/api/stripe/payment-methods", {
      method: "DELETE",
      cookie: bobCookie,
      query: { payment_method_id: mine.json.paymentMethods[0].id },
    });
    expect(steal.status).toBe(404);
    // Nothing is owed, so nothing can be charged, whatever the amount.
    const charge = await callRoute(paymentIntentsRoute.POST, "/api/stripe/payment-intents", {
      method: "POST",
      cookie: aliceCookie,
      body: {
        amount: 4999,
        currency: "eur",
        customerId,
        paymentMethodId: mine.json.paymentMethods[0].id,
        description: "Unlimited month",
      },
    });
    expect(charge.status).toBe(409);
    expect(fake.paymentIntents.size).toBe(0);
  });

  it("webhooks: unsigned and badly signed deliveries are refused", async () => {
    const event = fake.event("customer.subscription.updated", { id: [...fake.subscriptions.keys()][0], customer: "x" });
    const unsigned = await callRoute(webhookRoute.POST as never, "/api/stripe/webhook", {
      method: "POST",
      rawBody: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    const forged = await deliver(
      event,
      client.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: "whsec_wrong" }),
    );
    expect(forged.status).toBe(400);
    expect(forged.json.error).toBe("Invalid webhook signature.");
  });

  it("a failed renewal moves the user to past_due; a replay is ignored; an older event cannot undo it; a paid retry restores it", async () => {
    const pm = await newCard("4000000000000341"); // attaches, charges fail
    const response = await subscribe(bobCookie, {
      paymentMethodId: pm,
      planId: "pro",
      customerEmail: bob.email,
      customerName: "Bob",
    });
    expect(response.status).toBe(200);
    const subscriptionId = response.json.subscriptionId as string;
    const stale = fake.event("customer.subscription.updated", {
      ...fake.subscriptions.get(subscriptionId),
      status: "trialing",
    });

    const failed = fake.renew(subscriptionId);
    expect(failed.status).toBe("open");
    const event = fake.event("invoice.payment_failed", failed);
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(first.json.outcome).toBe("processed");
    expect(await getEffectivePlan(t.db, bob.claims.id)).toMatchObject({ planId: "pro", state: "past_due" });
    expect(await t.db.billingTransaction.count({ where: { userId: bob.claims.id, status: "failed" } })).toBe(1);

    const replay = await deliver(event);
    expect(replay.json.outcome).toBe("duplicate");
    expect(await t.db.webhookEvent.count({ where: { id: event.id } })).toBe(1);

    // Delivered late: the handler re-reads Stripe, which says past_due.
    await deliver(stale);
    expect((await getEffectivePlan(t.db, bob.claims.id)).state).toBe("past_due");

    // The payment dialog pays the failed renewal with a working card.
    const good = await newCard("4242424242424242");
    expect(
      (
        await callRoute(paymentMethodsRoute.POST, "/api/stripe/payment-methods", {
          method: "POST",
          cookie: bobCookie,
          body: { paymentMethodId: good },
        })
      ).status,
    ).toBe(200);
    const pay = (amount: number) =>
      callRoute(paymentIntentsRoute.POST, "/api/stripe/payment-intents", {
        method: "POST",
        cookie: bobCookie,
        body: { amount, currency: "eur", paymentMethodId: good },
      });
    expect((await pay(4999)).json.error).toBe("amount must be 999 cents: the outstanding Pro renewal.");
    const paid = await pay(999);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json).toMatchObject({ status: "succeeded", clientSecret: expect.any(String) });
    expect(fake.invoices.get(failed.id)).toMatchObject({ status: "paid", amount_paid: 999 });
    expect(fake.paymentIntents.get(paid.json.paymentIntentId)).toMatchObject({ amount: 999, payment_method: good });
    expect(fake.subscriptions.get(subscriptionId)!.default_payment_method).toBe(good);
    expect(await getEffectivePlan(t.db, bob.claims.id)).toMatchObject({ planId: "pro", state: "active" });
    await deliver(fake.event("invoice.paid", fake.invoices.get(failed.id)!)); // the webhook that follows changes nothing
    expect(await t.db.billingTransaction.count({ where: { userId: bob.claims.id, status: "failed" } })).toBe(0);
    expect(await getEffectivePlan(t.db, bob.claims.id)).toMatchObject({ planId: "pro", state: "active" });
    const student = await t.db.student.findUniqueOrThrow({ where: { userId: bob.claims.id } });
    expect(student.lastPaymentDate).not.toBeNull();
    expect(student.nextBillingDate?.getTime()).toBeGreaterThan(Date.now());
  });

  it("a detached last card starts the grace period; a deleted subscription means Free", async () => {
    const customerId = (await t.db.billingCustomer.findUniqueOrThrow({ where: { userId: bob.claims.id } })).customerId;
    for (const pm of [...fake.paymentMethods.values()].filter((p) => p.customer === customerId)) {
      await client.paymentMethods.detach(pm.id);
      await deliver(fake.event("payment_method.detached", { id: pm.id, customer: null }, undefined) as never);
    }
    // Stripe names the former customer in previous_attributes.
    const detached = fake.event("payment_method.detached", { id: "pm_gone", customer: null });
    (detached.data as Record<string, unknown>).previous_attributes = { customer: customerId };
    await deliver(detached);
    expect((await t.db.student.findUniqueOrThrow({ where: { userId: bob.claims.id } })).gracePeriodEndDate).not.toBeNull();

    const sub = [...fake.subscriptions.values()].find((s) => s.customer === customerId)!;
    sub.status = "canceled";
    sub.canceled_at = Math.floor(Date.now() / 1000);
    await deliver(fake.event("customer.subscription.deleted", fake.expandSubscription(sub)));
    expect((await getEffectivePlan(t.db, bob.claims.id)).planId).toBe("free");
    expect((await t.db.student.findUniqueOrThrow({ where: { userId: bob.claims.id } })).membershipPlan).toBe("free");
  });

  it("a past-due user pays the failed renewal with a new card; deleting the account removes the Stripe customer", async () => {
    const dana = await createUser(t.db, { firstName: "Dana" });
    const cookie = await sessionCookie(t.db, dana.claims);
    const first = await subscribe(cookie, {
      paymentMethodId: await newCard("4000000000000341"),
      planId: "pro",
      customerEmail: dana.email,
      customerName: "Dana",
    });
    const failed = fake.renew(first.json.subscriptionId);
    await deliver(fake.event("invoice.payment_failed", failed));
    expect((await getEffectivePlan(t.db, dana.claims.id)).state).toBe("past_due");

    const retry = await subscribe(cookie, {
      paymentMethodId: await newCard("4242424242424242"),
      planId: "pro",
      customerEmail: dana.email,
      customerName: "Dana",
    });
    expect(retry.status).toBe(200);
    expect(retry.json.subscriptionId).toBe(first.json.subscriptionId);
    expect(fake.invoices.get(failed.id)?.status).toBe("paid");
    expect(await getEffectivePlan(t.db, dana.claims.id)).toMatchObject({ planId: "pro", state: "active" });

    const customerId = (await t.db.billingCustomer.findUniqueOrThrow({ where: { userId: dana.claims.id } })).customerId;
    await deleteBillingData(t.db, getPaymentGateway(t.db), dana.claims.id);
    expect(fake.customers.has(customerId)).toBe(false);
    expect(fake.subscriptions.get(first.json.subscriptionId)?.status).toBe("canceled");
  });

  it("downgrading to Free cancels at the period end in Stripe", async () => {
    const response = await callRoute(subscriptionsRoute.POST, "/api/stripe/subscriptions", {
      method: "POST",
      cookie: aliceCookie,
      body: { planId: "free" },
    });
    expect(response.status).toBe(200);
    expect(fake.subscriptions.get(response.json.subscriptionId)?.cancel_at_period_end).toBe(true);
    expect((await getEffectivePlan(t.db, alice.claims.id)).state).toBe("canceling");
  });

  it("previews the upgrade with Stripe's invoice preview and charges exactly that; saves a card once; a downgrade is scheduled and cancelled", async () => {
    const carol = await createUser(t.db, { firstName: "Carol" });
    const api = callerFor(t.db, carol.claims);
    // Not her first paid subscription: no trial, so the upgrade is prorated.
    await t.db.subscription.create({
      data: {
        userId: carol.claims.id,
        gatewaySubscriptionId: `sub_old_${carol.claims.id}`,
        customerId: "cus_old",
        planId: "pro",
        status: "canceled",
        currentPeriodStart: new Date(Date.now() - 60 * 86400_000),
        currentPeriodEnd: new Date(Date.now() - 30 * 86400_000),
      },
    });
    await api.billing.createSubscription({
      paymentMethodId: await newCard("4242424242424242"),
      planId: "pro",
      customerEmail: carol.email,
      customerName: "Carol",
    });
    // A second paid subscription asks Stripe for no trial.
    const second = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/subscriptions").at(-1)!;
    expect(second.body.trial_period_days).toBeUndefined();
    const again = await api.billing.addPaymentMethod({ paymentMethodId: await newCard("4242424242424242") });
    expect(again.alreadySaved).toBe(true);
    expect((await api.billing.paymentMethods({})).paymentMethods).toHaveLength(1);

    const row = await t.db.subscription.findFirstOrThrow({ where: { userId: carol.claims.id, status: "active" } });
    const item = fake.subscriptions.get(row.gatewaySubscriptionId)!.items.data[0];
    item.current_period_start -= 10 * 86400;
    item.current_period_end -= 10 * 86400;
    const preview = await api.billing.previewChange({ planId: "unlimited" });
    expect(preview.kind).toBe("upgrade");
    expect(preview.amountDueNowCents).toBeGreaterThan(2000);
    expect(fake.requests.some((request) => request.path === "/v1/invoices/create_preview")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a second passes: the proration date keeps the amount
    await api.billing.createSubscription({
      paymentMethodId: again.paymentMethod.id,
      planId: "unlimited",
      customerEmail: carol.email,
      customerName: "Carol",
      prorationDate: preview.prorationDate,
    });
    const invoice = [...fake.invoices.values()].at(-1)!;
    expect(invoice.amount_paid).toBe(preview.amountDueNowCents);

    await api.billing.downgrade({ planId: "pro" });
    expect(fake.subscriptions.get(row.gatewaySubscriptionId)!.items.data[0].price.id).toBe("price_pro_test");
    expect(await api.billing.overview()).toMatchObject({ planId: "unlimited", pendingPlanId: "pro" });
    await api.billing.cancelScheduledChange();
    expect(fake.subscriptions.get(row.gatewaySubscriptionId)!.items.data[0].price.id).toBe("price_unlimited_test");
    expect(await api.billing.overview()).toMatchObject({ planId: "unlimited", pendingPlanId: null });
  });
});
