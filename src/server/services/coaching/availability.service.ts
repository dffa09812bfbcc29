import type { z } from "zod";
import { hasPermission, type Role } from "~/lib/permissions";
import {
  type availabilityExceptionSchema,
  COACHING_MESSAGES,
  type coachRefSchema,
  type coachTimeZoneSchema,
  type removeExceptionSchema,
  type weeklyHoursSchema,
} from "~/lib/schemas/coaching";
import type { Db, DbOrTx } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { type AuditActor, recordAudit } from "../audit.service";

/** The staff member acting on a coach's hours. */
export interface CoachingStaff extends AuditActor {
  id: string;
  role: Role;
}

/**
 * The coach a staff member works on: their own Coach row when no id is given; another coach's only
 * with `customers:coaches`.
 */
export async function resolveCoach(db: DbOrTx, staff: CoachingStaff, coachId: string | undefined): Promise<{ id: string; userId: string }> {
  if (!coachId) {
    const own = await db.coach.findUnique({ where: { userId: staff.id }, select: { id: true, userId: true } });
    if (!own) throw new AppError("NOT_FOUND", COACHING_MESSAGES.notCoach);
    return own;
  }
  const coach = await db.coach.findUnique({ where: { id: coachId }, select: { id: true, userId: true } });
  if (!coach) throw new AppError("NOT_FOUND", COACHING_MESSAGES.coachNotFound);
  if (coach.userId !== staff.id && !hasPermission(staff.role, "customers:coaches"))
    throw new AppError("FORBIDDEN", "Only staff who manage coaches can change another coach's hours.");
  return coach;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** A coach's time zone, weekly hours and dates that differ (from today on), or null for a staff account that is not a coach. */
export async function coachSchedule(db: Db, staff: CoachingStaff, input: z.output<typeof coachRefSchema>) {
  if (!input.coachId && !(await db.coach.findUnique({ where: { userId: staff.id }, select: { id: true } }))) return null;
  const { id } = await resolveCoach(db, staff, input.coachId);
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const coach = await db.coach.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      displayName: true,
      timeZone: true,
      active: true,
      availability: {
        select: { weekday: true, startMinute: true, endMinute: true },
        orderBy: [{ weekday: "asc" }, { startMinute: "asc" }],
      },
      exceptions: {
        where: { date: { gte: new Date(today.getTime() - 86_400_000) } },
        select: { date: true, startMinute: true, endMinute: true, note: true },
        orderBy: [{ date: "asc" }, { startMinute: "asc" }],
      },
    },
  });
  const exceptions = new Map<string, { date: string; note: string | null; ranges: { startMinute: number; endMinute: number }[] }>();
  for (const row of coach.exceptions) {
    const entry = exceptions.get(day(row.date)) ?? { date: day(row.date), note: row.note, ranges: [] };
    if (row.startMinute !== null && row.endMinute !== null) entry.ranges.push({ startMinute: row.startMinute, endMinute: row.endMinute });
    exceptions.set(entry.date, entry);
  }
  return { ...coach, exceptions: [...exceptions.values()] };
}

/** Replaces the coach's weekly hours (the days sent; a day not sent keeps its hours). */
export async function setWeeklyHours(db: Db, staff: CoachingStaff, input: z.output<typeof weeklyHoursSchema>) {
  const coach = await resolveCoach(db, staff, input.coachId);
  const weekdays = input.days.map((entry) => entry.weekday);
  const rows = input.days.flatMap((entry) => entry.ranges.map((range) => ({ coachId: coach.id, weekday: entry.weekday, ...range })));
  await db.$transaction(async (tx) => {
    const before = await tx.coachAvailability.findMany({
      where: { coachId: coach.id, weekday: { in: weekdays } },
      select: { weekday: true, startMinute: true, endMinute: true },
    });
    await tx.coachAvailability.deleteMany({ where: { coachId: coach.id, weekday: { in: weekdays } } });
    await tx.coachAvailability.createMany({ data: rows });
    await recordAudit(tx, staff, {
      action: "coach.hours_changed",
      targetType: "coach",
      targetId: coach.id,
      before: { hours: before },
      after: { hours: rows.map(({ coachId: _coach, ...row }) => row) },
    });
  });
  return { success: true as const };
}

export async function setCoachTimeZone(db: Db, staff: CoachingStaff, input: z.output<typeof coachTimeZoneSchema>) {
  const coach = await resolveCoach(db, staff, input.coachId);
  await db.$transaction(async (tx) => {
    const before = await tx.coach.findUniqueOrThrow({ where: { id: coach.id }, select: { timeZone: true } });
    await tx.coach.update({ where: { id: coach.id }, data: { timeZone: input.timeZone } });
    await recordAudit(tx, staff, {
      action: "coach.time_zone_changed",
      targetType: "coach",
      targetId: coach.id,
      before,
      after: { timeZone: input.timeZone },
    });
  });
  return { success: true as const };
}

/** Sets a date's own hours (or a day off when no range is given), replacing what the date had. */
export async function setAvailabilityException(db: Db, staff: CoachingStaff, input: z.output<typeof availabilityExceptionSchema>) {
  const coach = await resolveCoach(db, staff, input.coachId);
  const date = new Date(`${input.date}T00:00:00Z`);
  const note = input.note || null;
  const rows = input.ranges.length
    ? input.ranges.map((range) => ({ coachId: coach.id, date, note, ...range }))
    : [{ coachId: coach.id, date, note, startMinute: null, endMinute: null }];
  await db.$transaction(async (tx) => {
    await tx.coachAvailabilityException.deleteMany({ where: { coachId: coach.id, date } });
    await tx.coachAvailabilityException.createMany({ data: rows });
    await recordAudit(tx, staff, {
      action: "coach.exception_set",
      targetType: "coach",
      targetId: coach.id,
      after: { date: input.date, ranges: input.ranges, note },
    });
  });
  return { success: true as const };
}

export async function removeAvailabilityException(db: Db, staff: CoachingStaff, input: z.output<typeof removeExceptionSchema>) {
  const coach = await resolveCoach(db, staff, input.coachId);
  await db.$transaction(async (tx) => {
    const { count } = await tx.coachAvailabilityException.deleteMany({
      where: { coachId: coach.id, date: new Date(`${input.date}T00:00:00Z`) },
    });
    if (count === 0) throw new AppError("NOT_FOUND", "This date has no hours of its own.");
    await recordAudit(tx, staff, {
      action: "coach.exception_removed",
      targetType: "coach",
      targetId: coach.id,
      before: { date: input.date },
    });
  });
  return { success: true as const };
}
