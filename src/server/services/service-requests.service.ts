import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { type Plan, type PlanId, UNLIMITED } from "~/lib/plans";
import { type idSchema, SERVICE_REQUEST_MESSAGES, type serviceRequestSchema, type serviceSlugSchema } from "~/lib/schemas/entitlements";
import { findService } from "~/lib/services";
import type { Db } from "~/server/db/client";
import { fromDateColumn, toDateColumn } from "~/server/db/date-column";
import { AppError } from "~/server/errors";
import {
  assertPlanIncludes,
  assertWithinPlanLimit,
  getEffectivePlan,
  startOfUtcMonth,
  upgradeFor,
  withUserLock,
} from "./entitlements.service";
import type { SessionClaims } from "./sessions.service";

const REQUEST_FIELDS = {
  id: true,
  service: true,
  message: true,
  preferredDate: true,
  preferredTime: true,
  status: true,
  priority: true,
  purpose: true,
  round: true,
  withdrawnAt: true,
  createdAt: true,
} as const;

type RequestRow = { preferredDate: Date | null } & Record<string, unknown>;

/** A request as the browser gets it: the preferred day as YYYY-MM-DD. */
export function toRequestDto<T extends RequestRow>(row: T) {
  return { ...row, preferredDate: row.preferredDate ? fromDateColumn(row.preferredDate) : null };
}

function serviceOrThrow(slug: string) {
  const service = findService(slug);
  if (!service) throw new AppError("NOT_FOUND", "This service does not exist.");
  return service;
}

/** Service requests the user made this calendar month (UTC), which count against maxServices; withdrawn ones give the allowance back. */
function countThisMonth(db: Pick<Db, "serviceRequest">, userId: string) {
  return db.serviceRequest.count({ where: { userId, withdrawnAt: null, createdAt: { gte: startOfUtcMonth() } } });
}

/** Service requests used this month and the plan's maximum (null: unlimited), for the billing summary. */
export async function monthlyServiceUsage(db: Db, userId: string, plan: Plan): Promise<{ used: number; max: number | null }> {
  return { used: await countThisMonth(db, userId), max: plan.maxServices === UNLIMITED ? null : plan.maxServices };
}

/**
 * Requests a service: it must be included in the user's effective plan, and the requests of this
 * month must stay under the plan's maxServices. Count and insert run under a per-user lock. A
 * document review links the chosen documents, which must all be the user's own.
 */
export async function requestService(db: Db, actor: SessionClaims, input: z.output<typeof serviceRequestSchema>) {
  return withUserLock(db, SERVICE_REQUEST_LOCK, actor.id, async (tx) => {
    const created = await createEntitledRequest(
      tx,
      actor.id,
      input.service,
      {
        message: input.message,
        preferredDate: input.preferredDate ? toDateColumn(input.preferredDate) : null,
        preferredTime: input.preferredTime ?? null,
        purpose: input.purpose ?? null,
      },
      input.documentIds,
    );
    return toRequestDto(created);
  });
}

/** The per-user lock scope under which a request is counted and created (withUserLock). */
export const SERVICE_REQUEST_LOCK = "service-requests";

/**
 * Creates a request of `slug` after the plan's checks (service included, month's allowance left),
 * sharing the given documents, which must all be the user's own. Runs in the caller's transaction
 * under the user's SERVICE_REQUEST_LOCK, so that what the request belongs to (a coaching booking) is
 * written with it or not at all.
 */
export async function createEntitledRequest(
  tx: Prisma.TransactionClient,
  userId: string,
  slug: string,
  fields: Pick<Prisma.ServiceRequestUncheckedCreateInput, "message" | "preferredDate" | "preferredTime" | "purpose">,
  documentIds: readonly string[] = [],
) {
  const service = serviceOrThrow(slug);
  const effective = await assertPlanIncludes(tx, userId, service.plans, service.name);
  assertWithinPlanLimit(effective, "maxServices", await countThisMonth(tx, userId));
  const shared = [...new Set(documentIds)];
  if (shared.length && (await tx.document.count({ where: { id: { in: shared }, userId } })) !== shared.length) {
    throw new AppError("NOT_FOUND", SERVICE_REQUEST_MESSAGES.documentNotFound);
  }
  return tx.serviceRequest.create({
    data: {
      userId,
      service: service.slug,
      priority: effective.plan.priority,
      ...fields,
      documents: { create: shared.map((documentId) => ({ documentId })) },
    },
    select: REQUEST_FIELDS,
  });
}

/** The user's own requests for one service, newest first. */
export async function listOwnRequests(db: Db, actor: SessionClaims, input: z.output<typeof serviceSlugSchema>) {
  const rows = await db.serviceRequest.findMany({
    where: { userId: actor.id, service: input.service },
    orderBy: { createdAt: "desc" },
    select: REQUEST_FIELDS,
  });
  return rows.map(toRequestDto);
}

/**
 * Withdraws one of the user's own requests before work started (pending, first round): the row stays,
 * marked withdrawn, and no longer counts in the month. Another user's id is not found.
 */
export async function withdrawRequest(db: Db, actor: SessionClaims, { id }: z.output<typeof idSchema>) {
  const request = await db.serviceRequest.findFirst({
    where: { id, userId: actor.id },
    select: { withdrawnAt: true, booking: { select: { id: true } } },
  });
  if (!request) throw new AppError("NOT_FOUND", "This request does not exist.");
  if (request.withdrawnAt) throw new AppError("CONFLICT", SERVICE_REQUEST_MESSAGES.alreadyWithdrawn);
  // A session is cancelled through its booking, which frees the slot and tells the coach.
  if (request.booking) throw new AppError("CONFLICT", SERVICE_REQUEST_MESSAGES.bookedSession);
  // The conditions make a staff change at the same moment win: work started, nothing withdrawn.
  const { count } = await db.serviceRequest.updateMany({
    where: { id, userId: actor.id, status: "pending", round: 1, withdrawnAt: null },
    data: { withdrawnAt: new Date() },
  });
  if (count === 0) throw new AppError("CONFLICT", "Only a pending request can be withdrawn: this one is already being handled.");
  return { success: true as const };
}

export interface ServiceUsage {
  planId: PlanId;
  planName: string;
  /** Requests made this calendar month (UTC). */
  used: number;
  /** null means unlimited. */
  max: number | null;
  /** Whether the service (if one is named) is part of the plan. */
  included: boolean;
  /** The plan to upgrade to: the cheapest that includes the service, or that allows more requests. */
  upgradeTo: PlanId | null;
}

/** What the user's plan allows: requests used this month of how many, and whether a service is included. */
export async function serviceUsage(db: Db, actor: SessionClaims, input: { service?: string } = {}): Promise<ServiceUsage> {
  const service = input.service ? serviceOrThrow(input.service) : null;
  const effective = await getEffectivePlan(db, actor.id);
  const { used, max } = await monthlyServiceUsage(db, actor.id, effective.plan);
  const included = service ? service.plans.includes(effective.planId) : true;
  return {
    planId: effective.planId,
    planName: effective.plan.name,
    used,
    max,
    included,
    upgradeTo: !included && service ? service.plans[0]! : upgradeFor(effective.planId, "maxServices"),
  };
}
