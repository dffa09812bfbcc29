import { signupSchema } from "~/lib/schemas/auth";
import { configuredProviders } from "~/server/auth/options";
import { signup } from "~/server/services/auth.service";
import { createTRPCRouter, publicProcedure } from "../trpc";

export const authRouter = createTRPCRouter({
  signup: publicProcedure.input(signupSchema).mutation(async ({ ctx, input }) => {
    const user = await signup(ctx.db, input);
    return { id: user.id, email: user.email, name: user.name };
  }),
  /** Which social providers the login and signup modals offer. */
  providers: publicProcedure.query(() => configuredProviders()),
});
