import { z } from "zod";
import { checkedOnSchema, countryCodeSchema, sourcedSchema } from "./common";

import {
  LEVEL_LABELS,
  SCHOLARSHIP_LEVELS,
  SCHOLARSHIP_SUBJECTS,
  type ScholarshipLevel,
  type ScholarshipSubject,
} from "./scholarship-choices";

export { LEVEL_LABELS, type ScholarshipLevel, type ScholarshipSubject };

/** countries-list continent codes, for rules whose official page names a whole continent ("Africa"). */
export const CONTINENTS = ["AF", "AN", "AS", "EU", "NA", "OC", "SA"] as const;
export const CONTINENT_NAMES: Record<(typeof CONTINENTS)[number], string> = {
  AF: "Africa",
  AN: "Antarctica",
  AS: "Asia",
  EU: "Europe",
  NA: "North America",
  OC: "Oceania",
  SA: "South America",
};

/**
 * Who may apply by nationality, as the official page says it:
 * - any: every nationality (the note may add conditions such as enrolment in Germany);
 * - only: the countries (and whole continents) the page names; when the page refers to a list we do
 *   not reproduce (e.g. "developing countries on the DAC list") `listComplete` is false, and a
 *   nationality that is not named is "check the list" rather than "not eligible";
 * - except: everyone but the countries named.
 * `exceptCountries` are excluded even when a list or continent would include them.
 */
export const nationalityRuleSchema = z
  .object({
    kind: z.enum(["any", "only", "except"]),
    countries: z.array(countryCodeSchema).default([]),
    continents: z.array(z.enum(CONTINENTS)).default([]),
    exceptCountries: z.array(countryCodeSchema).default([]),
    listComplete: z.boolean().default(true),
    note: z.string().trim().min(3, "Say in a few words who may apply by nationality."),
  })
  .refine((rule) => rule.kind !== "except" || rule.countries.length > 0, "An 'except' rule names the countries it excludes.")
  .refine(
    (rule) => rule.kind !== "only" || rule.countries.length + rule.continents.length > 0 || !rule.listComplete,
    "An 'only' rule names countries, or says the list is not reproduced (listComplete: false).",
  );
export type NationalityRule = z.infer<typeof nationalityRuleSchema>;

/** A day of the year, "MM-DD", on which a yearly deadline falls. */
const monthDaySchema = z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "A yearly deadline is written MM-DD.");

/**
 * The deadline as the provider states it. "dated": `text` says it, with `annual` the days it falls
 * on every year ("MM-DD") or `next` a one-off date (YYYY-MM-DD); "rolling": applications at any time;
 * "varies": by country, university or call (the official page says where).
 */
export const deadlineSchema = z
  .object({
    kind: z.enum(["dated", "rolling", "varies"]),
    text: z.string().trim().min(3),
    annual: z.array(monthDaySchema).default([]),
    next: checkedOnSchema.optional(),
  })
  .refine((deadline) => deadline.kind === "dated" || (!deadline.next && deadline.annual.length === 0), "Only a dated deadline has dates.")
  .refine(
    (deadline) => deadline.kind !== "dated" || Boolean(deadline.next) || deadline.annual.length > 0,
    "A dated deadline gives its yearly days or its date.",
  );

/**
 * The next deadline on or after `today` (YYYY-MM-DD): the nearest of the coming yearly days and the
 * one-off date; null when there is none.
 */
export function nextDeadlineOn(deadline: { annual: readonly string[]; next: string | null }, today: string): string | null {
  const year = Number(today.slice(0, 4));
  const coming = [
    ...deadline.annual.flatMap((monthDay) => [`${year}-${monthDay}`, `${year + 1}-${monthDay}`]),
    ...(deadline.next ? [deadline.next] : []),
  ]
    .filter((date) => date >= today)
    .sort();
  return coming[0] ?? null;
}

/** One scholarship or funding programme of src/content/tools/scholarships/*.json. */
const scholarshipRecordSchema = sourcedSchema.extend({
  slug: z.string().regex(/^[a-z0-9-]+$/, "A slug is lower-case words joined by dashes."),
  name: z.string().trim().min(3),
  provider: z.string().trim().min(2),
  levels: z.array(z.enum(SCHOLARSHIP_LEVELS)).min(1),
  subjects: z.union([z.tuple([z.literal("all")]), z.array(z.enum(SCHOLARSHIP_SUBJECTS)).min(1)]),
  /** Subject limits in words, when the page gives them ("all except medicine and law"). */
  subjectsNote: z.string().trim().optional(),
  nationality: nationalityRuleSchema,
  /** Other conditions that decide eligibility (enrolment in Germany, religion, work experience ...). */
  eligibility: z.string().trim().min(3),
  amount: z.string().trim().min(3),
  duration: z.string().trim().min(3),
  deadline: deadlineSchema,
  howToApply: z.string().trim().min(3),
  url: z.string().url(),
});
export type ScholarshipRecord = z.infer<typeof scholarshipRecordSchema>;

export const scholarshipFileSchema = z.object({ scholarships: z.array(scholarshipRecordSchema).min(1) });

/** What the Scholarship Search form sends (and the router validates). Every filter is optional. */
export const scholarshipSearchSchema = z.object({
  level: z.enum(SCHOLARSHIP_LEVELS, { error: "Choose a study level from the list." }).optional(),
  subject: z.enum(SCHOLARSHIP_SUBJECTS, { error: "Choose a subject from the list." }).optional(),
  nationality: countryCodeSchema.optional(),
  openNow: z.boolean({ error: "Open now is yes or no." }).optional(),
});
export type ScholarshipSearchInput = z.infer<typeof scholarshipSearchSchema>;

/** A scholarship named by its slug (bookmarks). */
export const scholarshipRefSchema = z.object({
  slug: z.string({ error: "Name the scholarship." }).trim().min(1, "Name the scholarship.").max(100, "This scholarship does not exist."),
});

/** How the deadline text stored with a programme starts for rolling and varying deadlines. */
const DEADLINE_PREFIX = { rolling: "Rolling: ", varies: "Varies: " } as const;

/** The deadline text as stored in the database: rolling and varying deadlines carry their kind in front. */
export function deadlineTextOf(deadline: z.infer<typeof deadlineSchema>): string {
  return deadline.kind === "dated" ? deadline.text : `${DEADLINE_PREFIX[deadline.kind]}${deadline.text}`;
}

/** The kind of a stored deadline text (the inverse of deadlineTextOf). */
export function deadlineKindOf(deadlineText: string): "dated" | "rolling" | "varies" {
  if (deadlineText.startsWith(DEADLINE_PREFIX.rolling)) return "rolling";
  if (deadlineText.startsWith(DEADLINE_PREFIX.varies)) return "varies";
  return "dated";
}
