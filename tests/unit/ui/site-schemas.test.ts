import { describe, expect, it } from "vitest";
import { formatEuros, formatLimit, getPlan, PLAN_LIST, type PlanId, planRank } from "~/lib/plans";
import { contactSchema, emailFieldError, newsletterSchema } from "~/lib/schemas/site";

describe("newsletter validation (spec 5)", () => {
  it("asks for an address when empty and for a valid one otherwise", () => {
    expect(emailFieldError("")).toBe("Please enter your email address");
    expect(emailFieldError("   ")).toBe("Please enter your email address");
    expect(emailFieldError("maria")).toBe("Please enter a valid email address");
    expect(emailFieldError("maria@example")).toBe("Please enter a valid email address");
    expect(emailFieldError("maria@example.com")).toBeNull();
  });

  it("the server schema gives the same messages and normalises the address", () => {
    expect(newsletterSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe("Please enter your email address");
    expect(newsletterSchema.safeParse({}).error?.issues[0]?.message).toBe("Please enter your email address");
    expect(newsletterSchema.safeParse({ email: "a@b" }).error?.issues[0]?.message).toBe("Please enter a valid email address");
    expect(newsletterSchema.parse({ email: " Maria@Example.COM " }).email).toBe("maria@example.com");
  });

  it("the contact form needs a name, an email, a known subject and a real message", () => {
    const result = contactSchema.safeParse({ name: "", email: "x", subject: "Other", message: "hi" });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      name: "Please enter your name",
      email: "Please enter a valid email address",
      subject: "Please choose a subject",
      message: "Please write at least 10 characters",
    });
  });
});

describe("the plan table (spec 9)", () => {
  it("has Free, Pro and Unlimited with the spec's prices and limits", () => {
    expect(PLAN_LIST.map((p) => [p.id, p.price, p.tokensPerMonth, p.maxServices, p.maxApplications, p.priority])).toEqual([
      ["free", 0, 30_000, 1, 1, "standard"],
      ["pro", 9.99, 500_000, 5, 3, "high"],
      ["unlimited", 49.99, null, -1, -1, "urgent"],
    ]);
    expect(PLAN_LIST.every((p) => p.currency === "EUR" && p.interval === "month")).toBe(true);
    expect(PLAN_LIST.filter((p) => p.popular).map((p) => p.id)).toEqual(["pro"]);
  });

  it("gives the features of each tier", () => {
    const labels = (id: PlanId) => getPlan(id).features.map((feature) => feature.label);
    for (const plan of PLAN_LIST) {
      expect(plan.features.map((feature) => feature.label)).toEqual(
        expect.arrayContaining(["AI assistant with sourced answers", "Country comparison", "Community forum"]),
      );
    }
    expect(labels("free")).not.toContain("Document review");
    expect(labels("pro")).toEqual(expect.arrayContaining(["Priority AI processing", "Personalized study roadmaps", "Document review"]));
    expect(labels("pro")).not.toContain("1-on-1 coaching");
    expect(labels("unlimited")).toEqual(expect.arrayContaining(["1-on-1 coaching", "Priority support, answered first"]));
    // Not built yet: listed as coming, with no page.
    expect(getPlan("pro").features.find((feature) => feature.label === "Priority AI processing")?.href).toBeNull();
  });

  it("orders plans and formats prices in euros", () => {
    expect(planRank("free")).toBeLessThan(planRank("pro"));
    expect(planRank("pro")).toBeLessThan(planRank("unlimited"));
    expect(formatEuros(9.99)).toBe("€9.99");
    expect(formatEuros(0)).toBe("€0.00");
    expect(formatLimit(-1)).toBe("Unlimited");
    expect(formatLimit(500000)).toBe("500,000");
  });
});
