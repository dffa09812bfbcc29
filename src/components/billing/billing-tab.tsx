"use client";

import Link from "next/link";
import { useSession } from "~/components/auth/session";
import { toast } from "~/components/ui/toast";
import { useUserFormat } from "~/components/ui/user-format";
import { formatEuros } from "~/lib/plans";
import { api } from "~/trpc/react";
import { AddressesCard } from "./addresses-card";
import { PaymentMethodsCard } from "./payment-methods-card";
import { BillingCard, DemoModeBanner } from "./shared";
import { SubscriptionPanel } from "./subscription-panel";
import { TransactionsCard } from "./transactions-card";

/**
 * The profile's Billing tab: the user's real plan, allowance and spend, the
 * plan-change flow, cards, addresses and transactions. Mounted by the profile page and /billing.
 */
export function BillingTab() {
  const { date: formatDate, number: formatNumber } = useUserFormat();
  const { data: session } = useSession();
  const overview = api.billing.overview.useQuery();
  const sessions = api.users.sessions.useQuery();

  if (overview.isPending) return <p className="text-slate-500">Loading billing...</p>;
  if (!overview.data)
    return (
      <p role="alert" className="text-red-700">
        Failed to load billing information. Please try again.
      </p>
    );
  const data = overview.data;
  return (
    <div className="space-y-5">
      <DemoModeBanner />
      <SubscriptionPanel overview={data} />
      <BillingCard title="Billing Summary">
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-500">Plan</dt>
            <dd className="font-semibold">{data.plan.name}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Monthly tokens</dt>
            <dd className="font-semibold">{data.tokensPerMonth === null ? "Unlimited" : formatNumber(data.tokensPerMonth)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Services used</dt>
            <dd className="font-semibold" data-testid="services-used">
              {data.services.max === null ? `${data.services.used} (unlimited)` : `${data.services.used} of ${data.services.max}`}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">This month</dt>
            <dd className="font-semibold" data-testid="spend-month">
              {formatEuros(data.spend.thisMonth)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Total spent</dt>
            <dd className="font-semibold" data-testid="spend-total">
              {formatEuros(data.spend.total)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Sessions</dt>
            <dd className="font-semibold" data-testid="active-sessions">
              {sessions.data ? `${sessions.data.length} Active` : "-"}{" "}
              <Link href="/profile?tab=security" className="text-xs font-medium text-brand-600 hover:underline">
                Manage
              </Link>
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-3">
            <dt className="text-slate-500">Last transaction</dt>
            <dd>
              {data.spend.lastTransaction
                ? [
                    data.spend.lastTransaction.description,
                    formatEuros(data.spend.lastTransaction.amount),
                    formatDate(data.spend.lastTransaction.date),
                    data.spend.lastTransaction.status === "failed" ? "Failed" : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")
                : "None yet"}
            </dd>
          </div>
        </dl>
      </BillingCard>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <PaymentMethodsCard />
        <AddressesCard defaultEmail={session?.user.email ?? undefined} />
      </div>
      <TransactionsCard />
      <BillingCard title="Quick Actions">
        <div className="flex flex-wrap gap-2">
          {data.spend.payments > 0 ? (
            <a className="btn-secondary" href="/api/billing/receipts" download>
              Download Receipts
            </a>
          ) : (
            <button type="button" className="btn-secondary" onClick={() => toast.info("You have no receipts yet.")}>
              Download Receipts
            </button>
          )}
          <Link href={`/about/contact?subject=${encodeURIComponent("Account or billing")}`} className="btn-secondary">
            Contact Support
          </Link>
        </div>
      </BillingCard>
    </div>
  );
}
