import { z } from "zod";
import type { StaffAccess } from "../admin-sections";
import { listQuery } from "./admin";
import { PROGRAM_TYPE_LABELS, PROGRAM_TYPES } from "./entitlements";

/** Which roadmaps use a step: every roadmap, or those for the listed programme types. */
export const ROADMAP_AUDIENCES = ["all", ...PROGRAM_TYPES] as const;
export type RoadmapAudience = (typeof ROADMAP_AUDIENCES)[number];
export const ROADMAP_AUDIENCE_LABELS: Record<RoadmapAudience, string> = { all: "All programmes", ...PROGRAM_TYPE_LABELS };

export const STEP_DAYS_MAX = 730;

/** Who may change the steps; settings:view may only read them (the section's access). */
export const ROADMAP_STEP_WRITE_ACCESS = ["designer:flows", "settings:flows"] as const satisfies StaffAccess;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today as YYYY-MM-DD where the day starts first (UTC+14), so nobody's today counts as the future. */
export function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

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

const stepFields = z.object({
  slug: z
    .string({ error: "The slug is required" })
    .trim()
    .min(2, "The slug must be at least 2 characters")
    .max(80, "The slug must be at most 80 characters")
    .regex(SLUG, "The slug is lowercase letters and digits joined by hyphens, e.g. aps-certificate"),
  appliesTo: z
    .array(z.enum(ROADMAP_AUDIENCES, { error: "Choose programme types from the list" }), { error: "Choose who the step is for" })
    .min(1, "Choose who the step is for")
    .refine((audiences) => new Set(audiences).size === audiences.length, "Each programme type once")
    .refine((audiences) => !audiences.includes("all") || audiences.length === 1, "“All programmes” already includes each programme type"),
  title: z.string({ error: "The title is required" }).trim().min(3, "The title must be at least 3 characters").max(120, "The title must be at most 120 characters"),
  why: z.string({ error: "Say why the step matters" }).trim().min(1, "Say why the step matters").max(2000, "“Why” must be at most 2,000 characters"),
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
    .refine((date) => date === "" || isCalendarDate(date), "The check date must be a day written YYYY-MM-DD")
    .refine((date) => date === "" || date <= latestToday(), "The check date cannot be in the future"),
});

/**
 * Facts need their source: a step whose deadline rule tells students what to do by when names the
 * official page it comes from and the day it was checked; and a source is given whole or not at all.
 */
function requireOfficialPage(step: { officialUrl: string; officialTitle: string; checkedOn: string; deadlineRule: string }, context: z.RefinementCtx) {
  const given = [step.officialUrl, step.officialTitle, step.checkedOn].filter(Boolean).length;
  const reason = step.deadlineRule ? "a step with a deadline rule needs the official page it comes from" : "give the official page whole";
  if (given === 3 || (given === 0 && !step.deadlineRule)) return;
  if (!step.officialUrl) context.addIssue({ code: "custom", path: ["officialUrl"], message: `Add the official page's address: ${reason}` });
  if (!step.officialTitle) context.addIssue({ code: "custom", path: ["officialTitle"], message: `Add the official page's title: ${reason}` });
  if (!step.checkedOn) context.addIssue({ code: "custom", path: ["checkedOn"], message: `Add the day the official page was checked: ${reason}` });
}

export const roadmapStepSchema = stepFields.superRefine(requireOfficialPage);
export type RoadmapStepInput = z.infer<typeof roadmapStepSchema>;

/** Changing a step: every field but the slug, which names the step for good. */
export const roadmapStepUpdateSchema = stepFields
  .omit({ slug: true })
  .extend({ id: z.string().trim().min(1, "id is required").max(100, "id is too long") })
  .superRefine(requireOfficialPage);

const id = z.string({ error: "id is required" }).trim().min(1, "id is required").max(100, "id is too long");

export const roadmapStepMoveSchema = z.object({
  id,
  /** The step's new place in the whole list, 1 for the first. */
  position: z.number({ error: "position is a number" }).int("position is a whole number").min(1, "position starts at 1").max(10_000, "position is too large"),
});

export const roadmapStepHiddenSchema = z.object({ id, hidden: z.boolean({ error: "hidden is true or false" }) });

export const roadmapStepListQuery = listQuery(["position", "title", "updatedAt", "checkedOn"], {
  appliesTo: z.enum(ROADMAP_AUDIENCES, { error: "Choose a programme type" }).optional(),
  hidden: z.enum(["yes", "no"], { error: "hidden is yes or no" }).optional(),
});
