import { adminSection } from "~/lib/admin-sections";
import { recordIdSchema } from "~/lib/schemas/admin";
import {
  ROADMAP_STEP_WRITE_ACCESS,
  roadmapStepHiddenSchema,
  roadmapStepListQuery,
  roadmapStepMoveSchema,
  roadmapStepSchema,
  roadmapStepUpdateSchema,
} from "~/lib/schemas/roadmap-steps";
import {
  createRoadmapStep,
  deleteRoadmapStep,
  listRoadmapSteps,
  moveRoadmapStep,
  setRoadmapStepHidden,
  updateRoadmapStep,
} from "~/server/services/admin/roadmap-steps.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

const reader = staffProcedure(adminSection("flows").access);
const editor = staffProcedure(ROADMAP_STEP_WRITE_ACCESS);

/** /admin/flows: the step templates of the study roadmaps (read: settings:view; write: designer:flows, settings:flows). */
export const flowsRouter = createTRPCRouter({
  list: reader.input(roadmapStepListQuery).query(({ ctx, input }) => listRoadmapSteps(ctx.db, input)),
  create: editor.input(roadmapStepSchema).mutation(({ ctx, input }) => createRoadmapStep(ctx.db, ctx.actor, input)),
  update: editor.input(roadmapStepUpdateSchema).mutation(({ ctx, input }) => updateRoadmapStep(ctx.db, ctx.actor, input)),
  reorder: editor.input(roadmapStepMoveSchema).mutation(({ ctx, input }) => moveRoadmapStep(ctx.db, ctx.actor, input)),
  setHidden: editor.input(roadmapStepHiddenSchema).mutation(({ ctx, input }) => setRoadmapStepHidden(ctx.db, ctx.actor, input)),
  delete: editor.input(recordIdSchema).mutation(({ ctx, input }) => deleteRoadmapStep(ctx.db, ctx.actor, input.id)),
});
