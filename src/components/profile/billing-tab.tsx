"use client";

import Link from "next/link";
import { toast } from "sonner";
import { formatLimit, formatPrice, getPlan, type PlanId } from "~/lib/plans";

export const BILLING_COMING_SOON = {
  receipts: "Downloading receipts is coming soon.",
  support: "Contacting support from here is coming soon. Meanwhile write to us through the contact page.",
} as const;

/** The current plan and a link to pricing; the billing issue adds cards, addresses and transactions here. */
export function BillingTab({ plan }: { plan: PlanId }) {
  const current = getPlan(plan);
  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Current plan">
        <h2 className="text-lg font-semibold">Current plan</h2>
        <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-2xl font-bold" data-testid="current-plan">{current.name}</p>
            <p className="text-sm text-slate-600">
              {formatPrice(current.price)} / month · {formatLimit(current.tokensPerMonth)} tokens per month
            </p>
          </div>
          <Link href="/pricing" className="btn-primary">{plan === "unlimited" ? "View plans" : "Upgrade plan"}</Link>
        </div>
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Payment methods">
        <h2 className="text-lg font-semibold">Payment methods</h2>
        <p className="mt-2 text-sm text-slate-500">No payment methods added</p>
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Transaction history">
        <h2 className="text-lg font-semibold">Transaction history</h2>
        <p className="mt-2 text-sm text-slate-500">No transactions found</p>
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Quick actions">
        <h2 className="text-lg font-semibold">Quick actions</h2>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" onClick={() => toast.info(BILLING_COMING_SOON.receipts)}>Download Receipts</button>
          <button type="button" className="btn-secondary" onClick={() => toast.info(BILLING_COMING_SOON.support)}>Contact Support</button>
        </div>
      </section>
    </div>
  );
}
