import type { Prisma } from "~/generated/prisma/client";
import { withinDays } from "~/lib/period";
import { type Paged, pageWindow } from "~/lib/schemas/admin";
import type { AuditListQuery } from "~/lib/schemas/audit";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";

export interface AuditRow {
  id: string;
  createdAt: Date;
  actorId: string | null;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string | null;
  ip: string | null;
}

/**
 * /admin/audit: the staff actions, newest first. The search matches part of the actor's email or
 * the action, or a target id exactly; the area is the action's part before the dot.
 */
export async function listAuditLog(db: Db, query: AuditListQuery): Promise<Paged<AuditRow>> {
  const where: Prisma.AuditLogWhereInput = {
    ...(query.area ? { action: { startsWith: `${query.area}.` } } : {}),
    ...(query.targetType ? { targetType: query.targetType } : {}),
    // Both ends are whole days: "to" includes that day.
    createdAt: withinDays(query),
    ...(query.q
      ? {
          OR: [
            { actorEmail: { contains: query.q, mode: "insensitive" } },
            { action: { contains: query.q, mode: "insensitive" } },
            { targetId: query.q },
          ],
        }
      : {}),
  };
  const sort = query.sort ?? "createdAt";
  const [rows, total] = await Promise.all([
    db.auditLog.findMany({
      where,
      orderBy:
        sort === "createdAt"
          ? [{ createdAt: query.dir }, { id: query.dir }]
          : [{ [sort]: query.dir }, { createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(query),
      select: {
        id: true,
        createdAt: true,
        actorId: true,
        actorEmail: true,
        action: true,
        targetType: true,
        targetId: true,
        ip: true,
      },
    }),
    db.auditLog.count({ where }),
  ]);
  return { rows, total, page: query.page, pageSize: query.pageSize };
}

/** One entry with its before and after values. */
export async function getAuditEntry(db: Db, id: string) {
  const entry = await db.auditLog.findUnique({ where: { id } });
  if (!entry) throw new AppError("NOT_FOUND", "That audit entry does not exist.");
  return entry;
}

/** The filter choices of the list: the action areas and target types that occur. */
export async function auditFilterOptions(db: Db) {
  const [areas, targetTypes] = await Promise.all([
    db.$queryRaw<{ area: string }[]>`SELECT DISTINCT split_part("action", '.', 1) AS "area" FROM "AuditLog" ORDER BY 1`,
    db.auditLog.findMany({ distinct: ["targetType"], select: { targetType: true }, orderBy: { targetType: "asc" } }),
  ]);
  return { areas: areas.map((row) => row.area), targetTypes: targetTypes.map((row) => row.targetType) };
}
