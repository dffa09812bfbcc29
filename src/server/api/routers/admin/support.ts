import { ANY_STAFF } from "~/lib/admin-sections";
import { assignRequestSchema, contactMessageListSchema, contactReplySchema, supportRequestListSchema } from "~/lib/schemas/admin-support";
import { idSchema } from "~/lib/schemas/entitlements";
import {
  completeReviewSchema,
  requestIdSchema,
  requestMessageSchema,
  reviewCommentSchema,
  staffStatusSchema,
} from "~/lib/schemas/request-work";
import {
  changeRequestStatus,
  commentOnVersion,
  completeReview,
  myAssignedRequests,
  replyToRequest,
  staffRequestDetail,
} from "~/server/services/request-work/staff";
import {
  activeCoachOptions,
  assignServiceRequest,
  listContactMessages,
  listServiceRequests,
  markContactMessageHandled,
  replyToContactMessage,
} from "~/server/services/support-queue.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

/** The queue of service requests: the section's access (backoffice:services or support). */
const requestsProcedure = staffProcedure(["backoffice:services", "support"]);
/**
 * Work on one request: any staff member reaches the procedure, and the service lets in the section's
 * staff and the coach the request is assigned to (others: not found).
 */
const requestWorkProcedure = staffProcedure(ANY_STAFF).use(({ ctx, next }) =>
  next({ ctx: { ...ctx, worker: { ...ctx.actor, id: ctx.session.id, role: ctx.session.role } } }),
);
/** Contact messages: support. */
const messagesProcedure = staffProcedure(["support"]);

/** The support queue of /admin/support: service requests and contact messages, urgent first. */
export const supportRouter = createTRPCRouter({
  serviceRequests: requestsProcedure.input(supportRequestListSchema).query(({ ctx, input }) => listServiceRequests(ctx.db, input)),
  request: requestWorkProcedure.input(requestIdSchema).query(({ ctx, input }) => staffRequestDetail(ctx.db, ctx.worker, input)),
  myRequests: requestWorkProcedure.query(({ ctx }) => myAssignedRequests(ctx.db, ctx.worker)),
  setRequestStatus: requestWorkProcedure
    .input(staffStatusSchema)
    .mutation(({ ctx, input }) => changeRequestStatus(ctx.db, ctx.worker, input)),
  replyToRequest: requestWorkProcedure.input(requestMessageSchema).mutation(({ ctx, input }) => replyToRequest(ctx.db, ctx.worker, input)),
  commentOnVersion: requestWorkProcedure
    .input(reviewCommentSchema)
    .mutation(({ ctx, input }) => commentOnVersion(ctx.db, ctx.worker, input)),
  completeReview: requestWorkProcedure.input(completeReviewSchema).mutation(({ ctx, input }) => completeReview(ctx.db, ctx.worker, input)),
  assignRequest: requestsProcedure.input(assignRequestSchema).mutation(({ ctx, input }) => assignServiceRequest(ctx.db, ctx.actor, input)),
  coachOptions: requestsProcedure.query(({ ctx }) => activeCoachOptions(ctx.db)),
  contactMessages: messagesProcedure.input(contactMessageListSchema).query(({ ctx, input }) => listContactMessages(ctx.db, input)),
  markHandled: messagesProcedure.input(idSchema).mutation(({ ctx, input }) => markContactMessageHandled(ctx.db, ctx.actor, input)),
  replyToContact: messagesProcedure.input(contactReplySchema).mutation(({ ctx, input }) => replyToContactMessage(ctx.db, ctx.actor, input)),
});
