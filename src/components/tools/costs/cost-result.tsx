"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useAuthModal } from "~/components/auth/auth-modals";
import { SourceList } from "~/components/tools/source-list";
import { StaleFigureNote } from "~/components/tools/stale-figure-note";
import { errorMessage, FormMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { joinWithAnd } from "~/lib/join-with-and";
import { formatEuros } from "~/lib/plans";
import { costCalculatorHref } from "~/lib/schemas/tools/costs";
import { api } from "~/trpc/react";
import { BudgetChart, type BudgetResult } from "./budget-chart";

/** The budget: totals, the comparison with the blocked account, the chart, every line with its source. */
export function CostResult({ result, signedIn }: { result: BudgetResult; signedIn: boolean }) {
  const { input } = result;
  const household = input.sharing === 1 ? "a household of one" : `a household of ${input.sharing}`;
  return (
    <article id="cost-result" aria-labelledby="cost-result-heading" className="space-y-6">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="cost-result-heading" className="text-xl font-semibold text-slate-900">
          Your budget in {result.city.name}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {result.housingLabel}, age {input.age}, {result.lifestyle.label.toLowerCase()} lifestyle, {household}. Semester contribution of{" "}
          {result.city.university}.
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3">
          <div className="rounded-xl bg-brand-50 p-4">
            <dt className="text-sm font-medium text-brand-700">Per month</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl" data-testid="cost-monthly-total">
              {formatEuros(result.monthlyTotalEur)}
            </dd>
          </div>
          <div className="rounded-xl bg-slate-50 p-4">
            <dt className="text-sm font-medium text-slate-600">Per year</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl" data-testid="cost-yearly-total">
              {formatEuros(result.yearlyTotalEur)}
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-medium">The total includes:</span> {joinWithAnd(result.includedLines)}.
        </p>
        {result.missingLines.length > 0 ? (
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <span className="font-medium">Not in the total, because no official source gives a figure:</span>{" "}
            {joinWithAnd(result.missingLines)}. Your real costs will be higher by what these lines cost you.
          </p>
        ) : null}
        <BlockedAccountComparison result={result} />
      </section>

      <BudgetChart result={result} />

      <section aria-labelledby="cost-lines-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="cost-lines-heading" className="text-lg font-semibold text-slate-900">
          Line by line
        </h2>
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Your budget, line by line, per month and per year, with what each figure is and its source</caption>
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Line
              </th>
              <th scope="col" className="py-2 text-right font-semibold sm:pr-3">
                Per month
              </th>
              <th scope="col" className="hidden py-2 text-right font-semibold sm:table-cell">
                Per year
              </th>
            </tr>
          </thead>
          <tbody>
            {result.lines.map((line) => (
              <tr key={line.key} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-3 pr-3 font-normal [overflow-wrap:anywhere]">
                  <span className="block font-medium text-slate-900">{line.label}</span>
                  <span className="mt-1 block text-xs leading-5 text-slate-600">{line.what}</span>
                  <StaleFigureNote stale={line.stale} className="mt-1" />
                  {line.notes.length > 0 ? (
                    <ul className="mt-1 list-disc space-y-0.5 pl-4 text-xs leading-5 text-slate-600">
                      {line.notes.map((note) => (
                        <li key={note}>{note}</li>
                      ))}
                    </ul>
                  ) : null}
                  {line.checkedOn && line.sources.length > 0 ? (
                    <div className="mt-1">
                      <SourceList sources={line.sources} checkedOn={line.checkedOn} />
                    </div>
                  ) : null}
                </th>
                {line.monthlyEur === null ? (
                  <td colSpan={2} className="py-3 text-right font-medium text-amber-800">
                    No official figure
                  </td>
                ) : (
                  <>
                    <td className="whitespace-nowrap py-3 text-right tabular-nums sm:pr-3">
                      {formatEuros(line.monthlyEur)}
                      <span className="block text-xs text-slate-500 sm:hidden">{formatEuros(line.yearlyEur ?? 0)} a year</span>
                    </td>
                    <td className="hidden whitespace-nowrap py-3 text-right tabular-nums sm:table-cell">
                      {formatEuros(line.yearlyEur ?? 0)}
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold text-slate-900">
              <th scope="row" className="py-3 pr-3">
                Total{result.missingLines.length > 0 ? " of the lines with a figure" : ""}
              </th>
              <td className="whitespace-nowrap py-3 text-right tabular-nums sm:pr-3">
                {formatEuros(result.monthlyTotalEur)}
                <span className="block text-xs font-normal text-slate-500 sm:hidden">{formatEuros(result.yearlyTotalEur)} a year</span>
              </td>
              <td className="hidden whitespace-nowrap py-3 text-right tabular-nums sm:table-cell">{formatEuros(result.yearlyTotalEur)}</td>
            </tr>
          </tfoot>
        </table>
      </section>

      <section
        aria-labelledby="cost-notes-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 text-sm leading-6 text-slate-700 shadow-sm"
      >
        <h2 id="cost-notes-heading" className="text-lg font-semibold text-slate-900">
          Good to know
        </h2>
        <p className="mt-2">
          <span className="font-medium">{result.lifestyle.label} lifestyle:</span> {result.lifestyle.description} The surveys publish
          averages only, so the margins for frugal and comfortable are our planning assumption, not survey figures.
        </p>
        {result.notes.map((note) => (
          <div key={note.text} className="mt-3">
            <p>{note.text}</p>
            <SourceList sources={note.sources} checkedOn={note.checkedOn} />
          </div>
        ))}
        <p className="mt-3">Deposits, furniture, the first trip and visa fees are one-off costs and not part of this monthly budget.</p>
      </section>

      <ShareAndSave result={result} signedIn={signedIn} />
    </article>
  );
}

function BlockedAccountComparison({ result }: { result: BudgetResult }) {
  const { blockedAccount } = result;
  const monthly = formatEuros(Math.abs(blockedAccount.differenceEur));
  const yearly = formatEuros(Math.abs(blockedAccount.yearlyDifferenceEur));
  const incomplete = result.missingLines.length > 0;
  const tone = blockedAccount.status === "shortfall" || incomplete ? "border-amber-300 bg-amber-50" : "border-green-300 bg-green-50";
  return (
    <div className={`mt-4 rounded-xl border p-4 text-sm ${tone}`} data-testid="cost-blocked-account">
      <p className="font-semibold text-slate-900">
        {blockedAccount.status === "shortfall"
          ? `Shortfall: ${monthly} a month (${yearly} a year) more than the blocked account pays out`
          : incomplete
            ? "Whether the blocked account covers this budget is not known"
            : blockedAccount.status === "surplus"
              ? `Surplus: the blocked account pays out ${monthly} a month (${yearly} a year) more than this budget`
              : "The blocked account pays out exactly this budget"}
      </p>
      {incomplete ? (
        <p className="mt-1 font-medium text-amber-900">
          The total lacks {joinWithAnd(result.missingLines)}, for which no official source gives a figure
          {blockedAccount.status === "shortfall"
            ? ": the shortfall is larger than this."
            : `. The lines with a figure come to ${monthly} a month less than the blocked account pays out; the missing lines may take that and more.`}
        </p>
      ) : null}
      <p className="mt-1 text-slate-700">
        The blocked account releases {formatEuros(blockedAccount.monthlyEur)} a month ({formatEuros(blockedAccount.yearlyEur)} a year).{" "}
        {blockedAccount.label}.
        {blockedAccount.status === "shortfall"
          ? " Plan how you will pay the difference: savings, a scholarship or a student job within the work limits of your visa."
          : ""}
      </p>
      <StaleFigureNote stale={blockedAccount.stale} className="mt-1" />
      <div className="mt-1">
        <SourceList sources={blockedAccount.sources} checkedOn={blockedAccount.checkedOn} />
      </div>
    </div>
  );
}

function ShareAndSave({ result, signedIn }: { result: BudgetResult; signedIn: boolean }) {
  const href = costCalculatorHref(result.input);
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const link = `${origin}${href}`;
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const { open } = useAuthModal();
  const utils = api.useUtils();
  const save = api.tools.costs.save.useMutation({
    onSuccess: () => {
      toast.success("Saved to your profile.");
      void utils.tools.saved.list.invalidate();
    },
  });

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }

  return (
    <section aria-labelledby="cost-share-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="cost-share-heading" className="text-lg font-semibold text-slate-900 print:hidden">
        Share, print or save
      </h2>
      <p className="hidden text-xs text-slate-600 print:block">Link to this budget: {link}</p>
      <div className="mt-3 print:hidden">
        <label htmlFor="cost-share-link" className="field-label">
          Link to this budget
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input id="cost-share-link" className="field-input" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="btn-secondary shrink-0" onClick={() => void copy()}>
            Copy link
          </button>
        </div>
        <p role="status" className="mt-1 min-h-5 text-xs text-slate-600">
          {copied === "copied"
            ? "Link copied. Whoever opens it sees this budget."
            : copied === "failed"
              ? "Your browser did not allow copying: select the link above and copy it."
              : ""}
        </p>
      </div>
      <div className="mt-2 flex flex-wrap gap-3 print:hidden">
        <button type="button" className="btn-secondary" onClick={() => window.print()}>
          Print
        </button>
        {signedIn ? (
          <button type="button" className="btn-primary" disabled={save.isPending} onClick={() => save.mutate(result.input)}>
            {save.isPending ? "Saving..." : "Save to my profile"}
          </button>
        ) : (
          <button type="button" className="btn-primary" onClick={() => open("login")}>
            Log in to save it to your profile
          </button>
        )}
      </div>
      {save.isSuccess ? (
        <p className="mt-3 text-sm text-green-800 print:hidden">
          Saved. You find it in{" "}
          <Link href="/profile" className="font-medium underline">
            your profile
          </Link>
          .
        </p>
      ) : null}
      {save.error ? (
        <FormMessage kind="error" className="mt-3 print:hidden">
          {errorMessage(save.error, "The budget could not be saved. Please try again.")}
        </FormMessage>
      ) : null}
    </section>
  );
}
