import { adminSection } from "~/lib/admin-sections";
import { recordIdSchema } from "~/lib/schemas/admin";
import { customerActionSchema, customerListSchema, grantTokensSchema } from "~/lib/schemas/admin-customers";
import {
  getCustomer,
  grantTokens,
  listCustomers,
  resendCustomerVerification,
  setCustomerStatus,
  signOutEverywhere,
} from "~/server/services/admin/customers.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

/** Reading customers: customers:view or customers:students. */
const readProcedure = staffProcedure(adminSection("customers").access);
/** Acting on a student's account: customers:students. */
const actProcedure = staffProcedure(["customers:students"]);

export const customersRouter = createTRPCRouter({
  list: readProcedure.input(customerListSchema).query(({ ctx, input }) => listCustomers(ctx.db, input)),
  get: readProcedure.input(recordIdSchema).query(({ ctx, input }) => getCustomer(ctx.db, input.id)),
  suspend: actProcedure
    .input(customerActionSchema)
    .mutation(({ ctx, input }) => setCustomerStatus(ctx.db, ctx.actor, input.userId, "suspended")),
  reactivate: actProcedure
    .input(customerActionSchema)
    .mutation(({ ctx, input }) => setCustomerStatus(ctx.db, ctx.actor, input.userId, "active")),
  signOutEverywhere: actProcedure
    .input(customerActionSchema)
    .mutation(({ ctx, input }) => signOutEverywhere(ctx.db, ctx.actor, input.userId)),
  grantTokens: actProcedure.input(grantTokensSchema).mutation(({ ctx, input }) => grantTokens(ctx.db, ctx.actor, input)),
  resendVerification: actProcedure
    .input(customerActionSchema)
    .mutation(({ ctx, input }) => resendCustomerVerification(ctx.db, ctx.actor, input.userId)),
});
