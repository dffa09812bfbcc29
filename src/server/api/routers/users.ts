import { changePasswordSchema } from "~/lib/schemas/auth";
import { changePassword, deleteAccount, getMe, signOutEverywhere } from "~/server/services/user.service";
import { createTRPCRouter, protectedProcedure } from "../trpc";

export const usersRouter = createTRPCRouter({
  me: protectedProcedure.query(({ ctx }) => getMe(ctx.db, ctx.session)),
  signOutEverywhere: protectedProcedure.mutation(({ ctx }) => signOutEverywhere(ctx.db, ctx.session)),
  changePassword: protectedProcedure.input(changePasswordSchema).mutation(({ ctx, input }) => changePassword(ctx.db, ctx.session, input)),
  deleteAccount: protectedProcedure.mutation(({ ctx }) => deleteAccount(ctx.db, ctx.session)),
});
