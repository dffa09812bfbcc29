import { addDays } from "date-fns";
import { describe, expect, it } from "vitest";
import { chargeNowText, defaultChoice, effectText, nextChargeText } from "~/components/billing/plan-change-text";
import type { Subscription } from "~/generated/prisma/client";
import { userFormat } from "~/lib/locale";
import { getPlan, PLANS, planForPriceId, planPriceCents, planRank } from "~/lib/plans";
import { computeEffectivePlan } from "~/server/services/entitlements.service";

const now = new Date("2026-11-21T12:00:00Z");
function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: "s1",
    userId: "u1",
    gatewaySubscriptionId: "sub_1",
    customerId: "cus_1",
    planId: "pro",
    status: "active",
    currentPeriodStart: addDays(now, -10),
    currentPeriodEnd: addDays(now, 20),
    trialEnd: null,
    cancelAtPeriodEnd: false,
    pendingPlanId: null,
    pendingFrom: null,
    defaultPaymentMethodId: null,
    canceledAt: null,
    createdAt: addDays(now, -10),
    updatedAt: addDays(now, -10),
    ...overrides,
  };
}

describe("the plan table", () => {
  it("has the prices, tokens and limits of spec section 9", () => {
    expect(Object.values(PLANS).map((p) => [p.id, p.price, p.tokensPerMonth, p.maxServices, p.maxApplications, p.priority])).toEqual([
      ["free", 0, 30_000, 1, 1, "standard"],
      ["pro", 9.99, 500_000, 5, 3, "high"],
      ["unlimited", 49.99, null, -1, -1, "urgent"],
    ]);
    expect(PLANS.pro.popular).toBe(true);
    expect(planPriceCents("unlimited")).toBe(4999);
    expect(planRank("free")).toBeLessThan(planRank("pro"));
    expect(planRank("pro")).toBeLessThan(planRank("unlimited"));
    expect(getPlan("unlimited").features.map((feature) => feature.label)).toContain("1-on-1 coaching");
    expect(getPlan("pro").features.map((feature) => feature.label)).not.toContain("1-on-1 coaching");
    expect(planForPriceId(PLANS.pro.stripePriceId!)?.id).toBe("pro");
    expect(planForPriceId("price_unknown")).toBeNull();
  });

  it("chooses the default plan and says when a change applies", () => {
    expect(defaultChoice("free")).toBe("pro");
    expect(defaultChoice("pro")).toBe("unlimited");
    expect(defaultChoice("unlimited")).toBe("unlimited");
    const { date } = userFormat({ language: "en-GB", timeZone: "Europe/Berlin" });
    const trialEnd = new Date("2026-03-08T12:00:00Z");
    const upgrade = {
      planId: "unlimited" as const,
      fromPlanId: "pro" as const,
      kind: "upgrade" as const,
      amountDueNowCents: 0,
      effectiveFrom: now,
      nextChargeAt: trialEnd,
      nextChargeCents: 4999,
      trialEndsAt: trialEnd,
    };
    expect(chargeNowText(upgrade, date)).toBe("Charged now: €0.00 (free trial until 8 Mar 2026).");
    expect(nextChargeText(upgrade, date)).toBe("Next charge: €49.99 on 8 Mar 2026, then monthly.");
    expect(effectText(upgrade, date)).toBe("Unlimited starts now.");
    expect(chargeNowText({ ...upgrade, amountDueNowCents: 2000, trialEndsAt: null }, date)).toBe(
      "Charged now: €20.00 (the difference for the rest of this billing period).",
    );
    const downgrade = {
      ...upgrade,
      planId: "free" as const,
      fromPlanId: "unlimited" as const,
      kind: "downgrade" as const,
      effectiveFrom: trialEnd,
      nextChargeAt: null,
      nextChargeCents: null,
    };
    expect(effectText(downgrade, date)).toBe(
      "Your plan changes to Free on 8 Mar 2026; until then you keep Unlimited. Unused tokens are lost.",
    );
    expect(nextChargeText(downgrade, date)).toBe("No further charges.");
  });

  it("writes the dates of plan changes in the user's language and time zone", () => {
    const lateEvening = new Date("2026-03-08T23:30:00Z");
    const preview = {
      planId: "unlimited" as const,
      fromPlanId: "pro" as const,
      kind: "upgrade" as const,
      amountDueNowCents: 0,
      effectiveFrom: now,
      nextChargeAt: lateEvening,
      nextChargeCents: 4999,
      trialEndsAt: lateEvening,
    };
    expect(nextChargeText(preview, userFormat({ language: "en-GB", timeZone: "Europe/Berlin" }).date)).toBe(
      "Next charge: €49.99 on 9 Mar 2026, then monthly.",
    );
    expect(nextChargeText(preview, userFormat({ language: "en-US", timeZone: "America/New_York" }).date)).toBe(
      "Next charge: €49.99 on Mar 8, 2026, then monthly.",
    );
  });
});

describe("the effective plan, computed at read time", () => {
  it("is Free without a subscription", () => {
    expect(computeEffectivePlan(null, null, now).planId).toBe("free");
  });
  it("keeps a cancelled plan until the period ends", () => {
    const sub = subscription({ cancelAtPeriodEnd: true });
    expect(computeEffectivePlan(sub, null, now)).toMatchObject({ planId: "pro", state: "canceling" });
    expect(computeEffectivePlan(sub, null, addDays(now, 21)).planId).toBe("free");
  });
  it("applies a scheduled downgrade at its date", () => {
    const sub = subscription({ planId: "unlimited", pendingPlanId: "pro", pendingFrom: addDays(now, 20) });
    expect(computeEffectivePlan(sub, null, now)).toMatchObject({ planId: "unlimited", pendingPlanId: "pro" });
    expect(computeEffectivePlan(sub, null, addDays(now, 20)).planId).toBe("pro");
  });
  it("lets a scheduled downgrade lapse like any plan when no renewal ever comes", () => {
    const sub = subscription({
      planId: "unlimited",
      pendingPlanId: "pro",
      pendingFrom: addDays(now, 20),
      currentPeriodEnd: addDays(now, 20),
    });
    expect(computeEffectivePlan(sub, null, addDays(now, 21)).planId).toBe("pro"); // the renewal may still arrive
    expect(computeEffectivePlan(sub, null, addDays(now, 23)).planId).toBe("free");
  });
  it("ends with the grace period", () => {
    const sub = subscription();
    expect(computeEffectivePlan(sub, addDays(now, 1), now).planId).toBe("pro");
    expect(computeEffectivePlan(sub, addDays(now, -1), now).planId).toBe("free");
  });
  it("keeps a past-due plan for 7 days after the period, then Free", () => {
    const sub = subscription({ status: "past_due", currentPeriodEnd: addDays(now, -1) });
    expect(computeEffectivePlan(sub, null, now)).toMatchObject({ planId: "pro", state: "past_due" });
    expect(computeEffectivePlan(sub, null, addDays(now, 7)).planId).toBe("free");
  });
  it("does not outlive a period that was never renewed", () => {
    const sub = subscription({ currentPeriodEnd: addDays(now, -3) });
    expect(computeEffectivePlan(sub, null, now).planId).toBe("free");
    expect(computeEffectivePlan(subscription({ status: "canceled" }), null, now).planId).toBe("free");
  });
});
