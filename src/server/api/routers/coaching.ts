import { bookingRefSchema, bookingSchema, coachSlotsSchema, rescheduleSchema } from "~/lib/schemas/coaching";
import {
  bookableCoaches,
  bookSession,
  cancelSession,
  coachSlots,
  mySessions,
  rescheduleSession,
  shareableDocuments,
} from "~/server/services/coaching/bookings.service";
import { createTRPCRouter, protectedProcedure } from "../trpc";

/** 1-on-1 coaching for students: coaches, their free slots in the student's zone, booking and the student's sessions. */
export const coachingRouter = createTRPCRouter({
  coaches: protectedProcedure.query(({ ctx }) => bookableCoaches(ctx.db)),
  slots: protectedProcedure.input(coachSlotsSchema).query(({ ctx, input }) => coachSlots(ctx.db, ctx.session, input)),
  documents: protectedProcedure.query(({ ctx }) => shareableDocuments(ctx.db, ctx.session)),
  sessions: protectedProcedure.query(({ ctx }) => mySessions(ctx.db, ctx.session)),
  book: protectedProcedure.input(bookingSchema).mutation(({ ctx, input }) => bookSession(ctx.db, ctx.session, input)),
  reschedule: protectedProcedure.input(rescheduleSchema).mutation(({ ctx, input }) => rescheduleSession(ctx.db, ctx.session, input)),
  cancel: protectedProcedure.input(bookingRefSchema).mutation(({ ctx, input }) => cancelSession(ctx.db, ctx.session, input)),
});
