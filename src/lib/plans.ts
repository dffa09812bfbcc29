import { env } from "~/env";

/**
 * The one plan table (spec section 9): pricing page, checkout, entitlements and the server all read it.
 * Prices are in euros per month; the server charges only these amounts, whatever a client sends.
 */
export const PLAN_IDS = ["free", "pro", "unlimited"] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type SupportPriority = "standard" | "high" | "urgent";

export interface Plan {
  id: PlanId;
  name: string;
  /** Euros per month. */
  price: number;
  currency: "EUR";
  interval: "month";
  description: string;
  /** What the plan card lists: each feature with the page where it is used, or "coming" (not yet built). */
  features: ListedFeature[];
  /** Assistant tokens per calendar month; null means unlimited. */
  tokensPerMonth: number | null;
  /** -1 means unlimited. */
  maxServices: number;
  /** -1 means unlimited. */
  maxApplications: number;
  priority: SupportPriority;
  popular: boolean;
  /** The provider price this plan is billed with (null for Free). */
  stripePriceId: string | null;
  /** Free-trial days on a user's first paid subscription. */
  trialDays: number;
  /** 1-on-1 coaching and 24/7 priority support (Unlimited only). */
  coaching: boolean;
}

export const TRIAL_DAYS = 7;
/** Days a user keeps a paid plan without a saved card before it falls back to Free. */
export const GRACE_PERIOD_DAYS = 7;

// NEXT_PUBLIC_ so the browser bundle knows them too; the demo gateway uses these defaults.
const PRO_PRICE_ID = env.NEXT_PUBLIC_STRIPE_PRICE_ID_PRO;
const UNLIMITED_PRICE_ID = env.NEXT_PUBLIC_STRIPE_PRICE_ID_UNLIMITED;

/**
 * Plan entitlements that people deliver. Each is sold as included only while someone can deliver it
 * (src/server/services/plan-offer.service.ts); until then the plan says when it opens and does not
 * count it in its price.
 */
export const DELIVERED_ENTITLEMENTS = {
  coaching: { label: "1-on-1 coaching", opensWhen: "booking opens when a coach publishes hours" },
  documentReview: { label: "Document review", opensWhen: "opens when a reviewer joins the team" },
} as const;
export type DeliveredEntitlement = keyof typeof DELIVERED_ENTITLEMENTS;

/** Which delivered entitlements someone can deliver now. */
export type Deliverability = Record<DeliveredEntitlement, boolean>;

/**
 * A feature a plan card lists. `href` is the page where it is used; null marks a feature that is not
 * built yet: the card says "coming" and does not count it as part of the price. `entitlement` names
 * the people-delivered entitlement it depends on.
 */
interface ListedFeature {
  label: string;
  href: string | null;
  entitlement?: DeliveredEntitlement;
}

/** How a plan card shows a feature now: included, opening once someone can deliver it, or coming. */
type FeatureOffer = { label: string; href: string } & ({ state: "included" } | { state: "opens"; note: string });
export type ListedOffer = FeatureOffer | { label: string; href: null; state: "coming" };

export function featureOffers(plan: Plan, deliverable: Deliverability): ListedOffer[] {
  return plan.features.map((feature): ListedOffer => {
    if (feature.href === null) return { label: feature.label, href: null, state: "coming" };
    if (feature.entitlement && !deliverable[feature.entitlement])
      return {
        label: feature.label,
        href: feature.href,
        state: "opens",
        note: `${feature.label}: ${DELIVERED_ENTITLEMENTS[feature.entitlement].opensWhen}`,
      };
    return { label: feature.label, href: feature.href, state: "included" };
  });
}

/** The plan's features that are not deliverable now, as "1-on-1 coaching: booking opens when ..." lines. */
export function notYetDeliverable(plan: Plan, deliverable: Deliverability): string[] {
  return featureOffers(plan, deliverable).flatMap((offer) => (offer.state === "opens" ? [offer.note] : []));
}

// Every plan gets the same assistant (the models configured on this server): no basic or premium tier.
const BASE_FEATURES: ListedFeature[] = [
  { label: "AI assistant with sourced answers", href: "/swipe-ai" },
  { label: "Country comparison", href: "/compare" },
  { label: "Community forum", href: "/community" },
];
const PAID_FEATURES: ListedFeature[] = [
  { label: "Personalized study roadmaps", href: "/roadmap" },
  { label: "Document review", href: "/services/document-review", entitlement: "documentReview" },
];
const PRIORITY_AI: ListedFeature = { label: "Priority AI processing", href: null };

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    price: 0,
    currency: "EUR",
    interval: "month",
    description: "Free forever: try the assistant and plan the basics.",
    features: BASE_FEATURES,
    tokensPerMonth: 30_000,
    maxServices: 1,
    maxApplications: 1,
    priority: "standard",
    popular: false,
    stripePriceId: null,
    trialDays: 0,
    coaching: false,
  },
  pro: {
    id: "pro",
    name: "Pro",
    price: 9.99,
    currency: "EUR",
    interval: "month",
    description: "For students actively preparing their applications and visa.",
    features: [...BASE_FEATURES, ...PAID_FEATURES, PRIORITY_AI],
    tokensPerMonth: 500_000,
    maxServices: 5,
    maxApplications: 3,
    priority: "high",
    popular: true,
    stripePriceId: PRO_PRICE_ID,
    trialDays: TRIAL_DAYS,
    coaching: false,
  },
  unlimited: {
    id: "unlimited",
    name: "Unlimited",
    price: 49.99,
    currency: "EUR",
    interval: "month",
    description: "Everything, without limits.",
    features: [
      ...BASE_FEATURES,
      ...PAID_FEATURES,
      { label: "1-on-1 coaching", href: "/services/consultation", entitlement: "coaching" },
      // Requests and messages of Unlimited carry urgent priority: the support queue answers them first.
      { label: "Priority support, answered first", href: "/about/contact" },
      PRIORITY_AI,
    ],
    tokensPerMonth: null,
    maxServices: -1,
    maxApplications: -1,
    priority: "urgent",
    popular: false,
    stripePriceId: UNLIMITED_PRICE_ID,
    trialDays: TRIAL_DAYS,
    coaching: true,
  },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

export function getPlan(id: PlanId): Plan {
  return PLANS[id];
}

/** free < pro < unlimited */
export function planRank(id: PlanId): number {
  return PLAN_IDS.indexOf(id);
}

/** The plan billed with this provider price, or null when the price is not one of ours. */
export function planForPriceId(priceId: string): Plan | null {
  return Object.values(PLANS).find((plan) => plan.stripePriceId !== null && plan.stripePriceId === priceId) ?? null;
}

/** A plan's monthly price in cents, the unit the payment providers charge in. */
export function planPriceCents(id: PlanId): number {
  return Math.round(PLANS[id].price * 100);
}

/** "€9.99" */
export function formatEuros(amount: number): string {
  return new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" }).format(amount);
}

/** -1 in a plan's limits means unlimited (spec section 9). */
export const UNLIMITED = -1;

/** The plans in order free < pro < unlimited, for pages that list them. */
export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** "30,000", "500,000" or "Unlimited" (a null token allowance or a -1 limit). */
export function formatLimit(value: number | null): string {
  return value === null || value === UNLIMITED ? "Unlimited" : new Intl.NumberFormat("en-US").format(value);
}

export type PlanFeature = "coaching" | "prioritySupport" | "documentReview" | "roadmaps";

/** The plans that include a feature (coaching and 24/7 priority support only on Unlimited). */
export function plansWithFeature(feature: PlanFeature): PlanId[] {
  const included =
    feature === "coaching" || feature === "prioritySupport" ? (plan: Plan) => plan.coaching : (plan: Plan) => plan.id !== "free";
  return PLAN_LIST.filter(included).map((plan) => plan.id);
}
