/**
 * 1-on-1 coaching: the inputs that the booking panel, the coaches' admin page, the routers and the
 * tests share, the messages they show, and the time-zone helpers both sides of a session use.
 */
import { z } from "zod";
import { formatSettings, zoneLabel } from "../locale";
import { SERVICE_REQUEST_MESSAGES } from "./entitlements";
import { timeZoneSchema } from "./locale";
import { SESSION_MINUTES } from "./service-work";

/** How far ahead a student can book. */
export const BOOKING_WINDOW_DAYS = 21;
/** The earliest start of a new booking, from now. */
export const BOOKING_LEAD_HOURS = 24;

export const COACHING_MESSAGES = {
  slotTaken: "This slot was just taken. Please choose another one.",
  slotUnavailable: "This slot is not available. Please choose one of the coach's free slots.",
  changeTooLate:
    "A session can be moved or cancelled up to 24 hours before it starts. For a later change, please write to us through the contact form.",
  notChangeable: "This session can no longer be changed: it was cancelled or has already taken place.",
  sessionNotFound: "This session does not exist.",
  coachNotFound: "This coach does not exist or takes no bookings.",
  notCoach: "Your account is not a coach. An admin can make you one in Coaches.",
  documentNotFound: SERVICE_REQUEST_MESSAGES.documentNotFound,
  summaryTooEarly: "The summary can be written once the session has started.",
  booked: "Your session is booked. The invitation is on its way to your inbox.",
  rescheduled: "Your session was moved. The updated invitation is on its way.",
  cancelled: "Your session was cancelled.",
} as const;

const id = z.string({ error: "id is required" }).trim().min(1, "id is required").max(40, "id is too long");

// ---- Time zones ----

/**
 * The zone to show a student's times in, labelled with its current offset: the profile's zone
 * ("Europe/Berlin (UTC+01:00)"), or the default zone when the profile has none.
 */
export function displayZone(profileZone: string | null | undefined, at: Date = new Date()): { zone: string; label: string } {
  const { timeZone } = formatSettings({ timeZone: profileZone });
  return { zone: timeZone, label: zoneLabel(timeZone, at) };
}

// ---- Coaches' hours ----

const HHMM = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;

/** "09:30" as minutes from midnight (24:00 is the end of the day). */
function minutesOf(hhmm: string): number {
  const match = HHMM.exec(hhmm);
  if (!match) return Number.NaN;
  return Number(match[1] ?? match[3]) * 60 + Number(match[2] ?? match[4]);
}

/** 570 as "09:30". */
export function hhmmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

const timeOfDay = z.string({ error: "Enter a time" }).trim().regex(HHMM, "Enter a time as HH:MM, e.g. 09:30");

/** One range of hours, as HH:MM in the form and minutes after parsing. */
const hoursRangeSchema = z
  .object({ start: timeOfDay, end: timeOfDay })
  .refine((range) => minutesOf(range.end) - minutesOf(range.start) >= SESSION_MINUTES, {
    message: `A range must end at least ${SESSION_MINUTES} minutes after it starts`,
    path: ["end"],
  })
  .transform((range) => ({ startMinute: minutesOf(range.start), endMinute: minutesOf(range.end) }));

type Range = { startMinute: number; endMinute: number };

/** Whether ranges of one day overlap. */
function rangesOverlap(ranges: Range[]): boolean {
  const sorted = [...ranges].sort((a, b) => a.startMinute - b.startMinute);
  return sorted.some((range, index) => index > 0 && range.startMinute < sorted[index - 1]!.endMinute);
}

const dayRanges = z
  .array(hoursRangeSchema)
  .max(12, "At most 12 ranges a day")
  .refine((ranges) => !rangesOverlap(ranges), "The ranges of a day must not overlap");

export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_LABELS: Record<number, string> = {
  1: "Monday",
  2: "Tuesday",
  3: "Wednesday",
  4: "Thursday",
  5: "Friday",
  6: "Saturday",
  7: "Sunday",
};

/** Which coach a staff page changes: the signed-in coach when absent. */
const coachRef = { coachId: id.optional() };

export const coachRefSchema = z.object(coachRef);

export const weeklyHoursSchema = z.object({
  ...coachRef,
  /** The ranges of each ISO weekday, Monday first. */
  days: z.array(z.object({ weekday: z.number().int().min(1).max(7), ranges: dayRanges })).max(7),
});

export const coachTimeZoneSchema = z.object({
  ...coachRef,
  timeZone: timeZoneSchema,
});

const isoDay = z
  .string({ error: "Choose a date" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date")
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), "Choose a date");

/** A date with other hours, or a day off when `ranges` is empty. */
export const availabilityExceptionSchema = z.object({
  ...coachRef,
  date: isoDay,
  ranges: dayRanges,
  note: z.string().trim().max(200, "The note must be at most 200 characters").optional(),
});

export const removeExceptionSchema = z.object({ ...coachRef, date: isoDay });

export const meetingLinkSchema = z.object({
  bookingId: id,
  meetingLink: z
    .string({ error: "Enter the meeting link" })
    .trim()
    .max(500, "The link is too long")
    .url("Enter the full link, starting with https://")
    .refine((link) => /^https?:\/\//i.test(link), "Enter the full link, starting with https://"),
});

export const sessionSummarySchema = z.object({
  bookingId: id,
  summary: z
    .string({ error: "Write a summary" })
    .trim()
    .min(10, "Write a summary of at least 10 characters")
    .max(5000, "The summary must be at most 5,000 characters"),
  nextSteps: z
    .string({ error: "Write the next steps" })
    .trim()
    .min(3, "Write the next steps")
    .max(3000, "The next steps must be at most 3,000 characters"),
});

// ---- Students' bookings ----

export const coachSlotsSchema = z.object({ coachId: id });

const slotStart = z
  .string({ error: "Choose a slot" })
  .datetime({ offset: true, message: "Choose a slot" })
  .transform((value) => new Date(value));

export const bookingSchema = z.object({
  coachId: id,
  startsAt: slotStart,
  topic: z
    .string({ error: "Enter a topic" })
    .trim()
    .min(5, "Describe the topic in at least 5 characters")
    .max(300, "The topic must be at most 300 characters"),
  documentIds: z.array(id).max(10, "Share at most 10 documents").default([]),
});

export const rescheduleSchema = z.object({ bookingId: id, startsAt: slotStart });
export const bookingRefSchema = z.object({ bookingId: id });
