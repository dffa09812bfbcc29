import { z } from "zod";

/** A trimmed, lower-cased email address. */
export const emailSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Email is required" : "Email must be text") })
  .trim()
  .toLowerCase()
  .max(254, "Please enter a valid email address")
  .pipe(z.email({ error: "Please enter a valid email address" }));

/** Trimmed text that must not be blank; a missing field and a wrong type get different messages. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional trimmed text: "", null and absent all mean "no value" (null), as a cleared form field sends. */
export const optionalText = (label: string, max = 200) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** The first message of each field of a failed parse, for showing beside the form's fields. */
export function fieldErrors<Field extends string>(error: z.ZodError): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

/** The latest day that is "today" somewhere on Earth (UTC+14), so no time zone finds today in the future. */
export function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}
