import { describe, expect, it } from "vitest";
import { getPlan, plansWithFeature } from "~/lib/plans";
import { firstPreferredDate, serviceRequestSchema } from "~/lib/schemas/entitlements";
import { AppError } from "~/server/errors";
import { assertWithinPlanLimit, computeEffectivePlan, startOfUtcMonth, upgradeFor } from "~/server/services/entitlements.service";

const onPlan = (id: "free" | "pro" | "unlimited") => ({
  ...computeEffectivePlan(null, null),
  planId: id,
  plan: getPlan(id),
});

describe("plan entitlements", () => {
  it("coaching and priority support are Unlimited only; document review and roadmaps are paid", () => {
    expect(plansWithFeature("coaching")).toEqual(["unlimited"]);
    expect(plansWithFeature("prioritySupport")).toEqual(["unlimited"]);
    expect(plansWithFeature("documentReview")).toEqual(["pro", "unlimited"]);
    expect(plansWithFeature("roadmaps")).toEqual(["pro", "unlimited"]);
  });

  it("the upgrade for a limit is the next plan that allows more", () => {
    expect(upgradeFor("free", "maxServices")).toBe("pro");
    expect(upgradeFor("pro", "maxApplications")).toBe("unlimited");
    expect(upgradeFor("unlimited", "maxServices")).toBeNull();
  });

  it("limits: under the maximum passes, at it throws with the plan, count and upgrade; unlimited never throws", () => {
    expect(() => assertWithinPlanLimit(onPlan("pro"), "maxServices", 4)).not.toThrow();
    expect(() => assertWithinPlanLimit(onPlan("pro"), "maxServices", 5)).toThrow(
      new AppError(
        "FORBIDDEN",
        "Your Pro plan includes 5 service requests per month and you have used all 5. Upgrade on the pricing page for more: /pricing?plan=unlimited",
      ),
    );
    expect(() => assertWithinPlanLimit(onPlan("free"), "maxApplications", 1)).toThrow(
      "Your Free plan includes 1 tracked application and you have used it.",
    );
    expect(() => assertWithinPlanLimit(onPlan("unlimited"), "maxApplications", 10_000)).not.toThrow();
  });

  it("months start at midnight UTC on the 1st", () => {
    expect(startOfUtcMonth(new Date("2026-03-31T23:59:59Z")).toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
});

describe("service request schema", () => {
  const message = "Please check my visa documents before the appointment.";

  it("a consultation needs a day from tomorrow (UTC) and a time of day", () => {
    expect(firstPreferredDate(new Date("2026-12-31T22:00:00Z"))).toBe("2027-01-01");
    const ok = serviceRequestSchema.safeParse({
      service: "consultation",
      message,
      preferredDate: firstPreferredDate(),
      preferredTime: "evening",
    });
    expect(ok.success).toBe(true);
    const today = serviceRequestSchema.safeParse({
      service: "consultation",
      message,
      preferredDate: new Date().toISOString().slice(0, 10),
      preferredTime: "evening",
    });
    expect(today.error?.issues.map((issue) => issue.message)).toEqual(["The preferred date must be in the future"]);
    const invalid = serviceRequestSchema.safeParse({
      service: "consultation",
      message,
      preferredDate: "2030-02-30",
      preferredTime: "noon",
    });
    expect(invalid.error?.issues.map((issue) => issue.message)).toEqual(["Choose a valid date", "Choose a preferred time of day"]);
  });

  it("other services drop a date sent along and trim the message", () => {
    const parsed = serviceRequestSchema.parse({
      service: "visa-assistance",
      message: `  ${message}  `,
      preferredDate: "2030-01-01",
      preferredTime: "morning",
    });
    expect(parsed).toEqual({
      service: "visa-assistance",
      message,
      preferredDate: null,
      preferredTime: null,
      purpose: null,
      documentIds: [],
    });
  });
});
