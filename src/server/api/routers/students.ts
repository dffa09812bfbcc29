import { studentCreateSchema, studentUpdateSchema } from "~/lib/schemas/student";
import { createMyStudent, getMyStudent, settingsFacts, updateMyStudent } from "~/server/services/student.service";
import { createTRPCRouter, protectedProcedure } from "../trpc";

/** A student only ever reads and writes their own record: no procedure takes a student id. */
export const studentsRouter = createTRPCRouter({
  me: protectedProcedure.query(({ ctx }) => getMyStudent(ctx.db, ctx.session)),
  updateMe: protectedProcedure.input(studentUpdateSchema).mutation(({ ctx, input }) => updateMyStudent(ctx.db, ctx.session, input)),
  /** What the settings can change on this server (the Settings tab's help texts). */
  settingsFacts: protectedProcedure.query(() => settingsFacts()),
  create: protectedProcedure.input(studentCreateSchema).mutation(({ ctx, input }) => createMyStudent(ctx.db, ctx.session, input)),
});
