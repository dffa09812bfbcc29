"use client";

import * as Popover from "@radix-ui/react-popover";
import { useState } from "react";
import { type DateFormat, formatIsoDate, isDayDisabled, monthGrid, parseIsoDate } from "~/lib/ui/dates";

export interface DateRange {
  start: string | null;
  end: string | null;
}

/** Opens on click, closes on outside click (Radix); the first click sets the start, the second the end; Clear empties both. */
export function DateRangePicker({
  value,
  onChange,
  displayFormat = "YYYY-MM-DD",
  min,
  max,
  label,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  displayFormat?: DateFormat;
  min?: string;
  max?: string;
  label: string;
}) {
  const base = parseIsoDate(value.start) ?? new Date();
  const [month, setMonth] = useState({ year: base.getFullYear(), month: base.getMonth() });
  const text = value.start
    ? `${formatIsoDate(value.start, displayFormat)} – ${value.end ? formatIsoDate(value.end, displayFormat) : "..."}`
    : "Select dates";
  const shift = (delta: number) =>
    setMonth(({ year, month: m }) => ({
      year: year + Math.floor((m + delta) / 12),
      month: (((m + delta) % 12) + 12) % 12,
    }));
  function pick(iso: string) {
    if (!value.start || value.end) onChange({ start: iso, end: null });
    else if (iso < value.start) onChange({ start: iso, end: value.start });
    else onChange({ start: value.start, end: iso });
  }
  return (
    <Popover.Root>
      <Popover.Trigger className="field-input text-left" aria-label={label}>
        {text}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} className="z-50 w-72 rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
          <div className="flex items-center justify-between text-sm font-semibold">
            <button type="button" aria-label="Previous month" onClick={() => shift(-1)} className="rounded p-1 hover:bg-slate-100">
              ‹
            </button>
            {new Date(month.year, month.month, 1).toLocaleString("en", { month: "long", year: "numeric" })}
            <button type="button" aria-label="Next month" onClick={() => shift(1)} className="rounded p-1 hover:bg-slate-100">
              ›
            </button>
          </div>
          <div className="mt-2 grid grid-cols-7 gap-1 text-center text-sm">
            {monthGrid(month.year, month.month)
              .flat()
              .map((iso) => {
                const inRange = value.start && value.end && iso >= value.start && iso <= value.end;
                const edge = iso === value.start || iso === value.end;
                return (
                  <button
                    key={iso}
                    type="button"
                    aria-label={iso}
                    disabled={isDayDisabled(iso, { min, max })}
                    onClick={() => pick(iso)}
                    className={`h-8 rounded ${edge ? "bg-brand-600 text-white" : inRange ? "bg-brand-100" : "hover:bg-slate-100"} disabled:text-slate-300`}
                  >
                    {Number(iso.slice(8))}
                  </button>
                );
              })}
          </div>
          <button
            type="button"
            className="mt-2 text-xs font-medium text-slate-500 hover:underline"
            onClick={() => onChange({ start: null, end: null })}
          >
            Clear
          </button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
