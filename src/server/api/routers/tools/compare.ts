import { compareInputSchema } from "~/lib/schemas/tools/compare";
import { compareCountries, readExchangeRates } from "~/server/services/tools/compare.service";
import { createTRPCRouter, publicProcedure } from "../../trpc";

/** The country comparison (/compare, every plan and visitors): the table and the stored rates. */
export const compareRouter = createTRPCRouter({
  table: publicProcedure.input(compareInputSchema).query(({ ctx, input }) => compareCountries(ctx.db, input)),
  rates: publicProcedure.query(({ ctx }) => readExchangeRates(ctx.db)),
});
