// Types only: this module loads on every page (the sign-in modals), without the plan table and its settings.
import type { PlanId } from "~/lib/plans";

/** A paid plan a visitor chose while signed out, kept in the tab until the sign-up or login is done. */
const KEY = "swipeabroad:chosen-plan";

export type PaidPlanId = Exclude<PlanId, "free">;

const PAID_PLAN_IDS: readonly PaidPlanId[] = ["pro", "unlimited"];

export const isPaidPlanId = (value: unknown): value is PaidPlanId => PAID_PLAN_IDS.includes(value as PaidPlanId);

/** The billing tab with the plan's checkout open. */
export const checkoutHref = (planId: PaidPlanId) => `/profile?tab=billing&plan=${planId}&checkout=1`;

export function rememberChosenPlan(planId: PaidPlanId) {
  try {
    sessionStorage.setItem(KEY, planId);
  } catch {
    // storage refused (private mode): the link's own URL still carries the plan
  }
}

export function forgetChosenPlan() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/** The plan chosen before signing in, once: reading it forgets it. */
export function takeChosenPlan(): PaidPlanId | null {
  let value: string | null = null;
  try {
    value = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  forgetChosenPlan();
  return isPaidPlanId(value) ? value : null;
}
