import { addDays } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DemoGateway } from "~/server/payments";
import { runBillingJob } from "~/server/services/billing/billing-sync.service";
import { demoCard } from "../helpers/billing";
import { callerFor, createUser } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

/** Plan changes say what they charge (the preview is what is charged), downgrades wait, cards are saved once. */
describe("plan changes and cards in demo mode", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    t = await createTestDatabase();
  });
  afterAll(async () => t?.stop());

  const checkout = (
    claims: Awaited<ReturnType<typeof createUser>>["claims"],
    planId: "pro" | "unlimited",
    paymentMethodId: string,
    prorationDate?: Date | null,
  ) =>
    callerFor(t.db, claims).billing.createSubscription({
      paymentMethodId,
      planId,
      customerEmail: claims.email,
      customerName: claims.name,
      prorationDate,
    });

  /** Moves the user's demo subscription's period back by `days`, as if it had started that long ago. */
  async function agePeriod(userId: string, days: number) {
    const sub = await t.db.subscription.findFirstOrThrow({ where: { userId, status: { in: ["trialing", "active"] } } });
    const row = await t.db.demoGatewayObject.findUniqueOrThrow({ where: { id: sub.gatewaySubscriptionId } });
    const data = row.data as { currentPeriodStart: string; currentPeriodEnd: string };
    const shift = (iso: string) => addDays(new Date(iso), -days).toISOString();
    await t.db.demoGatewayObject.update({
      where: { id: row.id },
      data: {
        data: {
          ...data,
          currentPeriodStart: shift(data.currentPeriodStart),
          currentPeriodEnd: shift(data.currentPeriodEnd),
        },
      },
    });
  }

  it("during the trial: subscribing and upgrading charge 0 now, and the preview says so with the trial's end as the next charge", async () => {
    const user = await createUser(t.db);
    const api = callerFor(t.db, user.claims);
    const subscribePreview = await api.billing.previewChange({ planId: "pro" });
    expect(subscribePreview).toMatchObject({
      kind: "subscribe",
      amountDueNowCents: 0,
      nextChargeCents: 999,
      needsCard: true,
    });
    expect(subscribePreview.nextChargeAt?.getTime()).toBe(subscribePreview.trialEndsAt?.getTime());
    await checkout(user.claims, "pro", await demoCard(t.db, "4242424242424242"));

    const upgrade = await api.billing.previewChange({ planId: "unlimited" });
    const sub = await t.db.subscription.findFirstOrThrow({ where: { userId: user.claims.id } });
    expect(upgrade).toMatchObject({ kind: "upgrade", amountDueNowCents: 0, nextChargeCents: 4999 });
    expect(upgrade.nextChargeAt?.getTime()).toBe(sub.trialEnd!.getTime());
    const [card] = (await api.billing.paymentMethods({})).paymentMethods;
    await checkout(user.claims, "unlimited", card!.id, upgrade.prorationDate);
    const transactions = (await api.billing.transactions({})).transactions;
    // The upgrade charged nothing, and the billing history shows it with its €0.00, newest first.
    expect(transactions.map((tx) => [tx.description, tx.amount, tx.planId])).toEqual([
      ["Upgrade to Unlimited during the free trial (nothing charged)", 0, "unlimited"],
      ["Pro plan - 7-day free trial", 0, "pro"],
    ]);
    // Nothing was paid for the upgrade: it has no receipt, and the account's payments are still the trial's one.
    expect(transactions[0]!.receiptUrl).toBeNull();
    await expect(api.billing.receipt({ id: transactions[0]!.id })).rejects.toThrow("Receipt not found.");
    expect((await api.billing.overview()).spend.payments).toBe(1);
    expect((await api.billing.overview()).planId).toBe("unlimited");
    // Submitted twice (a double click), the upgrade is in the history once.
    await checkout(user.claims, "unlimited", card!.id, upgrade.prorationDate);
    expect((await api.billing.transactions({})).transactions).toHaveLength(2);
  });

  it("a free trial is given once per account: a paid plan cancelled and taken again starts without a trial, and the dialogs say so", async () => {
    const user = await createUser(t.db);
    const api = callerFor(t.db, user.claims);
    expect((await api.billing.overview()).trialEligible).toBe(true);
    await checkout(user.claims, "pro", await demoCard(t.db, "4242424242424242"));
    expect((await api.billing.overview()).state).toBe("trialing");
    // Cancelled during the trial: it runs to the trial's end, then the account is on Free.
    await api.billing.changeToFree({ planId: "free" });
    await agePeriod(user.claims.id, 8);
    await runBillingJob(t.db, new DemoGateway(t.db));
    let overview = await api.billing.overview();
    expect(overview).toMatchObject({ planId: "free", trialEligible: false });

    // Taken again: the preview (what the dialogs show) promises no trial and the full price now.
    const preview = await api.billing.previewChange({ planId: "unlimited" });
    expect(preview).toMatchObject({ kind: "subscribe", amountDueNowCents: 4999, trialEndsAt: null });
    const [card] = (await api.billing.paymentMethods({})).paymentMethods;
    await checkout(user.claims, "unlimited", card!.id);
    overview = await api.billing.overview();
    expect(overview).toMatchObject({ planId: "unlimited", state: "active" });
    expect(overview.subscription?.trialEnd).toBeNull();
    const transactions = (await api.billing.transactions({})).transactions;
    expect(transactions.map((tx) => [tx.description, tx.amount])).toEqual([
      ["Unlimited plan - monthly subscription", 49.99],
      ["Change to Free at the end of the billing period (nothing charged)", 0],
      ["Pro plan - 7-day free trial", 0],
    ]);
  });

  it("after the trial: the upgrade charges exactly the previewed proration, and the transaction says so", async () => {
    const user = await createUser(t.db);
    // A second paid subscription has no trial: the first one ended before.
    await t.db.subscription.create({
      data: {
        userId: user.claims.id,
        gatewaySubscriptionId: `sub_old_${user.claims.id}`,
        customerId: "cus_old",
        planId: "pro",
        status: "canceled",
        currentPeriodStart: addDays(new Date(), -60),
        currentPeriodEnd: addDays(new Date(), -30),
      },
    });
    const api = callerFor(t.db, user.claims);
    const first = await api.billing.previewChange({ planId: "pro" });
    expect(first).toMatchObject({ kind: "subscribe", amountDueNowCents: 999, trialEndsAt: null });
    await checkout(user.claims, "pro", await demoCard(t.db, "4242424242424242"));
    await agePeriod(user.claims.id, 10);

    const preview = await api.billing.previewChange({ planId: "unlimited" });
    expect(preview.kind).toBe("upgrade");
    // (49.99 - 9.99) for roughly two thirds of a month that is left.
    expect(preview.amountDueNowCents).toBeGreaterThan(2000);
    expect(preview.amountDueNowCents).toBeLessThan(3000);
    const [card] = (await api.billing.paymentMethods({})).paymentMethods;
    await new Promise((resolve) => setTimeout(resolve, 50)); // time passes between the dialog and the click
    await checkout(user.claims, "unlimited", card!.id, preview.prorationDate);
    const charged = await t.db.billingTransaction.findFirstOrThrow({
      where: { userId: user.claims.id, description: { startsWith: "Upgrade" } },
    });
    expect(charged.amountCents).toBe(preview.amountDueNowCents);
    expect(charged.description).toBe("Upgrade to Unlimited (prorated)");
  });

  it("a downgrade needs no card, charges nothing, applies at the period's end, and can be cancelled", async () => {
    const user = await createUser(t.db);
    const api = callerFor(t.db, user.claims);
    await checkout(user.claims, "unlimited", await demoCard(t.db, "4242424242424242"));
    const sub = await t.db.subscription.findFirstOrThrow({ where: { userId: user.claims.id } });

    const preview = await api.billing.previewChange({ planId: "pro" });
    expect(preview).toMatchObject({ kind: "downgrade", amountDueNowCents: 0, nextChargeCents: 999, needsCard: false });
    expect(preview.effectiveFrom.getTime()).toBe(sub.currentPeriodEnd.getTime());
    const result = await api.billing.downgrade({ planId: "pro" });
    expect(result.effectiveFrom.getTime()).toBe(sub.currentPeriodEnd.getTime());
    let overview = await api.billing.overview();
    expect(overview).toMatchObject({ planId: "unlimited", pendingPlanId: "pro" });
    await expect(api.billing.downgrade({ planId: "unlimited" })).rejects.toThrow(/Only a cheaper plan/);

    await api.billing.cancelScheduledChange();
    overview = await api.billing.overview();
    expect(overview).toMatchObject({ planId: "unlimited", pendingPlanId: null, state: "trialing" });
    // Nothing is scheduled any more: the period's end renews Unlimited.
    await agePeriod(user.claims.id, 8);
    await runBillingJob(t.db, new DemoGateway(t.db));
    expect((await api.billing.overview()).planId).toBe("unlimited");
    const renewal = await t.db.billingTransaction.findFirstOrThrow({
      where: { userId: user.claims.id, amountCents: { gt: 0 } },
    });
    expect(renewal.amountCents).toBe(4999);
    await expect(api.billing.cancelScheduledChange()).rejects.toThrow("There is no scheduled plan change to cancel.");

    // The change to Free is cancelled the same way.
    const toFree = await api.billing.previewChange({ planId: "free" });
    expect(toFree).toMatchObject({
      kind: "downgrade",
      amountDueNowCents: 0,
      nextChargeAt: null,
      nextChargeCents: null,
    });
    await api.billing.changeToFree({ planId: "free" });
    expect((await api.billing.overview()).state).toBe("canceling");
    await api.billing.cancelScheduledChange();
    expect((await api.billing.overview()).state).toBe("active");

    // Every change is in the billing history with its amount, newest first.
    const history = (await api.billing.transactions({})).transactions.map((tx) => [tx.description, tx.amount]);
    expect(history).toEqual([
      ["Scheduled change cancelled: Unlimited continues (nothing charged)", 0],
      ["Change to Free at the end of the billing period (nothing charged)", 0],
      ["Unlimited plan - monthly subscription", 49.99],
      ["Scheduled change cancelled: Unlimited continues (nothing charged)", 0],
      ["Change to Pro at the end of the billing period (nothing charged)", 0],
      ["Unlimited plan - 7-day free trial", 0],
    ]);
  });

  it("the same card is saved once (fingerprint), the default comes first and can be changed; the number is never stored", async () => {
    const user = await createUser(t.db);
    const api = callerFor(t.db, user.claims);
    const first = await api.billing.addPaymentMethod({ paymentMethodId: await demoCard(t.db, "4242424242424242") });
    const other = await api.billing.addPaymentMethod({ paymentMethodId: await demoCard(t.db, "5555555555554444") });
    const copyId = await demoCard(t.db, "4242 4242 4242 4242");
    const again = await api.billing.addPaymentMethod({ paymentMethodId: copyId });
    expect(again.alreadySaved).toBe(true);
    expect(again.paymentMethod.id).toBe(first.paymentMethod.id);
    let cards = (await api.billing.paymentMethods({})).paymentMethods;
    expect(cards.map((card) => [card.card.last4, card.isDefault])).toEqual([
      ["4242", true],
      ["4444", false],
    ]);

    await api.billing.setDefaultPaymentMethod({ payment_method_id: other.paymentMethod.id });
    cards = (await api.billing.paymentMethods({})).paymentMethods;
    expect(cards.map((card) => [card.card.last4, card.isDefault])).toEqual([
      ["4444", true],
      ["4242", false],
    ]);

    // A checkout with yet another copy of 4242 charges the saved one and stores no second copy.
    await checkout(user.claims, "pro", await demoCard(t.db, "4242424242424242"));
    cards = (await api.billing.paymentMethods({})).paymentMethods;
    expect(cards).toHaveLength(2);
    expect(cards[0]).toMatchObject({ id: first.paymentMethod.id, isDefault: true });
    const sub = await t.db.subscription.findFirstOrThrow({ where: { userId: user.claims.id } });
    expect(sub.defaultPaymentMethodId).toBe(first.paymentMethod.id);

    const stored = await t.db.demoGatewayObject.findMany({ where: { kind: "payment_method" } });
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(JSON.stringify(row.data)).not.toMatch(/4242424242424242|5555555555554444/);

    // Another user's card is not theirs to make default.
    const bob = await createUser(t.db);
    await expect(
      callerFor(t.db, bob.claims).billing.setDefaultPaymentMethod({ payment_method_id: first.paymentMethod.id }),
    ).rejects.toThrow("Payment method not found.");
  });

  it("removing the default card makes the next one the default", async () => {
    const user = await createUser(t.db);
    const api = callerFor(t.db, user.claims);
    await api.billing.addPaymentMethod({ paymentMethodId: await demoCard(t.db, "5555555555554444") });
    const visa = await api.billing.addPaymentMethod({ paymentMethodId: await demoCard(t.db, "4242424242424242") });
    await api.billing.removePaymentMethod({ payment_method_id: visa.paymentMethod.id });
    const cards = (await api.billing.paymentMethods({})).paymentMethods;
    expect(cards.map((card) => [card.card.last4, card.isDefault])).toEqual([["4444", true]]);
  });
});
