import { z } from "zod";
import type { StaffAccess } from "../admin-sections";
import { isCalendarDay, isMonthDay } from "../period";
import { listQuery } from "./admin";
import { latestToday } from "./common";
import { PROGRAM_TYPE_LABELS, PROGRAM_TYPES } from "./entitlements";
import { sourcedSchema } from "./tools/common";

/** Which roadmaps use a step: every roadmap, or those for the listed programme types. */
export const ROADMAP_AUDIENCES = ["all", ...PROGRAM_TYPES] as const;
export type RoadmapAudience = (typeof ROADMAP_AUDIENCES)[number];
export const ROADMAP_AUDIENCE_LABELS: Record<RoadmapAudience, string> = {
  all: "All programmes",
  ...PROGRAM_TYPE_LABELS,
};

export const STEP_DAYS_MAX = 730;
const STEP_DEPENDENCIES_MAX = 12;

/**
 * The conditions a step may require, computed by the roadmap generator from the intake form and the
 * Visa Checker's rules; a step is in a roadmap only when all its conditions hold.
 */
export const ROADMAP_CONDITIONS = [
  "non-eu",
  "national-visa",
  "visa-free-entry",
  "aps",
  "studienkolleg",
  "german-programme",
  "english-programme",
  "language-course",
  "language-certificate",
  "blocked-account",
  "scholarship",
  "commitment",
  "parents",
] as const;
export type RoadmapCondition = (typeof ROADMAP_CONDITIONS)[number];
export const ROADMAP_CONDITION_LABELS: Record<RoadmapCondition, string> = {
  "non-eu": "Nationality outside the EU, the EEA and Switzerland",
  "national-visa": "Needs a national (D) visa before entry",
  "visa-free-entry": "May enter without a visa (section 41 of the Residence Ordinance)",
  aps: "The APS procedure applies (China, India, Vietnam)",
  studienkolleg: "No direct university entrance (Studienkolleg)",
  "german-programme": "German-taught programme",
  "english-programme": "English-taught programme",
  "language-course": "Language level below what the programme commonly asks",
  "language-certificate": "No language certificate yet",
  "blocked-account": "Funding: blocked account",
  scholarship: "Funding: scholarship",
  commitment: "Funding: formal obligation (Verpflichtungserklärung)",
  parents: "Funding: parents' income",
};

/** Who may change the steps; settings:view may only read them (the section's access). */
export const ROADMAP_STEP_WRITE_ACCESS = ["designer:flows", "settings:flows"] as const satisfies StaffAccess;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export { latestToday };

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

const days = (what: string, min: number) =>
  z
    .number({ error: `${what}: write a number of days` })
    .int(`${what} must be a whole number of days`)
    .min(min, `${what} must be at least ${min} ${min === 1 ? "day" : "days"}`)
    .max(STEP_DAYS_MAX, `${what} must be at most ${STEP_DAYS_MAX} days`);

/** A fixed deadline of the intake's cycle, MM-DD, or "" for none. */
const fixedDeadline = (term: "winter" | "summer") =>
  z
    .string()
    .trim()
    .refine((day) => day === "" || isMonthDay(day), `The ${term} deadline is a day written MM-DD that every year has, e.g. 07-15`);

const stepFields = z.object({
  slug: z
    .string({ error: "The slug is required" })
    .trim()
    .min(2, "The slug must be at least 2 characters")
    .max(80, "The slug must be at most 80 characters")
    .regex(SLUG, "The slug is lowercase letters and digits joined by hyphens, e.g. aps-certificate"),
  appliesTo: z
    .array(z.enum(ROADMAP_AUDIENCES, { error: "Choose programme types from the list" }), {
      error: "Choose who the step is for",
    })
    .min(1, "Choose who the step is for")
    .refine((audiences) => new Set(audiences).size === audiences.length, "Each programme type once")
    .refine((audiences) => !audiences.includes("all") || audiences.length === 1, "“All programmes” already includes each programme type"),
  title: z
    .string({ error: "The title is required" })
    .trim()
    .min(3, "The title must be at least 3 characters")
    .max(120, "The title must be at most 120 characters"),
  why: z
    .string({ error: "Say why the step matters" })
    .trim()
    .min(1, "Say why the step matters")
    .max(2000, "“Why” must be at most 2,000 characters"),
  how: z.string({ error: "Say how to do it" }).trim().min(1, "Say how to do it").max(4000, "“How” must be at most 4,000 characters"),
  officialUrl: z
    .string()
    .trim()
    .max(500, "The official address must be at most 500 characters")
    .refine((url) => url === "" || isHttpsUrl(url), "The official page must be an https:// address"),
  officialTitle: z.string().trim().max(200, "The official page's title must be at most 200 characters"),
  durationDays: days("Duration", 1),
  dueDaysBeforeIntake: days("Due before the intake", 0),
  deadlineRule: z.string().trim().max(500, "The deadline rule must be at most 500 characters"),
  checkedOn: z
    .string()
    .trim()
    .refine((date) => date === "" || isCalendarDay(date), "The check date must be a day written YYYY-MM-DD")
    .refine((date) => date === "" || date <= latestToday(), "The check date cannot be in the future"),
  conditions: z
    .array(z.enum(ROADMAP_CONDITIONS, { error: "Choose conditions from the list" }), {
      error: "Choose the step's conditions",
    })
    .refine((conditions) => new Set(conditions).size === conditions.length, "Each condition once"),
  optional: z.boolean({ error: "Say whether the step is optional" }),
  fixedDeadlineWinter: fixedDeadline("winter"),
  fixedDeadlineSummer: fixedDeadline("summer"),
  linkHref: z
    .string()
    .trim()
    .max(300, "The product link must be at most 300 characters")
    .refine(
      (href) => href === "" || (href.startsWith("/") && !href.startsWith("//")),
      "The product link is a path of this site starting with /, e.g. /tools/visa-checker",
    ),
  linkLabel: z.string().trim().max(120, "The link text must be at most 120 characters"),
  dependsOn: z
    .array(
      z
        .string({ error: "Name each step it depends on by its slug" })
        .trim()
        .regex(SLUG, "Name each step it depends on by its slug, e.g. university-application"),
      { error: "Choose the steps it depends on" },
    )
    .max(STEP_DEPENDENCIES_MAX, `A step depends on at most ${STEP_DEPENDENCIES_MAX} steps`)
    .refine((slugs) => new Set(slugs).size === slugs.length, "Name each step it depends on once"),
});

/**
 * Facts need their source: a step whose deadline rule tells students what to do by when names the
 * official page it comes from and the day it was checked; and a source is given whole or not at all.
 */
function requireOfficialPage(
  step: { officialUrl: string; officialTitle: string; checkedOn: string; deadlineRule: string },
  context: z.RefinementCtx,
) {
  const given = [step.officialUrl, step.officialTitle, step.checkedOn].filter(Boolean).length;
  const reason = step.deadlineRule ? "a step with a deadline rule needs the official page it comes from" : "give the official page whole";
  if (given === 3 || (given === 0 && !step.deadlineRule)) return;
  if (!step.officialUrl) context.addIssue({ code: "custom", path: ["officialUrl"], message: `Add the official page's address: ${reason}` });
  if (!step.officialTitle)
    context.addIssue({ code: "custom", path: ["officialTitle"], message: `Add the official page's title: ${reason}` });
  if (!step.checkedOn)
    context.addIssue({
      code: "custom",
      path: ["checkedOn"],
      message: `Add the day the official page was checked: ${reason}`,
    });
}

/** A link into the product has its text, and text has its link. */
function requireLinkPair(step: { linkHref: string; linkLabel: string }, context: z.RefinementCtx) {
  if (step.linkHref && !step.linkLabel)
    context.addIssue({
      code: "custom",
      path: ["linkLabel"],
      message: "Add the link's text, e.g. Check your visa in the Visa Checker",
    });
  if (step.linkLabel && !step.linkHref)
    context.addIssue({
      code: "custom",
      path: ["linkHref"],
      message: "Add the product link the text leads to, or clear the text",
    });
}

function checkStep(step: Parameters<typeof requireOfficialPage>[0] & Parameters<typeof requireLinkPair>[0], context: z.RefinementCtx) {
  requireOfficialPage(step, context);
  requireLinkPair(step, context);
}

/** A step cannot wait for itself. */
function notItsOwnDependency(step: { slug: string; dependsOn: string[] }, context: z.RefinementCtx) {
  if (step.dependsOn.includes(step.slug))
    context.addIssue({ code: "custom", path: ["dependsOn"], message: `The step “${step.slug}” cannot depend on itself` });
}

export const roadmapStepSchema = stepFields.superRefine((step, context) => {
  checkStep(step, context);
  notItsOwnDependency(step, context);
});
export type RoadmapStepInput = z.infer<typeof roadmapStepSchema>;

/** A step's stored columns: absent optional texts as null (address, title, deadlines, link) or "" (rule, check date: required columns). */
export function roadmapStepColumns(input: Omit<RoadmapStepInput, "slug">) {
  return {
    appliesTo: input.appliesTo,
    title: input.title,
    why: input.why,
    how: input.how,
    officialUrl: input.officialUrl || null,
    officialTitle: input.officialTitle || null,
    durationDays: input.durationDays,
    dueDaysBeforeIntake: input.dueDaysBeforeIntake,
    deadlineRule: input.deadlineRule,
    checkedOn: input.checkedOn,
    conditions: input.conditions,
    optional: input.optional,
    fixedDeadlineWinter: input.fixedDeadlineWinter || null,
    fixedDeadlineSummer: input.fixedDeadlineSummer || null,
    linkHref: input.linkHref || null,
    linkLabel: input.linkLabel || null,
    dependsOn: input.dependsOn,
  };
}

/** Changing a step: every field but the slug, which names the step for good. */
export const roadmapStepUpdateSchema = stepFields
  .omit({ slug: true })
  .extend({ id: z.string().trim().min(1, "id is required").max(100, "id is too long") })
  .superRefine(checkStep);

const id = z.string({ error: "id is required" }).trim().min(1, "id is required").max(100, "id is too long");

export const roadmapStepMoveSchema = z.object({
  id,
  /** The step's new place in the whole list, 1 for the first. */
  position: z
    .number({ error: "position is a number" })
    .int("position is a whole number")
    .min(1, "position starts at 1")
    .max(10_000, "position is too large"),
});

export const roadmapStepHiddenSchema = z.object({ id, hidden: z.boolean({ error: "hidden is true or false" }) });

export const roadmapStepListQuery = listQuery(["position", "title", "updatedAt", "checkedOn"], {
  appliesTo: z.enum(ROADMAP_AUDIENCES, { error: "Choose a programme type" }).optional(),
  hidden: z.enum(["yes", "no"], { error: "hidden is yes or no" }).optional(),
});

// ---- src/content/roadmap/steps.json: the step templates the seed inserts, and the semester starts.

/** One step as the content file writes it: the fixed deadline as { winter, summer }, optional fields left out. */
const roadmapStepFileEntry = z
  .object({
    slug: z.string(),
    title: z.string(),
    why: z.string(),
    how: z.string(),
    officialUrl: z.string().default(""),
    officialTitle: z.string().default(""),
    checkedOn: z.string().default(""),
    appliesTo: z.array(z.string()),
    conditions: z.array(z.string()).default([]),
    optional: z.boolean().default(false),
    durationDays: z.number(),
    dueDaysBeforeIntake: z.number(),
    fixedDeadline: z.object({ winter: z.string().optional(), summer: z.string().optional() }).optional(),
    deadlineRule: z.string().default(""),
    linkHref: z.string().default(""),
    linkLabel: z.string().default(""),
    dependsOn: z.array(z.string()).default([]),
  })
  .transform(({ fixedDeadline: fixed, ...step }) => ({
    ...step,
    fixedDeadlineWinter: fixed?.winter ?? "",
    fixedDeadlineSummer: fixed?.summer ?? "",
  }))
  .pipe(roadmapStepSchema);

/** When the semesters start (MM-DD): the value of the tool fact the generator reads. */
export const semesterStartDaysSchema = z.object({
  winter: z.string().refine(isMonthDay, "The winter semester's start is a day written MM-DD"),
  summer: z.string().refine(isMonthDay, "The summer semester's start is a day written MM-DD"),
});
export const SEMESTER_STARTS_FACT_KEY = "roadmap.semester-starts";

/** The semester starts as the content file gives them: the days, what they are, their sources. */
const semesterStartsSchema = sourcedSchema.extend(semesterStartDaysSchema.shape).extend({
  label: z.string().trim().min(3, "Say what the dates are"),
});
export type SemesterStarts = z.infer<typeof semesterStartsSchema>;

export const roadmapContentFileSchema = z.object({
  semesterStarts: semesterStartsSchema,
  steps: z.array(roadmapStepFileEntry).min(1, "The file needs at least one step"),
});
export type RoadmapContentFile = z.infer<typeof roadmapContentFileSchema>;
