import {
  roadmapIntakeSchema,
  roadmapStepDateResetSchema,
  roadmapStepDateSchema,
  roadmapStepDoneSchema,
  roadmapStepHiddenSchema,
  roadmapStepMoveSchema,
  roadmapStepNoteSchema,
  roadmapSubtaskAddSchema,
  roadmapSubtaskDeleteSchema,
  roadmapSubtaskDoneSchema,
} from "~/lib/schemas/roadmap";
import { roadmapCalendarFile } from "~/server/services/roadmap/calendar";
import {
  addRoadmapSubtask,
  deleteRoadmap,
  deleteRoadmapSubtask,
  getRoadmap,
  moveRoadmapStep,
  resetRoadmapStepDate,
  roadmapDefaults,
  saveRoadmapIntake,
  setRoadmapStepDate,
  setRoadmapStepDone,
  setRoadmapStepHidden,
  setRoadmapStepNote,
  setRoadmapSubtaskDone,
} from "~/server/services/roadmap/roadmap.service";
import { createTRPCRouter, protectedProcedure } from "../trpc";

/** /roadmap: the signed-in user's study roadmap (whole on Pro and Unlimited, a preview on Free). */
export const roadmapRouter = createTRPCRouter({
  get: protectedProcedure.query(({ ctx }) => getRoadmap(ctx.db, ctx.session)),
  defaults: protectedProcedure.query(({ ctx }) => roadmapDefaults(ctx.db, ctx.session)),
  save: protectedProcedure.input(roadmapIntakeSchema).mutation(({ ctx, input }) => saveRoadmapIntake(ctx.db, ctx.session, input)),
  setDone: protectedProcedure.input(roadmapStepDoneSchema).mutation(({ ctx, input }) => setRoadmapStepDone(ctx.db, ctx.session, input)),
  setNote: protectedProcedure.input(roadmapStepNoteSchema).mutation(({ ctx, input }) => setRoadmapStepNote(ctx.db, ctx.session, input)),
  setDate: protectedProcedure.input(roadmapStepDateSchema).mutation(({ ctx, input }) => setRoadmapStepDate(ctx.db, ctx.session, input)),
  resetDate: protectedProcedure
    .input(roadmapStepDateResetSchema)
    .mutation(({ ctx, input }) => resetRoadmapStepDate(ctx.db, ctx.session, input)),
  addSubtask: protectedProcedure.input(roadmapSubtaskAddSchema).mutation(({ ctx, input }) => addRoadmapSubtask(ctx.db, ctx.session, input)),
  setSubtaskDone: protectedProcedure
    .input(roadmapSubtaskDoneSchema)
    .mutation(({ ctx, input }) => setRoadmapSubtaskDone(ctx.db, ctx.session, input)),
  deleteSubtask: protectedProcedure
    .input(roadmapSubtaskDeleteSchema)
    .mutation(({ ctx, input }) => deleteRoadmapSubtask(ctx.db, ctx.session, input)),
  move: protectedProcedure.input(roadmapStepMoveSchema).mutation(({ ctx, input }) => moveRoadmapStep(ctx.db, ctx.session, input)),
  setHidden: protectedProcedure
    .input(roadmapStepHiddenSchema)
    .mutation(({ ctx, input }) => setRoadmapStepHidden(ctx.db, ctx.session, input)),
  delete: protectedProcedure.mutation(({ ctx }) => deleteRoadmap(ctx.db, ctx.session)),
  calendar: protectedProcedure.query(({ ctx }) => roadmapCalendarFile(ctx.db, ctx.session)),
});
