import type { Prisma } from "~/generated/prisma/client";
import type { DbOrTx } from "~/server/db/client";

/** Who did it: a staff member (id, email, address) or the command line (id null). */
export interface AuditActor {
  id: string | null;
  email: string;
  ip: string | null;
}

export interface AuditEntry {
  /** What was done, as "<area>.<verb>", e.g. "staff.role_changed", "knowledge.article_saved". */
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Values as JSON (dates as ISO text); undefined stays absent. */
function asJson(value: unknown): Prisma.InputJsonValue | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}

/**
 * Records a staff action. Call it with the transaction that makes the change, so the change and its
 * record commit together or not at all. The table is append-only (a trigger refuses updates).
 */
export async function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry) {
  await db.auditLog.create({
    data: {
      actorId: actor.id,
      actorEmail: actor.email,
      ip: actor.ip,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      before: asJson(entry.before),
      after: asJson(entry.after),
    },
  });
}
