import { countries } from "countries-list";
import { z } from "zod";
import { isCalendarDay } from "../period";
import { PROGRAM_TYPES } from "./entitlements";
import { countryCodeSchema } from "./tools/common";
import { FUNDING_PLANS } from "./tools/visa-choices";

/** The study roadmap (/roadmap): the intake form, and what a student changes in their plan. */

export const INTAKE_TERMS = ["winter", "summer"] as const;
export type IntakeTerm = (typeof INTAKE_TERMS)[number];
export const INTAKE_TERM_LABELS: Record<IntakeTerm, string> = { winter: "Winter semester", summer: "Summer semester" };

export const PROGRAMME_LANGUAGES = ["german", "english"] as const;
export type ProgrammeLanguage = (typeof PROGRAMME_LANGUAGES)[number];
export const PROGRAMME_LANGUAGE_LABELS: Record<ProgrammeLanguage, string> = { german: "German", english: "English" };

/** The level in the programme's language, on the CEFR scale. */
export const LANGUAGE_LEVELS = ["none", "A1", "A2", "B1", "B2", "C1", "C2"] as const;
export type LanguageLevel = (typeof LANGUAGE_LEVELS)[number];
export const LANGUAGE_LEVEL_LABELS: Record<LanguageLevel, string> = {
  none: "None yet",
  A1: "A1 (beginner)",
  A2: "A2",
  B1: "B1",
  B2: "B2",
  C1: "C1",
  C2: "C2 (near native)",
};

/** Whether the school-leaving certificate gives direct entrance to a German university. */
export const DIRECT_ENTRY_ANSWERS = ["yes", "no", "unsure"] as const;
export type DirectEntry = (typeof DIRECT_ENTRY_ANSWERS)[number];
export const DIRECT_ENTRY_LABELS: Record<DirectEntry, string> = {
  yes: "Yes, it gives direct entrance",
  no: "No: I need a Studienkolleg first",
  unsure: "I am not sure",
};

/** The years an intake may be in: this year and the next three. */
export const INTAKE_YEARS_AHEAD = 3;

/** The intake form: the profile's nationality and degree, the semester, the language, the entrance and the funding. */
export const roadmapIntakeSchema = z.object({
  nationality: countryCodeSchema.refine((code) => code in countries, "Choose a nationality from the list."),
  programType: z.enum(PROGRAM_TYPES, { error: "Choose the degree or programme you aim at." }),
  intakeTerm: z.enum(INTAKE_TERMS, { error: "Choose the winter or the summer semester." }),
  intakeYear: z
    .number({ error: "Choose the year your first semester starts." })
    .int("Choose the year your first semester starts.")
    .min(2000, "Choose the year your first semester starts.")
    .max(2200, "Choose the year your first semester starts."),
  programmeLanguage: z.enum(PROGRAMME_LANGUAGES, { error: "Choose the language the programme is taught in." }),
  languageLevel: z.enum(LANGUAGE_LEVELS, { error: "Choose your level in the programme's language." }),
  hasLanguageCertificate: z.boolean({
    error: "Say whether you already hold the language certificate the programme asks for.",
  }),
  directEntry: z.enum(DIRECT_ENTRY_ANSWERS, {
    error: "Say whether your school-leaving certificate gives direct university entrance.",
  }),
  fundingPlan: z.enum(FUNDING_PLANS, { error: "Choose how you will fund your studies." }),
});
export type RoadmapIntake = z.infer<typeof roadmapIntakeSchema>;

const stepId = z.string({ error: "Say which step." }).trim().min(1, "Say which step.").max(100, "That step id is too long.");

export const roadmapStepDoneSchema = z.object({ id: stepId, done: z.boolean({ error: "done is true or false." }) });

export const ROADMAP_NOTE_MAX = 2000;
export const roadmapStepNoteSchema = z.object({
  id: stepId,
  note: z
    .string({ error: "The note is text." })
    .trim()
    .max(ROADMAP_NOTE_MAX, `A note is at most ${ROADMAP_NOTE_MAX.toLocaleString("en")} characters.`),
});

export const roadmapStepMoveSchema = z.object({
  id: stepId,
  direction: z.enum(["up", "down"], { error: "Move a step up or down." }),
});

export const roadmapStepHiddenSchema = z.object({
  id: stepId,
  hidden: z.boolean({ error: "hidden is true or false." }),
});

/** A step's own target date: a real day, written YYYY-MM-DD. */
export const roadmapStepDateSchema = z.object({
  id: stepId,
  date: z
    .string({ error: "Write the date as YYYY-MM-DD, e.g. 2027-05-14." })
    .trim()
    .refine(isCalendarDay, "Write the date as a real day, YYYY-MM-DD, e.g. 2027-05-14.")
    .refine((day) => day >= "2000-01-01" && day <= "2200-12-31", "Choose a date between the years 2000 and 2200."),
});

export const roadmapStepDateResetSchema = z.object({ id: stepId });

/** A sub-task of a step: a line of the student's own checklist. */
export const ROADMAP_SUBTASK_MAX = 200;
/** How many sub-tasks one step may have. */
export const ROADMAP_SUBTASKS_PER_STEP = 30;

const subtaskId = z.string({ error: "Say which sub-task." }).trim().min(1, "Say which sub-task.").max(100, "That sub-task id is too long.");

export const roadmapSubtaskAddSchema = z.object({
  stepId: stepId,
  text: z
    .string({ error: "Write the sub-task." })
    .trim()
    .min(1, "Write the sub-task.")
    .max(ROADMAP_SUBTASK_MAX, `A sub-task is at most ${ROADMAP_SUBTASK_MAX} characters.`),
});

export const roadmapSubtaskDoneSchema = z.object({ id: subtaskId, done: z.boolean({ error: "done is true or false." }) });

export const roadmapSubtaskDeleteSchema = z.object({ id: subtaskId });

/** The anchor of a step on /roadmap, which the calendar's events link to. */
export const roadmapStepAnchor = (slug: string) => `step-${slug}`;

/** How many steps a plan without roadmaps (Free) shows: the first ones, as a preview. */
export const ROADMAP_PREVIEW_STEPS = 3;

export const ROADMAP_PATH = "/roadmap";
export const ROADMAP_CALENDAR_PATH = "/api/roadmap/calendar.ics";
