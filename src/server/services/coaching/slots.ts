import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { BOOKING_LEAD_HOURS, BOOKING_WINDOW_DAYS } from "~/lib/schemas/coaching";
import { SESSION_MINUTES } from "~/lib/schemas/service-work";
import type { DbOrTx } from "~/server/db/client";

type Range = { startMinute: number; endMinute: number };

interface CoachHours {
  timeZone: string;
  weekly: ({ weekday: number } & Range)[];
  /** Dates (YYYY-MM-DD in the coach's zone) whose rows replace the week; null minutes: a day off. */
  exceptions: { date: string; startMinute: number | null; endMinute: number | null }[];
}

interface Interval {
  startsAt: Date;
  endsAt: Date;
}

const SESSION_MS = SESSION_MINUTES * 60_000;

/** The ranges of one date in the coach's zone: the exception's rows when the date has one, else the weekday's. */
function rangesOn(hours: CoachHours, date: string, weekday: number): Range[] {
  const exceptions = hours.exceptions.filter((exception) => exception.date === date);
  if (exceptions.length) {
    return exceptions.flatMap((row) =>
      row.startMinute === null || row.endMinute === null ? [] : [{ startMinute: row.startMinute, endMinute: row.endMinute }],
    );
  }
  return hours.weekly.filter((row) => row.weekday === weekday);
}

/**
 * The session starts a coach offers between `from` and `until`: each date's ranges cut into
 * 45-minute slots at the coach's wall-clock times (so 10:00 in Berlin stays 10:00 across a
 * daylight-saving change), minus those that overlap a booked session.
 */
function generateSlots(hours: CoachHours, booked: Interval[], from: Date, until: Date): Date[] {
  const slots: Date[] = [];
  // One day before `from` in the coach's zone, so a date that began earlier there is not missed.
  const first = new TZDate(from.getTime(), hours.timeZone);
  let day = new TZDate(first.getFullYear(), first.getMonth(), first.getDate() - 1, hours.timeZone);
  while (day.getTime() <= until.getTime()) {
    const date = format(day, "yyyy-MM-dd");
    const weekday = Number(format(day, "i"));
    for (const range of rangesOn(hours, date, weekday)) {
      for (let minute = range.startMinute; minute + SESSION_MINUTES <= range.endMinute; minute += SESSION_MINUTES) {
        const start = new TZDate(
          day.getFullYear(),
          day.getMonth(),
          day.getDate(),
          Math.floor(minute / 60),
          minute % 60,
          0,
          hours.timeZone,
        ).getTime();
        if (start < from.getTime() || start > until.getTime()) continue;
        if (booked.some((session) => start < session.endsAt.getTime() && session.startsAt.getTime() < start + SESSION_MS)) continue;
        slots.push(new Date(start));
      }
    }
    day = new TZDate(day.getFullYear(), day.getMonth(), day.getDate() + 1, hours.timeZone);
  }
  return [...new Set(slots.map((slot) => slot.getTime()))].sort((a, b) => a - b).map((time) => new Date(time));
}

/** The window a student may book in now: from 24 hours ahead to three weeks ahead. */
function bookingWindow(now: Date): { from: Date; until: Date } {
  return {
    from: new Date(now.getTime() + BOOKING_LEAD_HOURS * 3_600_000),
    until: new Date(now.getTime() + BOOKING_WINDOW_DAYS * 86_400_000),
  };
}

/** A coach's hours as stored, or null when the coach does not exist or takes no bookings. */
async function loadCoachHours(
  db: DbOrTx,
  coachId: string,
): Promise<(CoachHours & { id: string; displayName: string; userId: string }) | null> {
  const coach = await db.coach.findFirst({
    where: { id: coachId, active: true },
    select: {
      id: true,
      userId: true,
      displayName: true,
      timeZone: true,
      availability: { select: { weekday: true, startMinute: true, endMinute: true } },
      exceptions: { select: { date: true, startMinute: true, endMinute: true } },
    },
  });
  if (!coach) return null;
  return {
    id: coach.id,
    userId: coach.userId,
    displayName: coach.displayName,
    timeZone: coach.timeZone,
    weekly: coach.availability,
    exceptions: coach.exceptions.map((row) => ({ ...row, date: row.date.toISOString().slice(0, 10) })),
  };
}

/** The coach's booked sessions that may touch the window (another booking being moved left out). */
function bookedSessions(db: DbOrTx, coachId: string, from: Date, until: Date, exceptBookingId?: string): Promise<Interval[]> {
  return db.coachingBooking.findMany({
    where: {
      coachId,
      status: "booked",
      startsAt: { lt: new Date(until.getTime() + SESSION_MS) },
      endsAt: { gt: from },
      ...(exceptBookingId ? { id: { not: exceptBookingId } } : {}),
    },
    select: { startsAt: true, endsAt: true },
  });
}

/** The free slots of a coach now (empty for a coach who does not exist or takes no bookings). */
export async function freeSlots(db: DbOrTx, coachId: string, now = new Date(), exceptBookingId?: string): Promise<Date[]> {
  const hours = await loadCoachHours(db, coachId);
  if (!hours) return [];
  const { from, until } = bookingWindow(now);
  return generateSlots(hours, await bookedSessions(db, coachId, from, until, exceptBookingId), from, until);
}
