"use client";

import dynamic from "next/dynamic";
import { formatEuros } from "~/lib/plans";
import type { BudgetResult } from "./budget-bars";

export type { BudgetResult };

// The chart library is large: it loads with the first result, into a box of fixed height.
const BudgetBars = dynamic(() => import("./budget-bars").then((module) => module.BudgetBars), { ssr: false });

/** The monthly budget, line on line, beside the monthly amount of the blocked account. */
export function BudgetChart({ result }: { result: BudgetResult }) {
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <figcaption className="font-semibold text-slate-900">
        Per month: your budget ({formatEuros(result.monthlyTotalEur)}) and the blocked account (
        {formatEuros(result.blockedAccount.monthlyEur)})
      </figcaption>
      <p className="mt-1 text-xs text-slate-500">The table below gives every line in figures, with its source.</p>
      <div className="mt-3 h-56" aria-hidden>
        <BudgetBars result={result} />
      </div>
    </figure>
  );
}
