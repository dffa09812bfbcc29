/**
 * The one plan table (spec sections 3 and 9). Pricing, profile and billing read it; keep it plain
 * typed data. Prices are EUR per month; -1 means unlimited.
 */
export type PlanId = "free" | "pro" | "unlimited";
export type PlanPriority = "standard" | "high" | "urgent";

export interface Plan {
  id: PlanId;
  name: string;
  /** EUR per month. */
  price: number;
  currency: "EUR";
  interval: "month";
  description: string;
  /** Tokens per month; -1 is unlimited. */
  tokensPerMonth: number;
  /** -1 is unlimited. */
  maxServices: number;
  /** -1 is unlimited. */
  maxApplications: number;
  priority: PlanPriority;
  popular: boolean;
  features: string[];
}

export const UNLIMITED = -1;
export const CURRENCY = "EUR" as const;
export const FREE_TRIAL_DAYS = 7;

export const PLANS: readonly Plan[] = [
  {
    id: "free",
    name: "Free",
    price: 0,
    currency: CURRENCY,
    interval: "month",
    description: "Free forever: try the assistant and plan the basics.",
    tokensPerMonth: 30_000,
    maxServices: 1,
    maxApplications: 1,
    priority: "standard",
    popular: false,
    features: ["Basic AI conversations", "Country comparison", "Community forum"],
  },
  {
    id: "pro",
    name: "Pro",
    price: 9.99,
    currency: CURRENCY,
    interval: "month",
    description: "For students actively preparing their applications and visa.",
    tokensPerMonth: 500_000,
    maxServices: 5,
    maxApplications: 3,
    priority: "high",
    popular: true,
    features: [
      "Advanced AI conversations",
      "Country comparison",
      "Community forum",
      "Priority AI processing",
      "Personalized study roadmaps",
      "Document review",
    ],
  },
  {
    id: "unlimited",
    name: "Unlimited",
    price: 49.99,
    currency: CURRENCY,
    interval: "month",
    description: "Everything, without limits, with a personal coach.",
    tokensPerMonth: UNLIMITED,
    maxServices: UNLIMITED,
    maxApplications: UNLIMITED,
    priority: "urgent",
    popular: false,
    features: [
      "Premium AI conversations",
      "Country comparison",
      "Community forum",
      "Priority AI processing",
      "Personalized study roadmaps",
      "Document review",
      "1-on-1 coaching",
      "24/7 priority support",
    ],
  },
];

/** Plan order for upgrades and downgrades: free < pro < unlimited. */
export const PLAN_ORDER: readonly PlanId[] = ["free", "pro", "unlimited"];

export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan: ${id}`);
  return plan;
}

export function planRank(id: PlanId): number {
  return PLAN_ORDER.indexOf(id);
}

/** "9.99 EUR"-style display in one place: "€9.99". */
export function formatPrice(amount: number): string {
  return new Intl.NumberFormat("en-IE", { style: "currency", currency: CURRENCY }).format(amount);
}

/** "30,000", "500,000" or "Unlimited". */
export function formatLimit(value: number): string {
  return value === UNLIMITED ? "Unlimited" : new Intl.NumberFormat("en-US").format(value);
}
