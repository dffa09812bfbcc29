import type { Roadmap, RoadmapItem, RoadmapStepTemplate, RoadmapSubtask } from "~/generated/prisma/client";
import { formatDay, utcDay } from "~/lib/period";
import { plansWithFeature } from "~/lib/plans";
import {
  INTAKE_TERM_LABELS,
  INTAKE_YEARS_AHEAD,
  ROADMAP_PREVIEW_STEPS,
  ROADMAP_SUBTASKS_PER_STEP,
  type RoadmapIntake,
  roadmapIntakeSchema,
} from "~/lib/schemas/roadmap";
import { SEMESTER_STARTS_FACT_KEY, semesterStartDaysSchema } from "~/lib/schemas/roadmap-steps";
import type { Db, DbOrTx } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { assertPlanIncludes, getEffectivePlan, withUserLock } from "../entitlements.service";
import type { SessionClaims } from "../sessions.service";
import { readFacts } from "../tools/facts.service";
import { toolDefaults } from "../tools/saved-results.service";
import { VISA_FACT_SHAPES } from "../tools/visa-rules";
import { intakeConditions, intakeProblem, planSteps, semesterStart, stepTiming } from "./generator";
import { MISSION_STEP_SLUGS, type MissionsInfo, missionsFor } from "./missions";

/*
 * The study roadmap (/roadmap) of a signed-in user: the intake, the dated steps generated from the
 * step templates, and what the user changes (done, notes, order, hidden optional steps). Plans with
 * roadmaps (Pro, Unlimited) see every step; any other plan sees the first steps as a preview and only
 * their number beyond it: no function here returns the rest to such an account. A downgrade keeps the
 * data; it shows again after an upgrade.
 */

export const NO_ROADMAP = "You have no roadmap yet: fill in the intake form on /roadmap first.";
const STEP_NOT_IN_ROADMAP = "That step is not in your roadmap.";
const SUBTASK_NOT_IN_ROADMAP = "That sub-task is not in your roadmap.";
const ONLY_OPTIONAL_HIDDEN = "Only optional steps can be hidden.";
const WHOLE_ROADMAP = "The whole roadmap";

const ROADMAP_PLANS = plansWithFeature("roadmaps");

const SEMESTER_FACT_SHAPE = { [SEMESTER_STARTS_FACT_KEY]: semesterStartDaysSchema };

/** The semester starts (MM-DD) with what they are, their sources and the day they were checked. */
async function readSemesterStarts(db: Db) {
  return (await readFacts(db, SEMESTER_FACT_SHAPE))[SEMESTER_STARTS_FACT_KEY];
}

/** Whether the user's plan right now includes the whole roadmap. */
export async function hasFullRoadmap(db: DbOrTx, userId: string): Promise<boolean> {
  return ROADMAP_PLANS.includes((await getEffectivePlan(db, userId)).planId);
}

type Item = RoadmapItem & { subtasks: RoadmapSubtask[]; template: { dependsOn: string[] } | null };

const ordered = <T extends { position: number }>(items: T[]) => [...items].sort((a, b) => a.position - b.position);

/** The steps a plan without roadmaps shows: the first visible ones. */
function previewOf<T extends RoadmapItem>(items: T[]): T[] {
  return ordered(items)
    .filter((item) => !item.hidden)
    .slice(0, ROADMAP_PREVIEW_STEPS);
}

/**
 * Why the step's date needs a second look, or null: the student's own date has passed while the step
 * is not done, the step comes before a step it depends on (an own date on either side can do that),
 * or the own date is after the semester starts. Such dates are allowed (it is their plan), only flagged.
 */
function dateNote(item: Item, byPlan: Map<string, Item>, today: string, start: string): string | null {
  if (item.ownDate && !item.done && item.targetDate < today)
    return "Your date has passed: choose a new one or reset to the suggested date.";
  const first = (item.template?.dependsOn ?? [])
    .map((slug) => byPlan.get(slug))
    .find((before) => before && !before.hidden && !before.done && before.targetDate > item.targetDate);
  if (first)
    return `This date is before “${first.title}” (${formatDay(first.targetDate)}), which has to come first: change one of the two dates.`;
  if (item.ownDate && item.targetDate > start)
    return `Your date is after the semester starts (${formatDay(start)}): make sure the step can wait that long.`;
  return null;
}

function stepView(item: Item, byPlan: Map<string, Item>, today: string, start: string, missions: MissionsInfo | null) {
  return {
    id: item.id,
    slug: item.slug,
    title: item.title,
    why: item.why,
    how: item.how,
    officialUrl: item.officialUrl,
    officialTitle: item.officialTitle,
    checkedOn: item.checkedOn,
    deadlineRule: item.deadlineRule,
    linkHref: item.linkHref,
    linkLabel: item.linkLabel,
    optional: item.optional,
    durationDays: item.durationDays,
    targetDate: item.targetDate,
    suggestedDate: item.suggestedDate || item.targetDate,
    ownDate: item.ownDate,
    dateNote: dateNote(item, byPlan, today, start),
    deadline: item.deadline,
    ...stepTiming(item, today),
    done: item.done,
    doneAt: item.doneAt,
    note: item.note,
    hidden: item.hidden,
    subtasks: ordered(item.subtasks).map(({ id, text, done }) => ({ id, text, done })),
    missions: MISSION_STEP_SLUGS.has(item.slug) ? missions : null,
  };
}
export type RoadmapStepView = ReturnType<typeof stepView>;

function intakeOf(roadmap: Roadmap): RoadmapIntake {
  // Stored by saveRoadmapIntake from this schema; parsing again keeps the types honest.
  return roadmapIntakeSchema.parse({
    nationality: roadmap.nationality,
    programType: roadmap.programType,
    intakeTerm: roadmap.intakeTerm,
    intakeYear: roadmap.intakeYear,
    programmeLanguage: roadmap.programmeLanguage,
    languageLevel: roadmap.languageLevel,
    hasLanguageCertificate: roadmap.hasLanguageCertificate,
    directEntry: roadmap.directEntry,
    fundingPlan: roadmap.fundingPlan,
  });
}

async function findRoadmap(db: DbOrTx, userId: string) {
  return db.roadmap.findUnique({
    where: { userId },
    include: { items: { include: { subtasks: true, template: { select: { dependsOn: true } } } } },
  });
}

/**
 * The user's roadmap as the page shows it, or null before the intake: every step on a plan with
 * roadmaps, else the preview and `lockedCount`, the number of steps beyond it.
 */
export async function getRoadmap(db: Db, actor: SessionClaims, now = new Date()) {
  const roadmap = await findRoadmap(db, actor.id);
  if (!roadmap) return null;
  const intake = intakeOf(roadmap);
  const [full, starts, missions] = await Promise.all([
    hasFullRoadmap(db, actor.id),
    readSemesterStarts(db),
    missionsFor(db, intake.nationality),
  ]);
  const today = utcDay(now);
  const start = semesterStart(starts.value, intake.intakeTerm, intake.intakeYear);
  const shown = full ? ordered(roadmap.items) : previewOf(roadmap.items);
  const counted = shown.filter((item) => !item.hidden);
  const byPlan = new Map(roadmap.items.map((item) => [item.slug, item]));
  return {
    intake,
    semester: {
      term: INTAKE_TERM_LABELS[intake.intakeTerm],
      start,
      label: starts.label,
      sources: starts.sources,
      checkedOn: starts.checkedOn,
    },
    full,
    steps: shown.map((item) => stepView(item, byPlan, today, start, missions)),
    lockedCount: roadmap.items.length - shown.length,
    progress: { done: counted.filter((item) => item.done).length, total: counted.length },
    today,
  };
}
export type RoadmapView = NonNullable<Awaited<ReturnType<typeof getRoadmap>>>;

/** The roadmap, which exists: the answer of every change. */
async function currentRoadmap(db: Db, actor: SessionClaims): Promise<RoadmapView> {
  const view = await getRoadmap(db, actor);
  if (!view) throw new AppError("NOT_FOUND", NO_ROADMAP);
  return view;
}

/** What the intake form starts from: the profile's nationality and the programme type of the newest tracked application. */
export async function roadmapDefaults(db: Db, actor: SessionClaims) {
  const [{ nationality }, application] = await Promise.all([
    toolDefaults(db, actor),
    db.universityApplication.findFirst({
      where: { userId: actor.id },
      orderBy: { createdAt: "desc" },
      select: { programType: true },
    }),
  ]);
  return { nationality, programType: application?.programType ?? null };
}

/** The item's columns copied from its template. */
function copiedFields(template: RoadmapStepTemplate) {
  return {
    templateId: template.id,
    title: template.title,
    why: template.why,
    how: template.how,
    officialUrl: template.officialUrl,
    officialTitle: template.officialTitle,
    checkedOn: template.checkedOn,
    deadlineRule: template.deadlineRule,
    linkHref: template.linkHref,
    linkLabel: template.linkLabel,
    optional: template.optional,
    durationDays: template.durationDays,
  };
}

/**
 * Creates the roadmap from the intake, or generates it again for a changed intake: the steps and
 * their suggested dates follow the templates of today; a step whose slug survives keeps its done
 * mark, its note, its sub-tasks, the student's own date and (if still optional) its hidden flag.
 * The order is by date again (the student's own date where they set one).
 */
export async function saveRoadmapIntake(db: Db, actor: SessionClaims, intake: RoadmapIntake, now = new Date()): Promise<RoadmapView> {
  const [starts, visaFacts, templates] = await Promise.all([
    readSemesterStarts(db),
    readFacts(db, VISA_FACT_SHAPES),
    db.roadmapStepTemplate.findMany(),
  ]);
  const start = semesterStart(starts.value, intake.intakeTerm, intake.intakeYear);
  const problem = intakeProblem(start, utcDay(now), INTAKE_YEARS_AHEAD, INTAKE_TERM_LABELS[intake.intakeTerm].toLowerCase());
  if (problem) throw new AppError("BAD_INPUT", problem);
  const planned = planSteps(templates, intake, intakeConditions(visaFacts, intake), starts.value);

  await withUserLock(db, "roadmap", actor.id, async (tx) => {
    const roadmap = await tx.roadmap.upsert({
      where: { userId: actor.id },
      create: { userId: actor.id, ...intake },
      update: intake,
      include: { items: true },
    });
    const before = new Map(roadmap.items.map((item) => [item.slug, item]));
    const kept = new Set(planned.map((step) => step.template.slug));
    await tx.roadmapItem.deleteMany({ where: { roadmapId: roadmap.id, slug: { notIn: [...kept] } } });
    const dated = planned
      .map((step, index) => {
        const previous = before.get(step.template.slug);
        return { ...step, index, previous, date: previous?.ownDate ? previous.targetDate : step.targetDate };
      })
      .sort((a, b) => a.date.localeCompare(b.date) || a.index - b.index);
    for (const [position, { template, targetDate, deadline, previous, date }] of dated.entries()) {
      const fields = { ...copiedFields(template), targetDate: date, suggestedDate: targetDate, deadline, position };
      if (previous) {
        await tx.roadmapItem.update({
          where: { id: previous.id },
          data: { ...fields, hidden: previous.hidden && template.optional },
        });
      } else {
        await tx.roadmapItem.create({ data: { roadmapId: roadmap.id, slug: template.slug, ...fields } });
      }
    }
  });
  return currentRoadmap(db, actor);
}

/**
 * One step of the user's roadmap for a change. Another user's step answers as not found; a step
 * beyond the preview needs a plan with roadmaps, and so does every change but done and note.
 */
async function ownStep(db: Db, actor: SessionClaims, id: string, { previewAllowed }: { previewAllowed: boolean }) {
  const roadmap = await findRoadmap(db, actor.id);
  const item = roadmap?.items.find((candidate) => candidate.id === id);
  if (!roadmap || !item) throw new AppError("NOT_FOUND", STEP_NOT_IN_ROADMAP);
  const inPreview = previewOf(roadmap.items).some((candidate) => candidate.id === id);
  if (!(previewAllowed && inPreview)) await assertPlanIncludes(db, actor.id, ROADMAP_PLANS, WHOLE_ROADMAP);
  return { roadmap, item };
}

export async function setRoadmapStepDone(db: Db, actor: SessionClaims, input: { id: string; done: boolean }): Promise<RoadmapView> {
  const { item } = await ownStep(db, actor, input.id, { previewAllowed: true });
  if (item.done !== input.done)
    await db.roadmapItem.update({
      where: { id: item.id },
      data: { done: input.done, doneAt: input.done ? new Date() : null },
    });
  return currentRoadmap(db, actor);
}

export async function setRoadmapStepNote(db: Db, actor: SessionClaims, input: { id: string; note: string }): Promise<RoadmapView> {
  const { item } = await ownStep(db, actor, input.id, { previewAllowed: true });
  await db.roadmapItem.update({ where: { id: item.id }, data: { note: input.note } });
  return currentRoadmap(db, actor);
}

/** Moves a step one place up or down among the steps shown with it (visible ones, or hidden ones). */
export async function moveRoadmapStep(db: Db, actor: SessionClaims, input: { id: string; direction: "up" | "down" }): Promise<RoadmapView> {
  await ownStep(db, actor, input.id, { previewAllowed: false });
  await withUserLock(db, "roadmap", actor.id, async (tx) => {
    const items = ordered((await findRoadmap(tx, actor.id))?.items ?? []);
    const item = items.find((candidate) => candidate.id === input.id);
    if (!item) return;
    const peers = items.filter((candidate) => candidate.hidden === item.hidden);
    const neighbour = peers[peers.indexOf(item) + (input.direction === "up" ? -1 : 1)];
    if (!neighbour) return;
    await tx.roadmapItem.update({ where: { id: item.id }, data: { position: neighbour.position } });
    await tx.roadmapItem.update({ where: { id: neighbour.id }, data: { position: item.position } });
  });
  return currentRoadmap(db, actor);
}

export async function setRoadmapStepHidden(db: Db, actor: SessionClaims, input: { id: string; hidden: boolean }): Promise<RoadmapView> {
  const { item } = await ownStep(db, actor, input.id, { previewAllowed: false });
  if (!item.optional) throw new AppError("BAD_INPUT", ONLY_OPTIONAL_HIDDEN);
  await db.roadmapItem.update({ where: { id: item.id }, data: { hidden: input.hidden } });
  return currentRoadmap(db, actor);
}

/** The student's own target date for a step; regenerating the roadmap keeps it until they reset it. */
export async function setRoadmapStepDate(db: Db, actor: SessionClaims, input: { id: string; date: string }): Promise<RoadmapView> {
  const { item } = await ownStep(db, actor, input.id, { previewAllowed: true });
  await db.roadmapItem.update({ where: { id: item.id }, data: { targetDate: input.date, ownDate: true } });
  return currentRoadmap(db, actor);
}

/** Back to the date the roadmap suggests. */
export async function resetRoadmapStepDate(db: Db, actor: SessionClaims, input: { id: string }): Promise<RoadmapView> {
  const { item } = await ownStep(db, actor, input.id, { previewAllowed: true });
  await db.roadmapItem.update({
    where: { id: item.id },
    data: { targetDate: item.suggestedDate || item.targetDate, ownDate: false },
  });
  return currentRoadmap(db, actor);
}

export async function addRoadmapSubtask(db: Db, actor: SessionClaims, input: { stepId: string; text: string }): Promise<RoadmapView> {
  const { item } = await ownStep(db, actor, input.stepId, { previewAllowed: true });
  await withUserLock(db, "roadmap", actor.id, async (tx) => {
    const existing = await tx.roadmapSubtask.findMany({ where: { itemId: item.id }, select: { position: true } });
    if (existing.length >= ROADMAP_SUBTASKS_PER_STEP)
      throw new AppError("BAD_INPUT", `A step has at most ${ROADMAP_SUBTASKS_PER_STEP} sub-tasks: delete one you no longer need.`);
    const position = Math.max(-1, ...existing.map((subtask) => subtask.position)) + 1;
    await tx.roadmapSubtask.create({ data: { itemId: item.id, text: input.text, position } });
  });
  return currentRoadmap(db, actor);
}

/** A sub-task of the user's roadmap; another user's answers as not found, like their steps. */
async function ownSubtask(db: Db, actor: SessionClaims, id: string) {
  const subtask = await db.roadmapSubtask.findFirst({ where: { id, item: { roadmap: { userId: actor.id } } } });
  if (!subtask) throw new AppError("NOT_FOUND", SUBTASK_NOT_IN_ROADMAP);
  await ownStep(db, actor, subtask.itemId, { previewAllowed: true });
  return subtask;
}

export async function setRoadmapSubtaskDone(db: Db, actor: SessionClaims, input: { id: string; done: boolean }): Promise<RoadmapView> {
  const subtask = await ownSubtask(db, actor, input.id);
  await db.roadmapSubtask.update({ where: { id: subtask.id }, data: { done: input.done } });
  return currentRoadmap(db, actor);
}

export async function deleteRoadmapSubtask(db: Db, actor: SessionClaims, input: { id: string }): Promise<RoadmapView> {
  const subtask = await ownSubtask(db, actor, input.id);
  await db.roadmapSubtask.delete({ where: { id: subtask.id } });
  return currentRoadmap(db, actor);
}

export async function deleteRoadmap(db: Db, actor: SessionClaims) {
  const { count } = await db.roadmap.deleteMany({ where: { userId: actor.id } });
  return { deleted: count > 0 };
}
