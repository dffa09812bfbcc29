import { costInputSchema, costSaveSchema } from "~/lib/schemas/tools/costs";
import { calculateBudget, listCostCities, saveBudget } from "~/server/services/tools/costs.service";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "../../trpc";

/** The Cost Calculator: its cities, the budget (no account needed) and saving it to the profile. */
export const costsRouter = createTRPCRouter({
  cities: publicProcedure.query(({ ctx }) => listCostCities(ctx.db)),
  calculate: publicProcedure.input(costInputSchema).query(({ ctx, input }) => calculateBudget(ctx.db, input)),
  save: protectedProcedure.input(costSaveSchema).mutation(({ ctx, input }) => saveBudget(ctx.db, ctx.session, input)),
});
