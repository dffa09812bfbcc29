import { addDays } from "date-fns";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { Subscription } from "~/generated/prisma/client";
import { getPlan, GRACE_PERIOD_DAYS, type Plan, type PlanId } from "~/lib/plans";

/** A renewal webhook may come a little late; after this a lapsed period no longer counts. */
const RENEWAL_TOLERANCE_DAYS = 2;

export type PlanState = "free" | "trialing" | "active" | "past_due" | "canceling";

export interface EffectivePlan {
  planId: PlanId;
  plan: Plan;
  state: PlanState;
  subscription: Subscription | null;
  /** When the paid plan ends if nothing changes (cancellation, missing card, failed renewal). */
  endsAt: Date | null;
  /** A scheduled downgrade. */
  pendingPlanId: PlanId | null;
  pendingFrom: Date | null;
  gracePeriodEndDate: Date | null;
}

const LIVE_STATUSES = ["trialing", "active", "past_due"] as const;

/** The user's live subscription row (the newest one that is not cancelled), if any. */
export function findLiveSubscription(db: Db, userId: string) {
  return db.subscription.findFirst({ where: { userId, status: { in: [...LIVE_STATUSES] } }, orderBy: { createdAt: "desc" } });
}

/**
 * The plan a user is entitled to right now, computed at read time from the subscription and the
 * grace period, so that a lapsed period, an expired grace period or a failed renewal counts even
 * before the billing job or a webhook has written anything.
 */
export function computeEffectivePlan(subscription: Subscription | null, gracePeriodEndDate: Date | null, now = new Date()): EffectivePlan {
  const free = (state: PlanState = "free"): EffectivePlan => ({
    planId: "free",
    plan: getPlan("free"),
    state,
    subscription,
    endsAt: null,
    pendingPlanId: null,
    pendingFrom: null,
    gracePeriodEndDate,
  });
  if (!subscription || !(LIVE_STATUSES as readonly string[]).includes(subscription.status)) return free();
  if (gracePeriodEndDate && now >= gracePeriodEndDate) return free();
  const periodEnd = subscription.currentPeriodEnd;
  let planId: PlanId = subscription.planId;
  if (subscription.pendingPlanId && subscription.pendingFrom && now >= subscription.pendingFrom) planId = subscription.pendingPlanId;
  let endsAt: Date | null = gracePeriodEndDate;
  let state: PlanState = subscription.status === "trialing" ? "trialing" : "active";
  if (subscription.status === "past_due") {
    const lastDay = addDays(periodEnd, GRACE_PERIOD_DAYS);
    if (now >= lastDay) return free();
    state = "past_due";
    endsAt = lastDay;
  } else if (now >= periodEnd) {
    if (subscription.cancelAtPeriodEnd) return free();
    if (now >= addDays(periodEnd, RENEWAL_TOLERANCE_DAYS) && !subscription.pendingPlanId) return free();
  } else if (subscription.cancelAtPeriodEnd) {
    state = "canceling";
    endsAt = periodEnd;
  }
  if (planId === "free") return free();
  const pendingActive = subscription.pendingPlanId && subscription.pendingFrom && now < subscription.pendingFrom;
  return {
    planId,
    plan: getPlan(planId),
    state,
    subscription,
    endsAt,
    pendingPlanId: pendingActive ? subscription.pendingPlanId : null,
    pendingFrom: pendingActive ? subscription.pendingFrom : null,
    gracePeriodEndDate,
  };
}

export async function getEffectivePlan(db: Db, userId: string, now = new Date()): Promise<EffectivePlan> {
  const [subscription, student] = await Promise.all([
    findLiveSubscription(db, userId),
    db.student.findUnique({ where: { userId }, select: { gracePeriodEndDate: true } }),
  ]);
  return computeEffectivePlan(subscription, student?.gracePeriodEndDate ?? null, now);
}

/** Assistant tokens per calendar month for this user; null means unlimited. */
export async function monthlyTokenAllowance(db: Db, userId: string): Promise<number | null> {
  return (await getEffectivePlan(db, userId)).plan.tokensPerMonth;
}

export type PlanFeature = "coaching" | "prioritySupport" | "documentReview" | "roadmaps";

/** Throws FORBIDDEN unless the user's plan includes the feature. */
export async function assertPlanFeature(db: Db, userId: string, feature: PlanFeature): Promise<void> {
  const { plan } = await getEffectivePlan(db, userId);
  const allowed = feature === "coaching" || feature === "prioritySupport" ? plan.coaching : plan.id !== "free";
  if (!allowed) {
    const needed = feature === "coaching" || feature === "prioritySupport" ? "Unlimited" : "Pro or Unlimited";
    throw new AppError("FORBIDDEN", `This needs the ${needed} plan. Upgrade on the pricing page.`);
  }
}

/** Throws FORBIDDEN when one more service or application would exceed the plan's count. */
export async function assertWithinPlanLimit(db: Db, userId: string, limit: "maxServices" | "maxApplications", usedCount: number): Promise<void> {
  const { plan } = await getEffectivePlan(db, userId);
  const max = plan[limit];
  if (max !== -1 && usedCount >= max) {
    const what = limit === "maxServices" ? "services" : "applications";
    throw new AppError("FORBIDDEN", `Your ${plan.name} plan includes ${max} ${what}. Upgrade to add more.`);
  }
}
