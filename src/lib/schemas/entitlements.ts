import { z } from "zod";
import { SERVICES } from "~/lib/services";
import { parseIsoDate } from "~/lib/ui/dates";
import { optionalText, requiredText } from "./common";
import { REVIEW_PURPOSES } from "./service-work";

// ---- Service requests (/services/[slug]) ----

export const SERVICE_SLUGS = SERVICES.map((service) => service.slug) as [ServiceSlug, ...ServiceSlug[]];
export type ServiceSlug = (typeof SERVICES)[number]["slug"];

/** The request status enum of the spec (section 3). */
export const REQUEST_STATUSES = ["pending", "processing", "approved", "rejected", "completed"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  approved: "Approved",
  rejected: "Rejected",
  completed: "Completed",
};

export const PREFERRED_TIMES = ["morning", "afternoon", "evening"] as const;
export type PreferredTime = (typeof PREFERRED_TIMES)[number];
export const PREFERRED_TIME_LABELS: Record<PreferredTime, string> = {
  morning: "Morning (9:00-12:00)",
  afternoon: "Afternoon (12:00-17:00)",
  evening: "Evening (17:00-20:00)",
};

export const SERVICE_REQUEST_MESSAGES = {
  messageTooShort: "Please describe what you need help with in at least 10 characters",
  messageTooLong: "Please keep your request under 2000 characters",
  dateRequired: "Choose a preferred date for the consultation",
  dateInvalid: "Choose a valid date",
  dateNotFuture: "The preferred date must be in the future",
  timeRequired: "Choose a preferred time of day",
  withdrawn: "Request withdrawn",
  documentsRequired: "Choose at least one of your documents to review",
  tooManyDocuments: "Choose at most 10 documents for one review",
  purposeRequired: "Choose what the documents are for",
  documentNotFound: "One of the chosen documents does not exist.",
  alreadyWithdrawn: "This request was already withdrawn.",
  bookedSession: "This request is a booked coaching session: cancel the session instead (up to 24 hours before it starts).",
  sent: "Request sent. We will get back to you soon.",
} as const;

/** The first day a consultation can be asked for, as YYYY-MM-DD: tomorrow (UTC). */
export function firstPreferredDate(now = new Date()): string {
  const tomorrow = new Date(now);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  return tomorrow.toISOString().slice(0, 10);
}

const isoDate = z
  .string({ error: SERVICE_REQUEST_MESSAGES.dateInvalid })
  .refine((value) => parseIsoDate(value) !== null, SERVICE_REQUEST_MESSAGES.dateInvalid);

/** A request for a service; a consultation also needs a preferred day (after today) and time of day. */
export const serviceRequestSchema = z
  .object({
    service: z.enum(SERVICE_SLUGS, { error: "Choose one of the services" }),
    message: z
      .string({ error: SERVICE_REQUEST_MESSAGES.messageTooShort })
      .trim()
      .min(10, SERVICE_REQUEST_MESSAGES.messageTooShort)
      .max(2000, SERVICE_REQUEST_MESSAGES.messageTooLong),
    preferredDate: isoDate.nullish(),
    preferredTime: z.enum(PREFERRED_TIMES, { error: SERVICE_REQUEST_MESSAGES.timeRequired }).nullish(),
    // Document review: the user's own documents to review and what they are for.
    documentIds: z
      .array(z.string({ error: SERVICE_REQUEST_MESSAGES.documentsRequired }).min(1).max(100), {
        error: SERVICE_REQUEST_MESSAGES.documentsRequired,
      })
      .max(10, SERVICE_REQUEST_MESSAGES.tooManyDocuments)
      .optional(),
    purpose: z.enum(REVIEW_PURPOSES, { error: SERVICE_REQUEST_MESSAGES.purposeRequired }).nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.service === "document-review") {
      if (!value.documentIds?.length)
        ctx.addIssue({ code: "custom", path: ["documentIds"], message: SERVICE_REQUEST_MESSAGES.documentsRequired });
      if (!value.purpose) ctx.addIssue({ code: "custom", path: ["purpose"], message: SERVICE_REQUEST_MESSAGES.purposeRequired });
    }
    if (value.service !== "consultation") return;
    if (!value.preferredDate) ctx.addIssue({ code: "custom", path: ["preferredDate"], message: SERVICE_REQUEST_MESSAGES.dateRequired });
    else if (value.preferredDate < firstPreferredDate())
      ctx.addIssue({ code: "custom", path: ["preferredDate"], message: SERVICE_REQUEST_MESSAGES.dateNotFuture });
    if (!value.preferredTime) ctx.addIssue({ code: "custom", path: ["preferredTime"], message: SERVICE_REQUEST_MESSAGES.timeRequired });
  })
  // Only a consultation is scheduled and only a review has documents: other services ignore them.
  .transform((value) => {
    const review = value.service === "document-review";
    const documents = {
      documentIds: review ? [...new Set(value.documentIds)] : [],
      purpose: review ? (value.purpose ?? null) : null,
    };
    return value.service === "consultation"
      ? { ...value, ...documents }
      : { ...value, ...documents, preferredDate: null, preferredTime: null };
  });

export const serviceSlugSchema = z.object({ service: z.enum(SERVICE_SLUGS, { error: "Choose one of the services" }) });
export const idSchema = z.object({
  id: z.string({ error: "id is required" }).min(1, "id is required").max(100, "id is not valid"),
});

/** Staff moving a request (the support queue of /admin/support). */
export const requestStatusUpdateSchema = idSchema.extend({
  status: z.enum(REQUEST_STATUSES, { error: "Choose a request status" }),
});

// ---- University applications (/tools/university-finder) ----

/** Program types of the spec (section 3). */
export const PROGRAM_TYPES = ["bachelor", "master", "phd", "language_course", "foundation", "exchange"] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number];
export const PROGRAM_TYPE_LABELS: Record<ProgramType, string> = {
  bachelor: "Bachelor",
  master: "Master",
  phd: "PhD",
  language_course: "Language Course",
  foundation: "Foundation",
  exchange: "Exchange",
};

/** Application statuses of the spec (section 3). */
export const APPLICATION_STATUSES = ["not_applied", "applied", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  not_applied: "Not applied",
  applied: "Applied",
  approved: "Approved",
  rejected: "Rejected",
};

const applicationStatus = z.enum(APPLICATION_STATUSES, { error: "Choose a status" });

export const applicationSchema = z.object({
  university: requiredText("University", 200),
  programme: requiredText("Programme", 200),
  programType: z.enum(PROGRAM_TYPES, { error: "Choose a program type" }),
  deadline: z
    .string({ error: "Application deadline is required" })
    .min(1, "Application deadline is required")
    .refine((value) => parseIsoDate(value) !== null, "Application deadline must be a valid date"),
  status: applicationStatus.default("not_applied"),
  notes: optionalText("Notes", 1000),
});

export const applicationStatusSchema = idSchema.extend({ status: applicationStatus });
