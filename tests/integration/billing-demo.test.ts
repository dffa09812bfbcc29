import { addDays } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as addressRoute from "~/app/api/billing-addresses/[id]/route";
import * as addressesRoute from "~/app/api/billing-addresses/route";
import * as createSubscriptionRoute from "~/app/api/stripe/create-subscription/route";
import * as customersRoute from "~/app/api/stripe/customers/route";
import * as paymentIntentsRoute from "~/app/api/stripe/payment-intents/route";
import * as paymentMethodsRoute from "~/app/api/stripe/payment-methods/route";
import * as subscriptionsRoute from "~/app/api/stripe/subscriptions/route";
import * as transactionsRoute from "~/app/api/stripe/transactions/route";
import { DemoGateway } from "~/server/payments";
import { runBillingJob } from "~/server/services/billing/billing-sync.service";
import { getEffectivePlan, monthlyTokenAllowance } from "~/server/services/entitlements.service";
import { demoCard, failRenewal } from "../helpers/billing";
import { callRoute } from "../helpers/rest";
import { callerFor, createUser, sessionCookie } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const ADDRESS = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  country: "DE",
  addressLine1: "Unter den Linden 1",
  city: "Berlin",
  postalCode: "10117",
};

describe("billing in demo mode, through the REST routes", () => {
  let t: TestDatabase;
  let alice: Awaited<ReturnType<typeof createUser>>;
  let bob: Awaited<ReturnType<typeof createUser>>;
  let aliceCookie: string;
  let bobCookie: string;

  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    t = await createTestDatabase();
    alice = await createUser(t.db, { firstName: "Alice" });
    bob = await createUser(t.db, { firstName: "Bob" });
    aliceCookie = await sessionCookie(t.db, alice.claims);
    bobCookie = await sessionCookie(t.db, bob.claims);
  });
  afterAll(async () => t?.stop());

  const card = async (claims: typeof alice.claims, number: string) =>
    (
      await callerFor(t.db, claims).billing.createDemoPaymentMethod({
        number,
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: "123",
      })
    ).paymentMethodId;
  const subscribe = (cookie: string, body: object) =>
    callRoute(createSubscriptionRoute.POST, "/api/stripe/create-subscription", { method: "POST", cookie, body });

  it("refuses anonymous callers with 401", async () => {
    const response = await callRoute(paymentMethodsRoute.GET, "/api/stripe/payment-methods");
    expect(response.status).toBe(401);
    expect(response.json.success).toBe(false);
  });

  it("creates one customer per user and hides it from others", async () => {
    const first = await callRoute(customersRoute.POST, "/api/stripe/customers", {
      method: "POST",
      cookie: aliceCookie,
      body: { email: alice.email, name: "Alice Test" },
    });
    expect(first.status).toBe(200);
    expect(first.json.customer.id).toMatch(/^cus_demo_/);
    const again = await callRoute(customersRoute.POST, "/api/stripe/customers", {
      method: "POST",
      cookie: aliceCookie,
      body: { email: alice.email, name: "Alice Test" },
    });
    expect(again.json.customer.id).toBe(first.json.customer.id);
    const student = await t.db.student.findUnique({ where: { userId: alice.claims.id } });
    expect(student?.stripeCustomerId).toBe(first.json.customer.id);

    const bobReads = await callRoute(paymentMethodsRoute.GET, "/api/stripe/payment-methods", {
      cookie: bobCookie,
      query: { customer_id: first.json.customer.id },
    });
    expect(bobReads.status).toBe(404);
    const bobTransactions = await callRoute(transactionsRoute.GET, "/api/stripe/transactions", {
      cookie: bobCookie,
      query: { customer_id: first.json.customer.id },
    });
    expect(bobTransactions.status).toBe(404);
  });

  it("rejects bad input with clear messages", async () => {
    const bad = await subscribe(aliceCookie, { planId: "gold", customerEmail: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/paymentMethodId is required|planId/);
    const wrongPrice = await subscribe(aliceCookie, {
      paymentMethodId: "pm_x",
      planId: "pro",
      priceId: "price_cheap",
      customerEmail: alice.email,
      customerName: "Alice",
    });
    expect(wrongPrice.status).toBe(400);
    expect(wrongPrice.json.error).toBe("priceId is not the price of the Pro plan.");
    const malformed = await callRoute(createSubscriptionRoute.POST, "/api/stripe/create-subscription", {
      method: "POST",
      cookie: aliceCookie,
      rawBody: "{",
    });
    expect(malformed.status).toBe(400);
  });

  it("a declined card changes nothing", async () => {
    const declined = await card(alice.claims, "4000 0000 0000 0002");
    const response = await subscribe(aliceCookie, {
      paymentMethodId: declined,
      planId: "pro",
      customerEmail: alice.email,
      customerName: "Alice Test",
    });
    expect(response.status).toBe(402);
    expect(response.json).toMatchObject({ success: false, error: "Your card was declined." });
    expect((await getEffectivePlan(t.db, alice.claims.id)).planId).toBe("free");
    expect(await t.db.subscription.count({ where: { userId: alice.claims.id } })).toBe(0);
  });

  it("refuses card numbers that are not Stripe test cards", async () => {
    await expect(card(alice.claims, "4111 1111 1111 1112")).rejects.toThrow(/test cards/);
  });

  it("subscribes to Pro once even when the request is sent twice at once", async () => {
    const pm = await card(alice.claims, "4242 4242 4242 4242");
    const body = {
      paymentMethodId: pm,
      planId: "pro",
      priceId: "price_demo_pro",
      customerEmail: alice.email,
      customerName: "Alice Test",
      country: "DE",
      postalCode: "10117",
    };
    const [a, b] = await Promise.all([subscribe(aliceCookie, body), subscribe(aliceCookie, body)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.json.success).toBe(true);
    expect(a.json.subscriptionId).toBe(b.json.subscriptionId);
    expect(await t.db.subscription.count({ where: { userId: alice.claims.id } })).toBe(1);
    const plan = await getEffectivePlan(t.db, alice.claims.id);
    expect(plan.planId).toBe("pro");
    expect(plan.state).toBe("trialing"); // the first paid subscription starts with 7 free days
    expect(await monthlyTokenAllowance(t.db, alice.claims.id)).toBe(500_000);
    expect(await monthlyTokenAllowance(t.db, bob.claims.id)).toBe(30_000);

    const transactions = await callRoute(transactionsRoute.GET, "/api/stripe/transactions", { cookie: aliceCookie });
    expect(transactions.json.transactions).toHaveLength(1);
    expect(transactions.json.transactions[0]).toMatchObject({
      description: "Pro plan - 7-day free trial",
      amount: 0,
      refunded: false,
    });
    expect(transactions.json.transactions[0].receiptUrl).toMatch(/^\/billing\/receipts\//);
    const bobSees = await callRoute(transactionsRoute.GET, "/api/stripe/transactions", { cookie: bobCookie });
    expect(bobSees.json.transactions).toEqual([]);
  });

  it("upgrades to Unlimited at once and charges through the plan table", async () => {
    const pm = (await callerFor(t.db, alice.claims).billing.paymentMethods({})).paymentMethods[0]!.id;
    const response = await subscribe(aliceCookie, {
      paymentMethodId: pm,
      planId: "unlimited",
      customerEmail: alice.email,
      customerName: "Alice Test",
    });
    expect(response.status).toBe(200);
    expect((await getEffectivePlan(t.db, alice.claims.id)).planId).toBe("unlimited");
    expect(await monthlyTokenAllowance(t.db, alice.claims.id)).toBeNull();
  });

  it("payment intents pay only what a failed renewal owes, with the user's own card, once", async () => {
    const customerId = (await t.db.billingCustomer.findUnique({ where: { userId: alice.claims.id } }))!.customerId;
    const pay = (cookie: string, body: object) =>
      callRoute(paymentIntentsRoute.POST, "/api/stripe/payment-intents", {
        method: "POST",
        cookie,
        body: { currency: "eur", ...body },
      });
    const pm = (await callerFor(t.db, alice.claims).billing.paymentMethods({})).paymentMethods[0]!.id;
    const nothingDue = await pay(aliceCookie, { amount: 4999, customerId, paymentMethodId: pm });
    expect(nothingDue.status).toBe(409);
    expect(nothingDue.json.error).toBe("There is no outstanding payment on your account.");

    await failRenewal(t.db, alice.claims);
    const overview = await callerFor(t.db, alice.claims).billing.overview();
    expect(overview).toMatchObject({ state: "past_due", amountDue: { amountCents: 4999, amount: 49.99 } });
    const wrongAmount = await pay(aliceCookie, { amount: 999, customerId, paymentMethodId: pm });
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.json.error).toBe("amount must be 4999 cents: the outstanding Unlimited renewal.");
    const othersCustomer = await pay(bobCookie, { amount: 4999, customerId, paymentMethodId: pm });
    expect(othersCustomer.status).toBe(404);
    await callerFor(t.db, bob.claims).billing.createCustomer({ email: bob.email, name: "Bob" });
    const bobsCard = await demoCard(t.db, "5555555555554444");
    await callerFor(t.db, bob.claims).billing.addPaymentMethod({ paymentMethodId: bobsCard });
    const withOthersCard = await pay(aliceCookie, { amount: 4999, paymentMethodId: bobsCard });
    expect(withOthersCard.status).toBe(404);
    const failing = (await callerFor(t.db, alice.claims).billing.paymentMethods({})).paymentMethods.find(
      (card) => card.card.last4 === "0341",
    )!.id;
    const declined = await pay(aliceCookie, { amount: 4999, paymentMethodId: failing });
    expect(declined.status).toBe(402);
    expect(declined.json.error).toBe("Your card was declined.");
    expect((await getEffectivePlan(t.db, alice.claims.id)).state).toBe("past_due");

    // A double click: one payment, the second finds nothing owed.
    const [first, second] = await Promise.all([
      pay(aliceCookie, { amount: 4999, paymentMethodId: pm }),
      pay(aliceCookie, { amount: 4999, paymentMethodId: pm }),
    ]);
    const ok = first.status === 200 ? first : second;
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(ok.json).toMatchObject({
      paymentIntentId: expect.stringMatching(/^pi_demo_/),
      clientSecret: expect.any(String),
      status: "succeeded",
      error: null,
    });
    const plan = await getEffectivePlan(t.db, alice.claims.id);
    expect(plan).toMatchObject({ planId: "unlimited", state: "active" });
    expect(plan.subscription!.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now() + 25 * 86_400_000);
    const renewal = await t.db.billingTransaction.findFirstOrThrow({
      where: { userId: alice.claims.id, paymentIntentId: ok.json.paymentIntentId },
    });
    expect(renewal).toMatchObject({
      status: "succeeded",
      amountCents: 4999,
      receiptUrl: `/billing/receipts/${renewal.id}`,
    });
    expect(await t.db.billingTransaction.count({ where: { userId: alice.claims.id, status: "failed" } })).toBe(0);
    expect((await callerFor(t.db, alice.claims).billing.overview()).amountDue).toBeNull();
  });

  it("removing the last card starts a 7-day grace period, adding one clears it, and its end means Free", async () => {
    const cards = (await callerFor(t.db, alice.claims).billing.paymentMethods({})).paymentMethods;
    for (const [index, existing] of cards.entries()) {
      const removed = await callRoute(paymentMethodsRoute.DELETE, "/api/stripe/payment-methods", {
        method: "DELETE",
        cookie: aliceCookie,
        query: { payment_method_id: existing.id },
      });
      expect(removed.status).toBe(200);
      if (index === cards.length - 1) {
        const graceEnd = new Date(removed.json.gracePeriodEndDate);
        expect(Math.round((graceEnd.getTime() - Date.now()) / 86_400_000)).toBe(7);
      }
    }
    const pm = await card(alice.claims, "5555 5555 5555 4444");
    const added = await callRoute(paymentMethodsRoute.POST, "/api/stripe/payment-methods", {
      method: "POST",
      cookie: aliceCookie,
      body: { paymentMethodId: pm },
    });
    expect(added.json.success).toBe(true);
    expect((await t.db.student.findUnique({ where: { userId: alice.claims.id } }))?.gracePeriodEndDate).toBeNull();

    await callRoute(paymentMethodsRoute.DELETE, "/api/stripe/payment-methods", {
      method: "DELETE",
      cookie: aliceCookie,
      query: { payment_method_id: pm },
    });
    const mailsTo = (kind: string) => t.db.mailMessage.count({ where: { userId: alice.claims.id, kind } });
    expect(await mailsTo("grace-period-started")).toBe(2); // each grace period is announced
    // Two days before the end, a reminder, once.
    await t.db.student.update({
      where: { userId: alice.claims.id },
      data: { gracePeriodEndDate: addDays(new Date(), 1.5) },
    });
    await runBillingJob(t.db, new DemoGateway(t.db));
    await runBillingJob(t.db, new DemoGateway(t.db));
    expect(await mailsTo("grace-period-ending")).toBe(1);
    await t.db.student.update({
      where: { userId: alice.claims.id },
      data: { gracePeriodEndDate: addDays(new Date(), -1) },
    });
    expect((await getEffectivePlan(t.db, alice.claims.id)).planId).toBe("free"); // at read time, before the job
    const result = await runBillingJob(t.db, new DemoGateway(t.db));
    expect(result).toMatchObject({ cancelled: 1 });
    const student = await t.db.student.findUnique({ where: { userId: alice.claims.id } });
    expect(student?.membershipPlan).toBe("free");
    expect(student?.gracePeriodEndDate).toBeNull();
    expect(await t.db.subscription.count({ where: { userId: alice.claims.id, status: "canceled" } })).toBe(1);
    const downgraded = await t.db.mailMessage.findFirstOrThrow({
      where: { userId: alice.claims.id, kind: "plan-downgraded" },
    });
    expect(downgraded.text).toContain("Free");
  });

  it("a second paid subscription has no trial and is charged; Free waits for the period end", async () => {
    const pm = await card(alice.claims, "4242424242424242");
    const response = await subscribe(aliceCookie, {
      paymentMethodId: pm,
      planId: "pro",
      customerEmail: alice.email,
      customerName: "Alice Test",
    });
    expect(response.status).toBe(200);
    const plan = await getEffectivePlan(t.db, alice.claims.id);
    expect(plan.state).toBe("active");
    const { transactions } = (await callRoute(transactionsRoute.GET, "/api/stripe/transactions", { cookie: aliceCookie })).json;
    expect(transactions[0]).toMatchObject({ amount: 9.99, description: "Pro plan - monthly subscription" });

    const free = await callRoute(subscriptionsRoute.POST, "/api/stripe/subscriptions", {
      method: "POST",
      cookie: aliceCookie,
      body: { planId: "free" },
    });
    expect(free.status).toBe(200);
    expect(free.json.subscriptionId).toBe(response.json.subscriptionId);
    const after = await getEffectivePlan(t.db, alice.claims.id);
    expect(after).toMatchObject({ planId: "pro", state: "canceling" });
    expect(after.endsAt?.getTime()).toBeGreaterThan(Date.now() + 25 * 86_400_000);
    const paid = await callRoute(subscriptionsRoute.POST, "/api/stripe/subscriptions", {
      method: "POST",
      cookie: aliceCookie,
      body: { planId: "pro" },
    });
    expect(paid.status).toBe(400);
    const bobFree = await callRoute(subscriptionsRoute.POST, "/api/stripe/subscriptions", {
      method: "POST",
      cookie: bobCookie,
      body: { planId: "free" },
    });
    expect(bobFree.status).toBe(409);
    expect(bobFree.json.error).toBe("You're already on this plan");
  });

  it("a failed renewal moves to past_due, then Free", async () => {
    const carol = await createUser(t.db, { firstName: "Carol" });
    const caller = callerFor(t.db, carol.claims);
    const pm = await card(carol.claims, "4000000000000341"); // attaches, later charges fail
    await caller.billing.createSubscription({
      paymentMethodId: pm,
      planId: "pro",
      customerEmail: carol.email,
      customerName: "Carol",
    });
    const sub = await t.db.subscription.findFirstOrThrow({ where: { userId: carol.claims.id } });
    const ended = addDays(new Date(), -1);
    const row = await t.db.demoGatewayObject.findUniqueOrThrow({ where: { id: sub.gatewaySubscriptionId } });
    await t.db.demoGatewayObject.update({
      where: { id: row.id },
      data: { data: { ...(row.data as object), currentPeriodEnd: ended.toISOString() } },
    });
    await runBillingJob(t.db, new DemoGateway(t.db));
    const plan = await getEffectivePlan(t.db, carol.claims.id);
    expect(plan).toMatchObject({ planId: "pro", state: "past_due" });
    const failed = await t.db.billingTransaction.findFirst({ where: { userId: carol.claims.id, status: "failed" } });
    expect(failed?.amountCents).toBe(999);
    expect(await t.db.mailMessage.count({ where: { userId: carol.claims.id, kind: "renewal-failed" } })).toBe(1);
    expect((await getEffectivePlan(t.db, carol.claims.id, addDays(new Date(), 7))).planId).toBe("free");

    // Paying with a working card settles it: a new period, active again.
    const good = await card(carol.claims, "4242424242424242");
    await caller.billing.createSubscription({
      paymentMethodId: good,
      planId: "pro",
      customerEmail: carol.email,
      customerName: "Carol",
    });
    expect(await getEffectivePlan(t.db, carol.claims.id)).toMatchObject({ planId: "pro", state: "active" });
    expect(
      await t.db.billingTransaction.count({
        where: { userId: carol.claims.id, status: "succeeded", amountCents: 999 },
      }),
    ).toBe(1);
    const receipt = await t.db.mailMessage.findFirstOrThrow({
      where: { userId: carol.claims.id, kind: "payment-receipt" },
    });
    expect(receipt.text).toMatch(/€9\.99/);
    expect(receipt.text).toMatch(/http:\/\/localhost:\d+\/billing\/receipts\//);
  });

  it("billing addresses: create, default, delete, and nobody else's", async () => {
    const missing = await callRoute(addressesRoute.POST, "/api/billing-addresses", {
      method: "POST",
      cookie: aliceCookie,
      body: { name: "A" },
    });
    expect(missing.status).toBe(400);
    const first = await callRoute(addressesRoute.POST, "/api/billing-addresses", {
      method: "POST",
      cookie: aliceCookie,
      body: ADDRESS,
    });
    expect(first.status).toBe(201);
    expect(first.json.address).toMatchObject({ ...ADDRESS, isDefault: true });
    const second = await callRoute(addressesRoute.POST, "/api/billing-addresses", {
      method: "POST",
      cookie: aliceCookie,
      body: { ...ADDRESS, city: "Hamburg", postalCode: "20095" },
    });
    expect(second.json.address.isDefault).toBe(false);
    const setDefault = await callRoute(addressRoute.PATCH, `/api/billing-addresses/${second.json.address.id}`, {
      method: "PATCH",
      cookie: aliceCookie,
      params: { id: second.json.address.id },
    });
    expect(setDefault.status).toBe(200);
    const list = await callRoute(addressesRoute.GET, "/api/billing-addresses", { cookie: aliceCookie });
    expect(list.json.addresses.map((a: { city: string; isDefault: boolean }) => [a.city, a.isDefault])).toEqual([
      ["Hamburg", true],
      ["Berlin", false],
    ]);

    const bobDeletes = await callRoute(addressRoute.DELETE, `/api/billing-addresses/${first.json.address.id}`, {
      method: "DELETE",
      cookie: bobCookie,
      params: { id: first.json.address.id },
    });
    expect(bobDeletes.status).toBe(404);
    const bobDefaults = await callRoute(addressRoute.PATCH, `/api/billing-addresses/${first.json.address.id}`, {
      method: "PATCH",
      cookie: bobCookie,
      params: { id: first.json.address.id },
    });
    expect(bobDefaults.status).toBe(404);
    expect((await callRoute(addressesRoute.GET, "/api/billing-addresses", { cookie: bobCookie })).json.addresses).toEqual([]);

    const deleted = await callRoute(addressRoute.DELETE, `/api/billing-addresses/${second.json.address.id}`, {
      method: "DELETE",
      cookie: aliceCookie,
      params: { id: second.json.address.id },
    });
    expect(deleted.status).toBe(200);
    const remaining = (await callRoute(addressesRoute.GET, "/api/billing-addresses", { cookie: aliceCookie })).json.addresses;
    expect(remaining).toHaveLength(1);
    expect(remaining[0].isDefault).toBe(true);
  });

  it("receipts open only for their owner", async () => {
    const tx = await t.db.billingTransaction.findFirstOrThrow({
      where: { userId: alice.claims.id, status: "succeeded" },
    });
    const receipt = await callerFor(t.db, alice.claims).billing.receipt({ id: tx.id });
    expect(receipt.transaction.id).toBe(tx.id);
    await expect(callerFor(t.db, bob.claims).billing.receipt({ id: tx.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
