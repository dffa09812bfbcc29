import { adminSection, canAccess } from "~/lib/admin-sections";
import type { Role } from "~/lib/permissions";
import { REQUEST_WORK_MESSAGES } from "~/lib/schemas/request-work";
import type { DbOrTx } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { AuditActor } from "../audit.service";

/** A staff member acting on requests: the audit identity and the role of the session. */
export interface StaffActor extends AuditActor {
  id: string;
  role: Role;
}

/** Whether the role opens the support section (backoffice:services or support): every request is theirs to work on. */
export function worksOnEveryRequest(role: Role): boolean {
  return canAccess(role, adminSection("support").access);
}

/** The caller's active coach record, if they are one. */
export function activeCoachOf(db: DbOrTx, userId: string) {
  return db.coach.findFirst({ where: { userId, active: true }, select: { id: true, displayName: true } });
}

const WORK_FIELDS = {
  id: true,
  userId: true,
  service: true,
  status: true,
  round: true,
  withdrawnAt: true,
  completedAt: true,
  assignedCoachId: true,
} as const;

/**
 * The request a staff member may work on: anyone with the support section's access, or the active
 * coach it is assigned to. Everyone else gets NOT_FOUND, as for a request that does not exist.
 */
export async function requestForStaff(db: DbOrTx, actor: StaffActor, requestId: string) {
  const request = await db.serviceRequest.findUnique({ where: { id: requestId }, select: WORK_FIELDS });
  if (!request) throw new AppError("NOT_FOUND", REQUEST_WORK_MESSAGES.notFound);
  if (worksOnEveryRequest(actor.role)) return request;
  const coach = request.assignedCoachId ? await activeCoachOf(db, actor.id) : null;
  if (!coach || coach.id !== request.assignedCoachId) throw new AppError("NOT_FOUND", REQUEST_WORK_MESSAGES.notFound);
  return request;
}

/** One of the student's own requests; another user's id is NOT_FOUND. */
export async function ownRequest(db: DbOrTx, userId: string, requestId: string) {
  const request = await db.serviceRequest.findFirst({ where: { id: requestId, userId }, select: WORK_FIELDS });
  if (!request) throw new AppError("NOT_FOUND", REQUEST_WORK_MESSAGES.notFound);
  return request;
}

/** Nothing more happens on a withdrawn request. */
export function assertNotWithdrawn(request: { withdrawnAt: Date | null }) {
  if (request.withdrawnAt) throw new AppError("CONFLICT", REQUEST_WORK_MESSAGES.withdrawn);
}
