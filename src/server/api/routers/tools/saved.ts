import { savedResultIdSchema } from "~/lib/schemas/tools/saved";
import { deleteSavedResult, getSavedResult, listSavedResults, toolDefaults } from "~/server/services/tools/saved-results.service";
import { createTRPCRouter, protectedProcedure } from "../../trpc";

/** Results saved from the tools, shown in the profile; and what the tools pre-fill from the profile. */
export const savedToolResultsRouter = createTRPCRouter({
  list: protectedProcedure.query(({ ctx }) => listSavedResults(ctx.db, ctx.session)),
  get: protectedProcedure.input(savedResultIdSchema).query(({ ctx, input }) => getSavedResult(ctx.db, ctx.session, input.id)),
  remove: protectedProcedure.input(savedResultIdSchema).mutation(({ ctx, input }) => deleteSavedResult(ctx.db, ctx.session, input.id)),
  defaults: protectedProcedure.query(({ ctx }) => toolDefaults(ctx.db, ctx.session)),
});
