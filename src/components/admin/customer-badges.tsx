import { getPlan, type PlanId } from "~/lib/plans";

const PLAN_STYLES: Record<PlanId, string> = {
  free: "bg-slate-100 text-slate-700",
  pro: "bg-brand-50 text-brand-700",
  unlimited: "bg-violet-100 text-violet-900",
};

const STATUS_STYLES: Record<string, string> = {
  active: "bg-emerald-100 text-emerald-900",
  inactive: "bg-slate-100 text-slate-700",
  suspended: "bg-red-100 text-red-900",
};

const badge = "inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold";

export function PlanBadge({ plan }: { plan: PlanId }) {
  return <span className={`${badge} ${PLAN_STYLES[plan]}`}>{getPlan(plan).name}</span>;
}

export function AccountStatusBadge({ status }: { status: string }) {
  return <span className={`${badge} capitalize ${STATUS_STYLES[status] ?? STATUS_STYLES.inactive}`}>{status}</span>;
}

/** A neutral label: a subscription or payment status, a request status. */
export function StateBadge({ children, tone = "neutral" }: { children: React.ReactNode; tone?: "neutral" | "good" | "warn" | "bad" }) {
  const tones = {
    neutral: "bg-slate-100 text-slate-700",
    good: "bg-emerald-100 text-emerald-900",
    warn: "bg-amber-100 text-amber-900",
    bad: "bg-red-100 text-red-900",
  };
  return <span className={`${badge} ${tones[tone]}`}>{children}</span>;
}
