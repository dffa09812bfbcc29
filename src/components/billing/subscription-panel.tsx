"use client";

import { addMonths } from "date-fns";
import Link from "next/link";
import { useSession } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Modal } from "~/components/modal";
import { formatEuros, getPlan, isPlanId, PLAN_IDS, planRank, type PlanId } from "~/lib/plans";
import { api, type RouterOutputs } from "~/trpc/react";
import { PaymentDialog } from "./payment-dialog";
import { SubscribeModal } from "./subscribe-modal";
import { formatDate } from "./shared";

type Overview = RouterOutputs["billing"]["overview"];

export function defaultChoice(current: PlanId): PlanId {
  return current === "free" ? "pro" : "unlimited";
}

/** When a change takes effect (DESIGN.md section 5). */
export function timingText(current: PlanId, target: PlanId, periodEnd: Date | null): string {
  if (current === "free") return "This upgrade takes effect immediately.";
  if (planRank(target) > planRank(current)) return "This upgrade takes effect immediately; you pay the prorated difference for the rest of this billing period.";
  return `This downgrade takes effect at the end of the current billing period${periodEnd ? ` (${formatDate(periodEnd)})` : ""}; unused tokens are lost.`;
}

function Banner({ overview, onPay }: { overview: Overview; onPay: () => void }) {
  if (overview.state === "past_due") {
    return (
      <div role="alert" className="flex flex-col gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between">
        <p>
          Your last payment failed. Pay it or add a working card by {formatDate(overview.endsAt)} to keep your {overview.plan.name} plan; after that it becomes Free.
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
        No payment method on file: your {overview.plan.name} plan will be downgraded to Free on {formatDate(overview.gracePeriodEndDate)}. Add a payment method to keep it.
      </p>
    );
  }
  return null;
}

function planStatus(overview: Overview): string {
  const sub = overview.subscription;
  if (overview.planId === "free") return "Free forever.";
  if (overview.state === "trialing" && sub?.trialEnd) return `Free trial until ${formatDate(sub.trialEnd)}, then ${formatEuros(overview.plan.price)} per month.`;
  if (overview.state === "past_due") return ""; // the banner explains it
  if (overview.state === "canceling") return `Cancelled: active until ${formatDate(overview.endsAt)}, then Free.`;
  if (overview.pendingPlanId) return `Changes to ${getPlan(overview.pendingPlanId).name} on ${formatDate(overview.pendingFrom)}.`;
  return sub ? `Renews on ${formatDate(sub.currentPeriodEnd)}.` : "";
}

/** Subscription management: the current plan and the plan-change flow of spec 4.6. */
export function SubscriptionPanel({ overview }: { overview: Overview }) {
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
  const requested = useRef(false);

  // The pricing page links here with ?plan=<id>: preselect it unless it is the current plan.
  useEffect(() => {
    const linked = new URLSearchParams(window.location.search).get("plan");
    setChoice(isPlanId(linked) && linked !== current ? linked : defaultChoice(current));
  }, [current]);

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
  const nextBilling = overview.nextBillingDate ?? overview.lastPaymentDate ?? (lastPayment ? addMonths(new Date(lastPayment), 1) : null);
  const periodEnd = overview.subscription ? new Date(overview.subscription.currentPeriodEnd) : null;

  async function refresh() {
    await utils.billing.invalidate();
    await utils.students.invalidate();
    router.refresh();
  }

  async function confirm() {
    setConfirming(false);
    if (choice === "free") {
      try {
        await changeToFree.mutateAsync({ planId: "free", customerId: overview.customerId ?? undefined });
        toast.success("Free plan activated successfully!");
        await refresh();
      } catch {
        toast.error("Failed to activate free plan");
      }
      return;
    }
    setPaying(true);
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
            Current plan: <span className="font-semibold" data-testid="current-plan">{overview.plan.name}</span>
            <span className="ml-2 text-sm text-slate-600">{formatEuros(overview.plan.price)} / month</span>
          </p>
          <p className="text-sm text-slate-600" data-testid="token-allowance">
            {overview.plan.tokensPerMonth === null ? "Unlimited tokens" : `${overview.plan.tokensPerMonth.toLocaleString("en-US")} tokens per month`}
          </p>
        </div>
        <p className="text-sm text-slate-600">{planStatus(overview)}</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="sm:w-64">
            <label className="field-label" htmlFor="plan-choice">Change plan</label>
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
                <option key={id} value={id}>{getPlan(id).name} - {formatEuros(getPlan(id).price)} / month</option>
              ))}
            </select>
          </div>
          {choice === current ? (
            <button type="button" className="btn-secondary" disabled>Current Plan</button>
          ) : (
            <button type="button" className="btn-primary" disabled={!overview.customerId} onClick={() => setConfirming(true)}>
              {upgrade ? `Upgrade to ${target.name}` : `Downgrade to ${target.name}`}
            </button>
          )}
          <Link href="/pricing" className="text-sm text-brand-600 hover:underline sm:ml-2 sm:self-center">Compare plans</Link>
        </div>
        {!overview.customerId && choice !== current ? <p className="text-sm text-red-600">Initializing Stripe connection...</p> : null}
      </div>

      <Modal open={confirming} onOpenChange={setConfirming} title={upgrade ? "Confirm upgrade" : "Confirm downgrade"}>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">Current plan</dt>
          <dd className="font-medium">{overview.plan.name}</dd>
          <dt className="text-slate-500">Selected plan</dt>
          <dd className="font-medium">{target.name} ({formatEuros(target.price)} / month)</dd>
          <dt className="text-slate-500">Change</dt>
          <dd className="font-medium">{upgrade ? "Upgrade" : "Downgrade"}</dd>
          <dt className="text-slate-500">Last payment</dt>
          <dd>{formatDate(lastPayment)}</dd>
          <dt className="text-slate-500">Next billing date</dt>
          <dd>{formatDate(nextBilling)}</dd>
        </dl>
        <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{timingText(current, choice, periodEnd)}</p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>Cancel</button>
          <button type="button" className="btn-primary" onClick={confirm} disabled={changeToFree.isPending}>Confirm</button>
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

      {choice !== "free" ? (
        <SubscribeModal
          open={paying}
          onOpenChange={setPaying}
          planId={choice}
          trialEligible={overview.trialEligible}
          timing={timingText(current, choice, periodEnd)}
          onSuccess={() => {
            toast.success(`Successfully subscribed to ${target.name} plan!`);
            void refresh();
          }}
        />
      ) : null}
    </section>
  );
}
