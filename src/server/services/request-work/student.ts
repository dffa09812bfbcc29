import type { z } from "zod";
import { REQUEST_WORK_MESSAGES, type recheckSchema, type requestIdSchema, type requestMessageSchema } from "~/lib/schemas/request-work";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { toRequestDto } from "../service-requests.service";
import type { SessionClaims } from "../sessions.service";
import { assertNotWithdrawn, ownRequest } from "./access";
import { loadRequestDetail } from "./detail";

/** Every request of the user (the profile's Services tab), newest first, with whether staff wrote last. */
export async function listAllOwnRequests(db: Db, actor: SessionClaims) {
  const rows = await db.serviceRequest.findMany({
    where: { userId: actor.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
    select: {
      id: true,
      service: true,
      message: true,
      preferredDate: true,
      status: true,
      round: true,
      withdrawnAt: true,
      completedAt: true,
      createdAt: true,
      messages: { orderBy: { createdAt: "desc" }, take: 1, select: { fromStaff: true, createdAt: true } },
    },
  });
  return rows.map(({ messages, ...row }) => ({
    ...toRequestDto(row),
    lastUpdateAt: messages[0]?.createdAt ?? null,
    staffWroteLast: messages[0]?.fromStaff ?? false,
  }));
}

/** One of the user's own requests with its thread, documents and comments; another user's is NOT_FOUND. */
export async function ownRequestDetail(db: Db, actor: SessionClaims, { requestId }: z.output<typeof requestIdSchema>) {
  await ownRequest(db, actor.id, requestId);
  const { user: _, coach, ...detail } = await loadRequestDetail(db, requestId);
  return { ...detail, coach: coach ? { displayName: coach.displayName } : null };
}

/** The student writes on their own request's thread; the queue shows that the student wrote last. */
export async function writeOnOwnRequest(db: Db, actor: SessionClaims, { requestId, body }: z.output<typeof requestMessageSchema>) {
  assertNotWithdrawn(await ownRequest(db, actor.id, requestId));
  return db.serviceRequestMessage.create({
    data: { requestId, authorId: actor.id, fromStaff: false, body },
    select: { id: true, createdAt: true },
  });
}

/**
 * The one re-check of a completed review (after uploading new versions): round 2, back to pending,
 * with a status message that puts it at the top of the staff's attention. The condition on round and
 * status makes a second click at the same moment a no-op rather than a round 3.
 */
export async function askForRecheck(db: Db, actor: SessionClaims, { requestId, note }: z.output<typeof recheckSchema>) {
  return db.$transaction(async (tx) => {
    const request = await ownRequest(tx, actor.id, requestId);
    assertNotWithdrawn(request);
    if (request.service !== "document-review") throw new AppError("CONFLICT", REQUEST_WORK_MESSAGES.notReview);
    if (request.round > 1) throw new AppError("CONFLICT", REQUEST_WORK_MESSAGES.recheckUsed);
    if (request.status !== "completed") throw new AppError("CONFLICT", REQUEST_WORK_MESSAGES.recheckNotReady);
    const { count } = await tx.serviceRequest.updateMany({
      where: { id: requestId, round: 1, status: "completed" },
      data: { round: 2, status: "pending", recheckRequestedAt: new Date(), completedAt: null },
    });
    if (count === 0) throw new AppError("CONFLICT", REQUEST_WORK_MESSAGES.recheckUsed);
    await tx.serviceRequestMessage.create({
      data: {
        requestId,
        authorId: actor.id,
        fromStaff: false,
        kind: "status",
        status: "pending",
        body: note ? `Re-check asked: ${note}` : "Re-check asked.",
      },
    });
    return { success: true as const, round: 2 };
  });
}
