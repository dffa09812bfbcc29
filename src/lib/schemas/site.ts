import { z } from "zod";
import { emailFieldError, NEWSLETTER_MESSAGES } from "../email-field";

export { emailFieldError };

const requiredEmail = z
  .string({ error: NEWSLETTER_MESSAGES.emailRequired })
  .trim()
  .superRefine((value, ctx) => {
    const message = emailFieldError(value);
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .transform((value) => value.toLowerCase());

/** POST /api/newsletter */
export const newsletterSchema = z.object({ email: requiredEmail });

export const CONTACT_SUBJECTS = ["General question", "Account or billing", "Partnership", "Press", "Privacy request"] as const;
export const CONTACT_MESSAGES = {
  nameRequired: "Please enter your name",
  messageTooShort: "Please write at least 10 characters",
  success: "Thank you! Your message has been sent. We usually answer within 2 working days.",
  failure: "Failed to send your message. Please try again.",
} as const;

/** Where a contact message was written: the contact page, or the partner links of /institutes and /business. */
export const CONTACT_ORIGINS = ["contact", "institutes", "business"] as const;
export type ContactOrigin = (typeof CONTACT_ORIGINS)[number];
/** The origins of partner messages (listed in /admin/clients). */
export const PARTNER_ORIGINS = ["institutes", "business"] as const satisfies readonly ContactOrigin[];

/** The origin a contact page link names (?from=...), or the contact page itself. */
export function contactOriginOf(from: string | undefined): ContactOrigin {
  return (CONTACT_ORIGINS as readonly string[]).includes(from ?? "") ? (from as ContactOrigin) : "contact";
}

/** POST /api/contact */
export const contactSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(100, "Your name must be at most 100 characters"),
  email: requiredEmail,
  subject: z.enum(CONTACT_SUBJECTS, { error: "Please choose a subject" }),
  message: z
    .string({ error: CONTACT_MESSAGES.messageTooShort })
    .trim()
    .min(10, CONTACT_MESSAGES.messageTooShort)
    .max(5000, "Your message must be at most 5,000 characters"),
  origin: z.enum(CONTACT_ORIGINS, { error: "origin must be contact, institutes or business" }).default("contact"),
});
export type ContactInput = z.input<typeof contactSchema>;
