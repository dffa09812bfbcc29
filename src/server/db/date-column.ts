/**
 * Calendar dates in PostgreSQL DATE columns. Prisma hands them over as midnight UTC, so both ways go
 * through UTC and no time zone ever shifts the day.
 */

/** YYYY-MM-DD (already validated) as the value of a DATE column. */
export function toDateColumn(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00Z`);
}

/** A DATE column's value as YYYY-MM-DD. */
export function fromDateColumn(date: Date): string {
  return date.toISOString().slice(0, 10);
}
