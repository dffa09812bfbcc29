import { forgotPasswordSchema, resetPasswordSchema, signupSchema, tokenSchema } from "~/lib/schemas/auth";
import { configuredProviders } from "~/server/auth/providers";
import { requestPasswordReset, resendVerification, resetPassword, signup, verifyEmail } from "~/server/services/auth.service";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "../trpc";

export const authRouter = createTRPCRouter({
  signup: publicProcedure.input(signupSchema).mutation(async ({ ctx, input }) => {
    const user = await signup(ctx.db, input, ctx.ip);
    return { id: user.id, email: user.email, name: user.name };
  }),
  /** Which social providers the login and signup modals offer. */
  providers: publicProcedure.query(() => configuredProviders()),
  verifyEmail: publicProcedure.input(tokenSchema).mutation(({ ctx, input }) => verifyEmail(ctx.db, input.token)),
  resendVerification: protectedProcedure.mutation(({ ctx }) => resendVerification(ctx.db, ctx.session)),
  forgotPassword: publicProcedure
    .input(forgotPasswordSchema)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.db, input.email, ctx.ip)),
  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(({ ctx, input }) => resetPassword(ctx.db, input, ctx.ip)),
});
