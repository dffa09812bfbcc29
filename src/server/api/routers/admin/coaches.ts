import { adminSection } from "~/lib/admin-sections";
import { coachCreateSchema, coachListSchema, coachUpdateSchema } from "~/lib/schemas/admin-coaches";
import { createCoach, listCoaches, updateCoach } from "~/server/services/admin/coaches.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

/** Coaches: customers:coaches for reading and changing. */
const coachProcedure = staffProcedure(adminSection("coaches").access);

export const coachesRouter = createTRPCRouter({
  list: coachProcedure.input(coachListSchema).query(({ ctx, input }) => listCoaches(ctx.db, input)),
  create: coachProcedure.input(coachCreateSchema).mutation(({ ctx, input }) => createCoach(ctx.db, ctx.actor, input)),
  update: coachProcedure.input(coachUpdateSchema).mutation(({ ctx, input }) => updateCoach(ctx.db, ctx.actor, input)),
});
