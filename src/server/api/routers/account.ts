import { accountOverview, exportAccountData } from "~/server/services/account.service";
import { createTRPCRouter, protectedProcedure } from "../trpc";

export const accountRouter = createTRPCRouter({
  overview: protectedProcedure.query(({ ctx }) => accountOverview(ctx.db, ctx.session)),
  export: protectedProcedure.query(({ ctx }) => exportAccountData(ctx.db, ctx.session)),
});
