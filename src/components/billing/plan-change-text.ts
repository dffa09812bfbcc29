import { formatEuros, getPlan, type PlanId } from "~/lib/plans";
import type { FormatDate } from "./shared";

/** The parts of a plan-change preview (billing.previewChange) the texts need. */
export interface PreviewForText {
  planId: PlanId;
  fromPlanId: PlanId;
  kind: "subscribe" | "upgrade" | "downgrade";
  amountDueNowCents: number;
  effectiveFrom: Date | string;
  nextChargeAt: Date | string | null;
  nextChargeCents: number | null;
  trialEndsAt: Date | string | null;
}

export function defaultChoice(current: PlanId): PlanId {
  return current === "free" ? "pro" : "unlimited";
}

/** "Charged now: €0.00 (free trial until 30 Nov 2026)." */
export function chargeNowText(preview: PreviewForText, formatDate: FormatDate): string {
  const amount = formatEuros(preview.amountDueNowCents / 100);
  if (preview.kind === "downgrade") return `Charged now: ${amount}.`;
  if (preview.amountDueNowCents === 0 && preview.trialEndsAt)
    return `Charged now: ${amount} (free trial until ${formatDate(preview.trialEndsAt)}).`;
  if (preview.kind === "upgrade") return `Charged now: ${amount} (the difference for the rest of this billing period).`;
  // The trial is given once per account: a paid plan taken again starts without one.
  return `Charged now: ${amount} (no free trial: it is given once per account, on the first paid plan).`;
}

/** "Next charge: €49.99 on 30 Nov 2026." or that nothing more is charged. */
export function nextChargeText(preview: PreviewForText, formatDate: FormatDate): string {
  if (preview.nextChargeAt === null || preview.nextChargeCents === null) return "No further charges.";
  return `Next charge: ${formatEuros(preview.nextChargeCents / 100)} on ${formatDate(preview.nextChargeAt)}, then monthly.`;
}

/** "Your plan changes to Pro on 30 Nov 2026; until then you keep Unlimited." */
export function scheduledChangeText(toPlan: PlanId, fromPlan: PlanId, on: Date | string | null, formatDate: FormatDate): string {
  return `Your plan changes to ${getPlan(toPlan).name} on ${formatDate(on)}; until then you keep ${getPlan(fromPlan).name}.`;
}

/** When the change applies, in one sentence. */
export function effectText(preview: PreviewForText, formatDate: FormatDate): string {
  if (preview.kind === "downgrade")
    return `${scheduledChangeText(preview.planId, preview.fromPlanId, preview.effectiveFrom, formatDate)} Unused tokens are lost.`;
  return `${getPlan(preview.planId).name} starts now.`;
}
