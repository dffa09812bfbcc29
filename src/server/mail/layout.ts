/**
 * The look every product mail shares, as text and HTML: a header with the product name, a card with
 * the mail's blocks (paragraphs, a small table of facts, a large code, one button with its link
 * written out) and the sign-off, and a footer with the contact address and why the reader got the
 * mail. HTML uses inline styles only; every inserted value is escaped. Also the mails' data types and
 * the formatting of their values. The wording of each mail is its template in ./templates.ts.
 */
import { SITE } from "~/lib/site";

export type MailTemplateInput = MailTemplateData & {
  /** The reader's IANA time zone (Settings): moments are written in it; absent: in UTC. */
  timeZone?: string | null;
};

type MailTemplateData =
  | { kind: "verify-email"; name: string; url: string; expiresInHours?: number }
  | { kind: "password-reset"; name: string; url: string; expiresInMinutes?: number }
  | { kind: "password-changed"; name: string; when: Date; ip: string | null; resetUrl: string }
  | { kind: "new-sign-in"; name: string; device: string; ip: string; when: Date; securityUrl: string }
  | { kind: "secret-checks-locked"; name: string; minutes: number; ip: string; when: Date; securityUrl: string }
  | {
      kind: "payment-receipt";
      name: string;
      planName: string;
      amountCents: number;
      currency: string;
      paidAt: Date;
      receiptUrl: string;
    }
  | {
      kind: "renewal-failed";
      name: string;
      planName: string;
      amountCents: number;
      currency: string;
      billingUrl: string;
    }
  | { kind: "grace-period-started"; name: string; endsAt: Date; billingUrl: string }
  | { kind: "grace-period-ending"; name: string; endsAt: Date; billingUrl: string; now?: Date }
  | { kind: "plan-downgraded"; name: string; fromPlan: string; toPlan: string; pricingUrl: string }
  | { kind: "contact-acknowledgement"; name: string; subject: string; supportHours?: string }
  | { kind: "newsletter-confirm"; url: string }
  | { kind: "account-deletion-code"; name: string; code: string; expiresInMinutes?: number }
  | { kind: "staff-invite"; inviterName: string; role: string; url: string; expiresInDays?: number }
  | { kind: "contact-reply"; name: string; subject: string; reply: string; staffName: string }
  | {
      kind: "payment-refunded";
      name: string;
      description: string;
      amountCents: number;
      currency: string;
      billingUrl: string;
    }
  | {
      kind: "scholarship-deadline";
      name: string;
      scholarshipName: string;
      provider: string;
      deadline: string;
      daysLeft: number;
      url: string;
    }
  | { kind: "roadmap-digest"; name: string; steps: { title: string; targetDate: string }[]; url: string }
  | { kind: "community-digest"; name: string; lines: string[]; more: number; url: string }
  | {
      kind: "community-moderation";
      name: string;
      action: "warn" | "suspend";
      message: string;
      until: Date | null;
      url: string;
    }
  | { kind: "coaching-booked"; name: string; otherName: string; when: string; topic: string; url: string }
  | {
      kind: "coaching-changed";
      name: string;
      otherName: string;
      change: CoachingChange;
      when: string;
      topic: string;
      url: string;
    }
  | {
      kind: "coaching-reminder";
      name: string;
      otherName: string;
      when: string;
      hoursBefore: number;
      meetingLink: string | null;
      url: string;
    }
  | { kind: "coaching-summary"; name: string; coachName: string; summary: string; nextSteps: string; url: string }
  | { kind: "service-update"; name: string; serviceName: string; update: string; note: string; url: string };

/** What happened to a booked coaching session. */
export type CoachingChange = "rescheduled" | "cancelled" | "updated";

export type MailKind = MailTemplateInput["kind"];

/** The data of one kind of mail, without its `kind`. */
export type MailData<K extends MailKind> = Omit<Extract<MailTemplateInput, { kind: K }>, "kind">;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const BRAND = SITE.brand;

/** How long links and codes work when the caller does not say. */
export const LINK_LIFETIMES = {
  verifyEmailHours: 24,
  passwordResetMinutes: 60,
  deletionCodeMinutes: 10,
  staffInviteDays: 7,
} as const;

// ---------------------------------------------------------------------------------------------
// Formatting

/** "15 July 2027" for a YYYY-MM-DD calendar day. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", dateStyle: "long" }).format(new Date(`${day}T00:00:00Z`));
}

/** "in 14 days", "tomorrow", "today". */
export function daysLeftText(days: number): string {
  if (days <= 0) return "today";
  if (days === 1) return "tomorrow";
  return `in ${days} days`;
}

/** "€9.99": an amount in the currency's smallest unit (cents; yen for JPY), as payment providers send it. */
export function formatMoney(amountMinor: number, currency: string): string {
  const format = new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

const UTC_FORMAT = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", dateStyle: "long", timeStyle: "short" });

/** "5 March 2025 at 14:30 UTC", whatever the server's time zone. */
export function formatUtc(date: Date): string {
  return `${UTC_FORMAT.format(date)} UTC`;
}

/** "5 March 2025 at 15:30 (Europe/Berlin)" in the reader's zone; in UTC when it is not known. */
export function formatMoment(date: Date, timeZone?: string | null): string {
  if (!timeZone || timeZone === "UTC") return formatUtc(date);
  try {
    const format = new Intl.DateTimeFormat("en-GB", { timeZone, dateStyle: "long", timeStyle: "short" });
    return `${format.format(date)} (${timeZone})`;
  } catch {
    return formatUtc(date);
  }
}

/** "in 2 days", or "within a day" when less than one day is left. */
export function timeLeft(endsAt: Date, now: Date): string {
  const days = Math.ceil((endsAt.getTime() - now.getTime()) / 86_400_000);
  return days > 1 ? `in ${days} days` : "within a day";
}

export function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** A link a mail may carry: absolute http(s) only, so that a relative or script URL fails loudly here. */
function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Mail link is not an absolute URL: ${url}`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error(`Mail link must be http(s): ${url}`);
  return url;
}

// ---------------------------------------------------------------------------------------------
// Layout: one structure, rendered as text and as HTML

/** A label and its value, shown in a small table (receipts, sign-in details). */
export type Fact = [label: string, value: string];

/** A piece of a paragraph: text (line breaks kept), or a link written out. */
export type MailInline = string | { link: string };

/** One block of a mail's card, in reading order. */
export type MailBlock =
  | { type: "paragraph"; parts: MailInline[] }
  | { type: "facts"; facts: Fact[] }
  | { type: "code"; code: string }
  | { type: "action"; label: string; url: string };

/** What the branded layout needs: the blocks between the greeting card's top and the sign-off. */
export interface MailLayout {
  subject: string;
  blocks: MailBlock[];
  reason: string;
}

const SIGN_OFF = `The ${BRAND} team`;

/**
 * Lays a mail out in the product's one look, as text and HTML: the brand, a card with the blocks and
 * the sign-off, and a footer with the reason and the contact address. Links must be absolute http(s).
 */
export function layoutMail(mail: MailLayout): RenderedMail {
  const blocks = mail.blocks.map((block): MailBlock => {
    if (block.type === "action") return { ...block, url: checkedUrl(block.url) };
    if (block.type === "paragraph")
      return {
        ...block,
        parts: block.parts.map((part) => (typeof part === "string" ? part : { link: checkedUrl(part.link) })),
      };
    return block;
  });
  const subject = mail.subject.replace(/\s+/g, " ").trim();
  return { subject, text: layoutText(blocks, mail.reason), html: layoutHtml(subject, blocks, mail.reason) };
}

const inlineText = (parts: MailInline[]) => parts.map((part) => (typeof part === "string" ? part : part.link)).join("");

function blockText(block: MailBlock): string {
  switch (block.type) {
    case "paragraph":
      return inlineText(block.parts);
    case "facts":
      return block.facts.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "code":
      return `    ${block.code}`;
    case "action":
      return `${block.label}:\n${block.url}`;
  }
}

function layoutText(blocks: MailBlock[], reason: string): string {
  const texts = blocks.map(blockText);
  texts.push(SIGN_OFF, `--\nYou received this email because ${reason}.\nQuestions? Write to us at ${SITE.email}.`);
  return `${texts.join("\n\n")}\n`;
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const COLOR = { text: "#1e293b", muted: "#64748b", border: "#e2e8f0", page: "#f1f5f9", brand: "#2563eb" };
const P = `margin:0 0 16px;font-size:16px;line-height:24px;color:${COLOR.text}`;

function inlineHtml(parts: MailInline[]): string {
  return parts
    .map((part) => {
      if (typeof part !== "string")
        return `<a href="${escapeHtml(part.link)}" style="color:${COLOR.brand};word-break:break-all">${escapeHtml(part.link)}</a>`;
      return escapeHtml(part).replace(/\n/g, "<br>");
    })
    .join("");
}

function blockHtml(block: MailBlock): string {
  const e = escapeHtml;
  switch (block.type) {
    case "paragraph":
      return `<p style="${P}">${inlineHtml(block.parts)}</p>`;
    case "facts": {
      const rows = block.facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 16px 6px 0;font-size:14px;color:${COLOR.muted};white-space:nowrap;vertical-align:top">${e(label)}</td>` +
            `<td style="padding:6px 0;font-size:14px;color:${COLOR.text}">${e(value)}</td></tr>`,
        )
        .join("");
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-top:1px solid ${COLOR.border};border-bottom:1px solid ${COLOR.border};width:100%">${rows}</table>`;
    }
    case "code":
      return `<p style="margin:0 0 16px;padding:16px;background:${COLOR.page};border-radius:6px;text-align:center;font-family:Menlo,Consolas,monospace;font-size:28px;letter-spacing:6px;font-weight:bold;color:${COLOR.text}">${e(block.code)}</p>`;
    case "action": {
      const href = e(block.url);
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr><td style="border-radius:6px;background:${COLOR.brand}">` +
        `<a href="${href}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${e(block.label)}</a>` +
        `</td></tr></table>\n` +
        `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${COLOR.muted}">If the button does not work, copy this link into your browser:<br>` +
        `<a href="${href}" style="color:${COLOR.brand};word-break:break-all">${href}</a></p>`
      );
    }
  }
}

function layoutHtml(subject: string, blocks: MailBlock[], reason: string): string {
  const e = escapeHtml;
  const parts = [...blocks.map(blockHtml), `<p style="${P};margin-bottom:0">${e(SIGN_OFF)}</p>`];
  // The inbox's preview line: the first paragraph after the greeting, else the subject.
  const paragraphs = blocks.filter((block) => block.type === "paragraph");
  const preview = e(paragraphs.length > 1 ? inlineText(paragraphs[1]!.parts) : subject);
  const email = e(SITE.email);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLOR.page};${FONT}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${preview}</div>
<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="background:${COLOR.page};${FONT}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="max-width:560px">
<tr><td style="padding:0 0 16px;font-size:22px;font-weight:bold;color:${COLOR.brand}">${e(BRAND)}</td></tr>
<tr><td style="padding:32px;background:#ffffff;border:1px solid ${COLOR.border};border-radius:8px">
${parts.join("\n")}
</td></tr>
<tr><td style="padding:16px 8px;font-size:12px;line-height:18px;color:${COLOR.muted}">
You received this email because ${e(reason)}.<br>
Questions? Write to us at <a href="mailto:${email}" style="color:${COLOR.muted}">${email}</a>.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
