import { adminSection } from "~/lib/admin-sections";
import {
  availabilityExceptionSchema,
  coachRefSchema,
  coachTimeZoneSchema,
  meetingLinkSchema,
  removeExceptionSchema,
  sessionSummarySchema,
  weeklyHoursSchema,
} from "~/lib/schemas/coaching";
import {
  coachSchedule,
  removeAvailabilityException,
  setAvailabilityException,
  setCoachTimeZone,
  setWeeklyHours,
} from "~/server/services/coaching/availability.service";
import { coachSessions, setMeetingLink, writeSessionSummary } from "~/server/services/coaching/bookings.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

/**
 * My coaching: open to every staff account; a coach works on their own hours and sessions, staff
 * with customers:coaches on any coach's (checked in the service).
 */
const coachingProcedure = staffProcedure(adminSection("coaching").access).use(({ ctx, next }) =>
  next({ ctx: { ...ctx, staff: { ...ctx.actor, id: ctx.session.id, role: ctx.session.role } } }),
);

export const coachingAdminRouter = createTRPCRouter({
  schedule: coachingProcedure.input(coachRefSchema).query(({ ctx, input }) => coachSchedule(ctx.db, ctx.staff, input)),
  sessions: coachingProcedure.input(coachRefSchema).query(({ ctx, input }) => coachSessions(ctx.db, ctx.staff, input)),
  setTimeZone: coachingProcedure.input(coachTimeZoneSchema).mutation(({ ctx, input }) => setCoachTimeZone(ctx.db, ctx.staff, input)),
  setWeeklyHours: coachingProcedure.input(weeklyHoursSchema).mutation(({ ctx, input }) => setWeeklyHours(ctx.db, ctx.staff, input)),
  setException: coachingProcedure
    .input(availabilityExceptionSchema)
    .mutation(({ ctx, input }) => setAvailabilityException(ctx.db, ctx.staff, input)),
  removeException: coachingProcedure
    .input(removeExceptionSchema)
    .mutation(({ ctx, input }) => removeAvailabilityException(ctx.db, ctx.staff, input)),
  setMeetingLink: coachingProcedure.input(meetingLinkSchema).mutation(({ ctx, input }) => setMeetingLink(ctx.db, ctx.staff, input)),
  writeSummary: coachingProcedure.input(sessionSummarySchema).mutation(({ ctx, input }) => writeSessionSummary(ctx.db, ctx.staff, input)),
});
