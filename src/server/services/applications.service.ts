import type { z } from "zod";
import { UNLIMITED } from "~/lib/plans";
import type { applicationSchema, applicationStatusSchema, idSchema } from "~/lib/schemas/entitlements";
import type { Db } from "~/server/db/client";
import { fromDateColumn, toDateColumn } from "~/server/db/date-column";
import { AppError } from "~/server/errors";
import { assertWithinPlanLimit, getEffectivePlan, upgradeFor, withUserLock } from "./entitlements.service";
import type { SessionClaims } from "./sessions.service";

const APPLICATION_FIELDS = {
  id: true,
  university: true,
  programme: true,
  programType: true,
  deadline: true,
  status: true,
  notes: true,
  createdAt: true,
} as const;

const NOT_FOUND_MESSAGE = "This application does not exist.";

/** The user's tracked applications (soonest deadline first) and what the plan allows. */
export async function listApplications(db: Db, actor: SessionClaims) {
  const [applications, effective] = await Promise.all([
    db.universityApplication.findMany({
      where: { userId: actor.id },
      orderBy: [{ deadline: "asc" }, { createdAt: "asc" }],
      select: APPLICATION_FIELDS,
    }),
    getEffectivePlan(db, actor.id),
  ]);
  const max = effective.plan.maxApplications;
  return {
    applications: applications.map((application) => ({
      ...application,
      deadline: fromDateColumn(application.deadline),
    })),
    planId: effective.planId,
    planName: effective.plan.name,
    max: max === UNLIMITED ? null : max,
    upgradeTo: upgradeFor(effective.planId, "maxApplications"),
  };
}

/** Tracks a new application while the plan's maxApplications allows; count and insert run under a per-user lock. */
export async function addApplication(db: Db, actor: SessionClaims, input: z.output<typeof applicationSchema>) {
  return withUserLock(db, "applications", actor.id, async (tx) => {
    const effective = await getEffectivePlan(tx, actor.id);
    assertWithinPlanLimit(effective, "maxApplications", await tx.universityApplication.count({ where: { userId: actor.id } }));
    return tx.universityApplication.create({
      data: { ...input, deadline: toDateColumn(input.deadline), userId: actor.id },
      select: { id: true },
    });
  });
}

export async function updateApplicationStatus(db: Db, actor: SessionClaims, { id, status }: z.output<typeof applicationStatusSchema>) {
  const { count } = await db.universityApplication.updateMany({ where: { id, userId: actor.id }, data: { status } });
  if (count === 0) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  return { success: true as const };
}

export async function deleteApplication(db: Db, actor: SessionClaims, { id }: z.output<typeof idSchema>) {
  const { count } = await db.universityApplication.deleteMany({ where: { id, userId: actor.id } });
  if (count === 0) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  return { success: true as const };
}
