import type { z } from "zod";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { idSchema, requestStatusUpdateSchema } from "~/lib/schemas/entitlements";
import { toRequestDto } from "./service-requests.service";

/** Requests staff still have to act on. */
const OPEN_STATUSES = ["pending", "processing", "approved"] as const;
const QUEUE_SIZE = 200;
// SupportPriority is declared standard < high < urgent, so descending puts urgent first; then oldest first.
const QUEUE_ORDER = [{ priority: "desc" as const }, { createdAt: "asc" as const }];

/** Open service requests of every user, urgent first, then the oldest. */
export async function openServiceRequests(db: Db) {
  const rows = await db.serviceRequest.findMany({
    where: { status: { in: [...OPEN_STATUSES] } },
    orderBy: QUEUE_ORDER,
    take: QUEUE_SIZE,
    select: {
      id: true,
      service: true,
      message: true,
      preferredDate: true,
      preferredTime: true,
      status: true,
      priority: true,
      createdAt: true,
      user: { select: { name: true, email: true } },
    },
  });
  return rows.map(toRequestDto);
}

/** Staff move a request through the spec's statuses. */
export async function setServiceRequestStatus(db: Db, { id, status }: z.output<typeof requestStatusUpdateSchema>) {
  const { count } = await db.serviceRequest.updateMany({ where: { id }, data: { status } });
  if (count === 0) throw new AppError("NOT_FOUND", "This request does not exist.");
  return { success: true as const };
}

/** Contact messages nobody has handled yet, urgent first, then the oldest. */
export function openContactMessages(db: Db) {
  return db.contactMessage.findMany({
    where: { handledAt: null },
    orderBy: QUEUE_ORDER,
    take: QUEUE_SIZE,
    select: { id: true, name: true, email: true, subject: true, message: true, priority: true, createdAt: true, userId: true },
  });
}

export async function markContactMessageHandled(db: Db, { id }: z.output<typeof idSchema>) {
  const { count } = await db.contactMessage.updateMany({ where: { id, handledAt: null }, data: { handledAt: new Date() } });
  if (count === 0) throw new AppError("NOT_FOUND", "This message does not exist or was already handled.");
  return { success: true as const };
}
