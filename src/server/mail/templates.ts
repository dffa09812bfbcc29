/**
 * The product's transactional mails, content only: each function turns a mail's data into a subject,
 * a plain-text part and an HTML part that say the same thing and carry the same links. Sending,
 * the outbox and the jobs that pick a mail live elsewhere. Every mail is built as a `MailContent`
 * (greeting, paragraphs, facts, one action) and laid out by `layout`, so all mails share one look:
 * a header with the product name, a single button with its link written out, and a footer with the
 * contact address and why the reader got the mail. HTML uses inline styles only; every inserted
 * value is escaped.
 */
import { SITE } from "~/lib/site";

export type MailTemplateInput =
  | { kind: "verify-email"; name: string; url: string; expiresInHours?: number }
  | { kind: "password-reset"; name: string; url: string; expiresInMinutes?: number }
  | { kind: "password-changed"; name: string; when: Date; ip: string | null; resetUrl: string }
  | { kind: "new-sign-in"; name: string; device: string; ip: string; when: Date; securityUrl: string }
  | { kind: "payment-receipt"; name: string; planName: string; amountCents: number; currency: string; paidAt: Date; receiptUrl: string }
  | { kind: "renewal-failed"; name: string; planName: string; amountCents: number; currency: string; billingUrl: string }
  | { kind: "grace-period-started"; name: string; endsAt: Date; billingUrl: string }
  | { kind: "grace-period-ending"; name: string; endsAt: Date; billingUrl: string; now?: Date }
  | { kind: "plan-downgraded"; name: string; fromPlan: string; toPlan: string; pricingUrl: string }
  | { kind: "contact-acknowledgement"; name: string; subject: string }
  | { kind: "newsletter-confirm"; url: string }
  | { kind: "account-deletion-code"; name: string; code: string; expiresInMinutes?: number }
  | { kind: "staff-invite"; inviterName: string; role: string; url: string; expiresInDays?: number }
  | { kind: "contact-reply"; name: string; subject: string; reply: string; staffName: string }
  | { kind: "payment-refunded"; name: string; description: string; amountCents: number; currency: string; billingUrl: string };

export type MailKind = MailTemplateInput["kind"];

/** The data of one kind of mail, without its `kind`. */
export type MailData<K extends MailKind> = Omit<Extract<MailTemplateInput, { kind: K }>, "kind">;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Renders any mail from its tagged data. */
export function renderMail(input: MailTemplateInput): RenderedMail {
  switch (input.kind) {
    case "verify-email":
      return renderVerifyEmail(input);
    case "password-reset":
      return renderPasswordReset(input);
    case "password-changed":
      return renderPasswordChanged(input);
    case "new-sign-in":
      return renderNewSignIn(input);
    case "payment-receipt":
      return renderPaymentReceipt(input);
    case "renewal-failed":
      return renderRenewalFailed(input);
    case "grace-period-started":
      return renderGracePeriodStarted(input);
    case "grace-period-ending":
      return renderGracePeriodEnding(input);
    case "plan-downgraded":
      return renderPlanDowngraded(input);
    case "contact-acknowledgement":
      return renderContactAcknowledgement(input);
    case "newsletter-confirm":
      return renderNewsletterConfirm(input);
    case "account-deletion-code":
      return renderAccountDeletionCode(input);
    case "staff-invite":
      return renderStaffInvite(input);
    case "contact-reply":
      return renderContactReply(input);
    case "payment-refunded":
      return renderPaymentRefunded(input);
    default: {
      const unknown: never = input;
      throw new Error(`Unknown mail kind: ${(unknown as { kind: string }).kind}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The mails

const BRAND = SITE.brand;
const SECURITY_REASON = `it is about the security of your ${BRAND} account`;
const BILLING_REASON = `it is about the plan and payments of your ${BRAND} account`;

export function renderVerifyEmail({ name, url, expiresInHours = 24 }: MailData<"verify-email">): RenderedMail {
  return layout({
    subject: `Confirm your email address for ${BRAND}`,
    greeting: greet(name),
    intro: [`Welcome to ${BRAND}! Please confirm that this is your email address.`],
    action: { label: "Confirm email address", url },
    outro: [`The link works for ${plural(expiresInHours, "hour")}. If you did not create an account, you can ignore this email.`],
    reason: `this address was used to create a ${BRAND} account`,
  });
}

export function renderPasswordReset({ name, url, expiresInMinutes = 60 }: MailData<"password-reset">): RenderedMail {
  return layout({
    subject: `Reset your ${BRAND} password`,
    greeting: greet(name),
    intro: ["We received a request to reset the password of your account."],
    prompt: "Choose a new password here:",
    action: { label: "Choose a new password", url },
    outro: [
      `The link works for ${plural(expiresInMinutes, "minute")}.`,
      "If you did not ask for this, ignore this email: your password stays the same.",
    ],
    reason: `a password reset was requested for your ${BRAND} account`,
  });
}

export function renderPasswordChanged({ name, when, ip, resetUrl }: MailData<"password-changed">): RenderedMail {
  return layout({
    subject: `Your ${BRAND} password was changed`,
    greeting: greet(name),
    intro: ["The password of your account was just changed."],
    facts: [["When", formatUtc(when)], ...(ip ? [["IP address", ip] as Fact] : [])],
    prompt: "If this was you, there is nothing more to do. If it was not you, reset your password now:",
    action: { label: "Reset your password", url: resetUrl },
    reason: SECURITY_REASON,
  });
}

export function renderNewSignIn({ name, device, ip, when, securityUrl }: MailData<"new-sign-in">): RenderedMail {
  return layout({
    subject: `New sign-in to your ${BRAND} account`,
    greeting: greet(name),
    intro: ["There was a new sign-in to your account:"],
    facts: [
      ["Device", device],
      ["IP address", ip],
      ["When", formatUtc(when)],
    ],
    prompt: "If this was you, there is nothing more to do. If not, review your sessions and change your password:",
    action: { label: "Review your sessions", url: securityUrl },
    reason: SECURITY_REASON,
  });
}

export function renderPaymentReceipt({ name, planName, amountCents, currency, paidAt, receiptUrl }: MailData<"payment-receipt">): RenderedMail {
  const amount = formatMoney(amountCents, currency);
  return layout({
    subject: `Your ${BRAND} receipt: ${amount} for ${planName}`,
    greeting: greet(name),
    intro: ["Thank you for your payment. Here are the details:"],
    facts: [
      ["Plan", planName],
      ["Amount", amount],
      ["Paid on", formatUtc(paidAt)],
    ],
    action: { label: "View receipt", url: receiptUrl },
    reason: BILLING_REASON,
  });
}

export function renderRenewalFailed({ name, planName, amountCents, currency, billingUrl }: MailData<"renewal-failed">): RenderedMail {
  return layout({
    subject: `We could not renew your ${planName} plan`,
    greeting: greet(name),
    intro: [
      `We tried to charge ${formatMoney(amountCents, currency)} for your ${planName} plan, but the payment did not go through.`,
      "Please check your card or add another one so that we can renew your plan.",
    ],
    action: { label: "Update payment method", url: billingUrl },
    reason: BILLING_REASON,
  });
}

export function renderGracePeriodStarted({ name, endsAt, billingUrl }: MailData<"grace-period-started">): RenderedMail {
  return layout({
    subject: "Add a card to keep your plan",
    greeting: greet(name),
    intro: [
      "The last card on your account was removed, so your paid plan cannot renew.",
      `Add a card before ${formatUtc(endsAt)} to keep your plan. After that, your account moves to the Free plan.`,
    ],
    action: { label: "Add a card", url: billingUrl },
    reason: BILLING_REASON,
  });
}

export function renderGracePeriodEnding({ name, endsAt, billingUrl, now = new Date() }: MailData<"grace-period-ending">): RenderedMail {
  const left = timeLeft(endsAt, now);
  return layout({
    subject: `Your plan ends ${left}: add a card to keep it`,
    greeting: greet(name),
    intro: [
      `Your account still has no card, and your paid plan ends ${left}, on ${formatUtc(endsAt)}.`,
      "Add a card before then to keep your plan. Otherwise your account moves to the Free plan.",
    ],
    action: { label: "Add a card", url: billingUrl },
    reason: BILLING_REASON,
  });
}

export function renderPlanDowngraded({ name, fromPlan, toPlan, pricingUrl }: MailData<"plan-downgraded">): RenderedMail {
  return layout({
    subject: `Your plan changed from ${fromPlan} to ${toPlan}`,
    greeting: greet(name),
    intro: [`Your account is now on the ${toPlan} plan instead of ${fromPlan}. The limits of the ${toPlan} plan apply from now on.`],
    prompt: "You can choose another plan at any time:",
    action: { label: "See plans", url: pricingUrl },
    reason: BILLING_REASON,
  });
}

export function renderContactAcknowledgement({ name, subject }: MailData<"contact-acknowledgement">): RenderedMail {
  return layout({
    subject: "We received your message",
    greeting: greet(name),
    intro: [`Thank you for writing to us. We received your message "${subject}" and will answer you by email.`],
    outro: [`Our support hours are ${SITE.supportHours}. You do not need to send it again.`],
    reason: `you sent us a message through the ${BRAND} contact form`,
  });
}

export function renderNewsletterConfirm({ url }: MailData<"newsletter-confirm">): RenderedMail {
  return layout({
    subject: `Confirm your ${BRAND} newsletter subscription`,
    greeting: "Hello,",
    intro: [`Please confirm that you want to receive the ${BRAND} newsletter at this address.`],
    action: { label: "Confirm subscription", url },
    outro: ["If you did not ask for it, ignore this email: you will not be subscribed."],
    reason: `this address was entered to subscribe to the ${BRAND} newsletter`,
  });
}

export function renderAccountDeletionCode({ name, code, expiresInMinutes = 10 }: MailData<"account-deletion-code">): RenderedMail {
  return layout({
    subject: `Your ${BRAND} account deletion code`,
    greeting: greet(name),
    intro: ["Enter this code to confirm that you want to delete your account:"],
    code,
    outro: [
      `The code works for ${plural(expiresInMinutes, "minute")}. Deleting your account cannot be undone.`,
      "If you did not ask to delete your account, do not share this code with anyone, and change your password.",
    ],
    reason: SECURITY_REASON,
  });
}

export function renderStaffInvite({ inviterName, role, url, expiresInDays = 7 }: MailData<"staff-invite">): RenderedMail {
  return layout({
    subject: `You are invited to the ${BRAND} team`,
    greeting: "Hello,",
    intro: [`${inviterName} invites you to join the ${BRAND} team as ${role}. Open the link to set your password and accept.`],
    action: { label: "Accept the invitation", url },
    outro: [
      `The link works for ${plural(expiresInDays, "day")}. Before you can open the management area you will set up two-factor sign-in.`,
      "If you did not expect this invitation, ignore this email.",
    ],
    reason: `a member of the ${BRAND} team invited this address`,
  });
}

export function renderContactReply({ name, subject, reply, staffName }: MailData<"contact-reply">): RenderedMail {
  return layout({
    subject: `Re: ${subject}`,
    greeting: greet(name),
    intro: reply.split(/\n{2,}/).map((paragraph) => paragraph.trim()).filter(Boolean),
    outro: [`${staffName}, ${BRAND} support`],
    reason: `you sent us a message through the ${BRAND} contact form`,
  });
}

export function renderPaymentRefunded({ name, description, amountCents, currency, billingUrl }: MailData<"payment-refunded">): RenderedMail {
  return layout({
    subject: `Your ${BRAND} payment was refunded`,
    greeting: greet(name),
    intro: [`We refunded ${formatMoney(amountCents, currency)} for "${description}". Depending on your bank it reaches your card within 5 to 10 business days.`],
    action: { label: "See your payments", url: billingUrl },
    reason: BILLING_REASON,
  });
}

// ---------------------------------------------------------------------------------------------
// Formatting

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

/** "in 2 days", or "within a day" when less than one day is left. */
function timeLeft(endsAt: Date, now: Date): string {
  const days = Math.ceil((endsAt.getTime() - now.getTime()) / 86_400_000);
  return days > 1 ? `in ${days} days` : "within a day";
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

function greet(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `Hi ${trimmed},` : "Hi,";
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

type Fact = [label: string, value: string];

interface MailContent {
  subject: string;
  greeting: string;
  /** Paragraphs before the facts, code and button. */
  intro: string[];
  /** Label and value pairs shown as a small table (receipts, sign-in details). */
  facts?: Fact[];
  /** A one-time code shown large. */
  code?: string;
  /** A paragraph that leads into the button. */
  prompt?: string;
  /** The one call to action; its link is also written out. */
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  outro?: string[];
  /** Why the reader got this mail: completes "You received this email because …". */
  reason: string;
}

const SIGN_OFF = `The ${BRAND} team`;

function layout(content: MailContent): RenderedMail {
  const action = content.action && { label: content.action.label, url: checkedUrl(content.action.url) };
  return { subject: content.subject, text: layoutText(content, action), html: layoutHtml(content, action) };
}

function layoutText(content: MailContent, action: MailContent["action"]): string {
  const blocks: string[] = [content.greeting, ...content.intro];
  if (content.facts?.length) blocks.push(content.facts.map(([label, value]) => `${label}: ${value}`).join("\n"));
  if (content.code) blocks.push(`    ${content.code}`);
  if (content.prompt) blocks.push(content.prompt);
  if (action) blocks.push(`${action.label}:\n${action.url}`);
  blocks.push(...(content.outro ?? []), SIGN_OFF);
  blocks.push(`--\nYou received this email because ${content.reason}.\nQuestions? Write to us at ${SITE.email}.`);
  return `${blocks.join("\n\n")}\n`;
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const COLOR = { text: "#1e293b", muted: "#64748b", border: "#e2e8f0", page: "#f1f5f9", brand: "#2563eb" };
const P = `margin:0 0 16px;font-size:16px;line-height:24px;color:${COLOR.text}`;

function layoutHtml(content: MailContent, action: MailContent["action"]): string {
  const e = escapeHtml;
  const parts: string[] = [content.greeting, ...content.intro].map((text) => `<p style="${P}">${e(text)}</p>`);
  if (content.facts?.length) {
    const rows = content.facts
      .map(
        ([label, value]) =>
          `<tr><td style="padding:6px 16px 6px 0;font-size:14px;color:${COLOR.muted};white-space:nowrap;vertical-align:top">${e(label)}</td>` +
          `<td style="padding:6px 0;font-size:14px;color:${COLOR.text}">${e(value)}</td></tr>`,
      )
      .join("");
    parts.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-top:1px solid ${COLOR.border};border-bottom:1px solid ${COLOR.border};width:100%">${rows}</table>`,
    );
  }
  if (content.code) {
    parts.push(
      `<p style="margin:0 0 16px;padding:16px;background:${COLOR.page};border-radius:6px;text-align:center;font-family:Menlo,Consolas,monospace;font-size:28px;letter-spacing:6px;font-weight:bold;color:${COLOR.text}">${e(content.code)}</p>`,
    );
  }
  if (content.prompt) parts.push(`<p style="${P}">${e(content.prompt)}</p>`);
  if (action) {
    const href = e(action.url);
    parts.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr><td style="border-radius:6px;background:${COLOR.brand}">` +
        `<a href="${href}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${e(action.label)}</a>` +
        `</td></tr></table>`,
      `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${COLOR.muted}">If the button does not work, copy this link into your browser:<br>` +
        `<a href="${href}" style="color:${COLOR.brand};word-break:break-all">${href}</a></p>`,
    );
  }
  parts.push(...(content.outro ?? []).map((text) => `<p style="${P}">${e(text)}</p>`), `<p style="${P};margin-bottom:0">${e(SIGN_OFF)}</p>`);

  const email = e(SITE.email);
  const preview = e(content.intro[0] ?? content.subject);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(content.subject)}</title>
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
You received this email because ${e(content.reason)}.<br>
Questions? Write to us at <a href="mailto:${email}" style="color:${COLOR.muted}">${email}</a>.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
