import Link from "next/link";
import { checkedDate, SourceList } from "~/components/tools/source-list";
import { StaleFigureNote } from "~/components/tools/stale-figure-note";
import { HoverPopovers } from "~/components/ui/hover-popovers";
import { formatAmount } from "~/lib/money";
import { RATES_STALE_DAYS } from "~/lib/schemas/tools/compare";
import type { RouterOutputs } from "~/trpc/react";
import { CellSource } from "./cell-source";

type Comparison = RouterOutputs["tools"]["compare"]["table"];
type CompareRow = Comparison["rows"][number];
type AnyCell = CompareRow["cells"][number];
type MissingCell = Extract<AnyCell, { missing: true }>;
type CompareCell = Exclude<AnyCell, MissingCell>;
type EuroValue = NonNullable<CompareCell["inEuro"]>;

const NO_SOURCE_TEXT = "No official source gives this figure yet.";

const PER_TEXT: Record<EuroValue["per"], string> = {
  year: "a year",
  semester: "a semester",
  month: "a month",
  once: "",
};

function euroText(euro: EuroValue): string {
  const range =
    euro.max !== undefined && euro.max !== euro.amount
      ? `${formatAmount(euro.amount)} to ${formatAmount(euro.max)}`
      : formatAmount(euro.amount);
  return `≈ ${range}${PER_TEXT[euro.per] ? ` ${PER_TEXT[euro.per]}` : ""} at the rate of ${checkedDate(euro.rateDate)}`;
}

function isMissing(cell: CompareCell | MissingCell): cell is MissingCell {
  return "missing" in cell;
}

/** One cell: the source's words, the value in euros, the best mark and the source on hover or tap. */
function Cell({
  cell,
  row,
  countryName,
  layout,
}: {
  cell: CompareCell | MissingCell;
  row: CompareRow;
  countryName: string;
  layout: "table" | "card";
}) {
  if (isMissing(cell)) return <p className="text-sm italic text-slate-500">{NO_SOURCE_TEXT}</p>;
  return (
    <div>
      {cell.best ? (
        <p className="mb-1 inline-flex items-center rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
          {row.ranking === "lowest" ? "Lowest" : "Highest"} of these
        </p>
      ) : null}
      <p className="text-sm text-slate-800">{cell.text}</p>
      {cell.detail ? (
        <p className="mt-1 text-sm text-slate-800">
          {cell.detail.text}{" "}
          <Link href={cell.detail.href} className="font-medium text-brand-700 underline underline-offset-2">
            {cell.detail.label}
          </Link>
        </p>
      ) : null}
      {cell.inEuro ? <p className="mt-1 text-xs text-slate-600">{euroText(cell.inEuro)}</p> : null}
      <StaleFigureNote stale={cell.stale} className="mt-1" />
      <CellSource
        id={`source-${layout}-${row.criterion}-${cell.country}`}
        sources={cell.sources}
        checkedOn={cell.checkedOn}
        label={`${row.title}, ${countryName}`}
      />
    </div>
  );
}

/** The comparison as a table on wide screens and in print, and as one card per criterion on a phone. */
export function CompareTable({ comparison }: { comparison: Comparison }) {
  const names = new Map(comparison.countries.map((country) => [country.code, country.name]));
  return (
    <HoverPopovers>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block print:block print:border-0 print:shadow-none">
        <table className="w-full table-fixed border-collapse text-left" data-testid="compare-table">
          <caption className="sr-only">Comparison of {comparison.countries.map((country) => country.name).join(", ")}</caption>
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50">
              <th scope="col" className="w-48 p-3 text-sm font-semibold text-slate-600">
                Criterion
              </th>
              {comparison.countries.map((country) => (
                <th key={country.code} scope="col" className="p-3 text-base font-semibold text-slate-900">
                  {country.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row) => (
              <tr key={row.criterion} className="border-b border-slate-100 align-top last:border-0 print:break-inside-avoid">
                <th scope="row" className="p-3 text-sm font-semibold text-slate-700">
                  {row.title}
                </th>
                {row.cells.map((cell) => (
                  <td key={cell.country} className={`p-3 ${!isMissing(cell) && cell.best ? "bg-emerald-50/60" : ""}`}>
                    <Cell cell={cell} row={row} countryName={names.get(cell.country) ?? cell.country} layout="table" />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="space-y-4 md:hidden print:hidden" data-testid="compare-cards">
        {comparison.rows.map((row) => (
          <section
            key={row.criterion}
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            aria-labelledby={`card-${row.criterion}`}
          >
            <h2 id={`card-${row.criterion}`} className="text-base font-semibold text-slate-900">
              {row.title}
            </h2>
            <dl className="mt-3 space-y-3">
              {row.cells.map((cell) => (
                <div key={cell.country} className={`rounded-lg p-2 ${!isMissing(cell) && cell.best ? "bg-emerald-50" : ""}`}>
                  <dt className="text-sm font-semibold text-slate-700">{names.get(cell.country)}</dt>
                  <dd className="mt-1">
                    <Cell cell={cell} row={row} countryName={names.get(cell.country) ?? cell.country} layout="card" />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>

      {comparison.rates ? (
        <div className="mt-6 text-xs text-slate-600">
          <p>
            Amounts in other currencies are converted with stored reference rates of {checkedDate(comparison.rates.value.date)} (no live
            lookup); the official figure is the one in its own currency.
          </p>
          {comparison.ratesStale ? (
            <p className="mt-1 font-medium text-amber-800" role="note">
              These rates are more than {RATES_STALE_DAYS} days old: the amounts in euros may be off.
            </p>
          ) : null}
          <SourceList sources={comparison.rates.sources} checkedOn={comparison.rates.checkedOn} />
        </div>
      ) : null}
    </HoverPopovers>
  );
}
