import { z } from "zod";
import { isCalendarDay } from "../period";
import { periodSchema } from "./admin";

const REAL_DAY_MESSAGE = "Dates must be real calendar days (YYYY-MM-DD)";

/** A report's period: `periodSchema` whose ends are real calendar days. */
export const reportPeriodSchema = periodSchema.refine(({ from, to }) => isCalendarDay(from) && isCalendarDay(to), {
  message: REAL_DAY_MESSAGE,
  path: ["from"],
});

const optionalDay = z.string().refine(isCalendarDay, REAL_DAY_MESSAGE).optional();

/** A list's optional period filter (`from`, `to`), kept in the URL like its other filters. */
export const periodFilters = { from: optionalDay, to: optionalDay };

/** Refuses a list query whose period ends before it starts. */
export function fromNotAfterTo<T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) {
  return schema.refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "The period must end on or after its first day",
    path: ["to"],
  });
}
