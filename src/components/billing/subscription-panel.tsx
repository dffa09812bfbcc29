"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useSession } from "~/components/auth/session";
import { Modal } from "~/components/modal";
import { toast } from "~/components/ui/toast";
import { useUserFormat } from "~/components/ui/user-format";
import { formatEuros, getPlan, isPlanId, notYetDeliverable, PLAN_IDS, type PlanId, planRank } from "~/lib/plans";
import { api, type RouterOutputs } from "~/trpc/react";
import { PaymentDialog } from "./payment-dialog";
import { chargeNowText, defaultChoice, effectText, nextChargeText, scheduledChangeText } from "./plan-change-text";
import { PlanFeatureList } from "./plan-features";
import { errorMessage, type FormatDate } from "./shared";
import { SubscribeModal } from "./subscribe-modal";

type Overview = RouterOutputs["billing"]["overview"];

function Banner({ overview, onPay }: { overview: Overview; onPay: () => void }) {
  const { date: formatDate } = useUserFormat();
  if (overview.state === "past_due") {
    return (
      <div
        role="alert"
        className="flex flex-col gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between"
      >
        <p>
          Your last payment failed. Pay it or add a working card by {formatDate(overview.endsAt)} to keep your {overview.plan.name} plan;
          after that it becomes Free.
        </p>
        {overview.amountDue ? (
          <button type="button" className="btn-primary shrink-0" onClick={onPay}>
            Pay {formatEuros(overview.amountDue.amount)} now
          </button>
        ) : null}
      </div>
    );
  }
  if (overview.gracePeriodEndDate && overview.planId !== "free") {
    return (
      <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        No payment method on file: your {overview.plan.name} plan will be downgraded to Free on {formatDate(overview.gracePeriodEndDate)}.
        Add a payment method to keep it.
      </p>
    );
  }
  return null;
}

/** The plan's state in one sentence; without a card (grace period) no renewal price is promised. */
function planStatus(overview: Overview, formatDate: FormatDate): string {
  const sub = overview.subscription;
  const noCard = Boolean(overview.gracePeriodEndDate);
  if (overview.planId === "free") return "Free forever.";
  if (overview.state === "past_due") return ""; // the banner explains it
  if (overview.state === "canceling") return `Cancelled: active until ${formatDate(overview.endsAt)}, then Free.`;
  if (overview.pendingPlanId) return scheduledChangeText(overview.pendingPlanId, overview.planId, overview.pendingFrom, formatDate);
  if (overview.state === "trialing" && sub?.trialEnd)
    return noCard
      ? `Free trial until ${formatDate(sub.trialEnd)}.`
      : `Free trial until ${formatDate(sub.trialEnd)}, then ${formatEuros(overview.plan.price)} per month.`;
  return sub && !noCard ? `Renews on ${formatDate(sub.currentPeriodEnd)}.` : "";
}

/** Subscription management: the current plan and the plan-change flow. */
export function SubscriptionPanel({ overview }: { overview: Overview }) {
  const { date: formatDate, number: formatNumber } = useUserFormat();
  const router = useRouter();
  const utils = api.useUtils();
  const { data: session } = useSession();
  const current = overview.planId;
  const [choice, setChoice] = useState<PlanId>(defaultChoice(current));
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState(false);
  const [payingDue, setPayingDue] = useState(false);
  // Kept while the dialog is open: after the payment the overview owes nothing, yet the dialog shows its result.
  const [due, setDue] = useState<Overview["amountDue"]>(null);
  const createCustomer = api.billing.createCustomer.useMutation();
  const changeToFree = api.billing.changeToFree.useMutation();
  const downgrade = api.billing.downgrade.useMutation();
  const cancelScheduled = api.billing.cancelScheduledChange.useMutation();
  // What the change charges now and next, from the server's preview (the same code that charges).
  const preview = api.billing.previewChange.useQuery(
    { planId: choice },
    { enabled: (confirming || paying) && choice !== current, retry: false, staleTime: 0, gcTime: 0 },
  );
  const deliverable = api.site.deliverable.useQuery();
  const requested = useRef(false);
  // "Choose Pro" on the pricing page links here with ?plan=<id>&checkout=1: the checkout opens once.
  const [checkoutPlan, setCheckoutPlan] = useState<PlanId | null>(null);

  // The pricing page links here with ?plan=<id>: preselect it unless it is the current plan.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const linked = params.get("plan");
    setChoice(isPlanId(linked) && linked !== current ? linked : defaultChoice(current));
    if (params.get("checkout") !== "1") return;
    params.delete("checkout");
    window.history.replaceState(window.history.state, "", `${window.location.pathname}?${params}`);
    if (isPlanId(linked) && linked !== "free" && planRank(linked) > planRank(current)) setCheckoutPlan(linked);
    else if (linked === current) toast.info(`You're already on the ${getPlan(current).name} plan.`);
  }, [current]);

  // The checkout waits for the billing customer, made below on the first visit.
  useEffect(() => {
    if (!checkoutPlan || !overview.customerId || choice !== checkoutPlan) return;
    setCheckoutPlan(null);
    setPaying(true);
  }, [checkoutPlan, overview.customerId, choice]);

  // The plan-change button waits for the customer; create it when there is none yet.
  useEffect(() => {
    if (overview.customerId || requested.current || !session?.user.email) return;
    requested.current = true;
    createCustomer
      .mutateAsync({ email: session.user.email, name: session.user.name ?? session.user.email })
      .then(() => utils.billing.overview.invalidate())
      .catch(() => toast.error("Failed to initialize payment system"));
  }, [overview.customerId, session?.user.email, session?.user.name, createCustomer, utils.billing.overview]);

  const target = getPlan(choice);
  const upgrade = planRank(choice) > planRank(current);
  const lastPayment = overview.firstPaymentDate;
  const scheduled = overview.pendingPlanId !== null || overview.state === "canceling";

  async function refresh() {
    await utils.billing.invalidate();
    await utils.students.invalidate();
    router.refresh();
  }

  async function confirm() {
    const change = preview.data;
    if (!change) return;
    setConfirming(false);
    if (change.kind !== "downgrade") {
      setPaying(true);
      return;
    }
    // Downgrades charge nothing and need no card: they are scheduled for the end of the period.
    try {
      const result =
        choice === "free"
          ? await changeToFree.mutateAsync({ planId: "free", customerId: overview.customerId ?? undefined })
          : await downgrade.mutateAsync({ planId: choice });
      toast.success(scheduledChangeText(choice, current, result.effectiveFrom, formatDate));
      await refresh();
    } catch (error) {
      toast.error(choice === "free" ? "Failed to activate free plan" : errorMessage(error, "Failed to update subscription"));
    }
  }

  async function keepCurrentPlan() {
    try {
      await cancelScheduled.mutateAsync();
      toast.success(`Scheduled change cancelled: you keep ${overview.plan.name}.`);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to update subscription"));
    }
  }

  return (
    <section aria-label="Subscription Management" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="text-lg font-semibold">Subscription Management</h2>
      <div className="mt-3 space-y-3">
        <Banner
          overview={overview}
          onPay={() => {
            setDue(overview.amountDue);
            setPayingDue(true);
          }}
        />
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p>
            Current plan:{" "}
            <span className="font-semibold" data-testid="current-plan">
              {overview.plan.name}
            </span>
            <span className="ml-2 text-sm text-slate-600">{formatEuros(overview.plan.price)} / month</span>
          </p>
          <p className="text-sm text-slate-600" data-testid="token-allowance">
            {overview.plan.tokensPerMonth === null ? "Unlimited tokens" : `${formatNumber(overview.plan.tokensPerMonth)} tokens per month`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600" data-testid="plan-status">
            {planStatus(overview, formatDate)}
          </p>
          {scheduled ? (
            <button type="button" className="btn-secondary" onClick={keepCurrentPlan} disabled={cancelScheduled.isPending}>
              Cancel scheduled change
            </button>
          ) : null}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="sm:w-64">
            <label className="field-label" htmlFor="plan-choice">
              Change plan
            </label>
            <select
              id="plan-choice"
              className="field-input"
              value={choice}
              onChange={(e) => {
                const next = e.target.value as PlanId;
                setChoice(next);
                if (next === current) toast.info("You're already on this plan");
              }}
            >
              {PLAN_IDS.map((id) => (
                <option key={id} value={id}>
                  {getPlan(id).name} - {formatEuros(getPlan(id).price)} / month
                </option>
              ))}
            </select>
          </div>
          {choice === current ? (
            <button type="button" className="btn-secondary" disabled>
              Current Plan
            </button>
          ) : (
            <button type="button" className="btn-primary" disabled={!overview.customerId} onClick={() => setConfirming(true)}>
              {upgrade ? `Upgrade to ${target.name}` : `Downgrade to ${target.name}`}
            </button>
          )}
          <Link href="/pricing" className="text-sm text-brand-600 hover:underline sm:ml-2 sm:self-center">
            Compare plans
          </Link>
        </div>
        {!overview.customerId && choice !== current ? <p className="text-sm text-red-600">Initializing Stripe connection...</p> : null}
      </div>

      <Modal open={confirming} onOpenChange={setConfirming} title={upgrade ? "Confirm upgrade" : "Confirm downgrade"}>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">Current plan</dt>
          <dd className="font-medium">{overview.plan.name}</dd>
          <dt className="text-slate-500">Selected plan</dt>
          <dd className="font-medium">
            {target.name} ({formatEuros(target.price)} / month)
          </dd>
          <dt className="text-slate-500">Change</dt>
          <dd className="font-medium">{upgrade ? "Upgrade" : "Downgrade"}</dd>
          <dt className="text-slate-500">Last payment</dt>
          <dd>{formatDate(lastPayment)}</dd>
        </dl>
        {preview.isPending ? <p className="mt-4 text-sm text-slate-500">Working out the amount...</p> : null}
        {preview.error ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {preview.error.message}
          </p>
        ) : null}
        {deliverable.data ? (
          <div className="mt-4">
            <p className="text-sm font-medium text-slate-700">{target.name} includes</p>
            <PlanFeatureList plan={target} deliverable={deliverable.data} className="mt-1 space-y-1 text-sm text-slate-700" />
          </div>
        ) : null}
        {preview.data ? (
          <div className="mt-4 space-y-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="change-summary">
            <p>{effectText(preview.data, formatDate)}</p>
            <p className="font-semibold" data-testid="charge-now">
              {chargeNowText(preview.data, formatDate)}
            </p>
            <p data-testid="next-charge">{nextChargeText(preview.data, formatDate)}</p>
          </div>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={confirm}
            disabled={!preview.data || changeToFree.isPending || downgrade.isPending}
          >
            Confirm
          </button>
        </div>
      </Modal>

      {due ? (
        <PaymentDialog
          open={payingDue}
          onOpenChange={setPayingDue}
          amountCents={due.amountCents}
          description={due.description}
          customerId={overview.customerId}
          onSuccess={() => void refresh()}
        />
      ) : null}

      {choice !== "free" && preview.data && preview.data.kind !== "downgrade" ? (
        <SubscribeModal
          open={paying}
          onOpenChange={setPaying}
          planId={choice}
          preview={preview.data}
          notYet={deliverable.data ? notYetDeliverable(target, deliverable.data) : []}
          onSuccess={() => {
            toast.success(`Successfully subscribed to ${target.name} plan! ${chargeNowText(preview.data!, formatDate)}`);
            void refresh();
          }}
        />
      ) : null}
    </section>
  );
}
