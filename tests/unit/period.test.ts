import { describe, expect, it } from "vitest";
import { isCalendarDay, lastDays, periodBounds, utcDay } from "~/lib/period";
import { reportPeriodSchema } from "~/lib/schemas/admin-period";

describe("report periods (UTC days, both ends included)", () => {
  it("accepts real calendar days only", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-02-30")).toBe(false);
    expect(isCalendarDay("2026-2-3")).toBe(false);
    expect(reportPeriodSchema.safeParse({ from: "2026-02-30", to: "2026-03-01" }).success).toBe(false);
    expect(reportPeriodSchema.safeParse({ from: "2026-02-28", to: "2026-03-01" }).success).toBe(true);
  });

  it("the last 30 days end today in UTC, whatever the local time zone", () => {
    const lateEvening = new Date("2026-03-31T23:30:00Z");
    expect(lastDays(30, lateEvening)).toEqual({ from: "2026-03-02", to: "2026-03-31" });
    expect(lastDays(1, lateEvening)).toEqual({ from: "2026-03-31", to: "2026-03-31" });
    expect(utcDay(new Date("2026-04-01T00:00:00Z"))).toBe("2026-04-01");
  });

  it("bounds: from the first midnight to the midnight after the last day", () => {
    const period = { from: "2026-02-27", to: "2026-03-01" };
    expect(periodBounds(period)).toEqual({
      start: new Date("2026-02-27T00:00:00Z"),
      end: new Date("2026-03-02T00:00:00Z"),
    });
  });
});
