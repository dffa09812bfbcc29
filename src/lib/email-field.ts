/** The newsletter box's messages and the email check it shares with the server's schema (no zod: it runs in every page's footer). */
export const NEWSLETTER_MESSAGES = {
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  success: "Successfully subscribed to our newsletter!",
  failure: "Failed to subscribe. Please try again.",
} as const;

/** The simple {text}@{text}.{text} shape the spec's email inputs check. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message for an email field's value, or null when it is acceptable. */
export function emailFieldError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === "") return NEWSLETTER_MESSAGES.emailRequired;
  if (!SIMPLE_EMAIL.test(trimmed) || trimmed.length > 254) return NEWSLETTER_MESSAGES.emailInvalid;
  return null;
}
