"use client";

import { useSession } from "~/components/auth/session";
import { useUserFormat } from "~/components/ui/user-format";
import { countryName } from "~/lib/options";
import { formatEuros } from "~/lib/plans";
import { NOT_SET } from "~/lib/site";
import { api } from "~/trpc/react";
import { DemoModeBanner } from "./shared";

/** Our printable receipt (demo gateway); Ctrl+P saves it as a PDF, and the billing tab downloads all as one PDF. */
export function ReceiptView({ id }: { id: string }) {
  const { date: formatDate } = useUserFormat();
  const { status } = useSession();
  const receipt = api.billing.receipt.useQuery({ id }, { enabled: status === "authenticated", retry: false });
  if (status === "loading" || (status === "authenticated" && receipt.isPending))
    return <p className="p-8 text-slate-500">Loading receipt...</p>;
  if (status === "unauthenticated") return <p className="p-8 text-slate-700">Log in to see this receipt.</p>;
  if (!receipt.data)
    return (
      <p role="alert" className="p-8 text-red-700">
        Receipt not available for this transaction
      </p>
    );
  const { transaction, buyer, seller, tax, reference, number } = receipt.data;
  const address = buyer.address;
  return (
    <article
      className="mx-auto my-8 max-w-2xl space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm print:my-0 print:border-0 print:shadow-none sm:p-10"
      aria-label="Receipt"
    >
      <div className="print:hidden">
        <DemoModeBanner />
      </div>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-2xl font-bold">Receipt</h1>
        <div className="text-right text-sm">
          <p>
            Receipt no.{" "}
            <span className="font-mono" data-testid="receipt-number">
              {number}
            </span>
          </p>
          <p>Date paid: {formatDate(transaction.date)}</p>
        </div>
      </header>
      <div className="grid grid-cols-1 gap-6 text-sm sm:grid-cols-2">
        <section aria-label="Seller">
          <h2 className="font-semibold">Seller</h2>
          <p>{seller.legalName ?? `Legal name: ${NOT_SET}`}</p>
          {seller.address.length > 0 ? seller.address.map((line) => <p key={line}>{line}</p>) : <p>Address: {NOT_SET}</p>}
          <p>VAT ID: {seller.vatId ?? NOT_SET}</p>
          <p>{seller.email}</p>
        </section>
        <section aria-label="Billed to">
          <h2 className="font-semibold">Billed to</h2>
          <p>{buyer.name}</p>
          <p>{buyer.email}</p>
          {address ? (
            <p>
              {[
                address.addressLine1,
                address.addressLine2,
                `${address.postalCode} ${address.city}`,
                address.state,
                countryName(address.country),
              ]
                .filter(Boolean)
                .join(", ")}
            </p>
          ) : null}
          {address?.taxId ? <p>Tax ID: {address.taxId}</p> : null}
        </section>
      </div>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-500">
            <th className="py-2">Description</th>
            <th className="py-2 text-right">Amount</th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-100">
            <td className="py-2">{transaction.description}</td>
            <td className="py-2 text-right">{formatEuros(transaction.amount)}</td>
          </tr>
          <tr>
            <td className="py-1 text-slate-500" data-testid="receipt-tax">
              {tax.label}
            </td>
            <td className="py-1 text-right">{tax.amount ?? ""}</td>
          </tr>
          <tr className="font-semibold">
            <td className="py-1">Amount paid</td>
            <td className="py-1 text-right" data-testid="receipt-total">
              {formatEuros(transaction.amount)}
            </td>
          </tr>
        </tbody>
      </table>
      {transaction.refunded ? <p className="font-semibold text-amber-700">This payment was refunded.</p> : null}
      <p className="text-xs text-slate-500">
        Payment reference {reference}. Status: {transaction.status}.
      </p>
      <div className="flex flex-wrap gap-2 print:hidden">
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          Print
        </button>
        <a className="btn-secondary" href={`/api/billing/receipts?id=${encodeURIComponent(transaction.id)}`} download>
          Download PDF
        </a>
      </div>
    </article>
  );
}
