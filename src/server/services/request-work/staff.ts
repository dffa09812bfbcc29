import type { z } from "zod";
import { REQUEST_STATUS_LABELS } from "~/lib/schemas/entitlements";
import {
  type completeReviewSchema,
  REQUEST_WORK_MESSAGES,
  type requestIdSchema,
  type requestMessageSchema,
  type reviewCommentSchema,
  type staffStatusSchema,
} from "~/lib/schemas/request-work";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { recordAudit } from "../audit.service";
import { toRequestDto } from "../service-requests.service";
import { activeCoachOf, assertNotWithdrawn, requestForStaff, type StaffActor, worksOnEveryRequest } from "./access";
import { loadRequestDetail } from "./detail";
import { notifyStudent } from "./updates";

/** One request as staff work on it, with whether the caller may also reassign it (section staff, not only its coach). */
export async function staffRequestDetail(db: Db, actor: StaffActor, { requestId }: z.output<typeof requestIdSchema>) {
  await requestForStaff(db, actor, requestId);
  return { request: await loadRequestDetail(db, requestId), canAssign: worksOnEveryRequest(actor.role) };
}

/**
 * Moves a request to another status with a note the student reads: a `status` message on the thread,
 * a notification and a mail to the student, and an audit row, all in one transaction. The same
 * status again changes nothing. Completing sets completedAt.
 */
export async function changeRequestStatus(db: Db, actor: StaffActor, { id, status, note }: z.output<typeof staffStatusSchema>) {
  return db.$transaction(async (tx) => {
    const request = await requestForStaff(tx, actor, id);
    assertNotWithdrawn(request);
    if (request.status === status) return { success: true as const, changed: false };
    await tx.serviceRequest.update({
      where: { id },
      data: { status, completedAt: status === "completed" ? new Date() : null },
    });
    await tx.serviceRequestMessage.create({
      data: { requestId: id, authorId: actor.id, fromStaff: true, kind: "status", status, body: note },
    });
    await notifyStudent(tx, id, {
      headline: `your request is now ${REQUEST_STATUS_LABELS[status].toLowerCase()}`,
      note,
    });
    await recordAudit(tx, actor, {
      action: "service_request.status_changed",
      targetType: "service_request",
      targetId: id,
      before: { status: request.status },
      after: { status, noteLength: note.length },
    });
    return { success: true as const, changed: true };
  });
}

/** A staff reply on the request's thread; the student is told in the bell and by mail. */
export async function replyToRequest(db: Db, actor: StaffActor, { requestId, body }: z.output<typeof requestMessageSchema>) {
  return db.$transaction(async (tx) => {
    assertNotWithdrawn(await requestForStaff(tx, actor, requestId));
    const message = await tx.serviceRequestMessage.create({
      data: { requestId, authorId: actor.id, fromStaff: true, body },
      select: { id: true, createdAt: true },
    });
    await notifyStudent(tx, requestId, { headline: "you have a new message from our team", note: body });
    await recordAudit(tx, actor, {
      action: "service_request.replied",
      targetType: "service_request",
      targetId: requestId,
      after: { messageId: message.id, length: body.length },
    });
    return message;
  });
}

async function openReview(tx: Parameters<typeof requestForStaff>[0], actor: StaffActor, requestId: string) {
  const request = await requestForStaff(tx, actor, requestId);
  if (request.service !== "document-review") throw new AppError("CONFLICT", REQUEST_WORK_MESSAGES.notReview);
  assertNotWithdrawn(request);
  if (request.status === "completed") throw new AppError("CONFLICT", REQUEST_WORK_MESSAGES.alreadyCompleted);
  return request;
}

/** A reviewer's comment on one version of a document shared with the review, in the review's current round. */
export async function commentOnVersion(
  db: Db,
  actor: StaffActor,
  { requestId, documentVersionId, body }: z.output<typeof reviewCommentSchema>,
) {
  return db.$transaction(async (tx) => {
    const request = await openReview(tx, actor, requestId);
    const shared = await tx.documentVersion.findFirst({
      where: { id: documentVersionId, document: { requests: { some: { requestId } } } },
      select: { id: true, version: true, documentId: true },
    });
    if (!shared) throw new AppError("NOT_FOUND", REQUEST_WORK_MESSAGES.versionNotShared);
    const comment = await tx.reviewComment.create({
      data: { requestId, documentVersionId, authorId: actor.id, body, round: request.round },
      select: { id: true, round: true, createdAt: true },
    });
    await recordAudit(tx, actor, {
      action: "service_request.commented",
      targetType: "service_request",
      targetId: requestId,
      after: {
        commentId: comment.id,
        documentId: shared.documentId,
        version: shared.version,
        round: comment.round,
        length: body.length,
      },
    });
    return comment;
  });
}

/** Completes the review with the verdict and the missing checklist items; the student is told in the bell and by mail. */
export async function completeReview(
  db: Db,
  actor: StaffActor,
  { requestId, verdict, missingItems }: z.output<typeof completeReviewSchema>,
) {
  return db.$transaction(async (tx) => {
    const request = await openReview(tx, actor, requestId);
    const items = [...new Set(missingItems)];
    await tx.serviceRequest.update({
      where: { id: requestId },
      data: { status: "completed", completedAt: new Date(), verdict, missingItems: items },
    });
    await tx.serviceRequestMessage.create({
      data: { requestId, authorId: actor.id, fromStaff: true, kind: "status", status: "completed", body: verdict },
    });
    await notifyStudent(tx, requestId, {
      headline: request.round > 1 ? "your re-check is complete" : "your document review is complete",
      note: verdict,
    });
    await recordAudit(tx, actor, {
      action: "service_request.review_completed",
      targetType: "service_request",
      targetId: requestId,
      before: { status: request.status },
      after: { status: "completed", round: request.round, missingItems: items, verdictLength: verdict.length },
    });
    return { success: true as const };
  });
}

/** A coach's own queue: the requests assigned to them, open ones first, then the newest. */
export async function myAssignedRequests(db: Db, actor: StaffActor) {
  const coach = await activeCoachOf(db, actor.id);
  if (!coach) return { coach: null, rows: [] };
  const rows = await db.serviceRequest.findMany({
    where: { assignedCoachId: coach.id, withdrawnAt: null },
    orderBy: [{ completedAt: { sort: "desc", nulls: "first" } }, { priority: "desc" }, { createdAt: "asc" }],
    take: 200,
    select: {
      id: true,
      service: true,
      message: true,
      preferredDate: true,
      status: true,
      priority: true,
      createdAt: true,
      user: { select: { name: true, email: true } },
    },
  });
  return { coach, rows: rows.map(toRequestDto) };
}
