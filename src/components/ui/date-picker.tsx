"use client";

import * as Popover from "@radix-ui/react-popover";
import { format } from "date-fns";
import { type FormEvent, useState } from "react";
import {
  type DateFormat,
  DECADE_WINDOW,
  decadeStart,
  decadeWindow,
  decadeYears,
  displayToIso,
  formatIsoDate,
  isDayDisabled,
  isDecadeDisabled,
  isMonthDisabled,
  isYearDisabled,
  monthGrid,
  parseIsoDate,
} from "~/lib/ui/dates";

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
const MONTHS = Array.from({ length: 12 }, (_, month) => month);

/** What the popover shows: a month's days, a year's months, a decade's years or a century's decades. */
type View = "days" | "months" | "years" | "decades";

const cell =
  "rounded px-1 py-1.5 text-sm hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent aria-pressed:bg-brand-600 aria-pressed:text-white";
const arrow = "rounded p-1 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300";

interface Choice {
  key: number;
  text: string;
  /** The accessible name, when the text is short for it ("May" for May 1990). */
  name?: string;
  disabled: boolean;
  chosen: boolean;
  choose: () => void;
}

/** A labelled grid of buttons: the decades, years or months to zoom into. */
function ChoiceGrid({ label, columns, choices }: { label: string; columns: 3 | 5; choices: Choice[] }) {
  return (
    <div className={`mt-2 grid gap-1 ${columns === 3 ? "grid-cols-3" : "grid-cols-5"}`} role="group" aria-label={label}>
      {choices.map((choice) => (
        <button
          key={choice.key}
          type="button"
          className={cell}
          disabled={choice.disabled}
          aria-pressed={choice.chosen}
          aria-label={choice.name}
          onClick={choice.choose}
        >
          {choice.text}
        </button>
      ))}
    </div>
  );
}

/** The message for a typed date outside the picker's bounds, or null. */
function boundsProblem(iso: string, min?: string, max?: string): string | null {
  if (max && iso > max) return `Choose a date on or before ${max}`;
  if (min && iso < min) return `Choose a date on or after ${min}`;
  return null;
}

/**
 * A date picker on a Radix popover (closes on outside click and Escape); outputs YYYY-MM-DD. Far
 * years are a few clicks away (the month's title opens the years of its decade, whose title opens
 * the decades of the century), or the date is typed.
 */
export function DatePicker({
  id,
  value,
  onChange,
  displayFormat = "YYYY-MM-DD",
  min,
  max,
  placeholder = "Select date",
  disabled,
  ...aria
}: DatePickerProps) {
  const initial = parseIsoDate(value) ?? parseIsoDate(max) ?? new Date();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState({ year: initial.getFullYear(), month: initial.getMonth() });
  const [view, setView] = useState<View>("days");
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | null>(null);
  const bounds = { min, max };

  const shiftMonth = (delta: number) =>
    setMonth(({ year, month: m }) => ({
      year: year + Math.floor((m + delta) / 12),
      month: (((m + delta) % 12) + 12) % 12,
    }));
  const shiftYear = (delta: number) => setMonth(({ year, month: m }) => ({ year: year + delta, month: m }));
  const monthPrefix = `${month.year}-${String(month.month + 1).padStart(2, "0")}`;

  function choose(iso: string | null) {
    onChange(iso);
    setOpen(false);
  }

  function submitTyped(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation(); // the picker may sit inside another form
    const iso = displayToIso(typed, displayFormat);
    if (!iso || formatIsoDate(iso, displayFormat) !== typed.trim()) {
      setTypedError(`Type the date as ${displayFormat}`);
      return;
    }
    const problem = boundsProblem(iso, min, max);
    if (problem) {
      setTypedError(problem);
      return;
    }
    choose(iso);
  }

  const decades = decadeWindow(month.year, max);
  // The header of each view: its title (which zooms out) between the previous and next buttons.
  const header = {
    days: {
      title: format(new Date(month.year, month.month, 1), "MMMM yyyy"),
      zoom: "Choose year",
      unit: "month",
      step: () => shiftMonth(-1),
      next: () => shiftMonth(1),
    },
    months: {
      title: String(month.year),
      zoom: "Choose year",
      unit: "year",
      step: () => shiftYear(-1),
      next: () => shiftYear(1),
    },
    years: {
      title: `${decadeStart(month.year)} – ${decadeStart(month.year) + 9}`,
      zoom: "Choose decade",
      unit: "decade",
      step: () => shiftYear(-10),
      next: () => shiftYear(10),
    },
    decades: {
      title: `${decades[0]} – ${decades.at(-1)! + 9}`,
      zoom: null,
      unit: "decades",
      step: () => shiftYear(-10 * DECADE_WINDOW),
      next: () => shiftYear(10 * DECADE_WINDOW),
    },
  }[view];
  const zoomOut = () => setView(view === "days" || view === "months" ? "years" : "decades");

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setView("days");
        setTyped("");
        setTypedError(null);
      }}
    >
      <Popover.Trigger asChild disabled={disabled}>
        <button
          id={id}
          type="button"
          className="field-input flex items-center justify-between text-left"
          aria-haspopup="dialog"
          // The shown date is part of the name, as the visible text must be.
          aria-label={
            aria["aria-label"] ? `${aria["aria-label"]}: ${value ? formatIsoDate(value, displayFormat) : placeholder}` : undefined
          }
        >
          <span className={value ? "" : "text-slate-500"}>{value ? formatIsoDate(value, displayFormat) : placeholder}</span>
          <span aria-hidden className="text-slate-400">
            📅
          </span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
          aria-label="Choose a date"
        >
          <div className="flex items-center justify-between">
            <button type="button" className={arrow} aria-label={`Previous ${header.unit}`} onClick={header.step}>
              ‹
            </button>
            {header.zoom ? (
              <button
                type="button"
                className="rounded px-2 py-1 text-sm font-semibold hover:bg-slate-100"
                aria-label={`${header.title}, ${header.zoom.toLowerCase()}`}
                onClick={zoomOut}
              >
                {header.title}
              </button>
            ) : (
              <span className="px-2 py-1 text-sm font-semibold">{header.title}</span>
            )}
            <button type="button" className={arrow} aria-label={`Next ${header.unit}`} onClick={header.next}>
              ›
            </button>
          </div>
          {view === "decades" ? (
            <ChoiceGrid
              label="Decades"
              columns={3}
              choices={decades.map((first) => ({
                key: first,
                text: `${first}s`,
                disabled: isDecadeDisabled(first, bounds),
                chosen: first === decadeStart(month.year),
                choose: () => {
                  setMonth({ year: first + (month.year % 10), month: month.month });
                  setView("years");
                },
              }))}
            />
          ) : view === "years" ? (
            <ChoiceGrid
              label="Years"
              columns={5}
              choices={decadeYears(month.year).map((year) => ({
                key: year,
                text: String(year),
                disabled: isYearDisabled(year, bounds),
                chosen: year === month.year,
                choose: () => {
                  setMonth({ year, month: month.month });
                  setView("months");
                },
              }))}
            />
          ) : view === "months" ? (
            <ChoiceGrid
              label="Months"
              columns={3}
              choices={MONTHS.map((m) => ({
                key: m,
                text: format(new Date(month.year, m, 1), "MMM"),
                name: format(new Date(month.year, m, 1), "MMMM yyyy"),
                disabled: isMonthDisabled(month.year, m, bounds),
                chosen: m === month.month,
                choose: () => {
                  setMonth({ year: month.year, month: m });
                  setView("days");
                },
              }))}
            />
          ) : (
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date picker pattern: a table with role grid
            <table className="mt-2 w-full text-center text-sm" role="grid">
              <thead>
                <tr>
                  {WEEKDAYS.map((day) => (
                    <th key={day} scope="col" className="py-1 text-xs font-medium text-slate-500">
                      {day}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthGrid(month.year, month.month).map((week) => (
                  <tr key={week[0]}>
                    {week.map((iso) => {
                      const outside = !iso.startsWith(monthPrefix);
                      const blocked = isDayDisabled(iso, bounds);
                      return (
                        <td key={iso}>
                          <button
                            type="button"
                            disabled={blocked}
                            aria-pressed={iso === value}
                            onClick={() => choose(iso)}
                            className={`h-8 w-8 rounded-full ${outside ? "text-slate-500" : "text-slate-800"} hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent aria-pressed:bg-brand-600 aria-pressed:text-white`}
                          >
                            <span aria-hidden>{Number(iso.slice(8))}</span>
                            <span className="sr-only">{iso}</span>
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <form onSubmit={submitTyped} noValidate className="mt-3 border-t border-slate-100 pt-2">
            <label htmlFor={`${id ?? "date"}-typed`} className="text-xs font-medium text-slate-600">
              Type a date ({displayFormat})
            </label>
            <div className="mt-1 flex gap-1">
              <input
                id={`${id ?? "date"}-typed`}
                className="field-input py-1"
                value={typed}
                inputMode="numeric"
                autoComplete="off"
                placeholder={displayFormat}
                aria-invalid={typedError ? true : undefined}
                aria-describedby={typedError ? `${id ?? "date"}-typed-error` : undefined}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setTypedError(null);
                }}
              />
              <button type="submit" className="btn-secondary px-2 py-1 text-xs" disabled={!typed.trim()}>
                Set
              </button>
            </div>
            {typedError ? (
              <p id={`${id ?? "date"}-typed-error`} role="alert" className="mt-1 text-xs text-red-700">
                {typedError}
              </p>
            ) : null}
          </form>
          {value ? (
            <button type="button" className="mt-2 text-xs font-medium text-slate-500 hover:underline" onClick={() => choose(null)}>
              Clear
            </button>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
