import { PERMISSION_KEYS } from "~/lib/permissions";
import type { Db } from "~/server/db/client";
import type { SessionClaims } from "~/server/services/sessions.service";
import type { AdminProcedureCase } from "./types";

/** My coaching is open to every staff account; each call acts on the caller's own coach row. */
const access = PERMISSION_KEYS;

/** The caller's coach row, made on first use. */
async function ownCoach(db: Db, staff: SessionClaims) {
  return db.coach.upsert({
    where: { userId: staff.id },
    create: { userId: staff.id, displayName: staff.name },
    update: {},
    select: { id: true },
  });
}

/** A session of the caller's coach that started an hour ago, with a consultation request of a student. */
async function ownSession(db: Db, staff: SessionClaims, student: SessionClaims) {
  const coach = await ownCoach(db, staff);
  const request = await db.serviceRequest.create({
    data: {
      userId: student.id,
      service: "consultation",
      message: "Shortlist",
      priority: "standard",
      assignedCoachId: coach.id,
    },
  });
  const startsAt = new Date(Date.now() - 3_600_000 + Math.floor(Math.random() * 1_000_000));
  return db.coachingBooking.create({
    data: {
      requestId: request.id,
      coachId: coach.id,
      userId: student.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 45 * 60_000),
      topic: "Shortlist",
    },
  });
}

export const cases: AdminProcedureCase[] = [
  { path: "admin.coaching.schedule", access, input: () => ({}), badInput: { coachId: 5 } },
  {
    path: "admin.coaching.sessions",
    access,
    input: async ({ db, staff }) => {
      await ownCoach(db, staff);
      return {};
    },
    badInput: { coachId: "" },
  },
  {
    path: "admin.coaching.setTimeZone",
    access,
    input: async ({ db, staff }) => {
      await ownCoach(db, staff);
      return { timeZone: "Europe/Berlin" };
    },
    badInput: { timeZone: "Mars/Olympus" },
  },
  {
    path: "admin.coaching.setWeeklyHours",
    access,
    input: async ({ db, staff }) => {
      await ownCoach(db, staff);
      return { days: [{ weekday: 1, ranges: [{ start: "09:00", end: "12:00" }] }] };
    },
    badInput: { days: [{ weekday: 8, ranges: [] }] },
  },
  {
    path: "admin.coaching.setException",
    access,
    input: async ({ db, staff }) => {
      await ownCoach(db, staff);
      return { date: "2030-01-07", ranges: [], note: "Day off" };
    },
    badInput: { date: "tomorrow", ranges: [] },
  },
  {
    path: "admin.coaching.removeException",
    access,
    input: async ({ db, staff }) => {
      const coach = await ownCoach(db, staff);
      await db.coachAvailabilityException.create({
        data: { coachId: coach.id, date: new Date("2030-02-04T00:00:00Z") },
      });
      return { date: "2030-02-04" };
    },
    badInput: { date: "2030-13-45x" },
  },
  {
    path: "admin.coaching.setMeetingLink",
    access,
    input: async ({ db, staff, student }) => ({
      bookingId: (await ownSession(db, staff, student)).id,
      meetingLink: "https://meet.example.org/abc",
    }),
    badInput: { bookingId: "x", meetingLink: "javascript:alert(1)" },
  },
  {
    path: "admin.coaching.writeSummary",
    access,
    input: async ({ db, staff, student }) => ({
      bookingId: (await ownSession(db, staff, student)).id,
      summary: "We went through the shortlist.",
      nextSteps: "Apply by May.",
    }),
    badInput: { bookingId: "x", summary: "", nextSteps: "" },
  },
];
