"use client";

import { useSession } from "next-auth/react";
import { formatEuros } from "~/lib/plans";
import { api } from "~/trpc/react";
import { countryName } from "./addresses-card";
import { DemoModeBanner, formatDate } from "./shared";

const SELLER = "SwipeAbroad";

/** Our printable receipt (demo gateway); Ctrl+P saves it as a PDF. */
export function ReceiptView({ id }: { id: string }) {
  const { status } = useSession();
  const receipt = api.billing.receipt.useQuery({ id }, { enabled: status === "authenticated", retry: false });
  if (status === "loading" || (status === "authenticated" && receipt.isPending)) return <p className="p-8 text-slate-500">Loading receipt...</p>;
  if (status === "unauthenticated") return <p className="p-8 text-slate-700">Log in to see this receipt.</p>;
  if (!receipt.data) return <p role="alert" className="p-8 text-red-700">Receipt not available for this transaction</p>;
  const { transaction, billedTo, reference } = receipt.data;
  const address = billedTo.address;
  return (
    <article className="mx-auto my-8 max-w-2xl space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm print:my-0 print:border-0 print:shadow-none sm:p-10" aria-label="Receipt">
      <div className="print:hidden"><DemoModeBanner /></div>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Receipt</h1>
          <p className="text-sm text-slate-600">{SELLER}</p>
        </div>
        <div className="text-right text-sm">
          <p>Receipt no. <span className="font-mono">{transaction.id.slice(0, 8).toUpperCase()}</span></p>
          <p>Date paid: {formatDate(transaction.date)}</p>
        </div>
      </header>
      <section className="text-sm">
        <h2 className="font-semibold">Billed to</h2>
        <p>{billedTo.name}</p>
        <p>{billedTo.email}</p>
        {address ? <p>{[address.addressLine1, address.addressLine2, `${address.postalCode} ${address.city}`, address.state, countryName(address.country)].filter(Boolean).join(", ")}</p> : null}
        {address?.taxId ? <p>Tax ID: {address.taxId}</p> : null}
      </section>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-500"><th className="py-2">Description</th><th className="py-2 text-right">Amount</th></tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-100"><td className="py-2">{transaction.description}</td><td className="py-2 text-right">{formatEuros(transaction.amount)}</td></tr>
          <tr><td className="py-1 text-slate-500">Subtotal</td><td className="py-1 text-right">{formatEuros(transaction.amount)}</td></tr>
          <tr><td className="py-1 text-slate-500">Tax</td><td className="py-1 text-right">{formatEuros(0)}</td></tr>
          <tr className="font-semibold"><td className="py-1">Amount paid</td><td className="py-1 text-right" data-testid="receipt-total">{formatEuros(transaction.amount)}</td></tr>
        </tbody>
      </table>
      {transaction.refunded ? <p className="font-semibold text-amber-700">This payment was refunded.</p> : null}
      <p className="text-xs text-slate-500">Payment reference {reference}. Status: {transaction.status}.</p>
      <button type="button" className="btn-primary print:hidden" onClick={() => window.print()}>Print or save as PDF</button>
    </article>
  );
}
