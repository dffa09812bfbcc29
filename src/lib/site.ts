import { env } from "~/env";
import { BRAND_NAME } from "./brand";

/** Site-wide facts shown in the footer, contact page and legal pages: change them here only. */
export const SITE = {
  brand: BRAND_NAME,
  email: env.NEXT_PUBLIC_CONTACT_EMAIL,
  privacyEmail: env.NEXT_PUBLIC_PRIVACY_EMAIL,
  supportHours: "Monday to Friday, 9:00-17:00 CET",
  // The operator's postal address (legal notice, privacy policy): set by whoever runs the site,
  // lines separated by ";". Never made up: without the setting no address is shown.
  address: (env.NEXT_PUBLIC_COMPANY_ADDRESS ?? "")
    .split(";")
    .map((line) => line.trim())
    .filter(Boolean),
  social: [
    { name: "LinkedIn", href: "https://www.linkedin.com/" },
    { name: "Instagram", href: "https://www.instagram.com/" },
    { name: "YouTube", href: "https://www.youtube.com/" },
  ],
} as const;

/** How a detail the operator has not set (imprint, receipts) reads wherever it is shown. */
export const NOT_SET = "not set";

/** The chat page URL for a prompt: the chat submits it on arrival. */
export function chatUrlFor(message: string): string {
  return `/swipe-ai?${new URLSearchParams({ message, autoSubmit: "1" }).toString()}`;
}
