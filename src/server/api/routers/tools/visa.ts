import { visaCheckInputSchema, visaSaveInputSchema } from "~/lib/schemas/tools/visa";
import { checkVisa, saveVisaCheck } from "~/server/services/tools/visa.service";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "../../trpc";

/** The Visa Checker: the answer for anyone, saving it for signed-in users. */
export const visaRouter = createTRPCRouter({
  check: publicProcedure.input(visaCheckInputSchema).query(({ ctx, input }) => checkVisa(ctx.db, input)),
  save: protectedProcedure.input(visaSaveInputSchema).mutation(({ ctx, input }) => saveVisaCheck(ctx.db, ctx.session, input)),
});
