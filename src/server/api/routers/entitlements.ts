import { applicationSchema, applicationStatusSchema, idSchema, serviceRequestSchema, serviceSlugSchema } from "~/lib/schemas/entitlements";
import { recheckSchema, requestIdSchema, requestMessageSchema } from "~/lib/schemas/request-work";
import { addApplication, deleteApplication, listApplications, updateApplicationStatus } from "~/server/services/applications.service";
import { askForRecheck, listAllOwnRequests, ownRequestDetail, writeOnOwnRequest } from "~/server/services/request-work/student";
import { listOwnRequests, requestService, serviceUsage, withdrawRequest } from "~/server/services/service-requests.service";
import { createTRPCRouter, protectedProcedure } from "../trpc";

/** Service requests (/services/[slug]) and the university applications tracker, limited by the plan. */
export const servicesRouter = createTRPCRouter({
  request: protectedProcedure.input(serviceRequestSchema).mutation(({ ctx, input }) => requestService(ctx.db, ctx.session, input)),
  mine: protectedProcedure.input(serviceSlugSchema).query(({ ctx, input }) => listOwnRequests(ctx.db, ctx.session, input)),
  usage: protectedProcedure.input(serviceSlugSchema.partial()).query(({ ctx, input }) => serviceUsage(ctx.db, ctx.session, input)),
  withdraw: protectedProcedure.input(idSchema).mutation(({ ctx, input }) => withdrawRequest(ctx.db, ctx.session, input)),
  /** Every request of the user (the profile's Services tab). */
  all: protectedProcedure.query(({ ctx }) => listAllOwnRequests(ctx.db, ctx.session)),
  /** One own request with its thread, documents, comments and verdict (/services/requests/[id]). */
  detail: protectedProcedure.input(requestIdSchema).query(({ ctx, input }) => ownRequestDetail(ctx.db, ctx.session, input)),
  write: protectedProcedure.input(requestMessageSchema).mutation(({ ctx, input }) => writeOnOwnRequest(ctx.db, ctx.session, input)),
  recheck: protectedProcedure.input(recheckSchema).mutation(({ ctx, input }) => askForRecheck(ctx.db, ctx.session, input)),
});

export const applicationsRouter = createTRPCRouter({
  list: protectedProcedure.query(({ ctx }) => listApplications(ctx.db, ctx.session)),
  add: protectedProcedure.input(applicationSchema).mutation(({ ctx, input }) => addApplication(ctx.db, ctx.session, input)),
  setStatus: protectedProcedure
    .input(applicationStatusSchema)
    .mutation(({ ctx, input }) => updateApplicationStatus(ctx.db, ctx.session, input)),
  remove: protectedProcedure.input(idSchema).mutation(({ ctx, input }) => deleteApplication(ctx.db, ctx.session, input)),
});
