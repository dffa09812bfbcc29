import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { type Paged, pageWindow } from "~/lib/schemas/admin";
import type { coachCreateSchema, coachListSchema, coachUpdateSchema } from "~/lib/schemas/admin-coaches";
import type { Db } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/unique-violation";
import { AppError } from "~/server/errors";
import { type AuditActor, recordAudit } from "../audit.service";

export const COACH_MESSAGES = {
  noAccount: "No account has that email address.",
  student: "This is a student account: invite them as staff first (Staff and roles), then make them a coach.",
  already: "This account is already a coach.",
  notFound: "That coach does not exist.",
} as const;

const COACH_FIELDS = {
  id: true,
  userId: true,
  displayName: true,
  languages: true,
  subjects: true,
  bio: true,
  active: true,
  createdAt: true,
  updatedAt: true,
  user: { select: { email: true, name: true, role: true, status: true } },
  _count: { select: { requests: true } },
} satisfies Prisma.CoachSelect;

type CoachRecord = Prisma.CoachGetPayload<{ select: typeof COACH_FIELDS }>;

function toCoachRow({ _count, user, ...coach }: CoachRecord) {
  return {
    ...coach,
    email: user.email,
    accountName: user.name,
    role: user.role,
    accountStatus: user.status,
    requests: _count.requests,
  };
}

export type CoachRow = ReturnType<typeof toCoachRow>;

/** Coaches, one page: search in display name and email, active filter; sorted by name or creation. */
export async function listCoaches(db: Db, input: z.output<typeof coachListSchema>): Promise<Paged<CoachRow>> {
  const conditions: Prisma.CoachWhereInput[] = [];
  if (input.q) {
    conditions.push({
      OR: [{ displayName: { contains: input.q, mode: "insensitive" } }, { user: { email: { contains: input.q, mode: "insensitive" } } }],
    });
  }
  if (input.active) conditions.push({ active: input.active === "yes" });
  const where: Prisma.CoachWhereInput = { AND: conditions };
  const sort = input.sort ?? "displayName";
  const dir = input.sort ? input.dir : "asc";
  const [rows, total] = await Promise.all([
    db.coach.findMany({ where, orderBy: [{ [sort]: dir }, { id: "asc" }], ...pageWindow(input), select: COACH_FIELDS }),
    db.coach.count({ where }),
  ]);
  return { rows: rows.map(toCoachRow), total, page: input.page, pageSize: input.pageSize };
}

/** Makes a staff account (admin, designer, backoffice) a coach. Students must be invited as staff first. */
export async function createCoach(db: Db, actor: AuditActor, input: z.output<typeof coachCreateSchema>) {
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.findUnique({
        where: { email: input.email },
        select: { id: true, name: true, role: true, coach: { select: { id: true } } },
      });
      if (!user) throw new AppError("NOT_FOUND", COACH_MESSAGES.noAccount);
      if (user.role === "user") throw new AppError("CONFLICT", COACH_MESSAGES.student);
      if (user.coach) throw new AppError("CONFLICT", COACH_MESSAGES.already);
      const coach = await tx.coach.create({
        data: {
          userId: user.id,
          displayName: input.displayName ?? user.name,
          languages: input.languages,
          subjects: input.subjects,
          bio: input.bio,
        },
        select: COACH_FIELDS,
      });
      await recordAudit(tx, actor, {
        action: "coach.created",
        targetType: "coach",
        targetId: coach.id,
        after: {
          userId: user.id,
          email: input.email,
          displayName: coach.displayName,
          languages: coach.languages,
          subjects: coach.subjects,
          bio: coach.bio,
          active: coach.active,
        },
      });
      return toCoachRow(coach);
    });
  } catch (error) {
    // Two staff members adding the same account at once: one wins.
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", COACH_MESSAGES.already);
    throw error;
  }
}

const EDITABLE = ["displayName", "languages", "subjects", "bio", "active"] as const;

/**
 * Changes a coach's fields; the audit row holds the values before and after of what changed.
 * A deactivated coach keeps their requests and history and can no longer be assigned new ones.
 */
export async function updateCoach(db: Db, actor: AuditActor, { id, ...changes }: z.output<typeof coachUpdateSchema>) {
  return db.$transaction(async (tx) => {
    const current = await tx.coach.findUnique({ where: { id }, select: COACH_FIELDS });
    if (!current) throw new AppError("NOT_FOUND", COACH_MESSAGES.notFound);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of EDITABLE) {
      const next = changes[field];
      if (next === undefined || JSON.stringify(next) === JSON.stringify(current[field])) continue;
      before[field] = current[field];
      after[field] = next;
    }
    if (Object.keys(after).length === 0) return { coach: toCoachRow(current), changed: false };
    const coach = await tx.coach.update({ where: { id }, data: after, select: COACH_FIELDS });
    const action = after.active === false ? "coach.deactivated" : after.active === true ? "coach.reactivated" : "coach.updated";
    await recordAudit(tx, actor, { action, targetType: "coach", targetId: id, before, after });
    return { coach: toCoachRow(coach), changed: true };
  });
}
