import { assignRequestSchema, contactMessageListSchema, contactReplySchema, supportRequestListSchema } from "~/lib/schemas/admin-support";
import { idSchema, requestStatusUpdateSchema } from "~/lib/schemas/entitlements";
import {
  activeCoachOptions,
  assignServiceRequest,
  listContactMessages,
  listServiceRequests,
  markContactMessageHandled,
  replyToContactMessage,
  setServiceRequestStatus,
} from "~/server/services/support-queue.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

/** Service requests: backoffice:services. */
const requestsProcedure = staffProcedure(["backoffice:services"]);
/** Contact messages: support. */
const messagesProcedure = staffProcedure(["support"]);

/** The support queue of /admin/support: service requests and contact messages, urgent first. */
export const supportRouter = createTRPCRouter({
  serviceRequests: requestsProcedure.input(supportRequestListSchema).query(({ ctx, input }) => listServiceRequests(ctx.db, input)),
  setRequestStatus: requestsProcedure.input(requestStatusUpdateSchema).mutation(({ ctx, input }) => setServiceRequestStatus(ctx.db, ctx.actor, input)),
  assignRequest: requestsProcedure.input(assignRequestSchema).mutation(({ ctx, input }) => assignServiceRequest(ctx.db, ctx.actor, input)),
  coachOptions: requestsProcedure.query(({ ctx }) => activeCoachOptions(ctx.db)),
  contactMessages: messagesProcedure.input(contactMessageListSchema).query(({ ctx, input }) => listContactMessages(ctx.db, input)),
  markHandled: messagesProcedure.input(idSchema).mutation(({ ctx, input }) => markContactMessageHandled(ctx.db, ctx.actor, input)),
  replyToContact: messagesProcedure.input(contactReplySchema).mutation(({ ctx, input }) => replyToContactMessage(ctx.db, ctx.actor, input)),
});
