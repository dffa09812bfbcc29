import { z } from "zod";
import { LANGUAGE_OPTIONS } from "~/lib/options";
import { listQuery } from "./admin";
import { emailSchema, optionalText } from "./common";

const LANGUAGE_CODES = new Set(LANGUAGE_OPTIONS.map((option) => option.value));

export const COACH_LIMITS = { languages: 20, subjects: 20, subjectLength: 40, displayName: 100, bio: 2000 } as const;

/** /admin/coaches: search in name and email, filter active or inactive. */
export const coachListSchema = listQuery(["displayName", "createdAt"], {
  active: z.enum(["yes", "no"], { error: "Active must be yes or no" }).optional(),
});

/** Languages a coach speaks, as ISO 639-1 codes from the language list; each once. */
const languagesSchema = z
  .array(
    z.string({ error: "Choose languages from the list" }).refine((code) => LANGUAGE_CODES.has(code), "Choose languages from the list"),
    { error: "Choose languages from the list" },
  )
  .max(COACH_LIMITS.languages, `At most ${COACH_LIMITS.languages} languages`)
  .transform((codes) => [...new Set(codes)]);

/** What a coach helps with: short free texts ("uni-assist", "visa", "CV"); blanks dropped, each once (any case). */
const subjectsSchema = z
  .array(
    z
      .string({ error: "Subjects must be text" })
      .trim()
      .max(COACH_LIMITS.subjectLength, `Each subject must be at most ${COACH_LIMITS.subjectLength} characters`),
    { error: "Subjects must be a list" },
  )
  .max(COACH_LIMITS.subjects, `At most ${COACH_LIMITS.subjects} subjects`)
  .transform((subjects) => {
    const seen = new Set<string>();
    return subjects.filter((subject) => subject && !seen.has(subject.toLowerCase()) && seen.add(subject.toLowerCase()));
  });

const displayNameSchema = z
  .string({ error: "Display name must be text" })
  .trim()
  .min(1, "Display name is required")
  .max(COACH_LIMITS.displayName, `Display name must be at most ${COACH_LIMITS.displayName} characters`);

/** Makes an existing staff account a coach; the display name defaults to the account's name. */
export const coachCreateSchema = z.object({
  email: emailSchema,
  displayName: displayNameSchema.optional(),
  languages: languagesSchema.default([]),
  subjects: subjectsSchema.default([]),
  bio: optionalText("Bio", COACH_LIMITS.bio),
});

/** Changes a coach: only the fields sent change. Deactivating keeps the coach's requests and history. */
export const coachUpdateSchema = z.object({
  id: z.string({ error: "id is required" }).trim().min(1, "id is required").max(100, "id is too long"),
  displayName: displayNameSchema.optional(),
  languages: languagesSchema.optional(),
  subjects: subjectsSchema.optional(),
  bio: optionalText("Bio", COACH_LIMITS.bio).optional(),
  active: z.boolean({ error: "Active must be true or false" }).optional(),
});
