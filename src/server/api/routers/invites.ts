import { acceptInviteSchema, inviteTokenSchema } from "~/lib/schemas/staff";
import { acceptInvite, inviteDetails } from "~/server/services/admin/staff.service";
import { createTRPCRouter, publicProcedure } from "../trpc";

/** /invite: the page a staff invitation's link opens (the link's token is the only credential). */
export const invitesRouter = createTRPCRouter({
  details: publicProcedure.input(inviteTokenSchema).query(({ ctx, input }) => inviteDetails(ctx.db, input.token)),
  accept: publicProcedure.input(acceptInviteSchema).mutation(({ ctx, input }) => acceptInvite(ctx.db, input, ctx.ip)),
});
