import type { z } from "zod";
import { Prisma, type RoadmapStepTemplate } from "~/generated/prisma/client";
import { type Paged, pageWindow } from "~/lib/schemas/admin";
import {
  type RoadmapStepInput,
  roadmapStepColumns,
  type roadmapStepListQuery,
  type roadmapStepUpdateSchema,
} from "~/lib/schemas/roadmap-steps";
import type { Db, DbOrTx } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/unique-violation";
import { AppError } from "~/server/errors";
import { type AuditActor, recordAudit } from "../audit.service";
import { dependencyProblem } from "../roadmap/generator";

/**
 * The step templates of the study roadmaps (/admin/flows): what to do, why, how, the official page
 * it comes from, how long it takes, how many days before the intake (or on which fixed day) it should
 * be done, and the conditions under which a roadmap includes it. The roadmaps generate each student's
 * dated plan from the visible steps. The seed brings the steps of src/content/roadmap/steps.json; a
 * step staff change here (customizedAt) is left as they made it.
 */

const STEP_NOT_FOUND = "That roadmap step does not exist (it may have been deleted).";

export type RoadmapStepRow = Omit<RoadmapStepTemplate, "createdAt" | "customizedAt">;

const ROW_FIELDS = {
  id: true,
  slug: true,
  appliesTo: true,
  position: true,
  title: true,
  why: true,
  how: true,
  officialUrl: true,
  officialTitle: true,
  durationDays: true,
  dueDaysBeforeIntake: true,
  deadlineRule: true,
  checkedOn: true,
  conditions: true,
  optional: true,
  fixedDeadlineWinter: true,
  fixedDeadlineSummer: true,
  linkHref: true,
  linkLabel: true,
  dependsOn: true,
  hidden: true,
  updatedAt: true,
} as const satisfies Prisma.RoadmapStepTemplateSelect;

/** What the audit log keeps of a step. */
function snapshot(step: RoadmapStepRow) {
  const { updatedAt: _updatedAt, ...fields } = step;
  return fields;
}

export async function listRoadmapSteps(db: Db, query: z.infer<typeof roadmapStepListQuery>): Promise<Paged<RoadmapStepRow>> {
  const where: Prisma.RoadmapStepTemplateWhereInput = {
    ...(query.q
      ? {
          OR: [{ title: { contains: query.q, mode: "insensitive" } }, { slug: { contains: query.q, mode: "insensitive" } }],
        }
      : {}),
    // A programme type's roadmap uses its own steps and those for all programmes.
    ...(query.appliesTo ? { appliesTo: query.appliesTo === "all" ? { has: "all" } : { hasSome: [query.appliesTo, "all"] } } : {}),
    ...(query.hidden ? { hidden: query.hidden === "yes" } : {}),
  };
  const orderBy: Prisma.RoadmapStepTemplateOrderByWithRelationInput[] = [
    ...(query.sort ? [{ [query.sort]: query.dir }] : []),
    { position: "asc" },
    { createdAt: "asc" },
  ];
  const [rows, total] = await Promise.all([
    db.roadmapStepTemplate.findMany({ where, orderBy, select: ROW_FIELDS, ...pageWindow(query) }),
    db.roadmapStepTemplate.count({ where }),
  ]);
  return { rows, total, page: query.page, pageSize: query.pageSize };
}

async function findStep(tx: DbOrTx, id: string): Promise<RoadmapStepRow> {
  const step = await tx.roadmapStepTemplate.findUnique({ where: { id }, select: ROW_FIELDS });
  if (!step) throw new AppError("NOT_FOUND", STEP_NOT_FOUND);
  return step;
}

/**
 * Refuses a step whose dependencies name a slug no step has, or close a circle, with the steps'
 * names; `step` is the step as it would be saved, checked together with all the others.
 */
async function assertDependencies(tx: DbOrTx, step: { slug: string; dependsOn: string[] }) {
  if (step.dependsOn.includes(step.slug)) throw new AppError("BAD_INPUT", `The step “${step.slug}” cannot depend on itself.`);
  const others = await tx.roadmapStepTemplate.findMany({ where: { slug: { not: step.slug } }, select: { slug: true, dependsOn: true } });
  const problem = dependencyProblem([...others, step]);
  if (problem) throw new AppError("BAD_INPUT", problem);
}

const slugTaken = (slug: string) => new AppError("CONFLICT", `A step with the slug “${slug}” exists already: choose another slug.`);

/** Adds a step at the end of the list. */
export async function createRoadmapStep(db: Db, actor: AuditActor, input: RoadmapStepInput): Promise<RoadmapStepRow> {
  try {
    return await db.$transaction(async (tx) => {
      if (await tx.roadmapStepTemplate.findUnique({ where: { slug: input.slug }, select: { id: true } })) throw slugTaken(input.slug);
      await assertDependencies(tx, input);
      const last = await tx.roadmapStepTemplate.aggregate({ _max: { position: true } });
      const step = await tx.roadmapStepTemplate.create({
        data: {
          slug: input.slug,
          position: (last._max.position ?? -1) + 1,
          ...roadmapStepColumns(input),
          customizedAt: new Date(),
        },
        select: ROW_FIELDS,
      });
      await recordAudit(tx, actor, {
        action: "roadmap_step.created",
        targetType: "roadmap_step",
        targetId: step.id,
        after: snapshot(step),
      });
      return step;
    });
  } catch (error) {
    // Two staff members adding the same slug at once: the unique index decides.
    if (isUniqueViolation(error)) throw slugTaken(input.slug);
    throw error;
  }
}

export async function updateRoadmapStep(
  db: Db,
  actor: AuditActor,
  input: z.infer<typeof roadmapStepUpdateSchema>,
): Promise<RoadmapStepRow> {
  return db.$transaction(async (tx) => {
    const before = await findStep(tx, input.id);
    await assertDependencies(tx, { slug: before.slug, dependsOn: input.dependsOn });
    const step = await tx.roadmapStepTemplate.update({
      where: { id: input.id },
      data: { ...roadmapStepColumns(input), customizedAt: new Date() },
      select: ROW_FIELDS,
    });
    await recordAudit(tx, actor, {
      action: "roadmap_step.updated",
      targetType: "roadmap_step",
      targetId: step.id,
      before: snapshot(before),
      after: snapshot(step),
    });
    return step;
  });
}

/** Moves a step to `position` (1 = first) in the whole list; the others close up behind it. */
export async function moveRoadmapStep(db: Db, actor: AuditActor, input: { id: string; position: number }) {
  return db.$transaction(
    async (tx) => {
      const steps = await tx.roadmapStepTemplate.findMany({
        orderBy: [{ position: "asc" }, { createdAt: "asc" }],
        select: { id: true, position: true },
      });
      const from = steps.findIndex((step) => step.id === input.id);
      if (from < 0) throw new AppError("NOT_FOUND", STEP_NOT_FOUND);
      const to = Math.min(input.position, steps.length) - 1;
      const [moved] = steps.splice(from, 1);
      steps.splice(to, 0, moved!);
      // Positions become 0..n-1 in the new order; only rows whose number changes are written.
      for (const [index, step] of steps.entries()) {
        if (step.position !== index) await tx.roadmapStepTemplate.update({ where: { id: step.id }, data: { position: index } });
      }
      if (from !== to)
        await recordAudit(tx, actor, {
          action: "roadmap_step.moved",
          targetType: "roadmap_step",
          targetId: input.id,
          before: { position: from + 1 },
          after: { position: to + 1 },
        });
      return { id: input.id, position: to + 1, moved: from !== to };
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.Serializable },
  );
}

/** Hides a step from the roadmaps (kept for later), or shows it again. */
export async function setRoadmapStepHidden(db: Db, actor: AuditActor, input: { id: string; hidden: boolean }) {
  return db.$transaction(async (tx) => {
    const before = await findStep(tx, input.id);
    if (before.hidden === input.hidden) return { id: before.id, hidden: before.hidden, changed: false };
    await tx.roadmapStepTemplate.update({ where: { id: input.id }, data: { hidden: input.hidden } });
    await recordAudit(tx, actor, {
      action: input.hidden ? "roadmap_step.hidden" : "roadmap_step.shown",
      targetType: "roadmap_step",
      targetId: input.id,
      before: { hidden: before.hidden },
      after: { hidden: input.hidden },
    });
    return { id: before.id, hidden: input.hidden, changed: true };
  });
}

export async function deleteRoadmapStep(db: Db, actor: AuditActor, id: string) {
  return db.$transaction(async (tx) => {
    const before = await findStep(tx, id);
    const dependents = await tx.roadmapStepTemplate.findMany({ where: { dependsOn: { has: before.slug } }, select: { slug: true } });
    if (dependents.length)
      throw new AppError(
        "CONFLICT",
        `Other steps depend on “${before.slug}” (${dependents.map((step) => `“${step.slug}”`).join(", ")}): remove it from their dependencies first, or hide the step instead.`,
      );
    await tx.roadmapStepTemplate.delete({ where: { id } });
    await recordAudit(tx, actor, {
      action: "roadmap_step.deleted",
      targetType: "roadmap_step",
      targetId: id,
      before: snapshot(before),
    });
    return { id, deleted: true };
  });
}
