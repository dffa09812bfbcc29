"use client";

import { toast } from "~/components/ui/toast";
import { useUserFormat } from "~/components/ui/user-format";
import { formatEuros } from "~/lib/plans";
import { api } from "~/trpc/react";
import { BillingCard } from "./shared";

/** Opens a transaction's receipt in a new tab, or says there is none. */
function openReceipt(receiptUrl: string | null) {
  if (!receiptUrl) {
    toast.info("Receipt not available for this transaction");
    return;
  }
  window.open(receiptUrl, "_blank", "noopener");
  toast.success("Receipt opened in new tab. Use Ctrl+P to save as PDF");
}

export function TransactionsCard() {
  const { date: formatDate } = useUserFormat();
  const transactions = api.billing.transactions.useQuery({});
  return (
    <BillingCard
      title="Transaction History"
      action={
        // A payment confirmed by the provider later (a webhook) shows after a refresh.
        <button
          type="button"
          className="rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
          disabled={transactions.isFetching}
          onClick={() => void transactions.refetch()}
        >
          {transactions.isFetching ? "Refreshing..." : "Refresh"}
        </button>
      }
    >
      {transactions.error ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load transaction history
        </p>
      ) : null}
      {transactions.data?.transactions.length === 0 ? <p className="text-sm text-slate-500">No transactions found</p> : null}
      <ul className="divide-y divide-slate-100">
        {transactions.data?.transactions.map((tx) => (
          <li
            key={tx.id}
            className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between"
            aria-label={`Transaction ${tx.description}`}
          >
            <div>
              <p className="text-sm font-medium">{tx.description}</p>
              <p className="text-xs text-slate-500">
                {formatDate(tx.date)}
                {tx.refunded ? <span className="ml-2 font-semibold text-amber-700">Refunded</span> : null}
                {tx.status === "failed" ? <span className="ml-2 font-semibold text-red-700">Failed</span> : null}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className="font-mono text-sm font-semibold">{formatEuros(tx.amount)}</span>
              {tx.status === "failed" || tx.receiptUrl ? (
                <button
                  type="button"
                  className="text-sm font-medium text-brand-600 hover:underline"
                  onClick={() => openReceipt(tx.receiptUrl)}
                >
                  Receipt
                </button>
              ) : (
                // A plan change that charged nothing has no receipt.
                <span className="text-xs text-slate-500">No payment</span>
              )}
            </div>
          </li>
        ))}
      </ul>
    </BillingCard>
  );
}
