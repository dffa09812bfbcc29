import {
  changePasswordSchema,
  confirmTwoFactorSchema,
  deleteAccountSchema,
  disableTwoFactorSchema,
  sessionIdSchema,
} from "~/lib/schemas/auth";
import { changePassword, signOutEverywhere } from "~/server/services/auth.service";
import { listSessions, revokeSession, revokeSessions } from "~/server/services/sessions.service";
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorStatus,
} from "~/server/services/two-factor.service";
import { deleteAccount, getMe, requestDeletionCode } from "~/server/services/user.service";
import { createTRPCRouter, protectedProcedure } from "../trpc";

export const usersRouter = createTRPCRouter({
  me: protectedProcedure.query(({ ctx }) => getMe(ctx.db, ctx.session)),
  signOutEverywhere: protectedProcedure.mutation(({ ctx }) => signOutEverywhere(ctx.db, ctx.session)),
  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => changePassword(ctx.db, ctx.session, input, ctx.ip)),
  requestDeletionCode: protectedProcedure.mutation(({ ctx }) => requestDeletionCode(ctx.db, ctx.session)),
  deleteAccount: protectedProcedure
    .input(deleteAccountSchema)
    .mutation(({ ctx, input }) => deleteAccount(ctx.db, ctx.session, input, ctx.ip)),
  sessions: protectedProcedure.query(({ ctx }) => listSessions(ctx.db, ctx.session)),
  revokeSession: protectedProcedure
    .input(sessionIdSchema)
    .mutation(({ ctx, input }) => revokeSession(ctx.db, ctx.session, input.sessionId)),
  signOutOtherSessions: protectedProcedure.mutation(async ({ ctx }) => ({
    ended: await revokeSessions(ctx.db, ctx.session.id, ctx.session.sessionId),
  })),
  twoFactor: createTRPCRouter({
    status: protectedProcedure.query(({ ctx }) => twoFactorStatus(ctx.db, ctx.session)),
    begin: protectedProcedure.mutation(({ ctx }) => beginTwoFactorSetup(ctx.db, ctx.session)),
    confirm: protectedProcedure
      .input(confirmTwoFactorSchema)
      .mutation(({ ctx, input }) => confirmTwoFactorSetup(ctx.db, ctx.session, input.code)),
    disable: protectedProcedure
      .input(disableTwoFactorSchema)
      .mutation(({ ctx, input }) => disableTwoFactor(ctx.db, ctx.session, input, ctx.ip)),
    regenerateRecoveryCodes: protectedProcedure
      .input(confirmTwoFactorSchema)
      .mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx.db, ctx.session, input.code, ctx.ip)),
  }),
});
