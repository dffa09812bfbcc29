import type { Period } from "./schemas/admin";

/**
 * The management area's periods are UTC calendar days (YYYY-MM-DD), both ends included, so a
 * figure for "3 March" means the same to every staff member wherever they are.
 */
const DAY_MS = 86_400_000;

/** The UTC calendar day of a moment. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The calendar day `days` days after `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** True for a real calendar day written YYYY-MM-DD (not 2025-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && utcDay(date) === value;
}

/**
 * True for a day of the year written MM-DD that every year has (so not 02-29): a deadline that
 * comes back each year.
 */
export function isMonthDay(value: string): boolean {
  return /^\d{2}-\d{2}$/.test(value) && isCalendarDay(`2001-${value}`);
}

/** The last `days` days up to and including today (UTC). */
export function lastDays(days: number, now = new Date()): Period {
  return { from: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: utcDay(now) };
}

/** The first moment of the period and the first moment after it. */
export function periodBounds(period: Period): { start: Date; end: Date } {
  const start = new Date(`${period.from}T00:00:00Z`);
  const end = new Date(new Date(`${period.to}T00:00:00Z`).getTime() + DAY_MS);
  return { start, end };
}

/**
 * A list's optional day filter (either end may be missing, both included) as bounds of a moment:
 * `gte` the first moment of `from`, `lt` the first moment after `to`; undefined without either.
 */
export function withinDays({ from, to }: { from?: string; to?: string }): { gte?: Date; lt?: Date } | undefined {
  if (!from && !to) return undefined;
  return {
    ...(from ? { gte: periodBounds({ from, to: from }).start } : {}),
    ...(to ? { lt: periodBounds({ from: to, to }).end } : {}),
  };
}

/** A calendar day (YYYY-MM-DD) as people read it, e.g. "1 October 2027". */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}
