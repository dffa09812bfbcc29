"use client";

import type { ReactNode } from "react";
import { useAuthModal } from "~/components/auth/auth-modals";
import { useSession } from "~/components/auth/session";
import { DatasetCredit, SourceList } from "~/components/tools/source-list";
import { StaleFigureNote } from "~/components/tools/stale-figure-note";
import { errorMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import type { SourceRef } from "~/lib/schemas/tools/common";
import { api, type RouterOutputs } from "~/trpc/react";

type VisaResult = RouterOutputs["tools"]["visa"]["check"];
type Line = VisaResult["fees"][number];

const VERDICT_STYLES: Record<VisaResult["entry"]["kind"], string> = {
  "national-visa": "border-amber-300 bg-amber-50 text-amber-950",
  "visa-free": "border-green-300 bg-green-50 text-green-950",
  "free-movement": "border-green-300 bg-green-50 text-green-950",
  "in-germany": "border-brand-100 bg-brand-50 text-slate-900",
  "not-from-abroad": "border-red-200 bg-red-50 text-red-950",
  "german-citizen": "border-slate-200 bg-slate-50 text-slate-900",
};

const euros = (amount: number) => `${amount.toLocaleString("en-GB")} €`;
const sameSources = (a: SourceRef[], b: SourceRef[]) => a.length === b.length && a.every((source, index) => source.url === b[index]?.url);

/** Consecutive lines with the same sources share one source note. */
function groupLines(lines: Line[]): Line[][] {
  const groups: Line[][] = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last && last[0]!.checkedOn === line.checkedOn && sameSources(last[0]!.sources, line.sources)) last.push(line);
    else groups.push([line]);
  }
  return groups;
}

function Gap({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">{children}</p>;
}

/** Paragraphs, each group with its sources and checked date; a line without sources shows as a gap. */
function Lines({ lines, list = false }: { lines: Line[]; list?: boolean }) {
  return (
    <div className="space-y-3">
      {groupLines(lines).map((group, index) => {
        const first = group[0]!;
        if (first.sources.length === 0) return group.map((line) => <Gap key={line.text}>{line.text}</Gap>);
        return (
          <div key={index} className="space-y-1">
            {list ? (
              <ul className="space-y-1.5">
                {group.map((line) => (
                  <li key={line.text} className="flex gap-2 text-sm leading-6 text-slate-800">
                    <span aria-hidden className="mt-1 inline-block h-4 w-4 shrink-0 rounded border border-slate-400" />
                    <span>{line.text}</span>
                  </li>
                ))}
              </ul>
            ) : (
              group.map((line) => (
                <p key={line.text} className="text-sm leading-6 text-slate-800">
                  {line.text}
                </p>
              ))
            )}
            <SourceList sources={first.sources} checkedOn={first.checkedOn!} />
          </div>
        );
      })}
    </div>
  );
}

function Section({
  id,
  step,
  title,
  children,
  badge,
}: {
  id: string;
  step: number;
  title: string;
  children: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="break-inside-avoid rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 print:border-slate-300 print:shadow-none"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span
          aria-hidden
          className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700"
        >
          {step}
        </span>
        <h3 id={id} className="text-base font-semibold text-slate-900 sm:text-lg">
          {title}
        </h3>
        {badge}
      </div>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

function Summary({ label, value, tone = "slate" }: { label: string; value: string; tone?: "slate" | "amber" | "green" }) {
  const colours = { slate: "text-slate-900", amber: "text-amber-800", green: "text-green-800" }[tone];
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 print:p-2">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className={`mt-1 text-sm font-semibold leading-5 ${colours}`}>{value}</dd>
    </div>
  );
}

function SaveButton({ result }: { result: VisaResult }) {
  const { status } = useSession();
  const { open } = useAuthModal();
  const save = api.tools.visa.save.useMutation({
    onSuccess: () => toast.success("Saved to your profile."),
    onError: (error) => toast.error(errorMessage(error, "The result could not be saved.")),
  });
  if (status !== "authenticated") {
    return (
      <button type="button" className="btn-secondary" onClick={() => open("login")}>
        Log in to save
      </button>
    );
  }
  return (
    <button type="button" className="btn-secondary" disabled={save.isPending || save.isSuccess} onClick={() => save.mutate(result.input)}>
      {save.isSuccess ? "Saved" : save.isPending ? "Saving..." : "Save to my profile"}
    </button>
  );
}

/** The answer: the verdict first, then each part with its sources and checked dates. */
export function VisaResultView({ result }: { result: VisaResult }) {
  const { entry, residence, aps, funds, shortStay } = result;
  const needsVisa = entry.kind === "national-visa";
  const yearly = funds.amounts.find((amount) => amount.per === "year");
  const monthly = funds.amounts.find((amount) => amount.per === "month");
  return (
    <article aria-labelledby="visa-result-title" className="space-y-5">
      {/* Printing shows only the answer: the site's header, navigation and footer are hidden. */}
      <style>
        {
          "@media print { body header, body nav, body footer, [data-sonner-toaster] { display: none !important; } body { background: white; } }"
        }
      </style>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Your result</p>
          <h2 id="visa-result-title" className="mt-1 text-2xl font-bold tracking-tight text-slate-900">
            {result.nationalityName} · {result.purposeLabel}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Funding: {result.fundingLabel} ·{" "}
            {result.input.holdsGermanTitle ? "Holds a German residence title" : "No German residence title yet"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <SaveButton result={result} />
          <button type="button" className="btn-secondary" onClick={() => window.print()}>
            Print
          </button>
        </div>
      </div>

      <div role="status" className={`rounded-2xl border-2 p-5 ${VERDICT_STYLES[entry.kind]}`}>
        <p className="text-lg font-semibold leading-7">{entry.headline}</p>
      </div>

      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Summary
          label="Visa before entry"
          value={needsVisa ? "National (D) visa" : entry.kind === "not-from-abroad" ? "Not available from abroad" : "Not needed"}
          tone={needsVisa ? "amber" : "green"}
        />
        <Summary label="Residence title" value={residence.legalBasis} />
        <Summary
          label="APS certificate"
          value={
            aps.status === "required"
              ? "Required"
              : aps.status === "not-required"
                ? "Not required"
                : aps.status === "not-stated"
                  ? "Not named for this purpose"
                  : "Not needed"
          }
          tone={aps.status === "required" ? "amber" : "slate"}
        />
        <Summary
          label="Proof of funds"
          value={yearly && monthly ? `${euros(yearly.amountEur)} a year (${euros(monthly.amountEur)} a month)` : funds.headline}
        />
      </dl>

      <Section id="visa-entry" step={1} title="Visa before entry">
        {entry.lines.length > 0 ? <Lines lines={entry.lines} /> : <p className="text-sm text-slate-700">{entry.headline}</p>}
      </Section>

      <Section id="visa-residence" step={2} title={`Residence title: ${residence.title}`}>
        <p className="text-sm font-semibold text-slate-900">Legal basis: {residence.legalBasis}</p>
        {residence.minimumPoints !== null ? (
          <p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
            Points requirement: at least {residence.minimumPoints} points (unless your qualification is fully recognised)
          </p>
        ) : null}
        <Lines lines={residence.lines} />
      </Section>

      <Section id="visa-aps" step={3} title="APS certificate">
        <p className="text-sm font-semibold text-slate-900">{aps.headline}</p>
        <Lines lines={aps.lines} />
      </Section>

      <Section id="visa-funds" step={4} title="Proof of funds">
        {funds.amounts.length > 0 ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {funds.amounts.map((amount) => (
              <div key={amount.per} className="rounded-xl bg-slate-50 p-4">
                <p className="text-2xl font-bold text-slate-900">
                  {euros(amount.amountEur)} <span className="text-sm font-medium text-slate-600">a {amount.per}</span>
                </p>
                <p className="mt-1 text-xs leading-5 text-slate-600">{amount.label}</p>
                <StaleFigureNote stale={amount.stale} className="mt-1" />
                <SourceList sources={amount.sources} checkedOn={amount.checkedOn} />
              </div>
            ))}
          </div>
        ) : (
          <p className="text-sm font-semibold text-slate-900">{funds.headline}</p>
        )}
        <Lines lines={funds.lines} />
      </Section>

      <Section id="visa-fees" step={5} title="Fees">
        {result.fees.length > 0 ? <Lines lines={result.fees} /> : <p className="text-sm text-slate-700">No visa fee: you need no visa.</p>}
      </Section>

      <Section id="visa-processing" step={6} title="Typical processing times">
        {result.processing.length > 0 ? (
          <Lines lines={result.processing} />
        ) : (
          <p className="text-sm text-slate-700">
            No visa procedure: the time the foreigners authority takes is not published in a source we read.
          </p>
        )}
      </Section>

      <Section id="visa-checklist" step={7} title={result.checklist.heading}>
        {entry.kind !== "national-visa" && entry.kind !== "free-movement" && entry.kind !== "german-citizen" ? (
          <p className="text-sm text-slate-600">
            These are the documents the German missions list for this purpose; your foreigners authority decides what it needs and may ask
            for others.
          </p>
        ) : null}
        <Lines lines={result.checklist.items} list />
      </Section>

      <Section id="visa-arrival" step={8} title="After arrival">
        <Lines lines={result.afterArrival} />
      </Section>

      <Section
        id="visa-short-stay"
        step={9}
        title="Short stays (tourism, visits)"
        badge={
          <span className="rounded-full bg-red-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-red-700">
            Not valid for study or work
          </span>
        }
      >
        <p className="text-sm font-semibold text-slate-900">{shortStay.headline}</p>
        <Lines lines={shortStay.lines} />
        <DatasetCredit
          name={shortStay.dataset.name}
          url={shortStay.dataset.url}
          licence={shortStay.dataset.licence}
          licenceUrl={shortStay.dataset.licenceUrl}
        />
        <p className="text-xs text-slate-500">
          {shortStay.dataset.copyright}; retrieved {shortStay.dataset.retrievedOn}.
        </p>
      </Section>

      <p className="text-xs leading-5 text-slate-500">
        This checker summarises official pages; it is not legal advice. The German mission or foreigners authority responsible for you
        decides.
      </p>
    </article>
  );
}
