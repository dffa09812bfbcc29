import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanId } from "~/lib/plans";
import { COACHING_MESSAGES } from "~/lib/schemas/coaching";
import { SERVICE_REQUEST_MESSAGES } from "~/lib/schemas/entitlements";
import { publicError } from "~/server/api/trpc";
import { calendarMethod } from "~/server/mail/outbox";
import { coachSlots, mySessions } from "~/server/services/coaching/bookings.service";
import { sendCoachingReminders } from "~/server/services/coaching/reminders.service";
import { freeSlots } from "~/server/services/coaching/slots";
import { createStaff } from "../../helpers/admin";
import { subscribeTo } from "../../helpers/billing";
import { callerFor, createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.stop());

type Student = Awaited<ReturnType<typeof createUser>>;
const api = (user: Student) => callerFor(t.db, user.claims);
const HOUR = 3_600_000;

async function studentOn(planId: PlanId, timeZone = "UTC") {
  const user = await createUser(t.db);
  if (planId !== "free") await subscribeTo(t.db, user.claims.id, planId);
  await t.db.student.update({ where: { userId: user.claims.id }, data: { timeZone } });
  return user;
}

/** A coach on a staff account of `role`, with the whole day open every day of the week in `timeZone` unless hours are given. */
async function coach(
  options: {
    timeZone?: string;
    hours?: { weekday: number; startMinute: number; endMinute: number }[];
    role?: "backoffice" | "designer";
  } = {},
) {
  const staff = await createStaff(t.db, options.role ?? "designer");
  const record = await t.db.coach.create({
    data: { userId: staff.claims.id, displayName: `Coach ${staff.lastName}`, timeZone: options.timeZone ?? "UTC" },
  });
  const hours = options.hours ?? [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 0, endMinute: 24 * 60 }));
  await t.db.coachAvailability.createMany({ data: hours.map((row) => ({ coachId: record.id, ...row })) });
  return { ...staff, coachId: record.id };
}

async function rejection(promise: Promise<unknown>): Promise<{ code: TRPCError["code"]; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: publicError(error as TRPCError).message };
}

/** The first free slot of a coach, as the booking panel offers it. */
async function firstSlot(student: Student, coachId: string, index = 0) {
  const { days } = await api(student).coaching.slots({ coachId });
  return days.flatMap((day) => day.slots)[index]!.startsAt;
}

/** An ICS text's event lines, unfolded, by property name (parameters dropped). */
function icsFields(text: string) {
  const lines = text.replace(/\r\n[ \t]/g, "").split(/\r\n/);
  const event = lines.slice(lines.indexOf("BEGIN:VEVENT"), lines.indexOf("END:VEVENT"));
  const field = (name: string) => event.filter((line) => line.split(/[:;]/)[0] === name).map((line) => line.slice(line.indexOf(":") + 1));
  return {
    method: lines.find((line) => line.startsWith("METHOD:"))?.slice(7),
    uid: field("UID")[0],
    start: field("DTSTART")[0],
    end: field("DTEND")[0],
    sequence: field("SEQUENCE")[0],
    attendees: field("ATTENDEE"),
    organizer: field("ORGANIZER")[0],
    status: field("STATUS")[0],
  };
}

const utcStamp = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

describe("coaching: slots and time zones", () => {
  // The last Sunday of March 2027 is the 28th: Berlin moves from UTC+1 to UTC+2.
  const berlinMondays = [{ weekday: 1, startMinute: 10 * 60, endMinute: 12 * 60 }];

  it("keeps the coach's wall-clock hours across the daylight-saving change and shows them in the student's zone", async () => {
    const { coachId } = await coach({ timeZone: "Europe/Berlin", hours: berlinMondays });
    const now = new Date("2027-03-19T12:00:00Z");
    const slots = await freeSlots(t.db, coachId, now);
    expect(slots.map((slot) => slot.toISOString())).toEqual([
      "2027-03-22T09:00:00.000Z",
      "2027-03-22T09:45:00.000Z",
      "2027-03-29T08:00:00.000Z",
      "2027-03-29T08:45:00.000Z",
      "2027-04-05T08:00:00.000Z",
      "2027-04-05T08:45:00.000Z",
    ]);
    const student = await studentOn("unlimited", "Asia/Kolkata");
    const view = await coachSlots(t.db, student.claims, { coachId }, now);
    expect(view.zoneLabel).toBe("Asia/Kolkata (UTC+05:30)");
    expect(view.days.slice(0, 2).map((day) => [day.date, day.slots.map((slot) => slot.time)])).toEqual([
      ["2027-03-22", ["14:30", "15:15"]],
      ["2027-03-29", ["13:30", "14:15"]],
    ]);
    // A zone with daylight saving: labelled with today's offset.
    await t.db.student.update({ where: { userId: student.claims.id }, data: { timeZone: "America/New_York" } });
    const newYork = await coachSlots(t.db, student.claims, { coachId }, now);
    expect(newYork.zoneLabel).toMatch(/^America\/New_York \(UTC-0[45]:00\)$/);
    expect(newYork.days[0]!.slots.map((slot) => slot.time)).toEqual(["05:00", "05:45"]);
  });

  it("offers slots from 24 hours ahead for three weeks", async () => {
    const { coachId } = await coach({ timeZone: "Europe/Berlin", hours: berlinMondays });
    const slots = await freeSlots(t.db, coachId, new Date("2027-03-21T09:30:00Z"));
    expect(slots[0]!.toISOString()).toBe("2027-03-22T09:45:00.000Z");
    expect(slots.at(-1)!.toISOString()).toBe("2027-04-05T08:45:00.000Z");
  });

  it("applies dated exceptions set by the coach: a day off, other hours, hours on a free day", async () => {
    const berlin = await coach({ timeZone: "Europe/Berlin", hours: berlinMondays });
    await berlin.caller.admin.coaching.setException({ date: "2027-03-29", ranges: [], note: "Holiday" });
    await berlin.caller.admin.coaching.setException({ date: "2027-04-05", ranges: [{ start: "14:00", end: "15:30" }] });
    await berlin.caller.admin.coaching.setException({ date: "2027-04-03", ranges: [{ start: "09:00", end: "09:45" }] });
    const slots = await freeSlots(t.db, berlin.coachId, new Date("2027-03-19T12:00:00Z"));
    expect(slots.map((slot) => slot.toISOString())).toEqual([
      "2027-03-22T09:00:00.000Z",
      "2027-03-22T09:45:00.000Z",
      "2027-04-03T07:00:00.000Z",
      "2027-04-05T12:00:00.000Z",
      "2027-04-05T12:45:00.000Z",
    ]);
    const schedule = await berlin.caller.admin.coaching.schedule({});
    expect(schedule?.exceptions.find((exception) => exception.date === "2027-03-29")).toMatchObject({
      note: "Holiday",
      ranges: [],
    });
    await berlin.caller.admin.coaching.removeException({ date: "2027-03-29" });
    expect((await freeSlots(t.db, berlin.coachId, new Date("2027-03-19T12:00:00Z"))).map((slot) => slot.toISOString())).toContain(
      "2027-03-29T08:00:00.000Z",
    );
  });

  it("lets a coach edit their own hours and zone; others need customers:coaches; a staff account without a coach row is told so", async () => {
    const own = await coach({ timeZone: "Europe/Berlin", hours: [] });
    await own.caller.admin.coaching.setTimeZone({ timeZone: "Asia/Kolkata" });
    await own.caller.admin.coaching.setWeeklyHours({
      days: [
        {
          weekday: 2,
          ranges: [
            { start: "09:00", end: "12:00" },
            { start: "14:00", end: "16:00" },
          ],
        },
      ],
    });
    const schedule = await own.caller.admin.coaching.schedule({});
    expect(schedule).toMatchObject({
      timeZone: "Asia/Kolkata",
      availability: [
        { weekday: 2, startMinute: 540, endMinute: 720 },
        { weekday: 2, startMinute: 840, endMinute: 960 },
      ],
    });
    expect((await rejection(own.caller.admin.coaching.setTimeZone({ timeZone: "Mars/Olympus" }))).code).toBe("BAD_REQUEST");
    expect(
      (
        await rejection(
          own.caller.admin.coaching.setWeeklyHours({
            days: [
              {
                weekday: 2,
                ranges: [
                  { start: "09:00", end: "10:00" },
                  { start: "09:30", end: "11:00" },
                ],
              },
            ],
          }),
        )
      ).message,
    ).toContain("must not overlap");

    const otherCoach = await coach({ role: "designer" });
    expect(await rejection(otherCoach.caller.admin.coaching.setTimeZone({ coachId: own.coachId, timeZone: "UTC" }))).toMatchObject({
      code: "FORBIDDEN",
    });
    const manager = await createStaff(t.db, "backoffice");
    await manager.caller.admin.coaching.setTimeZone({ coachId: own.coachId, timeZone: "UTC" });
    expect((await t.db.coach.findUniqueOrThrow({ where: { id: own.coachId } })).timeZone).toBe("UTC");

    expect(await manager.caller.admin.coaching.schedule({})).toBeNull();
    expect(await rejection(manager.caller.admin.coaching.setWeeklyHours({ days: [] }))).toEqual({
      code: "NOT_FOUND",
      message: COACHING_MESSAGES.notCoach,
    });
  });
});

describe("coaching: booking", () => {
  it("is part of Unlimited only: Free and Pro are refused, Unlimited books with shared documents", async () => {
    const { coachId } = await coach();
    for (const plan of ["free", "pro"] as const) {
      const student = await studentOn(plan);
      const startsAt = await firstSlot(student, coachId);
      expect(await rejection(api(student).coaching.book({ coachId, startsAt, topic: "My shortlist of programmes" }))).toEqual({
        code: "FORBIDDEN",
        message: `Consultation needs the Unlimited plan; you are on ${plan === "free" ? "Free" : "Pro"}. Upgrade on the pricing page: /pricing?plan=unlimited`,
      });
      expect(await t.db.coachingBooking.count({ where: { userId: student.claims.id } })).toBe(0);
      expect(await t.db.serviceRequest.count({ where: { userId: student.claims.id } })).toBe(0);
    }
    const student = await studentOn("unlimited");
    const document = await t.db.document.create({ data: { userId: student.claims.id, name: "CV 2027" } });
    const stranger = await createUser(t.db);
    const foreign = await t.db.document.create({ data: { userId: stranger.claims.id, name: "Someone else's CV" } });
    const startsAt = await firstSlot(student, coachId);
    expect(
      await rejection(
        api(student).coaching.book({
          coachId,
          startsAt,
          topic: "My shortlist of programmes",
          documentIds: [foreign.id],
        }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: COACHING_MESSAGES.documentNotFound });
    const booked = await api(student).coaching.book({
      coachId,
      startsAt,
      topic: "My shortlist of programmes",
      documentIds: [document.id],
    });
    const request = await t.db.serviceRequest.findUniqueOrThrow({
      where: { id: booked.requestId },
      include: { documents: true, booking: true },
    });
    expect(request).toMatchObject({
      service: "consultation",
      userId: student.claims.id,
      assignedCoachId: coachId,
      documents: [{ documentId: document.id }],
      booking: { status: "booked", sequence: 0 },
    });
    expect(request.booking!.endsAt.getTime() - request.booking!.startsAt.getTime()).toBe(45 * 60_000);
    expect(await api(student).services.usage({ service: "consultation" })).toMatchObject({ used: 1, included: true });
    // A booked session is cancelled through the booking (which frees the slot and tells the coach), not withdrawn.
    expect(await rejection(api(student).services.withdraw({ id: booked.requestId }))).toEqual({
      code: "CONFLICT",
      message: SERVICE_REQUEST_MESSAGES.bookedSession,
    });
    expect(await t.db.coachingBooking.findUniqueOrThrow({ where: { id: booked.id } })).toMatchObject({
      status: "booked",
    });
    // The slot is gone from the list.
    const { days } = await api(student).coaching.slots({ coachId });
    expect(days.flatMap((day) => day.slots).map((slot) => slot.startsAt)).not.toContain(startsAt);
  });

  it("refuses a start outside the coach's hours or overlapping another session", async () => {
    const { coachId } = await coach({
      hours: [
        { weekday: 1, startMinute: 600, endMinute: 720 },
        { weekday: 3, startMinute: 600, endMinute: 720 },
      ],
    });
    const student = await studentOn("unlimited");
    const startsAt = new Date(await firstSlot(student, coachId));
    const offHours = new Date(startsAt.getTime() - 2 * HOUR).toISOString();
    expect(await rejection(api(student).coaching.book({ coachId, startsAt: offHours, topic: "Visa appointment" }))).toEqual({
      code: "CONFLICT",
      message: COACHING_MESSAGES.slotUnavailable,
    });
    await api(student).coaching.book({ coachId, startsAt: startsAt.toISOString(), topic: "Visa appointment" });
    const other = await studentOn("unlimited");
    const overlapping = new Date(startsAt.getTime() + 15 * 60_000).toISOString();
    expect(await rejection(api(other).coaching.book({ coachId, startsAt: overlapping, topic: "Visa appointment" }))).toEqual({
      code: "CONFLICT",
      message: COACHING_MESSAGES.slotTaken,
    });
    expect(await rejection(api(other).coaching.book({ coachId, startsAt: startsAt.toISOString(), topic: "Visa appointment" }))).toEqual({
      code: "CONFLICT",
      message: COACHING_MESSAGES.slotTaken,
    });
    expect(await t.db.serviceRequest.count({ where: { userId: other.claims.id } })).toBe(0);
  });

  it("gives one slot to exactly one of 20 students booking it at once", async () => {
    const { coachId } = await coach();
    const students = await Promise.all(Array.from({ length: 20 }, () => studentOn("unlimited")));
    const startsAt = await firstSlot(students[0]!, coachId, 3);
    const results = await Promise.allSettled(
      students.map((student) => api(student).coaching.book({ coachId, startsAt, topic: "Which university fits me?" })),
    );
    const fulfilled = results.filter((result) => result.status === "fulfilled");
    const rejected = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(19);
    for (const result of rejected) expect(publicError(result.reason as TRPCError).message).toBe(COACHING_MESSAGES.slotTaken);
    expect(await t.db.coachingBooking.count({ where: { coachId, startsAt: new Date(startsAt) } })).toBe(1);
    // The refused bookings left no request behind.
    expect(await t.db.serviceRequest.count({ where: { userId: { in: students.map((student) => student.claims.id) } } })).toBe(1);
  }, 60_000);
});

describe("coaching: invitations, changes and reminders", () => {
  it("mails both an invitation with a stable UID; a move raises SEQUENCE, a cancel sends METHOD CANCEL and gives the month's request back", async () => {
    const coachAccount = await coach();
    const { coachId } = coachAccount;
    const student = await studentOn("pro");
    await subscribeTo(t.db, student.claims.id, "unlimited");
    await t.db.subscription.deleteMany({ where: { userId: student.claims.id, planId: "pro" } });
    const startsAt = await firstSlot(student, coachId, 1);
    const { id } = await api(student).coaching.book({ coachId, startsAt, topic: "Blocked account and visa" });

    const mails = await t.db.mailMessage.findMany({
      where: { kind: "coaching-booked", to: { in: [student.email.toLowerCase(), coachAccount.email.toLowerCase()] } },
      orderBy: { to: "asc" },
    });
    expect(mails).toHaveLength(2);
    const invitation = icsFields(mails[0]!.calendarEvent!);
    expect(invitation).toMatchObject({
      method: "REQUEST",
      start: utcStamp(startsAt),
      sequence: "0",
      status: "CONFIRMED",
    });
    expect(invitation.end).toBe(utcStamp(new Date(new Date(startsAt).getTime() + 45 * 60_000).toISOString()));
    expect(invitation.attendees.join(" ").toLowerCase()).toContain(`mailto:${student.email.toLowerCase()}`);
    expect(invitation.organizer).toMatch(/^mailto:/i);
    expect(calendarMethod(mails[0]!.calendarEvent!)).toBe("REQUEST");
    expect(mails[1]!.calendarEvent).toBe(mails[0]!.calendarEvent);
    const studentMail = mails.find((mail) => mail.to === student.email.toLowerCase())!;
    expect(studentMail.text).toContain("Topic: Blocked account and visa");
    expect(studentMail.text).toContain("(UTC, UTC+00:00)");

    const later = await firstSlot(student, coachId, 4);
    await api(student).coaching.reschedule({ bookingId: id, startsAt: later });
    const moved = await t.db.mailMessage.findFirstOrThrow({
      where: { kind: "coaching-changed", to: student.email.toLowerCase() },
    });
    expect(icsFields(moved.calendarEvent!)).toMatchObject({
      method: "REQUEST",
      uid: invitation.uid,
      start: utcStamp(later),
      sequence: "1",
    });
    expect(moved.subject).toContain("moved");
    // The old start is free again, the new one taken.
    const free = (await api(student).coaching.slots({ coachId })).days.flatMap((day) => day.slots.map((slot) => slot.startsAt));
    expect(free).toContain(startsAt);
    expect(free).not.toContain(later);
    expect(await api(student).services.usage({ service: "consultation" })).toMatchObject({ used: 1 });

    await api(student).coaching.cancel({ bookingId: id });
    const cancelled = await t.db.mailMessage.findMany({
      where: {
        kind: "coaching-changed",
        subject: { contains: "cancelled" },
        to: { in: [student.email.toLowerCase(), coachAccount.email.toLowerCase()] },
      },
    });
    expect(cancelled).toHaveLength(2);
    expect(icsFields(cancelled[0]!.calendarEvent!)).toMatchObject({
      method: "CANCEL",
      uid: invitation.uid,
      sequence: "2",
      status: "CANCELLED",
    });
    const booking = await t.db.coachingBooking.findUniqueOrThrow({ where: { id }, include: { request: true } });
    expect(booking).toMatchObject({ status: "cancelled", sequence: 2 });
    expect(booking.request.withdrawnAt).not.toBeNull();
    expect(await api(student).services.usage({ service: "consultation" })).toMatchObject({ used: 0 });
    expect((await api(student).coaching.slots({ coachId })).days.flatMap((day) => day.slots.map((slot) => slot.startsAt))).toContain(later);
    expect(await rejection(api(student).coaching.cancel({ bookingId: id }))).toEqual({
      code: "CONFLICT",
      message: COACHING_MESSAGES.notChangeable,
    });
  });

  it("allows moving and cancelling up to 24 hours before the start, not later", async () => {
    const { coachId } = await coach();
    const student = await studentOn("unlimited");
    const { id } = await api(student).coaching.book({
      coachId,
      startsAt: await firstSlot(student, coachId, 2),
      topic: "Motivation letter",
    });
    const soon = new Date(Date.now() + 23 * HOUR);
    await t.db.coachingBooking.update({
      where: { id },
      data: { startsAt: soon, endsAt: new Date(soon.getTime() + 45 * 60_000) },
    });
    const tooLate = { code: "FORBIDDEN", message: COACHING_MESSAGES.changeTooLate };
    expect(await rejection(api(student).coaching.cancel({ bookingId: id }))).toEqual(tooLate);
    expect(await rejection(api(student).coaching.reschedule({ bookingId: id, startsAt: await firstSlot(student, coachId, 5) }))).toEqual(
      tooLate,
    );
    const sessions = await api(student).coaching.sessions();
    expect(sessions.upcoming).toEqual([expect.objectContaining({ id, canChange: false })]);
    // 25 hours ahead it can still change.
    const inTime = new Date(Date.now() + 25 * HOUR);
    await t.db.coachingBooking.update({
      where: { id },
      data: { startsAt: inTime, endsAt: new Date(inTime.getTime() + 45 * 60_000) },
    });
    expect((await api(student).coaching.sessions()).upcoming[0]).toMatchObject({ canChange: true });
    await api(student).coaching.cancel({ bookingId: id });
  });

  it("another user's session is not found, for students and for coaches", async () => {
    const owner = await coach();
    const student = await studentOn("unlimited");
    const { id } = await api(student).coaching.book({
      coachId: owner.coachId,
      startsAt: await firstSlot(student, owner.coachId),
      topic: "Housing in Munich",
    });
    const intruder = await studentOn("unlimited");
    const notFound = { code: "NOT_FOUND", message: COACHING_MESSAGES.sessionNotFound };
    expect(await rejection(api(intruder).coaching.cancel({ bookingId: id }))).toEqual(notFound);
    expect(
      await rejection(api(intruder).coaching.reschedule({ bookingId: id, startsAt: await firstSlot(intruder, owner.coachId, 3) })),
    ).toEqual(notFound);
    expect((await api(intruder).coaching.sessions()).upcoming).toEqual([]);
    const otherCoach = await coach({ role: "designer" });
    expect(
      await rejection(otherCoach.caller.admin.coaching.setMeetingLink({ bookingId: id, meetingLink: "https://meet.example.org/x" })),
    ).toEqual(notFound);
    expect(await rejection(otherCoach.caller.admin.coaching.sessions({ coachId: owner.coachId }))).toMatchObject({
      code: "FORBIDDEN",
    });
    // The session's own coach sets the link: both get the updated invitation with it.
    await owner.caller.admin.coaching.setMeetingLink({ bookingId: id, meetingLink: "https://meet.example.org/abc" });
    const updated = await t.db.mailMessage.findFirstOrThrow({
      where: { kind: "coaching-changed", to: student.email.toLowerCase() },
    });
    expect(updated.calendarEvent).toContain("https://meet.example.org/abc");
    expect(icsFields(updated.calendarEvent!).sequence).toBe("1");
    expect((await owner.caller.admin.coaching.sessions({})).upcoming).toEqual([
      expect.objectContaining({
        id,
        meetingLink: "https://meet.example.org/abc",
        studentEmail: student.email.toLowerCase(),
      }),
    ]);
  });

  it("sends each reminder once, 24 hours and 1 hour before, even when two runs race", async () => {
    const coachAccount = await coach();
    const student = await studentOn("unlimited");
    const { id } = await api(student).coaching.book({
      coachId: coachAccount.coachId,
      startsAt: await firstSlot(student, coachAccount.coachId, 6),
      topic: "APS certificate",
    });
    const booking = await t.db.coachingBooking.findUniqueOrThrow({ where: { id } });
    const reminders = () =>
      t.db.mailMessage.findMany({
        where: {
          kind: "coaching-reminder",
          to: { in: [student.email.toLowerCase(), coachAccount.email.toLowerCase()] },
        },
        orderBy: { createdAt: "asc" },
      });

    await sendCoachingReminders(t.db, new Date(booking.startsAt.getTime() - 25 * HOUR));
    expect(await reminders()).toEqual([]);
    const dayBefore = new Date(booking.startsAt.getTime() - 23.5 * HOUR);
    await Promise.all([sendCoachingReminders(t.db, dayBefore), sendCoachingReminders(t.db, dayBefore)]);
    await sendCoachingReminders(t.db, new Date(booking.startsAt.getTime() - 2 * HOUR));
    expect((await reminders()).map((mail) => mail.subject)).toEqual([
      "Reminder: your coaching session is tomorrow",
      "Reminder: your coaching session is tomorrow",
    ]);

    const hourBefore = new Date(booking.startsAt.getTime() - 50 * 60_000);
    await Promise.all([sendCoachingReminders(t.db, hourBefore), sendCoachingReminders(t.db, hourBefore)]);
    await sendCoachingReminders(t.db, new Date(booking.startsAt.getTime() - 10 * 60_000));
    const all = await reminders();
    expect(all).toHaveLength(4);
    expect(all.slice(2).map((mail) => mail.subject)).toEqual([
      "Reminder: your coaching session is in 1 hour",
      "Reminder: your coaching session is in 1 hour",
    ]);
    expect(await t.db.coachingBooking.findUniqueOrThrow({ where: { id } })).toMatchObject({
      reminder24SentAt: dayBefore,
      reminder1SentAt: hourBefore,
    });
  });

  it("the coach's summary completes the session; the student reads it with the next steps", async () => {
    const coachAccount = await coach();
    const student = await studentOn("unlimited");
    const { id, requestId } = await api(student).coaching.book({
      coachId: coachAccount.coachId,
      startsAt: await firstSlot(student, coachAccount.coachId, 7),
      topic: "Shortlist",
    });
    const summary = {
      bookingId: id,
      summary: "We went through your shortlist.",
      nextSteps: "Apply to TU Munich by 31 May.",
    };
    expect(await rejection(coachAccount.caller.admin.coaching.writeSummary(summary))).toEqual({
      code: "CONFLICT",
      message: COACHING_MESSAGES.summaryTooEarly,
    });
    const past = new Date(Date.now() - 2 * HOUR);
    await t.db.coachingBooking.update({
      where: { id },
      data: { startsAt: past, endsAt: new Date(past.getTime() + 45 * 60_000) },
    });
    await coachAccount.caller.admin.coaching.writeSummary(summary);

    const sessions = await mySessions(t.db, student.claims);
    expect(sessions.upcoming).toEqual([]);
    expect(sessions.past).toEqual([
      expect.objectContaining({
        id,
        status: "completed",
        summary: summary.summary,
        nextSteps: summary.nextSteps,
        coachName: `Coach ${coachAccount.lastName}`,
      }),
    ]);
    expect(await t.db.serviceRequest.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({
      status: "completed",
    });
    const mail = await t.db.mailMessage.findFirstOrThrow({
      where: { kind: "coaching-summary", to: student.email.toLowerCase() },
    });
    expect(mail.text).toContain("Apply to TU Munich by 31 May.");
    expect(await t.db.notification.count({ where: { userId: student.claims.id, kind: "service_update", requestId } })).toBe(1);
  });
});
