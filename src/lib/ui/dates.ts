import { addDays, endOfMonth, endOfWeek, format as formatDateFns, isValid, parse, startOfMonth, startOfWeek } from "date-fns";

/** Display formats of the date picker; the value it outputs is always YYYY-MM-DD. */
const DATE_FORMATS = {
  "YYYY-MM-DD": "yyyy-MM-dd",
  "DD/MM/YYYY": "dd/MM/yyyy",
  "MM/DD/YYYY": "MM/dd/yyyy",
  YYYY: "yyyy",
  MM: "MM",
  "YYYY-MM": "yyyy-MM",
  "MM-DD": "MM-dd",
} as const;
export type DateFormat = keyof typeof DATE_FORMATS;
const DEFAULT_DATE_FORMAT: DateFormat = "YYYY-MM-DD";

/** A calendar date as YYYY-MM-DD in local time (no time-zone shift). */
function toIsoDate(date: Date): string {
  return formatDateFns(date, "yyyy-MM-dd");
}

/** Parses YYYY-MM-DD strictly; null when it is not a real calendar date. */
export function parseIsoDate(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parse(value, "yyyy-MM-dd", new Date());
  return isValid(date) && toIsoDate(date) === value ? date : null;
}

export function formatIsoDate(value: string | null | undefined, displayFormat: DateFormat = DEFAULT_DATE_FORMAT): string {
  const date = parseIsoDate(value);
  return date ? formatDateFns(date, DATE_FORMATS[displayFormat]) : "";
}

/** Reads a typed value in a display format and returns YYYY-MM-DD, or null. */
export function displayToIso(text: string, displayFormat: DateFormat = DEFAULT_DATE_FORMAT): string | null {
  const date = parse(text.trim(), DATE_FORMATS[displayFormat], new Date());
  return isValid(date) ? toIsoDate(date) : null;
}

/** "1 January 2025" for a YYYY-MM-DD date, in any time zone of the server. */
export function calendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return formatDateFns(new Date(year, month - 1, day), "d MMMM yyyy");
}

export function todayIso(now = new Date()): string {
  return toIsoDate(now);
}

/** A day is disabled before min or after max (both YYYY-MM-DD, inclusive bounds). */
export function isDayDisabled(iso: string, bounds: { min?: string | null; max?: string | null }): boolean {
  return Boolean((bounds.min && iso < bounds.min) || (bounds.max && iso > bounds.max));
}

/** The first year of the decade a year belongs to (1990 for 1994). */
export function decadeStart(year: number): number {
  return Math.floor(year / 10) * 10;
}

/** The ten years of the decade that holds the year: the year grid pages by decades. */
export function decadeYears(year: number): number[] {
  const first = decadeStart(year);
  return Array.from({ length: 10 }, (_, i) => first + i);
}

/** How many decades the decade grid shows: 120 years, a lifetime, on one page. */
export const DECADE_WINDOW = 12;

/**
 * The decades (first years) the decade grid shows for a year: twelve, ending two decades after it,
 * or at the decade of the latest allowed day, so the page reaches back 110 years from there.
 */
export function decadeWindow(year: number, max?: string | null): number[] {
  const latest = max && /^\d{4}/.test(max) ? decadeStart(Number(max.slice(0, 4))) : Number.POSITIVE_INFINITY;
  const last = Math.min(decadeStart(year) + 20, latest);
  return Array.from({ length: DECADE_WINDOW }, (_, i) => last - (DECADE_WINDOW - 1 - i) * 10);
}

/** Whether a span of days (first and last, YYYY-MM-DD) lies wholly outside min and max. */
function isSpanDisabled(first: string, last: string, bounds: { min?: string | null; max?: string | null }): boolean {
  return Boolean((bounds.max && first > bounds.max) || (bounds.min && last < bounds.min));
}

export const isYearDisabled = (year: number, bounds: { min?: string | null; max?: string | null }) =>
  isSpanDisabled(`${year}-01-01`, `${year}-12-31`, bounds);

export const isDecadeDisabled = (first: number, bounds: { min?: string | null; max?: string | null }) =>
  isSpanDisabled(`${first}-01-01`, `${first + 9}-12-31`, bounds);

export function isMonthDisabled(year: number, month: number, bounds: { min?: string | null; max?: string | null }): boolean {
  const first = startOfMonth(new Date(year, month, 1));
  return isSpanDisabled(toIsoDate(first), toIsoDate(endOfMonth(first)), bounds);
}

/** The weeks (Monday first) that show a month, as YYYY-MM-DD strings. */
export function monthGrid(year: number, month: number): string[][] {
  const first = startOfMonth(new Date(year, month, 1));
  const last = endOfWeek(endOfMonth(first), { weekStartsOn: 1 });
  const weeks: string[][] = [];
  for (let day = startOfWeek(first, { weekStartsOn: 1 }); day <= last; ) {
    const week: string[] = [];
    for (let i = 0; i < 7; i++, day = addDays(day, 1)) week.push(toIsoDate(day));
    weeks.push(week);
  }
  return weeks;
}
