import { adminSection } from "~/lib/admin-sections";
import { changeRoleSchema, inviteIdSchema, inviteStaffSchema, setAccountStatusSchema, staffListSchema } from "~/lib/schemas/staff";
import {
  changeRole,
  inviteStaff,
  listPendingInvites,
  listStaff,
  resendInvite,
  revokeInvite,
  setAccountStatus,
} from "~/server/services/admin/staff.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

const staff = staffProcedure(adminSection("staff").access);

/** /admin/staff: staff accounts, invitations, roles and account status (admins only). */
export const staffRouter = createTRPCRouter({
  list: staff.input(staffListSchema).query(({ ctx, input }) => listStaff(ctx.db, input)),
  invites: staff.query(({ ctx }) => listPendingInvites(ctx.db)),
  invite: staff.input(inviteStaffSchema).mutation(({ ctx, input }) => inviteStaff(ctx.db, ctx.actor, input)),
  revokeInvite: staff.input(inviteIdSchema).mutation(({ ctx, input }) => revokeInvite(ctx.db, ctx.actor, input.id)),
  resendInvite: staff.input(inviteIdSchema).mutation(({ ctx, input }) => resendInvite(ctx.db, ctx.actor, input.id)),
  changeRole: staff
    .input(changeRoleSchema)
    .mutation(({ ctx, input }) => changeRole(ctx.db, ctx.actor, { userId: input.userId }, input.role)),
  setStatus: staff
    .input(setAccountStatusSchema)
    .mutation(({ ctx, input }) => setAccountStatus(ctx.db, ctx.actor, input.userId, input.status)),
});
