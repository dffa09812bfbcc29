import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { z } from "zod";
import { appUrl } from "~/env";
import type { Prisma } from "~/generated/prisma/client";
import { utcOffset, zoneLabel } from "~/lib/locale";
import { hasPermission } from "~/lib/permissions";
import {
  type bookingRefSchema,
  type bookingSchema,
  COACHING_MESSAGES,
  type coachRefSchema,
  type coachSlotsSchema,
  displayZone,
  type meetingLinkSchema,
  type rescheduleSchema,
  type sessionSummarySchema,
} from "~/lib/schemas/coaching";
import { documentDownloadHref } from "~/lib/schemas/documents";
import { CHANGE_DEADLINE_HOURS, SESSION_MINUTES } from "~/lib/schemas/service-work";
import type { Db, DbOrTx } from "~/server/db/client";
import { conflictIfTaken } from "~/server/db/unique-violation";
import { AppError } from "~/server/errors";
import type { CoachingChange } from "~/server/mail/layout";
import { queueMail } from "~/server/mail/outbox";
import { recordAudit } from "../audit.service";
import { withUserLock } from "../entitlements.service";
import { createEntitledRequest, SERVICE_REQUEST_LOCK } from "../service-requests.service";
import type { SessionClaims } from "../sessions.service";
import { type CoachingStaff, resolveCoach } from "./availability.service";
import { type CalendarEvent, sessionInvitation } from "./invitation";
import { freeSlots } from "./slots";

const SESSION_MS = SESSION_MINUTES * 60_000;
const CHANGE_DEADLINE_MS = CHANGE_DEADLINE_HOURS * 3_600_000;

/** Where students see their sessions, and where coaches see theirs. */
const studentSessionsUrl = () => `${appUrl()}/services/consultation`;
const coachSessionsUrl = () => `${appUrl()}/admin/coaching`;

/** "Monday 29 March 2027, 13:30 (Asia/Kolkata, UTC+05:30)": a moment in a zone, with the zone and its offset on that day. */
function formatInZone(moment: Date, zone: { zone: string }): string {
  return `${format(new TZDate(moment.getTime(), zone.zone), "EEEE d MMMM yyyy, HH:mm")} (${zone.zone}, ${utcOffset(zone.zone, moment)})`;
}

/** A coach's zone, labelled with its current offset. */
const coachZone = (timeZone: string) => ({ zone: timeZone, label: zoneLabel(timeZone) });

async function studentZone(db: DbOrTx, userId: string) {
  const student = await db.student.findUnique({ where: { userId }, select: { timeZone: true } });
  return displayZone(student?.timeZone);
}

// ---- What students see ----

/** Active coaches with weekly hours or dated hours, for the booking panel. */
export async function bookableCoaches(db: Db) {
  return db.coach.findMany({
    where: {
      active: true,
      OR: [{ availability: { some: {} } }, { exceptions: { some: { startMinute: { not: null } } } }],
    },
    select: { id: true, displayName: true, languages: true, subjects: true, bio: true },
    orderBy: [{ displayName: "asc" }, { id: "asc" }],
  });
}

/** Free slots grouped by the student's local day, with the times in the student's zone. */
function slotsInZone(slots: Date[], zone: { zone: string; label: string }) {
  const days: { date: string; label: string; slots: { startsAt: string; time: string }[] }[] = [];
  for (const slot of slots) {
    const local = new TZDate(slot.getTime(), zone.zone);
    const date = format(local, "yyyy-MM-dd");
    let entry = days.at(-1);
    if (entry?.date !== date) {
      entry = { date, label: format(local, "EEEE d MMMM"), slots: [] };
      days.push(entry);
    }
    entry.slots.push({ startsAt: slot.toISOString(), time: format(local, "HH:mm") });
  }
  return days;
}

/** A coach's free slots for the signed-in student, in the student's own zone. */
export async function coachSlots(db: Db, actor: SessionClaims, input: z.output<typeof coachSlotsSchema>, now = new Date()) {
  const coach = await db.coach.findFirst({
    where: { id: input.coachId, active: true },
    select: { id: true, displayName: true },
  });
  if (!coach) throw new AppError("NOT_FOUND", COACHING_MESSAGES.coachNotFound);
  const zone = await studentZone(db, actor.id);
  return { coach, zoneLabel: zone.label, days: slotsInZone(await freeSlots(db, coach.id, now), zone) };
}

/** The student's own documents, to share with a session. */
export function shareableDocuments(db: Db, actor: SessionClaims) {
  return db.document.findMany({
    where: { userId: actor.id },
    select: { id: true, name: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
}

const SESSION_FIELDS = {
  id: true,
  requestId: true,
  startsAt: true,
  endsAt: true,
  topic: true,
  status: true,
  meetingLink: true,
  summary: true,
  nextSteps: true,
  summaryAt: true,
  cancelledAt: true,
  sequence: true,
  coach: {
    select: {
      id: true,
      userId: true,
      displayName: true,
      timeZone: true,
      user: { select: { email: true, name: true } },
    },
  },
  user: { select: { id: true, email: true, name: true, student: { select: { timeZone: true } } } },
  request: {
    select: { documents: { select: { document: { select: { id: true, name: true } } }, orderBy: { addedAt: "asc" } } },
  },
} satisfies Prisma.CoachingBookingSelect;

type SessionRecord = Prisma.CoachingBookingGetPayload<{ select: typeof SESSION_FIELDS }>;

/** One session, for the mails about it. */
export function loadSession(tx: DbOrTx, bookingId: string) {
  return tx.coachingBooking.findUniqueOrThrow({ where: { id: bookingId }, select: SESSION_FIELDS });
}

/** The two people a mail about a session goes to, each with the start in their own zone and their own page. */
export function sessionReaders(record: SessionRecord) {
  return [
    {
      to: record.user.email,
      userId: record.user.id,
      name: firstName(record.user.name),
      otherName: record.coach.displayName,
      when: formatInZone(record.startsAt, displayZone(record.user.student?.timeZone)),
      url: studentSessionsUrl(),
    },
    {
      to: record.coach.user.email,
      userId: record.coach.userId,
      name: firstName(record.coach.displayName),
      otherName: record.user.name,
      when: formatInZone(record.startsAt, coachZone(record.coach.timeZone)),
      url: coachSessionsUrl(),
    },
  ];
}

function sessionView(record: SessionRecord, zone: { zone: string; label: string }, now: Date) {
  return {
    id: record.id,
    requestId: record.requestId,
    startsAt: record.startsAt,
    endsAt: record.endsAt,
    when: formatInZone(record.startsAt, zone),
    topic: record.topic,
    status: record.status,
    meetingLink: record.meetingLink,
    summary: record.summary,
    nextSteps: record.nextSteps,
    coachId: record.coach.id,
    coachName: record.coach.displayName,
    studentName: record.user.name,
    studentEmail: record.user.email,
    documents: record.request.documents.map(({ document }) => ({
      ...document,
      href: documentDownloadHref(document.id),
    })),
    canChange: record.status === "booked" && record.startsAt.getTime() - now.getTime() >= CHANGE_DEADLINE_MS,
  };
}

/** Booked sessions not over yet first (soonest first), then the others (latest first). */
function splitSessions(records: SessionRecord[], zone: { zone: string; label: string }, now: Date) {
  const views = records.map((record) => sessionView(record, zone, now));
  const upcoming = views
    .filter((view) => view.status === "booked" && view.endsAt.getTime() > now.getTime())
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const past = views.filter((view) => !upcoming.includes(view)).sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
  return { zoneLabel: zone.label, upcoming, past };
}

/** The student's sessions in their own zone: upcoming (with whether they can still be changed) and past (with the summary). */
export async function mySessions(db: Db, actor: SessionClaims, now = new Date()) {
  const records = await db.coachingBooking.findMany({
    where: { userId: actor.id },
    select: SESSION_FIELDS,
    orderBy: { startsAt: "desc" },
    take: 100,
  });
  return splitSessions(records, await studentZone(db, actor.id), now);
}

// ---- Booking, moving, cancelling ----

/**
 * The user's lock and one transaction: the month's allowance is counted under the same lock as any
 * other service request. Bookings queue behind each other on one connection of the embedded
 * database, so they may wait longer than Prisma's default.
 */
function underUserLock<T>(db: Db, userId: string, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return withUserLock(db, SERVICE_REQUEST_LOCK, userId, work, { maxWait: 30_000, timeout: 30_000 });
}

/** Locks the coach's row: bookings of one coach are checked against each other one at a time. */
async function lockCoach(tx: Prisma.TransactionClient, coachId: string) {
  await tx.$queryRaw`SELECT "id" FROM "Coach" WHERE "id" = ${coachId} FOR UPDATE`;
}

/** Refuses a start that is not one of the coach's free slots, saying whether another booking took it. */
async function assertFreeSlot(tx: Prisma.TransactionClient, coachId: string, startsAt: Date, now: Date, exceptBookingId?: string) {
  const free = await freeSlots(tx, coachId, now, exceptBookingId);
  if (free.some((slot) => slot.getTime() === startsAt.getTime())) return;
  const taken = await tx.coachingBooking.count({
    where: {
      coachId,
      status: "booked",
      startsAt: { lt: new Date(startsAt.getTime() + SESSION_MS) },
      endsAt: { gt: startsAt },
      ...(exceptBookingId ? { id: { not: exceptBookingId } } : {}),
    },
  });
  throw new AppError("CONFLICT", taken ? COACHING_MESSAGES.slotTaken : COACHING_MESSAGES.slotUnavailable);
}

/** What the calendar invitation of a session says. */
function invitationOf(record: SessionRecord) {
  return {
    id: record.id,
    startsAt: record.startsAt,
    endsAt: record.endsAt,
    topic: record.topic,
    sequence: record.sequence,
    meetingLink: record.meetingLink,
    coach: { name: record.coach.displayName, email: record.coach.user.email },
    student: { name: record.user.name, email: record.user.email },
  };
}

/** The name a mail greets with. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";

/** Mails the student and the coach about a session, each with the times in their own zone and the calendar part. */
async function mailBoth(
  tx: DbOrTx,
  bookingId: string,
  what: { kind: "coaching-booked" } | { kind: "coaching-changed"; change: CoachingChange },
) {
  const record = await loadSession(tx, bookingId);
  const event: CalendarEvent = sessionInvitation(
    invitationOf(record),
    what.kind === "coaching-changed" && what.change === "cancelled" ? "CANCEL" : "REQUEST",
  );
  for (const reader of sessionReaders(record)) {
    const common = {
      name: reader.name,
      otherName: reader.otherName,
      when: reader.when,
      topic: record.topic,
      url: reader.url,
    };
    const template = what.kind === "coaching-booked" ? { kind: what.kind, ...common } : { kind: what.kind, change: what.change, ...common };
    await queueMail(tx, reader.to, template, reader.userId, event);
  }
}

/**
 * Books a session: the plan must include coaching with a request left this month, the start must be
 * one of the coach's free slots and the documents the student's own. The consultation request, the
 * booking, the shared documents and both mails are written together or not at all; a second booking
 * of the same start fails on the unique index of booked sessions.
 */
export async function bookSession(db: Db, actor: SessionClaims, input: z.output<typeof bookingSchema>, now = new Date()) {
  return conflictIfTaken(COACHING_MESSAGES.slotTaken, () =>
    underUserLock(db, actor.id, async (tx) => {
      const request = await createEntitledRequest(
        tx,
        actor.id,
        "consultation",
        { message: input.topic, preferredDate: null, preferredTime: null },
        input.documentIds,
      );
      const coach = await tx.coach.findFirst({ where: { id: input.coachId, active: true }, select: { id: true } });
      if (!coach) throw new AppError("NOT_FOUND", COACHING_MESSAGES.coachNotFound);
      await lockCoach(tx, coach.id);
      await assertFreeSlot(tx, coach.id, input.startsAt, now);
      const booking = await tx.coachingBooking.create({
        data: {
          requestId: request.id,
          coachId: coach.id,
          userId: actor.id,
          startsAt: input.startsAt,
          endsAt: new Date(input.startsAt.getTime() + SESSION_MS),
          topic: input.topic,
        },
        select: { id: true },
      });
      await tx.serviceRequest.update({ where: { id: request.id }, data: { assignedCoachId: coach.id } });
      await mailBoth(tx, booking.id, { kind: "coaching-booked" });
      return { id: booking.id, requestId: request.id, startsAt: input.startsAt };
    }),
  );
}

/** The student's own booked session that may still change (24 hours before its start at the latest). */
async function changeableBooking(tx: Prisma.TransactionClient, actor: SessionClaims, bookingId: string, now: Date) {
  const booking = await tx.coachingBooking.findFirst({
    where: { id: bookingId, userId: actor.id },
    select: { id: true, coachId: true, requestId: true, status: true, startsAt: true },
  });
  if (!booking) throw new AppError("NOT_FOUND", COACHING_MESSAGES.sessionNotFound);
  if (booking.status !== "booked") throw new AppError("CONFLICT", COACHING_MESSAGES.notChangeable);
  if (booking.startsAt.getTime() - now.getTime() < CHANGE_DEADLINE_MS) throw new AppError("FORBIDDEN", COACHING_MESSAGES.changeTooLate);
  return booking;
}

/** Moves a session to another free slot of the same coach; the invitation's SEQUENCE goes up and both get the update. */
export async function rescheduleSession(db: Db, actor: SessionClaims, input: z.output<typeof rescheduleSchema>, now = new Date()) {
  return conflictIfTaken(COACHING_MESSAGES.slotTaken, () =>
    underUserLock(db, actor.id, async (tx) => {
      const booking = await changeableBooking(tx, actor, input.bookingId, now);
      await lockCoach(tx, booking.coachId);
      await assertFreeSlot(tx, booking.coachId, input.startsAt, now, booking.id);
      await tx.coachingBooking.update({
        where: { id: booking.id },
        data: {
          startsAt: input.startsAt,
          endsAt: new Date(input.startsAt.getTime() + SESSION_MS),
          sequence: { increment: 1 },
          reminder24SentAt: null,
          reminder1SentAt: null,
        },
      });
      await mailBoth(tx, booking.id, { kind: "coaching-changed", change: "rescheduled" });
      return { id: booking.id, startsAt: input.startsAt };
    }),
  );
}

/** Cancels a session: the slot is free again, the request is withdrawn (the month's allowance comes back) and both get the cancellation. */
export async function cancelSession(db: Db, actor: SessionClaims, input: z.output<typeof bookingRefSchema>, now = new Date()) {
  return underUserLock(db, actor.id, async (tx) => {
    const booking = await changeableBooking(tx, actor, input.bookingId, now);
    await tx.coachingBooking.update({
      where: { id: booking.id },
      data: { status: "cancelled", cancelledAt: now, sequence: { increment: 1 } },
    });
    await tx.serviceRequest.update({ where: { id: booking.requestId }, data: { withdrawnAt: now } });
    await mailBoth(tx, booking.id, { kind: "coaching-changed", change: "cancelled" });
    return { id: booking.id };
  });
}

// ---- What coaches do ----

/** A coach's sessions (their own, or any coach's with customers:coaches), in the coach's zone. */
export async function coachSessions(db: Db, staff: CoachingStaff, input: z.output<typeof coachRefSchema>, now = new Date()) {
  const coach = await resolveCoach(db, staff, input.coachId);
  const { timeZone } = await db.coach.findUniqueOrThrow({ where: { id: coach.id }, select: { timeZone: true } });
  const records = await db.coachingBooking.findMany({
    where: { coachId: coach.id },
    select: SESSION_FIELDS,
    orderBy: { startsAt: "desc" },
    take: 200,
  });
  return splitSessions(records, coachZone(timeZone), now);
}

/** A booking the staff member may work on: the session's coach, or staff who manage coaches. */
async function coachedBooking(tx: DbOrTx, staff: CoachingStaff, bookingId: string) {
  const booking = await tx.coachingBooking.findUnique({
    where: { id: bookingId },
    select: {
      id: true,
      requestId: true,
      status: true,
      startsAt: true,
      userId: true,
      coach: { select: { userId: true, displayName: true } },
    },
  });
  if (!booking || (booking.coach.userId !== staff.id && !hasPermission(staff.role, "customers:coaches")))
    throw new AppError("NOT_FOUND", COACHING_MESSAGES.sessionNotFound);
  return booking;
}

/** Sets the meeting link of a booked session; both get the updated invitation. */
export async function setMeetingLink(db: Db, staff: CoachingStaff, input: z.output<typeof meetingLinkSchema>) {
  return db.$transaction(async (tx) => {
    const booking = await coachedBooking(tx, staff, input.bookingId);
    if (booking.status !== "booked") throw new AppError("CONFLICT", COACHING_MESSAGES.notChangeable);
    await tx.coachingBooking.update({
      where: { id: booking.id },
      data: { meetingLink: input.meetingLink, sequence: { increment: 1 } },
    });
    await recordAudit(tx, staff, {
      action: "coaching.meeting_link_set",
      targetType: "coaching_booking",
      targetId: booking.id,
      after: { meetingLink: input.meetingLink },
    });
    await mailBoth(tx, booking.id, { kind: "coaching-changed", change: "updated" });
    return { success: true as const };
  });
}

/** After the session: the coach's summary and next steps complete the booking and its request, and the student is told. */
export async function writeSessionSummary(db: Db, staff: CoachingStaff, input: z.output<typeof sessionSummarySchema>, now = new Date()) {
  return db.$transaction(async (tx) => {
    const booking = await coachedBooking(tx, staff, input.bookingId);
    if (booking.status === "cancelled") throw new AppError("CONFLICT", COACHING_MESSAGES.notChangeable);
    if (booking.startsAt.getTime() > now.getTime()) throw new AppError("CONFLICT", COACHING_MESSAGES.summaryTooEarly);
    await tx.coachingBooking.update({
      where: { id: booking.id },
      data: { status: "completed", summary: input.summary, nextSteps: input.nextSteps, summaryAt: now },
    });
    await tx.serviceRequest.update({
      where: { id: booking.requestId },
      data: { status: "completed", completedAt: now },
    });
    const student = await tx.user.findUniqueOrThrow({
      where: { id: booking.userId },
      select: { email: true, name: true },
    });
    await tx.notification.create({
      data: {
        userId: booking.userId,
        kind: "service_update",
        requestId: booking.requestId,
        text: `${booking.coach.displayName} wrote the summary of your coaching session.`,
      },
    });
    await queueMail(
      tx,
      student.email,
      {
        kind: "coaching-summary",
        name: firstName(student.name),
        coachName: booking.coach.displayName,
        summary: input.summary,
        nextSteps: input.nextSteps,
        url: studentSessionsUrl(),
      },
      booking.userId,
    );
    await recordAudit(tx, staff, {
      action: "coaching.summary_written",
      targetType: "coaching_booking",
      targetId: booking.id,
    });
    return { success: true as const };
  });
}
