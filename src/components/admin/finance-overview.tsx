"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { format } from "date-fns";
import { useState } from "react";
import { AdminTable, LoadError, type TableFilter, useListParams } from "~/components/admin/admin-table";
import { Modal } from "~/components/ui/modal";
import { toast } from "~/components/ui/toast";
import { getPlan, PLAN_IDS, type PlanId } from "~/lib/plans";
import { TRANSACTION_STATUSES, type TransactionListQuery } from "~/lib/schemas/admin-finance";
import { api, type RouterOutputs } from "~/trpc/react";
import { FigureCard, PeriodField } from "./analytics-period";

type TransactionRow = RouterOutputs["admin"]["finance"]["transactions"]["rows"][number];

const when = (date: Date) => format(new Date(date), "d MMM yyyy, HH:mm");
const day = (date: Date) => format(new Date(date), "d MMM yyyy");
const money = (cents: number, currency = "EUR") => new Intl.NumberFormat("en-IE", { style: "currency", currency }).format(cents / 100);
const planName = (planId: PlanId | null) => (planId ? getPlan(planId).name : "–");

const STATUS_LABELS: Record<(typeof TRANSACTION_STATUSES)[number], string> = {
  succeeded: "Paid",
  failed: "Failed",
  refunded: "Refunded",
};
const STATUS_STYLES: Record<(typeof TRANSACTION_STATUSES)[number], string> = {
  succeeded: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  refunded: "bg-amber-100 text-amber-900",
};

const FILTERS: TableFilter[] = [
  {
    key: "status",
    label: "Status",
    options: TRANSACTION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  },
  { key: "plan", label: "Plan", options: PLAN_IDS.map((id) => ({ value: id, label: getPlan(id).name })) },
  {
    key: "refunded",
    label: "Refunded",
    options: [
      { value: "yes", label: "Refunded" },
      { value: "no", label: "Not refunded" },
    ],
  },
];

/** /admin/finance: the summary cards, failed renewals and grace periods, and every transaction. */
export function FinanceOverview({ canRefund }: { canRefund: boolean }) {
  return (
    <div className="space-y-10">
      <FinanceSummary />
      <Transactions canRefund={canRefund} />
    </div>
  );
}

function FinanceSummary() {
  const summary = api.admin.finance.summary.useQuery();
  if (summary.error) return <LoadError message={summary.error.message} />;
  if (!summary.data) return <p className="text-sm text-slate-500">Loading...</p>;
  const data = summary.data;
  return (
    <section aria-labelledby="finance-summary" className="space-y-4">
      <h2 id="finance-summary" className="text-lg font-semibold">
        Now
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FigureCard
          label="Monthly recurring revenue"
          value={money(data.mrrCents)}
          note="active and past-due subscriptions at their plan's monthly price; trials not yet"
        />
        {data.plans.map((plan) => (
          <FigureCard
            key={plan.planId}
            label={`${getPlan(plan.planId).name} subscriptions`}
            value={plan.active + plan.pastDue}
            note={`${plan.active} active · ${plan.pastDue} past due · ${plan.trialing} in trial · ${money(plan.mrrCents)} a month`}
          />
        ))}
        <FigureCard
          label="Failed renewals"
          value={data.failedRenewals.pastDueCount}
          note={`past-due subscriptions · ${data.failedRenewals.failedPaymentsLast30Days} failed payments in the last 30 days`}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <PeopleList
          title="Past due"
          empty="No subscription is past due."
          rows={data.failedRenewals.pastDue.map((row) => ({
            key: row.id,
            customer: row.customer,
            detail: `${getPlan(row.planId).name} · renewal failed ${day(row.since)}`,
          }))}
        />
        <PeopleList
          title="In the grace period"
          empty="Nobody is in a grace period."
          rows={data.gracePeriod.map((row) => ({
            key: row.customer.id,
            customer: row.customer,
            detail: `${getPlan(row.planId).name} until ${day(row.endsAt)}, then Free without a card`,
          }))}
        />
      </div>
    </section>
  );
}

function PeopleList({
  title,
  empty,
  rows,
}: {
  title: string;
  empty: string;
  rows: { key: string; customer: { email: string; name: string }; detail: string }[];
}) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold">
        {title} <span className="font-normal text-slate-500">({rows.length})</span>
      </h3>
      {rows.length === 0 ? <p className="mt-2 text-sm text-slate-500">{empty}</p> : null}
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {rows.map((row) => (
          <li key={row.key} className="py-2">
            <p className="font-medium">
              {row.customer.name} <span className="break-all font-normal text-slate-600">&lt;{row.customer.email}&gt;</span>
            </p>
            <p className="text-slate-600">{row.detail}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Transactions({ canRefund }: { canRefund: boolean }) {
  const params = useListParams({ filters: ["status", "plan", "refunded", "from", "to"], defaultSort: "paidAt" });
  const transactions = api.admin.finance.transactions.useQuery(params.query as TransactionListQuery, {
    placeholderData: (previous) => previous,
  });
  const [refunding, setRefunding] = useState<TransactionRow | null>(null);
  const columns: ColumnDef<TransactionRow, unknown>[] = [
    {
      id: "paidAt",
      header: "Date",
      enableSorting: true,
      cell: ({ row }) => <span className="whitespace-nowrap">{when(row.original.paidAt)}</span>,
    },
    {
      id: "customer",
      header: "Customer",
      enableHiding: false,
      cell: ({ row }) => (
        <div className="min-w-40">
          <p className="font-medium">{row.original.customer.name}</p>
          <p className="break-all text-xs text-slate-500">{row.original.customer.email}</p>
        </div>
      ),
    },
    {
      id: "description",
      header: "Description",
      cell: ({ row }) => <span className="block min-w-40">{row.original.description}</span>,
    },
    { id: "plan", header: "Plan", cell: ({ row }) => planName(row.original.planId) },
    {
      id: "amount",
      header: "Amount",
      enableSorting: true,
      cell: ({ row }) => <span className="whitespace-nowrap font-mono">{money(row.original.amountCents, row.original.currency)}</span>,
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <div className="space-y-1">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[row.original.status]}`}>
            {STATUS_LABELS[row.original.status]}
          </span>
          {row.original.refundedAt ? <p className="whitespace-nowrap text-xs text-slate-500">{when(row.original.refundedAt)}</p> : null}
        </div>
      ),
    },
    {
      id: "actions",
      header: "Actions",
      enableHiding: false,
      cell: ({ row }) =>
        canRefund && row.original.refundable ? (
          <button
            type="button"
            className="btn-secondary px-3 py-1 text-xs"
            onClick={() => setRefunding(row.original)}
            aria-label={`Refund ${money(row.original.amountCents, row.original.currency)} to ${row.original.customer.email}`}
          >
            Refund
          </button>
        ) : null,
    },
  ];
  return (
    <section aria-labelledby="finance-transactions" className="space-y-3">
      <h2 id="finance-transactions" className="text-lg font-semibold">
        Transactions
      </h2>
      <AdminTable
        caption="Transactions"
        columns={columns}
        rows={transactions.data?.rows}
        total={transactions.data?.total}
        params={params}
        loading={transactions.isFetching}
        error={transactions.error?.message}
        rowKey={(row) => row.id}
        searchLabel="Search by customer email"
        filters={FILTERS}
        emptyText="No transaction matches."
        toolbar={
          <PeriodField
            label="Paid in"
            value={{ from: params.filters.from, to: params.filters.to }}
            onChange={(period) => params.set({ from: period.from, to: period.to })}
          />
        }
      />
      <RefundDialog transaction={refunding} onClose={() => setRefunding(null)} />
    </section>
  );
}

function RefundDialog({ transaction, onClose }: { transaction: TransactionRow | null; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const utils = api.useUtils();
  const refund = api.admin.finance.refund.useMutation({
    onSuccess: () => {
      toast.success("Payment refunded. The customer was mailed.");
      setReason("");
      onClose();
    },
    onError: (error) => toast.error(error.message),
    onSettled: () => Promise.all([utils.admin.finance.transactions.invalidate(), utils.admin.finance.summary.invalidate()]),
  });
  const tooShort = reason.trim().length < 3;
  return (
    <Modal
      open={transaction !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Refund this payment?"
      description="The whole amount goes back to the customer's card through the payment provider. This cannot be undone."
    >
      {transaction ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            refund.mutate({ transactionId: transaction.id, reason: reason.trim() });
          }}
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">Customer</dt>
            <dd className="break-all">{transaction.customer.email}</dd>
            <dt className="text-slate-500">Payment</dt>
            <dd>
              {transaction.description}, {day(transaction.paidAt)}
            </dd>
            <dt className="text-slate-500">Amount</dt>
            <dd className="font-semibold">{money(transaction.amountCents, transaction.currency)}</dd>
          </dl>
          <label className="block text-sm">
            <span className="field-label">Reason (kept in the audit log)</span>
            <textarea
              className="field-input"
              rows={3}
              maxLength={500}
              required
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={tooShort || refund.isPending}>
              {refund.isPending ? "Refunding..." : `Refund ${money(transaction.amountCents, transaction.currency)}`}
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
