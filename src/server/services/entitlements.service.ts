import { addDays } from "date-fns";
import type { Prisma, Subscription } from "~/generated/prisma/client";
import { GRACE_PERIOD_DAYS, getPlan, PLAN_LIST, type Plan, type PlanId, UNLIMITED } from "~/lib/plans";
import type { Db } from "~/server/db/client";
import { withLock } from "~/server/db/locks";
import { AppError } from "~/server/errors";

/** The client or the transaction client of `db.$transaction(async (tx) => ...)`. */
type DbClient = Db | Prisma.TransactionClient;

/** A renewal webhook may come a little late; after this a lapsed period no longer counts. */
const RENEWAL_TOLERANCE_DAYS = 2;

type PlanState = "free" | "trialing" | "active" | "past_due" | "canceling";

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
export function findLiveSubscription(db: DbClient, userId: string) {
  return db.subscription.findFirst({
    where: { userId, status: { in: [...LIVE_STATUSES] } },
    orderBy: { createdAt: "desc" },
  });
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
    // No renewal came: the plan ends like any other, a scheduled downgrade included.
    if (now >= addDays(periodEnd, RENEWAL_TOLERANCE_DAYS)) return free();
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

export async function getEffectivePlan(db: DbClient, userId: string, now = new Date()): Promise<EffectivePlan> {
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

/** "Unlimited", "Pro or Unlimited" */
function planNames(plans: PlanId[]): string {
  return plans.map((id) => getPlan(id).name).join(" or ");
}

/**
 * Throws FORBIDDEN unless the user's effective plan is one of `plans`; the message names the plan
 * needed and where to upgrade. Returns the effective plan.
 */
export async function assertPlanIncludes(db: DbClient, userId: string, plans: PlanId[], what: string): Promise<EffectivePlan> {
  const effective = await getEffectivePlan(db, userId);
  if (!plans.includes(effective.planId)) {
    throw new AppError(
      "FORBIDDEN",
      `${what} needs the ${planNames(plans)} plan; you are on ${effective.plan.name}. Upgrade on the pricing page: /pricing?plan=${plans[0]}`,
    );
  }
  return effective;
}

export type PlanLimit = "maxServices" | "maxApplications";

/** The cheapest plan whose limit is higher than this plan's, for the upgrade link; null on the top plan. */
export function upgradeFor(planId: PlanId, limit: PlanLimit): PlanId | null {
  const current = getPlan(planId)[limit];
  if (current === UNLIMITED) return null;
  return PLAN_LIST.find((plan) => plan[limit] === UNLIMITED || plan[limit] > current)?.id ?? null;
}

const LIMIT_WORDING: Record<PlanLimit, (max: number) => string> = {
  maxServices: (max) => `${max} service request${max === 1 ? "" : "s"} per month`,
  maxApplications: (max) => `${max} tracked application${max === 1 ? "" : "s"}`,
};

/** Throws FORBIDDEN when one more service request or application would exceed the plan's count. */
export function assertWithinPlanLimit(effective: EffectivePlan, limit: PlanLimit, usedCount: number): void {
  const max = effective.plan[limit];
  if (max !== UNLIMITED && usedCount >= max) {
    const next = upgradeFor(effective.planId, limit);
    throw new AppError(
      "FORBIDDEN",
      `Your ${effective.plan.name} plan includes ${LIMIT_WORDING[limit](max)} and you have used ${max === 1 ? "it" : `all ${max}`}.` +
        (next ? ` Upgrade on the pricing page for more: /pricing?plan=${next}` : ""),
    );
  }
}

/** Midnight UTC on the first day of the month of `now`: service requests count per calendar month. */
export function startOfUtcMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Runs `work` in one transaction while holding the user's lock for `scope`, so that a count and the
 * insert that depends on it cannot interleave with another request of the same user (two clicks,
 * two tabs, two app instances).
 */
export function withUserLock<T>(
  db: Db,
  scope: string,
  userId: string,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
  transaction?: { maxWait?: number; timeout?: number },
): Promise<T> {
  return withLock(db, `${scope}:${userId}`, () => db.$transaction(work, transaction));
}
