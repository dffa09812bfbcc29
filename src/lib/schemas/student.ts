import { z } from "zod";
import { latestToday, optionalText, requiredText } from "./common";
import { languageSchema, timeZoneSchema } from "./locale";

/** The spec's wider enumeration: "other" is the "divers" entry German law provides for. */
const GENDERS = ["male", "female", "other", "prefer_not_to_say"] as const;
const PROFILE_VISIBILITIES = ["public", "private", "friends"] as const;
const DATA_SHARING_LEVELS = ["full", "limited", "minimal"] as const;
const TOGGLES = ["enabled", "disabled"] as const;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Fields only the server's own billing and security flows change; a client may never set them. */
const SERVER_OWNED_STUDENT_FIELDS = [
  "stripeCustomerId",
  "gracePeriodEndDate",
  "membershipPlan",
  "nextBillingDate",
  "lastPaymentDate",
  "billingEmail",
  "profileCompletion",
  "twoFactorAuth",
] as const;

/** How far back a date of birth may go (and the date picker reaches). */
const DATE_OF_BIRTH_MAX_AGE_YEARS = 120;
export const DATE_OF_BIRTH_MESSAGES = {
  invalid: "Date of birth must be a date (YYYY-MM-DD)",
  future: "Date of birth cannot be in the future",
  tooEarly: `Date of birth cannot be more than ${DATE_OF_BIRTH_MAX_AGE_YEARS} years ago`,
} as const;

/** The earliest date of birth accepted, as YYYY-MM-DD. */
export function earliestDateOfBirth(now = new Date()): string {
  return `${now.getUTCFullYear() - DATE_OF_BIRTH_MAX_AGE_YEARS}-01-01`;
}

/** Why a date of birth (YYYY-MM-DD) is refused, or null; "today" counts wherever on Earth it already is. */
export function dateOfBirthProblem(value: string, now = new Date()): string | null {
  if (
    !DATE_ONLY.test(value) ||
    Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ||
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value
  ) {
    return DATE_OF_BIRTH_MESSAGES.invalid;
  }
  if (value > latestToday(now)) return DATE_OF_BIRTH_MESSAGES.future;
  if (value < earliestDateOfBirth(now)) return DATE_OF_BIRTH_MESSAGES.tooEarly;
  return null;
}

const dateOfBirth = z
  .string({ error: DATE_OF_BIRTH_MESSAGES.invalid })
  .trim()
  .nullable()
  .transform((value) => (value ? value : null))
  .superRefine((value, ctx) => {
    const problem = value === null ? null : dateOfBirthProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Profile fields a student may write (PATCH /api/students/me, POST /api/students). */
const studentProfileFields = {
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  phone: optionalText("Phone", 40),
  dateOfBirth,
  gender: z.enum(GENDERS, { error: "Gender must be male, female, other or prefer_not_to_say" }).nullable(),
  nationality: optionalText("Nationality", 100),
  country: optionalText("Country", 100),
  emergencyContactName: optionalText("Emergency contact name", 100),
  emergencyContactPhone: optionalText("Emergency contact phone", 40),
};

/** Settings and privacy preferences a student may write. */
const studentSettingsFields = {
  emailNotifications: z.boolean({ error: "emailNotifications must be true or false" }),
  smsNotifications: z.boolean({ error: "smsNotifications must be true or false" }),
  roadmapDigest: z.boolean({ error: "roadmapDigest must be true or false" }),
  communityDigest: z.boolean({ error: "communityDigest must be true or false" }),
  language: languageSchema,
  timeZone: timeZoneSchema,
  profileVisibility: z.enum(PROFILE_VISIBILITIES),
  dataSharing: z.enum(DATA_SHARING_LEVELS),
  activityTracking: z.enum(TOGGLES),
  marketingCommunications: z.enum(TOGGLES),
};

/**
 * An object of exactly these fields: a server-owned or unknown field is named in a clear error
 * instead of being silently dropped, so a client learns it cannot set it.
 */
function writableObject<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const allowed = new Set(Object.keys(schema.shape));
  return z
    .record(z.string(), z.unknown(), { error: "Expected a JSON object" })
    .superRefine((input, ctx) => {
      for (const key of Object.keys(input)) {
        if (allowed.has(key)) continue;
        const serverOwned = (SERVER_OWNED_STUDENT_FIELDS as readonly string[]).includes(key);
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: serverOwned ? `${key} is managed by the server and cannot be changed here` : `Unknown field: ${key}`,
        });
      }
    })
    .pipe(schema);
}

export const studentUpdateSchema = writableObject(z.object({ ...studentProfileFields, ...studentSettingsFields }).partial()).refine(
  (update) => Object.keys(update).length > 0,
  { message: "Nothing to update: send at least one profile field" },
);
export type StudentUpdate = z.infer<typeof studentUpdateSchema>;

/** POST /api/students: names required, the rest optional; the email is always the account's own. */
export const studentCreateSchema = writableObject(
  z.object({ ...studentProfileFields, email: z.string().optional() }).partial({
    phone: true,
    dateOfBirth: true,
    gender: true,
    nationality: true,
    country: true,
    emergencyContactName: true,
    emergencyContactPhone: true,
  }),
);
export type StudentCreate = z.infer<typeof studentCreateSchema>;

/** Fields that make up profile completion, in the order the profile shows them. */
export const PROFILE_COMPLETION_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "dateOfBirth",
  "gender",
  "nationality",
  "country",
  "emergencyContactName",
  "emergencyContactPhone",
] as const;

export function profileCompletion(profile: Partial<Record<(typeof PROFILE_COMPLETION_FIELDS)[number], unknown>>): number {
  const filled = PROFILE_COMPLETION_FIELDS.filter((field) => {
    const value = profile[field];
    return value !== null && value !== undefined && String(value).trim() !== "";
  }).length;
  return Math.round((filled / PROFILE_COMPLETION_FIELDS.length) * 100);
}
