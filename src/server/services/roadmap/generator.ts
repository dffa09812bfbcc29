import { addDays } from "~/lib/period";
import type { PROGRAM_TYPES } from "~/lib/schemas/entitlements";
import { type IntakeTerm, LANGUAGE_LEVELS, type LanguageLevel, type RoadmapIntake } from "~/lib/schemas/roadmap";
import type { RoadmapCondition, SemesterStarts } from "~/lib/schemas/roadmap-steps";
import type { VisaPurpose } from "~/lib/schemas/tools/visa-choices";
import { evaluateVisa, type VisaFacts } from "../tools/visa-rules";

/*
 * The study roadmap's generator: which step templates a person's roadmap uses, the target date of
 * each step counted back from the semester start, the order, and whether a step is late. Pure: the
 * service reads the templates, the facts and today's date and passes them in.
 */

/** The fields of a step template the generator decides with. */
export interface StepTemplateRule {
  slug: string;
  position: number;
  appliesTo: string[];
  conditions: string[];
  hidden: boolean;
  durationDays: number;
  dueDaysBeforeIntake: number;
  fixedDeadlineWinter: string | null;
  fixedDeadlineSummer: string | null;
  /** Slugs of the steps this one can only follow. */
  dependsOn: string[];
}

/** The Visa Checker's purpose that a programme type is studied under. */
const VISA_PURPOSE_OF: Record<(typeof PROGRAM_TYPES)[number], VisaPurpose> = {
  bachelor: "bachelor",
  master: "master",
  phd: "phd",
  language_course: "language-course",
  foundation: "studienkolleg",
  // An exchange semester is study at a German university: the study rules apply.
  exchange: "bachelor",
};

const levelRank = (level: LanguageLevel) => LANGUAGE_LEVELS.indexOf(level);

/**
 * Whether the plan should include a language course. German-taught programmes: below C1, the level
 * of the university language certificates (DSH-2, TestDaF 4 in all parts) the HRK and DAAD name.
 * English-taught programmes have no national level (each programme sets its own), so only someone
 * with no English yet is sure to need a course; the step tells everyone to check their programme's level.
 */
function needsLanguageCourse(intake: RoadmapIntake): boolean {
  if (intake.programmeLanguage === "german") return levelRank(intake.languageLevel) < levelRank("C1");
  return intake.languageLevel === "none";
}

/** The conditions of the vocabulary that hold for this intake, from the Visa Checker's rules. */
export function intakeConditions(facts: VisaFacts, intake: RoadmapIntake): Set<RoadmapCondition> {
  const visa = evaluateVisa(facts, {
    nationality: intake.nationality,
    purpose: VISA_PURPOSE_OF[intake.programType],
    holdsGermanTitle: false,
    funding: intake.fundingPlan,
  });
  const conditions = new Set<RoadmapCondition>();
  const nonEu = visa.entry.kind !== "free-movement" && visa.entry.kind !== "german-citizen";
  if (nonEu) conditions.add("non-eu");
  if (visa.entry.kind === "national-visa") conditions.add("national-visa");
  if (visa.entry.kind === "visa-free") conditions.add("visa-free-entry");
  if (visa.aps.status === "required") conditions.add("aps");
  if (intake.directEntry === "no") conditions.add("studienkolleg");
  conditions.add(intake.programmeLanguage === "german" ? "german-programme" : "english-programme");
  if (needsLanguageCourse(intake)) conditions.add("language-course");
  if (!intake.hasLanguageCertificate) conditions.add("language-certificate");
  // A blocked account and a formal obligation prove the funds for a residence title: only non-EU
  // nationals need that proof. A scholarship or parents' support concern everyone who uses them.
  if (intake.fundingPlan === "blocked-account" || intake.fundingPlan === "commitment") {
    if (nonEu) conditions.add(intake.fundingPlan);
  } else if (intake.fundingPlan !== "other") {
    conditions.add(intake.fundingPlan);
  }
  return conditions;
}

/** The visible templates for the programme type whose conditions all hold. */
function selectTemplates<T extends StepTemplateRule>(
  templates: T[],
  programType: RoadmapIntake["programType"],
  conditions: ReadonlySet<string>,
): T[] {
  return templates.filter(
    (template) =>
      !template.hidden &&
      (template.appliesTo.includes("all") || template.appliesTo.includes(programType)) &&
      template.conditions.every((condition) => conditions.has(condition)),
  );
}

/** The first day of the semester (YYYY-MM-DD). */
export function semesterStart(starts: Pick<SemesterStarts, "winter" | "summer">, term: IntakeTerm, year: number): string {
  return `${year}-${starts[term]}`;
}

/**
 * The date of a fixed yearly deadline (MM-DD) in the cycle of the intake that starts on `start`:
 * the last such day on or before the start. For a winter semester starting 2027-10-01, 07-15 is
 * 2027-07-15; for a summer semester starting 2027-04-01, 10-15 is 2026-10-15.
 */
export function fixedDeadlineBefore(monthDay: string, start: string): string {
  const year = Number(start.slice(0, 4));
  const sameYear = `${year}-${monthDay}`;
  return sameYear <= start ? sameYear : `${year - 1}-${monthDay}`;
}

/** The step's fixed deadline in the intake's cycle (YYYY-MM-DD), or null. */
function fixedDeadlineOf(template: StepTemplateRule, term: IntakeTerm, start: string): string | null {
  const fixed = term === "winter" ? template.fixedDeadlineWinter : template.fixedDeadlineSummer;
  return fixed ? fixedDeadlineBefore(fixed, start) : null;
}

/** The latest day a step should be done by on its own: its fixed deadline for the term when it has one, else counted back from the start. */
export function targetDateOf(template: StepTemplateRule, term: IntakeTerm, start: string): string {
  return fixedDeadlineOf(template, term, start) ?? addDays(start, -template.dueDaysBeforeIntake);
}

export interface PlannedStep<T> {
  template: T;
  targetDate: string;
  /** The fixed official deadline in this cycle, when the step has one (the target may be earlier). */
  deadline: string | null;
}

/**
 * What is wrong with the steps' dependencies, or null: a step that names a slug no step has, or a
 * cycle (a step that, through its dependencies, waits for itself). The messages name the steps.
 */
export function dependencyProblem(steps: { slug: string; dependsOn: string[] }[]): string | null {
  const bySlug = new Map(steps.map((step) => [step.slug, step]));
  for (const step of steps) {
    const unknown = step.dependsOn.filter((slug) => !bySlug.has(slug));
    if (unknown.length)
      return `The step “${step.slug}” depends on ${unknown.map((slug) => `“${slug}”`).join(", ")}, which no step has as its slug.`;
  }
  // Depth-first search; a step met again while still on the path closes a cycle.
  const state = new Map<string, "visiting" | "done">();
  const visit = (slug: string, path: string[]): string | null => {
    if (state.get(slug) === "done") return null;
    if (state.get(slug) === "visiting") {
      const cycle = [...path.slice(path.indexOf(slug)), slug];
      return `The steps depend on each other in a circle (${cycle.map((each) => `“${each}”`).join(" → ")}): remove one of these dependencies.`;
    }
    state.set(slug, "visiting");
    for (const next of bySlug.get(slug)?.dependsOn ?? []) {
      const problem = visit(next, [...path, slug]);
      if (problem) return problem;
    }
    state.set(slug, "done");
    return null;
  };
  for (const step of steps) {
    const problem = visit(step.slug, []);
    if (problem) return problem;
  }
  return null;
}

/**
 * The target dates of the selected steps. Each step's own date (its fixed deadline, or the days
 * before the start) is the latest it should be done by; a step that depends on others can only
 * start once they are done, so each of its dependencies must be done at least the step's own
 * duration before it. Counting back from the steps that come last (as late as possible, never
 * later than a step's own date) gives every step the latest date that leaves room for the steps
 * after it: a fixed deadline is never moved later, and when the steps after it need more time
 * than the deadline leaves, the plan asks for the step earlier than the deadline. Dependencies on
 * steps that are not in this roadmap are left out. The templates are checked for cycles when staff
 * save them; a cycle that still reaches here is ignored on the edge that closes it.
 */
function scheduleSteps<T extends StepTemplateRule>(steps: T[], term: IntakeTerm, start: string): Map<string, string> {
  const bySlug = new Map(steps.map((step) => [step.slug, step]));
  const dependents = new Map<string, T[]>();
  for (const step of steps)
    for (const slug of step.dependsOn) if (bySlug.has(slug)) dependents.set(slug, [...(dependents.get(slug) ?? []), step]);
  const target = new Map<string, string>();
  const resolving = new Set<string>();
  const resolve = (step: T): string => {
    const known = target.get(step.slug);
    if (known) return known;
    resolving.add(step.slug);
    let latest = targetDateOf(step, term, start);
    for (const next of dependents.get(step.slug) ?? []) {
      if (resolving.has(next.slug)) continue;
      const room = addDays(resolve(next), -next.durationDays);
      if (room < latest) latest = room;
    }
    resolving.delete(step.slug);
    target.set(step.slug, latest);
    return latest;
  };
  for (const step of steps) resolve(step);
  return target;
}

/** The roadmap's steps with their target dates, by target date and then the templates' order. */
export function planSteps<T extends StepTemplateRule>(
  templates: T[],
  intake: RoadmapIntake,
  conditions: ReadonlySet<string>,
  starts: Pick<SemesterStarts, "winter" | "summer">,
): PlannedStep<T>[] {
  const start = semesterStart(starts, intake.intakeTerm, intake.intakeYear);
  const selected = selectTemplates(templates, intake.programType, conditions);
  const targets = scheduleSteps(selected, intake.intakeTerm, start);
  return selected
    .map((template) => ({
      template,
      targetDate: targets.get(template.slug) ?? targetDateOf(template, intake.intakeTerm, start),
      deadline: fixedDeadlineOf(template, intake.intakeTerm, start),
    }))
    .sort((a, b) => a.targetDate.localeCompare(b.targetDate) || a.template.position - b.template.position);
}

export interface StepTiming {
  /** The day to start, so the step is done by its target date. */
  startDate: string;
  /** Not done, and its start day has passed: there is less time than the step usually takes. */
  late: boolean;
  /** Not done, and its target date has passed. */
  overdue: boolean;
}

export function stepTiming(step: { targetDate: string; durationDays: number; done: boolean }, today: string): StepTiming {
  const startDate = addDays(step.targetDate, -step.durationDays);
  return { startDate, late: !step.done && startDate < today, overdue: !step.done && step.targetDate < today };
}

/**
 * Why an intake cannot be planned, or null: its semester has started already, or it is more than
 * `yearsAhead` years away.
 */
export function intakeProblem(start: string, today: string, yearsAhead: number, termLabel: string): string | null {
  if (start <= today) return `The ${termLabel} ${start.slice(0, 4)} has already started (${start}). Choose a later intake.`;
  const lastYear = Number(today.slice(0, 4)) + yearsAhead;
  if (Number(start.slice(0, 4)) > lastYear)
    return `Choose an intake up to ${lastYear}: plans further ahead would rest on rules that may change.`;
  return null;
}
