/**
 * Billing when things break, through the real Stripe SDK against the Stripe fake: Stripe unreachable
 * (a clear 503, no local billing state changed), and a checkout whose process stopped after Stripe
 * took it (the repair job that the next start runs finishes it from Stripe's state).
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXT_PUBLIC_STRIPE_PRICE_ID_PRO = "price_pro_test";
  process.env.NEXT_PUBLIC_STRIPE_PRICE_ID_UNLIMITED = "price_unlimited_test";
});

import Stripe from "stripe";
import * as createSubscriptionRoute from "~/app/api/stripe/create-subscription/route";
import * as customersRoute from "~/app/api/stripe/customers/route";
import * as paymentMethodsRoute from "~/app/api/stripe/payment-methods/route";
import * as subscriptionsRoute from "~/app/api/stripe/subscriptions/route";
import { startJobs } from "~/server/background";
import { StripeGateway } from "~/server/payments";
import { CHECKOUT_REPAIR_JOB } from "~/server/services/billing/billing-sync.service";
import { getEffectivePlan } from "~/server/services/entitlements.service";
import { StripeFake } from "./../fakes/stripe-server";
import { callRoute } from "../helpers/rest";
import { createUser, sessionCookie } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const STRIPE_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_API_HOST", "STRIPE_API_PORT", "STRIPE_API_PROTOCOL", "JOB_POLL_INTERVAL_MS"];
let t: TestDatabase;
let fake: StripeFake;
let client: Stripe;
let stripePort: number;

beforeAll(async () => {
  fake = new StripeFake({ price_pro_test: 999, price_unlimited_test: 4999 });
  const { host, port } = await fake.start();
  stripePort = port;
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_API_HOST: host,
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: "http",
    JOB_POLL_INTERVAL_MS: "200",
  });
  client = new Stripe("sk_test_client", { host, port, protocol: "http" });
  t = await createTestDatabase();
});
afterAll(async () => {
  for (const key of STRIPE_KEYS) delete process.env[key];
  await t?.stop();
  await fake?.stop();
});

const newCard = async (number = "4242424242424242") =>
  (await client.paymentMethods.create({ type: "card", card: { number, exp_month: 12, exp_year: 2031, cvc: "123" } })).id;

async function signedIn(firstName: string) {
  const user = await createUser(t.db, { firstName });
  return { ...user, cookie: await sessionCookie(t.db, user.claims) };
}

const subscribe = (cookie: string, body: object) =>
  callRoute(createSubscriptionRoute.POST, "/api/stripe/create-subscription", { method: "POST", cookie, body });

/** Every local row billing writes, for one user. */
async function billingState(userId: string) {
  const [customer, subscriptions, transactions, student] = await Promise.all([
    t.db.billingCustomer.findUnique({ where: { userId } }),
    t.db.subscription.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    t.db.billingTransaction.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    t.db.student.findUnique({
      where: { userId },
      select: {
        membershipPlan: true,
        stripeCustomerId: true,
        billingEmail: true,
        nextBillingDate: true,
        lastPaymentDate: true,
        gracePeriodEndDate: true,
      },
    }),
  ]);
  return { customer, subscriptions, transactions, student };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("Stripe unreachable", () => {
  it("answers a clear 503 to every billing change and changes no local billing state", {
    timeout: 120_000,
  }, async () => {
    const subscribed = await signedIn("Alice");
    const card = await newCard();
    expect(
      (
        await subscribe(subscribed.cookie, {
          paymentMethodId: card,
          planId: "pro",
          customerEmail: subscribed.email,
          customerName: "Alice",
        })
      ).status,
    ).toBe(200);
    const newcomer = await signedIn("Bob");
    const before = {
      subscribed: await billingState(subscribed.claims.id),
      newcomer: await billingState(newcomer.claims.id),
    };
    const spareCard = await newCard("5555555555554444");

    process.env.STRIPE_API_PORT = String(await closedPort());
    try {
      const calls = [
        subscribe(newcomer.cookie, {
          paymentMethodId: spareCard,
          planId: "pro",
          customerEmail: newcomer.email,
          customerName: "Bob",
        }),
        subscribe(subscribed.cookie, {
          paymentMethodId: spareCard,
          planId: "unlimited",
          customerEmail: subscribed.email,
          customerName: "Alice",
        }),
        callRoute(customersRoute.POST, "/api/stripe/customers", {
          method: "POST",
          cookie: newcomer.cookie,
          body: { email: newcomer.email, name: "Bob" },
        }),
        callRoute(paymentMethodsRoute.POST, "/api/stripe/payment-methods", {
          method: "POST",
          cookie: subscribed.cookie,
          body: { paymentMethodId: spareCard },
        }),
        callRoute(paymentMethodsRoute.GET, "/api/stripe/payment-methods", { cookie: subscribed.cookie }),
        callRoute(subscriptionsRoute.POST, "/api/stripe/subscriptions", {
          method: "POST",
          cookie: subscribed.cookie,
          body: { planId: "free" },
        }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status, response.text).toBe(503);
        expect(response.json).toEqual({
          success: false,
          error: "The payment service cannot be reached right now. Please try again in a few minutes.",
        });
        expect(response.headers.get("retry-after")).toBe("60");
      }
    } finally {
      process.env.STRIPE_API_PORT = String(stripePort);
    }
    expect({
      subscribed: await billingState(subscribed.claims.id),
      newcomer: await billingState(newcomer.claims.id),
    }).toEqual(before);
    expect(await getEffectivePlan(t.db, subscribed.claims.id)).toMatchObject({ planId: "pro" });
  });
});

describe("the process stopped during a checkout", () => {
  it("Stripe took the subscription but no local row was written: the repair job the next start runs finishes it", {
    timeout: 120_000,
  }, async () => {
    const user = await signedIn("Carol");
    // The process "dies" right after Stripe answered: the answer never reaches our rows.
    const original = StripeGateway.prototype.createSubscription;
    const spy = vi.spyOn(StripeGateway.prototype, "createSubscription").mockImplementationOnce(async function (this: StripeGateway, input) {
      await original.call(this, input);
      throw new Error("the process was killed");
    });
    const response = await subscribe(user.cookie, {
      paymentMethodId: await newCard(),
      planId: "pro",
      customerEmail: user.email,
      customerName: "Carol",
    });
    spy.mockRestore();
    expect(response.status).toBe(500);
    const customerId = (await t.db.billingCustomer.findUniqueOrThrow({ where: { userId: user.claims.id } })).customerId;
    const atStripe = [...fake.subscriptions.values()].filter((sub) => sub.customer === customerId);
    expect(atStripe).toHaveLength(1);
    expect(await t.db.subscription.count({ where: { userId: user.claims.id } })).toBe(0);
    expect((await getEffectivePlan(t.db, user.claims.id)).planId).toBe("free");

    // The repair was queued before Stripe was called, due once the checkout could have finished.
    const job = await t.db.job.findFirstOrThrow({
      where: { kind: CHECKOUT_REPAIR_JOB, status: "queued", payload: { path: ["customerId"], equals: customerId } },
    });
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    // Two minutes pass; the app starts again and its job runner runs what is due.
    await t.db.job.update({ where: { id: job.id }, data: { runAt: new Date(Date.now() - 1000) } });
    const stopJobs = startJobs(t.db);
    try {
      await expect
        .poll(async () => (await t.db.job.findUniqueOrThrow({ where: { id: job.id } })).status, {
          timeout: 20_000,
          interval: 200,
        })
        .toBe("done");
    } finally {
      await stopJobs();
    }
    const [row] = await t.db.subscription.findMany({ where: { userId: user.claims.id } });
    expect(row).toMatchObject({
      gatewaySubscriptionId: atStripe[0]!.id,
      planId: "pro",
      status: "trialing",
      customerId,
    });
    expect(await getEffectivePlan(t.db, user.claims.id)).toMatchObject({ planId: "pro", state: "trialing" });
    expect((await t.db.student.findUniqueOrThrow({ where: { userId: user.claims.id } })).membershipPlan).toBe("pro");

    // Submitting the checkout again finds the repaired subscription: no second one at Stripe.
    const again = await subscribe(user.cookie, {
      paymentMethodId: await newCard(),
      planId: "pro",
      customerEmail: user.email,
      customerName: "Carol",
    });
    expect(again.status).toBe(200);
    expect(again.json.subscriptionId).toBe(atStripe[0]!.id);
    expect([...fake.subscriptions.values()].filter((sub) => sub.customer === customerId)).toHaveLength(1);
  });

  it("a checkout that completes withdraws its repair job", async () => {
    const user = await signedIn("Dana");
    expect(
      (
        await subscribe(user.cookie, {
          paymentMethodId: await newCard(),
          planId: "pro",
          customerEmail: user.email,
          customerName: "Dana",
        })
      ).status,
    ).toBe(200);
    expect(await t.db.job.count({ where: { kind: CHECKOUT_REPAIR_JOB, status: "queued" } })).toBe(0);
  });
});
