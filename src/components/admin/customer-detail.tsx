"use client";

import { format } from "date-fns";
import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { formatLimit, getPlan } from "~/lib/plans";
import { APPLICATION_STATUS_LABELS, PROGRAM_TYPE_LABELS, REQUEST_STATUS_LABELS } from "~/lib/schemas/entitlements";
import { adminServiceRequestHref } from "~/lib/schemas/service-work";
import { findService } from "~/lib/services";
import { api, type RouterOutputs } from "~/trpc/react";
import { CustomerActions } from "./customer-actions";
import { AccountStatusBadge, PlanBadge, StateBadge } from "./customer-badges";

export type CustomerDetailData = RouterOutputs["admin"]["customers"]["get"];

const when = (date: Date | null | undefined) => (date ? format(new Date(date), "d MMM yyyy, HH:mm") : "-");
const day = (date: Date | null | undefined) => (date ? format(new Date(date), "d MMM yyyy") : "-");
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-IE", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
const tokens = (value: number) => value.toLocaleString("en-US");

const SUBSCRIPTION_TONES: Record<string, "good" | "warn" | "bad" | "neutral"> = {
  active: "good",
  trialing: "good",
  past_due: "warn",
  unpaid: "bad",
  canceled: "neutral",
  incomplete: "warn",
};
const PAYMENT_TONES: Record<string, "good" | "warn" | "bad" | "neutral"> = {
  succeeded: "good",
  failed: "bad",
  refunded: "neutral",
};

/** /admin/customers/[id]: one student's account, plan, usage and history, with the account actions. */
export function CustomerDetail({ id, initialData, canAct }: { id: string; initialData: CustomerDetailData; canAct: boolean }) {
  const detail = api.admin.customers.get.useQuery({ id }, { initialData });
  const customer = detail.data;
  const { account } = customer;
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link href="/admin/customers" className="text-brand-700 hover:underline">
          ← All customers
        </Link>
      </p>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold">{account.name}</h1>
          <p className="break-all text-slate-600">{account.email}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <AccountStatusBadge status={account.status} />
            <PlanBadge plan={customer.plan.effectivePlan} />
            {account.emailVerifiedAt ? (
              <StateBadge tone="good">Email verified</StateBadge>
            ) : (
              <StateBadge tone="warn">Email not verified</StateBadge>
            )}
            {account.twoFactorEnabled ? <StateBadge>Two-factor on</StateBadge> : null}
          </div>
          <p className="mt-2 text-xs text-slate-500">
            Signed up {when(account.createdAt)} · last sign-in {account.lastLoginAt ? when(account.lastLoginAt) : "never"}
          </p>
        </div>
        {canAct ? <CustomerActions customer={customer} /> : null}
      </header>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Activity">
        <Figure
          label="Tokens this month"
          value={
            customer.tokens.limit === null
              ? `${tokens(customer.tokens.used)} / Unlimited`
              : `${tokens(customer.tokens.used)} / ${tokens(customer.tokens.limit)}`
          }
        />
        <Figure label="Conversations" value={String(customer.conversations)} />
        <Figure label="Service requests" value={String(customer.serviceRequests.length)} />
        <Figure label="Applications" value={String(customer.applications.length)} />
      </dl>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Profile">
          {customer.profile ? (
            <Facts
              items={[
                ["Name", `${customer.profile.firstName} ${customer.profile.lastName}`],
                ["Profile email", customer.profile.email],
                ["Phone", customer.profile.phone],
                ["Date of birth", customer.profile.dateOfBirth],
                ["Gender", customer.profile.gender?.replaceAll("_", " ")],
                ["Nationality", customer.profile.nationality],
                ["Country of residence", customer.profile.country],
                [
                  "Emergency contact",
                  [customer.profile.emergencyContactName, customer.profile.emergencyContactPhone].filter(Boolean).join(", "),
                ],
                ["Language, time zone", `${customer.profile.language}, ${customer.profile.timeZone}`],
                ["Profile complete", `${customer.profile.profileCompletion}%`],
              ]}
            />
          ) : (
            <p className="text-sm text-slate-500">This account has no student profile.</p>
          )}
        </Card>

        <Card title="Plan">
          <Facts
            items={[
              ["In force now", `${customer.plan.effectivePlanName} (${customer.plan.state.replaceAll("_", " ")})`],
              ["On the student record", getPlan(customer.plan.membershipPlan).name],
              ["Paid plan ends", customer.plan.endsAt ? day(customer.plan.endsAt) : null],
              ["Next billing", day(customer.plan.nextBillingDate)],
              ["Last payment", day(customer.plan.lastPaymentDate)],
              ["Grace period ends", customer.plan.gracePeriodEndDate ? day(customer.plan.gracePeriodEndDate) : null],
              ["Billing email", customer.plan.billingEmail],
            ]}
          />
          <h3 className="mt-5 text-sm font-semibold text-slate-700">History</h3>
          {customer.plan.history.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">No subscription yet: Free since sign-up.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label="Plan history">
              {customer.plan.history.map((subscription) => (
                <li key={subscription.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <PlanBadge plan={subscription.planId} />
                  <StateBadge tone={SUBSCRIPTION_TONES[subscription.status]}>{subscription.status.replaceAll("_", " ")}</StateBadge>
                  <span className="text-slate-600">
                    {day(subscription.currentPeriodStart)} – {day(subscription.currentPeriodEnd)}
                  </span>
                  {subscription.cancelAtPeriodEnd ? <span className="text-amber-700">cancels at period end</span> : null}
                  {subscription.canceledAt ? <span className="text-slate-500">cancelled {day(subscription.canceledAt)}</span> : null}
                  {subscription.pendingPlanId ? (
                    <span className="text-slate-500">
                      then {getPlan(subscription.pendingPlanId).name} from {day(subscription.pendingFrom)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title="Tokens this month">
          <TokenUsage usage={customer.tokens} />
          <h3 className="mt-5 text-sm font-semibold text-slate-700">Grants this month</h3>
          {customer.grants.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">None.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label="Grants this month">
              {customer.grants.map((grant) => (
                <li key={grant.id} className="py-2">
                  <p>
                    <span className="font-semibold">+{tokens(grant.amount)}</span> · {grant.reason}
                  </p>
                  <p className="text-xs text-slate-500">
                    {when(grant.createdAt)}
                    {grant.grantedBy ? ` by ${grant.grantedBy}` : ""}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title="Sign-in sessions">
          {customer.sessions.length === 0 ? (
            <p className="text-sm text-slate-500">Not signed in anywhere.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm" aria-label="Sign-in sessions">
              {customer.sessions.map((session) => (
                <li key={session.id} className="py-2">
                  <p className="font-medium">{session.device}</p>
                  <p className="text-xs text-slate-500">
                    {session.ip} · signed in {when(session.createdAt)} · last seen {when(session.lastSeenAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title="Transactions" className="lg:col-span-2">
          {customer.transactions.length === 0 ? (
            <p className="text-sm text-slate-500">No payments.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm" aria-label="Transactions">
              {customer.transactions.map((transaction) => (
                <li key={transaction.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium">{transaction.description}</p>
                    <p className="text-xs text-slate-500">
                      {when(transaction.paidAt)}
                      {transaction.refundedAt ? ` · refunded ${day(transaction.refundedAt)}` : ""}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <StateBadge tone={transaction.refunded ? "neutral" : PAYMENT_TONES[transaction.status]}>
                      {transaction.refunded ? "refunded" : transaction.status}
                    </StateBadge>
                    <span className="font-semibold tabular-nums">{money(transaction.amountCents, transaction.currency)}</span>
                    {transaction.receiptUrl ? (
                      <a href={transaction.receiptUrl} className="text-brand-700 hover:underline" target="_blank" rel="noreferrer">
                        Receipt
                      </a>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title="Service requests">
          {customer.serviceRequests.length === 0 ? (
            <p className="text-sm text-slate-500">No requests.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm" aria-label="Service requests">
              {customer.serviceRequests.map((request) => (
                <li key={request.id} className="py-2">
                  <p className="flex flex-wrap items-center gap-2">
                    <Link href={adminServiceRequestHref(request.id)} className="font-medium text-brand-700 hover:underline">
                      {findService(request.service)?.name ?? request.service}
                    </Link>
                    <StateBadge>{request.withdrawnAt ? "Withdrawn" : REQUEST_STATUS_LABELS[request.status]}</StateBadge>
                    <span className="text-xs text-slate-500">{request.priority} priority</span>
                  </p>
                  <p className="mt-1 line-clamp-2 break-words text-slate-700">{request.message}</p>
                  <p className="text-xs text-slate-500">
                    {when(request.createdAt)}
                    {request.coach ? ` · coach ${request.coach.displayName}` : " · no coach yet"}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title="Applications">
          {customer.applications.length === 0 ? (
            <p className="text-sm text-slate-500">No tracked applications.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm" aria-label="Applications">
              {customer.applications.map((application) => (
                <li key={application.id} className="py-2">
                  <p className="font-medium">{application.university}</p>
                  <p className="text-slate-600">
                    {application.programme} · {PROGRAM_TYPE_LABELS[application.programType]}
                  </p>
                  <p className="text-xs text-slate-500">
                    Deadline {application.deadline} · {APPLICATION_STATUS_LABELS[application.status]}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** Label and value pairs; empty values are left out. */
function Facts({ items }: { items: [string, ReactNode | null | undefined][] }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== "" && value !== "-");
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="mb-1 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function TokenUsage({ usage }: { usage: CustomerDetailData["tokens"] }) {
  const share = usage.limit ? Math.min(100, Math.round((usage.used / usage.limit) * 100)) : 0;
  return (
    <div className="text-sm">
      <p>
        <span className="text-lg font-semibold tabular-nums">{tokens(usage.used)}</span> used of{" "}
        {usage.limit === null ? "an unlimited allowance" : <span className="tabular-nums">{tokens(usage.limit)}</span>} in {usage.period}
      </p>
      {usage.limit !== null ? (
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Tokens used this month"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
        >
          <div
            className={`h-full ${share >= 100 ? "bg-red-500" : share >= 80 ? "bg-amber-500" : "bg-brand-500"}`}
            style={{ width: `${share}%` }}
          />
        </div>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">
        Plan allowance {formatLimit(usage.planLimit)}
        {usage.granted ? ` + ${tokens(usage.granted)} granted` : ""}
        {usage.remaining !== null ? ` · ${tokens(usage.remaining)} left` : ""}
      </p>
    </div>
  );
}
