"use client";

import * as Popover from "@radix-ui/react-popover";
import { format } from "date-fns";
import { useState } from "react";
import { formatIsoDate, isDayDisabled, monthGrid, parseIsoDate, yearGrid, type DateFormat } from "~/lib/ui/dates";

export interface DatePickerProps {
  id?: string;
  /** YYYY-MM-DD or empty. */
  value: string | null;
  onChange: (value: string | null) => void;
  displayFormat?: DateFormat;
  min?: string;
  max?: string;
  placeholder?: string;
  disabled?: boolean;
  "aria-label"?: string;
}

const WEEKDAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"];

/** A date picker on a Radix popover (closes on outside click and Escape); outputs YYYY-MM-DD. */
export function DatePicker({ id, value, onChange, displayFormat = "YYYY-MM-DD", min, max, placeholder = "Select date", disabled, ...aria }: DatePickerProps) {
  const initial = parseIsoDate(value) ?? parseIsoDate(max) ?? new Date();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState({ year: initial.getFullYear(), month: initial.getMonth() });
  const [pickingYear, setPickingYear] = useState(false);

  const shift = (delta: number) =>
    setMonth(({ year, month: m }) => ({ year: year + Math.floor((m + delta) / 12), month: (((m + delta) % 12) + 12) % 12 }));
  const monthPrefix = `${month.year}-${String(month.month + 1).padStart(2, "0")}`;

  return (
    <Popover.Root open={open} onOpenChange={(next) => { setOpen(next); setPickingYear(false); }}>
      <Popover.Trigger asChild disabled={disabled}>
        <button id={id} type="button" className="field-input flex items-center justify-between text-left" aria-haspopup="dialog" {...aria}>
          <span className={value ? "" : "text-slate-500"}>{value ? formatIsoDate(value, displayFormat) : placeholder}</span>
          <span aria-hidden className="text-slate-400">📅</span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} className="z-50 w-72 rounded-xl border border-slate-200 bg-white p-3 shadow-lg" aria-label="Choose a date">
          <div className="flex items-center justify-between">
            <button type="button" className="rounded p-1 hover:bg-slate-100" aria-label="Previous month" onClick={() => shift(-1)}>‹</button>
            <button type="button" className="rounded px-2 py-1 text-sm font-semibold hover:bg-slate-100" aria-label="Choose year" onClick={() => setPickingYear(!pickingYear)}>
              {format(new Date(month.year, month.month, 1), "MMMM yyyy")}
            </button>
            <button type="button" className="rounded p-1 hover:bg-slate-100" aria-label="Next month" onClick={() => shift(1)}>›</button>
          </div>
          {pickingYear ? (
            <div className="mt-2 grid max-h-56 grid-cols-5 gap-1 overflow-y-auto" role="listbox" aria-label="Years">
              {yearGrid(new Date().getFullYear()).map((year) => (
                <button
                  key={year}
                  type="button"
                  role="option"
                  aria-selected={year === month.year}
                  className="rounded px-1 py-1.5 text-sm hover:bg-brand-50 aria-selected:bg-brand-600 aria-selected:text-white"
                  onClick={() => { setMonth({ year, month: month.month }); setPickingYear(false); }}
                >
                  {year}
                </button>
              ))}
            </div>
          ) : (
            <table className="mt-2 w-full text-center text-sm" role="grid">
              <thead>
                <tr>{WEEKDAYS.map((day) => <th key={day} scope="col" className="py-1 text-xs font-medium text-slate-500">{day}</th>)}</tr>
              </thead>
              <tbody>
                {monthGrid(month.year, month.month).map((week) => (
                  <tr key={week[0]}>
                    {week.map((iso) => {
                      const outside = !iso.startsWith(monthPrefix);
                      const blocked = isDayDisabled(iso, { min, max });
                      return (
                        <td key={iso}>
                          <button
                            type="button"
                            disabled={blocked}
                            aria-label={iso}
                            aria-pressed={iso === value}
                            onClick={() => { onChange(iso); setOpen(false); }}
                            className={`h-8 w-8 rounded-full ${outside ? "text-slate-400" : "text-slate-800"} hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent aria-pressed:bg-brand-600 aria-pressed:text-white`}
                          >
                            {Number(iso.slice(8))}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {value ? (
            <button type="button" className="mt-2 text-xs font-medium text-slate-500 hover:underline" onClick={() => { onChange(null); setOpen(false); }}>
              Clear
            </button>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
