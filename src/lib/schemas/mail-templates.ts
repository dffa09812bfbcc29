import { z } from "zod";
import { listQuery } from "./admin";

/** Every kind of mail the product sends (src/server/mail/templates.ts checks it names the same kinds). */
export const MAIL_KINDS = [
  "verify-email",
  "password-reset",
  "password-changed",
  "new-sign-in",
  "secret-checks-locked",
  "account-deletion-code",
  "payment-receipt",
  "renewal-failed",
  "grace-period-started",
  "grace-period-ending",
  "plan-downgraded",
  "payment-refunded",
  "contact-acknowledgement",
  "contact-reply",
  "newsletter-confirm",
  "staff-invite",
  "scholarship-deadline",
  "roadmap-digest",
  "community-digest",
  "community-moderation",
  "coaching-booked",
  "coaching-changed",
  "coaching-reminder",
  "coaching-summary",
  "service-update",
] as const;

export type MailKindName = (typeof MAIL_KINDS)[number];

/** What a mail is about, to group them in the list. */
export const MAIL_GROUPS = ["account", "security", "billing", "support", "newsletter", "staff", "tools", "community"] as const;
export type MailGroup = (typeof MAIL_GROUPS)[number];
export const MAIL_GROUP_LABELS: Record<MailGroup, string> = {
  account: "Account",
  security: "Security",
  billing: "Billing",
  support: "Support",
  newsletter: "Newsletter",
  staff: "Staff",
  tools: "Tools",
  community: "Community",
};

export const MAIL_SUBJECT_MAX = 200;
export const MAIL_BODY_MAX = 10_000;

const kind = z.enum(MAIL_KINDS, { error: "Choose one of the product's mails" });

export const mailKindSchema = z.object({ kind });

const subject = z
  .string({ error: "Subject is required" })
  .trim()
  .min(1, "Subject is required")
  .max(MAIL_SUBJECT_MAX, `Subject must be at most ${MAIL_SUBJECT_MAX} characters`)
  .refine((text) => !/[\r\n]/.test(text), "Subject must be one line");
const body = z
  .string({ error: "Text is required" })
  .max(MAIL_BODY_MAX, `Text must be at most ${MAIL_BODY_MAX.toLocaleString("en")} characters`)
  // Windows line ends would split paragraphs differently from what the editor shows.
  .transform((text) => text.replace(/\r\n?/g, "\n").trim())
  .refine((text) => text.length > 0, "Text is required");

/** A subject and text with {placeholders}, as staff write them for one kind of mail. */
export const mailTemplateDraftSchema = z.object({ kind, subject, body });
export type MailTemplateDraft = z.infer<typeof mailTemplateDraftSchema>;

/** A test mail: the saved version, or the draft in the editor (subject and text together). */
export const mailTemplateTestSchema = z
  .object({ kind, subject: subject.optional(), body: body.optional() })
  .refine((input) => (input.subject === undefined) === (input.body === undefined), {
    message: "Send the subject and the text together, or neither",
    path: ["body"],
  });

export const mailTemplateListQuery = listQuery(["kind", "updatedAt"], {
  group: z.enum(MAIL_GROUPS, { error: "Choose one of the groups" }).optional(),
  customized: z.enum(["yes", "no"], { error: "customized is yes or no" }).optional(),
});
