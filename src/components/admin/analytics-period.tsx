"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useId, useState } from "react";
import { type DateRange, DateRangePicker } from "~/components/ui/date-range-picker";
import { isCalendarDay, lastDays, utcDay } from "~/lib/period";
import type { Period } from "~/lib/schemas/admin";

export interface OptionalPeriod {
  from?: string;
  to?: string;
}

/**
 * A period of UTC days chosen with the date range picker: applied once both ends are picked;
 * Clear removes it (or goes back to the default where a period is required).
 */
export function PeriodField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: OptionalPeriod;
  onChange: (period: OptionalPeriod) => void;
}) {
  const labelId = useId();
  const [draft, setDraft] = useState<DateRange>({ start: value.from ?? null, end: value.to ?? null });
  useEffect(() => setDraft({ start: value.from ?? null, end: value.to ?? null }), [value.from, value.to]);
  return (
    <div className="min-w-56 text-sm">
      <span className="field-label" id={labelId}>
        {label}
      </span>
      <DateRangePicker
        label={label}
        value={draft}
        max={utcDay(new Date())}
        onChange={(range) => {
          setDraft(range);
          if (range.start && range.end) onChange({ from: range.start, to: range.end });
          else if (!range.start && !range.end) onChange({});
        }}
      />
    </div>
  );
}

/** Buttons for the usual periods (the last 7, 30 and 90 days). */
function PeriodPresets({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label="Quick periods">
      {[7, 30, 90].map((days) => {
        const preset = lastDays(days);
        const active = preset.from === value.from && preset.to === value.to;
        return (
          <button
            key={days}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(preset)}
            className={`rounded-full border px-3 py-1 text-xs font-medium ${active ? "border-brand-300 bg-brand-50 text-brand-700" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
          >
            Last {days} days
          </button>
        );
      })}
    </div>
  );
}

/** The period of a report: two dates (UTC days) and the presets beside them. */
export function ReportPeriodBar({ period, onChange }: { period: Period; onChange: (period: OptionalPeriod) => void }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <PeriodField label="Period (UTC days)" value={period} onChange={onChange} />
      <PeriodPresets value={period} onChange={onChange} />
    </div>
  );
}

/**
 * The report period kept in the page's URL (`from`, `to`), the last `defaultDays` days (UTC) when
 * none is given or the one given is not valid.
 */
export function useReportPeriod(defaultDays = 30) {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const from = searchParams.get("from");
  const to = searchParams.get("to");
  const period: Period = from && to && isCalendarDay(from) && isCalendarDay(to) && from <= to ? { from, to } : lastDays(defaultDays);
  const setPeriod = useCallback(
    (next: OptionalPeriod) => {
      const params = new URLSearchParams(searchParams.toString());
      for (const key of ["from", "to"] as const) {
        if (next[key]) params.set(key, next[key]);
        else params.delete(key);
      }
      const text = params.toString();
      router.replace(text ? `${pathname}?${text}` : pathname, { scroll: false });
    },
    [pathname, router, searchParams],
  );
  return { period, setPeriod };
}

/** "42%" (one decimal below 10%), or "–" when there is nothing to divide. */
export function formatRatio(ratio: number | null): string {
  if (ratio === null) return "–";
  const percent = ratio * 100;
  return `${percent < 10 && percent > 0 ? percent.toFixed(1) : Math.round(percent)}%`;
}

/** A figure with its label, for the cards above the charts. */
export function FigureCard({ label, value, note }: { label: string; value: string | number; note?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{typeof value === "number" ? value.toLocaleString("en-US") : value}</p>
      {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
    </div>
  );
}
