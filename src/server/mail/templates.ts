/**
 * The product's transactional mails, content only: each function turns a mail's data into a subject,
 * a plain-text part and an HTML part that say the same thing and carry the same links. Sending,
 * the outbox and the jobs that pick a mail live elsewhere. Every mail is built as a `MailContent`
 * (greeting, paragraphs, facts, one action) and laid out by `layoutMail`, so all mails share one look:
 * a header with the product name, a single button with its link written out, and a footer with the
 * contact address and why the reader got the mail. HTML uses inline styles only; every inserted
 * value is escaped. Staff may replace a kind's subject and text in /admin: ./overrides.ts renders
 * those inside the same layout.
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

/** Renders any mail from its tagged data, as the product writes it (staff overrides: ./overrides.ts). */
export function renderMail(input: MailTemplateInput): RenderedMail {
  return layoutMail(mailLayoutOf(mailContent(input)));
}

/** The built-in content of any mail: its subject, paragraphs, facts, code, action and reason. */
export function mailContent(input: MailTemplateInput): MailContent {
  switch (input.kind) {
    case "verify-email":
      return verifyEmailContent(input);
    case "password-reset":
      return passwordResetContent(input);
    case "password-changed":
      return passwordChangedContent(input);
    case "new-sign-in":
      return newSignInContent(input);
    case "secret-checks-locked":
      return secretChecksLockedContent(input);
    case "payment-receipt":
      return paymentReceiptContent(input);
    case "renewal-failed":
      return renewalFailedContent(input);
    case "grace-period-started":
      return gracePeriodStartedContent(input);
    case "grace-period-ending":
      return gracePeriodEndingContent(input);
    case "plan-downgraded":
      return planDowngradedContent(input);
    case "contact-acknowledgement":
      return contactAcknowledgementContent(input);
    case "newsletter-confirm":
      return newsletterConfirmContent(input);
    case "account-deletion-code":
      return accountDeletionCodeContent(input);
    case "staff-invite":
      return staffInviteContent(input);
    case "contact-reply":
      return contactReplyContent(input);
    case "payment-refunded":
      return paymentRefundedContent(input);
    case "scholarship-deadline":
      return scholarshipDeadlineContent(input);
    case "roadmap-digest":
      return roadmapDigestContent(input);
    case "community-digest":
      return communityDigestContent(input);
    case "community-moderation":
      return communityModerationContent(input);
    case "coaching-booked":
      return coachingBookedContent(input);
    case "coaching-changed":
      return coachingChangedContent(input);
    case "coaching-reminder":
      return coachingReminderContent(input);
    case "coaching-summary":
      return coachingSummaryContent(input);
    case "service-update":
      return serviceUpdateContent(input);
    default: {
      const unknown: never = input;
      throw new Error(`Unknown mail kind: ${(unknown as { kind: string }).kind}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The mails

const BRAND = SITE.brand;

/** How long links and codes work when the caller does not say. */
export const LINK_LIFETIMES = {
  verifyEmailHours: 24,
  passwordResetMinutes: 60,
  deletionCodeMinutes: 10,
  staffInviteDays: 7,
} as const;
const SECURITY_REASON = `it is about the security of your ${BRAND} account`;
const BILLING_REASON = `it is about the plan and payments of your ${BRAND} account`;

function verifyEmailContent({ name, url, expiresInHours = LINK_LIFETIMES.verifyEmailHours }: MailData<"verify-email">): MailContent {
  return {
    subject: `Confirm your email address for ${BRAND}`,
    greeting: greet(name),
    intro: [`Welcome to ${BRAND}! Please confirm that this is your email address.`],
    action: { label: "Confirm email address", url },
    outro: [`The link works for ${plural(expiresInHours, "hour")}. If you did not create an account, you can ignore this email.`],
    reason: `this address was used to create a ${BRAND} account`,
  };
}

function passwordResetContent({
  name,
  url,
  expiresInMinutes = LINK_LIFETIMES.passwordResetMinutes,
}: MailData<"password-reset">): MailContent {
  return {
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
  };
}

function passwordChangedContent({ name, when, ip, resetUrl, timeZone }: MailData<"password-changed">): MailContent {
  return {
    subject: `Your ${BRAND} password was changed`,
    greeting: greet(name),
    intro: ["The password of your account was just changed."],
    facts: [["When", formatMoment(when, timeZone)], ...(ip ? [["IP address", ip] as Fact] : [])],
    prompt: "If this was you, there is nothing more to do. If it was not you, reset your password now:",
    action: { label: "Reset your password", url: resetUrl },
    reason: SECURITY_REASON,
  };
}

function newSignInContent({ name, device, ip, when, securityUrl, timeZone }: MailData<"new-sign-in">): MailContent {
  return {
    subject: `New sign-in to your ${BRAND} account`,
    greeting: greet(name),
    intro: ["There was a new sign-in to your account:"],
    facts: [
      ["Device", device],
      ["IP address", ip],
      ["When", formatMoment(when, timeZone)],
    ],
    prompt: "If this was you, there is nothing more to do. If not, review your sessions and change your password:",
    action: { label: "Review your sessions", url: securityUrl },
    reason: SECURITY_REASON,
  };
}

function secretChecksLockedContent({ name, minutes, ip, when, securityUrl, timeZone }: MailData<"secret-checks-locked">): MailContent {
  return {
    subject: `Wrong password or codes entered in your ${BRAND} account`,
    greeting: greet(name),
    intro: [
      `In a signed-in session, your password or two-factor codes were entered wrongly too many times. For ${minutes} minutes, they are not accepted, and signing in waits too.`,
    ],
    facts: [
      ["IP address", ip],
      ["When", formatMoment(when, timeZone)],
    ],
    prompt: "If this was not you, someone may be using one of your sessions: end the sessions you do not know and change your password:",
    action: { label: "Review your sessions", url: securityUrl },
    reason: SECURITY_REASON,
  };
}

function paymentReceiptContent({
  name,
  planName,
  amountCents,
  currency,
  paidAt,
  receiptUrl,
  timeZone,
}: MailData<"payment-receipt">): MailContent {
  const amount = formatMoney(amountCents, currency);
  return {
    subject: `Your ${BRAND} receipt: ${amount} for ${planName}`,
    greeting: greet(name),
    intro: ["Thank you for your payment. Here are the details:"],
    facts: [
      ["Plan", planName],
      ["Amount", amount],
      ["Paid on", formatMoment(paidAt, timeZone)],
    ],
    action: { label: "View receipt", url: receiptUrl },
    reason: BILLING_REASON,
  };
}

function renewalFailedContent({ name, planName, amountCents, currency, billingUrl }: MailData<"renewal-failed">): MailContent {
  return {
    subject: `We could not renew your ${planName} plan`,
    greeting: greet(name),
    intro: [
      `We tried to charge ${formatMoney(amountCents, currency)} for your ${planName} plan, but the payment did not go through.`,
      "Please check your card or add another one so that we can renew your plan.",
    ],
    action: { label: "Update payment method", url: billingUrl },
    reason: BILLING_REASON,
  };
}

function gracePeriodStartedContent({ name, endsAt, billingUrl, timeZone }: MailData<"grace-period-started">): MailContent {
  return {
    subject: "Add a card to keep your plan",
    greeting: greet(name),
    intro: [
      "The last card on your account was removed, so your paid plan cannot renew.",
      `Add a card before ${formatMoment(endsAt, timeZone)} to keep your plan. After that, your account moves to the Free plan.`,
    ],
    action: { label: "Add a card", url: billingUrl },
    reason: BILLING_REASON,
  };
}

function gracePeriodEndingContent({ name, endsAt, billingUrl, now = new Date(), timeZone }: MailData<"grace-period-ending">): MailContent {
  const left = timeLeft(endsAt, now);
  return {
    subject: `Your plan ends ${left}: add a card to keep it`,
    greeting: greet(name),
    intro: [
      `Your account still has no card, and your paid plan ends ${left}, on ${formatMoment(endsAt, timeZone)}.`,
      "Add a card before then to keep your plan. Otherwise your account moves to the Free plan.",
    ],
    action: { label: "Add a card", url: billingUrl },
    reason: BILLING_REASON,
  };
}

function planDowngradedContent({ name, fromPlan, toPlan, pricingUrl }: MailData<"plan-downgraded">): MailContent {
  return {
    subject: `Your plan changed from ${fromPlan} to ${toPlan}`,
    greeting: greet(name),
    intro: [`Your account is now on the ${toPlan} plan instead of ${fromPlan}. The limits of the ${toPlan} plan apply from now on.`],
    prompt: "You can choose another plan at any time:",
    action: { label: "See plans", url: pricingUrl },
    reason: BILLING_REASON,
  };
}

function contactAcknowledgementContent({
  name,
  subject,
  supportHours = SITE.supportHours,
}: MailData<"contact-acknowledgement">): MailContent {
  return {
    subject: "We received your message",
    greeting: greet(name),
    intro: [`Thank you for writing to us. We received your message "${subject}" and will answer you by email.`],
    outro: [`Our support hours are ${supportHours}. You do not need to send it again.`],
    reason: `you sent us a message through the ${BRAND} contact form`,
  };
}

function newsletterConfirmContent({ url }: MailData<"newsletter-confirm">): MailContent {
  return {
    subject: `Confirm your ${BRAND} newsletter subscription`,
    greeting: "Hello,",
    intro: [`Please confirm that you want to receive the ${BRAND} newsletter at this address.`],
    action: { label: "Confirm subscription", url },
    outro: ["If you did not ask for it, ignore this email: you will not be subscribed."],
    reason: `this address was entered to subscribe to the ${BRAND} newsletter`,
  };
}

function accountDeletionCodeContent({
  name,
  code,
  expiresInMinutes = LINK_LIFETIMES.deletionCodeMinutes,
}: MailData<"account-deletion-code">): MailContent {
  return {
    subject: `Your ${BRAND} account deletion code`,
    greeting: greet(name),
    intro: ["Enter this code to confirm that you want to delete your account:"],
    code,
    outro: [
      `The code works for ${plural(expiresInMinutes, "minute")}. Deleting your account cannot be undone.`,
      "If you did not ask to delete your account, do not share this code with anyone, and change your password.",
    ],
    reason: SECURITY_REASON,
  };
}

function staffInviteContent({
  inviterName,
  role,
  url,
  expiresInDays = LINK_LIFETIMES.staffInviteDays,
}: MailData<"staff-invite">): MailContent {
  return {
    subject: `You are invited to the ${BRAND} team`,
    greeting: "Hello,",
    intro: [`${inviterName} invites you to join the ${BRAND} team as ${role}. Open the link to set your password and accept.`],
    action: { label: "Accept the invitation", url },
    outro: [
      `The link works for ${plural(expiresInDays, "day")}. Before you can open the management area you will set up two-factor sign-in.`,
      "If you did not expect this invitation, ignore this email.",
    ],
    reason: `a member of the ${BRAND} team invited this address`,
  };
}

function contactReplyContent({ name, subject, reply, staffName }: MailData<"contact-reply">): MailContent {
  return {
    subject: `Re: ${subject}`,
    greeting: greet(name),
    intro: reply
      .split(/\n{2,}/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    outro: [`${staffName}, ${BRAND} support`],
    reason: `you sent us a message through the ${BRAND} contact form`,
  };
}

function paymentRefundedContent({ name, description, amountCents, currency, billingUrl }: MailData<"payment-refunded">): MailContent {
  return {
    subject: `Your ${BRAND} payment was refunded`,
    greeting: greet(name),
    intro: [
      `We refunded ${formatMoney(amountCents, currency)} for "${description}". Depending on your bank it reaches your card within 5 to 10 business days.`,
    ],
    action: { label: "See your payments", url: billingUrl },
    reason: BILLING_REASON,
  };
}

function scholarshipDeadlineContent({
  name,
  scholarshipName,
  provider,
  deadline,
  daysLeft,
  url,
}: MailData<"scholarship-deadline">): MailContent {
  const when = formatDay(deadline);
  return {
    subject: `${scholarshipName}: the deadline is ${daysLeftText(daysLeft)}`,
    greeting: greet(name),
    intro: [`The deadline of a scholarship you bookmarked is ${daysLeftText(daysLeft)}, on ${when}.`],
    facts: [
      ["Scholarship", scholarshipName],
      ["Provider", provider],
      ["Deadline", when],
    ],
    prompt: "Check the call and the documents on the official page:",
    action: { label: "Open the official page", url },
    outro: [
      "Deadlines can differ by country or university: the official page decides. To stop these reminders, remove the bookmark in the Scholarship Search.",
    ],
    reason: `you bookmarked this scholarship in the ${BRAND} Scholarship Search`,
  };
}

/** How many roadmap steps, e.g. "1 step", "3 steps". */
export const stepCount = (steps: unknown[]) => plural(steps.length, "step");

/** The digest's steps, one line each: "15 July 2027: Apply through uni-assist". */
export const roadmapDigestLines = (steps: MailData<"roadmap-digest">["steps"]) =>
  steps.map((step) => [formatDay(step.targetDate), step.title] as Fact);

function roadmapDigestContent({ name, steps, url }: MailData<"roadmap-digest">): MailContent {
  return {
    subject: `Your study roadmap: ${stepCount(steps)} due in the next 14 days`,
    greeting: greet(name),
    intro: ["These steps of your study roadmap are due in the next 14 days:"],
    facts: roadmapDigestLines(steps),
    prompt: "Tick them off, add notes or see what comes next in your roadmap:",
    action: { label: "Open your roadmap", url },
    outro: [
      "Dates and rules can change: each step links its official page. To stop this weekly mail, turn off the roadmap digest in the Settings tab of your profile.",
    ],
    reason: `you have a study roadmap on ${BRAND} and its weekly digest is on`,
  };
}

/** How many community notifications, e.g. "1 new notification", "4 new notifications". */
export const notificationCount = (data: MailData<"community-digest">) => plural(data.lines.length + data.more, "new notification");

/** The digest's lines, and how many more wait in the product. */
export const communityDigestLines = (data: MailData<"community-digest">) => [
  ...data.lines.map((line) => `- ${line}`),
  ...(data.more ? [`… and ${data.more} more`] : []),
];

function communityDigestContent(data: MailData<"community-digest">): MailContent {
  return {
    subject: `${BRAND} community: ${notificationCount(data)}`,
    greeting: greet(data.name),
    intro: ["Here is what happened in the community since you last looked:", ...communityDigestLines(data)],
    prompt: "Read the replies and answer in the community:",
    action: { label: "Open your notifications", url: data.url },
    outro: ["To stop this daily mail, turn off the community digest in the Settings tab of your profile."],
    reason: `you are a member of the ${BRAND} community and its daily digest is on`,
  };
}

/** What the moderators decided, in a sentence. */
export const moderationDecision = (data: MailData<"community-moderation">) =>
  data.action === "suspend" && data.until
    ? `A moderator suspended your posting in the ${BRAND} community until ${formatMoment(data.until, data.timeZone)}. You can still read the forum.`
    : `A moderator of the ${BRAND} community sent you a warning.`;

function communityModerationContent(data: MailData<"community-moderation">): MailContent {
  return {
    subject: `A message from the ${BRAND} community moderators`,
    greeting: greet(data.name),
    intro: [moderationDecision(data), "The moderator's message:", data.message],
    prompt: "Please read the community's rules of conduct before you post again:",
    action: { label: "Open the community", url: data.url },
    outro: ["If you think this was a mistake, reply to this mail or write to us through the contact form."],
    reason: `you are a member of the ${BRAND} community`,
  };
}

const COACHING_REASON = `you take part in a ${BRAND} coaching session`;
const COACHING_RULE = "A session can be moved or cancelled up to 24 hours before it starts.";

function coachingBookedContent({ name, otherName, when, topic, url }: MailData<"coaching-booked">): MailContent {
  return {
    subject: `Coaching session booked: ${when}`,
    greeting: greet(name),
    intro: [`Your coaching session with ${otherName} is booked. The invitation in this mail adds it to your calendar.`],
    facts: [
      ["When", when],
      ["With", otherName],
      ["Topic", topic],
    ],
    prompt: "See the session and its documents here:",
    action: { label: "Open the session", url },
    outro: [COACHING_RULE],
    reason: COACHING_REASON,
  };
}

/** What changed, in a sentence. */
export const coachingChangeText = (data: MailData<"coaching-changed">) =>
  ({
    rescheduled: `Your coaching session with ${data.otherName} was moved. The invitation in this mail updates your calendar.`,
    cancelled: `Your coaching session with ${data.otherName} was cancelled. The notice in this mail removes it from your calendar.`,
    updated: `The details of your coaching session with ${data.otherName} changed. The invitation in this mail updates your calendar.`,
  })[data.change];

const COACHING_CHANGE_SUBJECTS: Record<CoachingChange, string> = {
  rescheduled: "moved",
  cancelled: "cancelled",
  updated: "updated",
};

/** "moved", "cancelled" or "updated", for the subject. */
export const coachingChangeWord = (data: MailData<"coaching-changed">) => COACHING_CHANGE_SUBJECTS[data.change];

function coachingChangedContent(data: MailData<"coaching-changed">): MailContent {
  return {
    subject: `Coaching session ${coachingChangeWord(data)}: ${data.when}`,
    greeting: greet(data.name),
    intro: [coachingChangeText(data)],
    facts: [
      ["When", data.when],
      ["With", data.otherName],
      ["Topic", data.topic],
    ],
    prompt: "See your sessions here:",
    action: { label: "Open your sessions", url: data.url },
    outro: [COACHING_RULE],
    reason: COACHING_REASON,
  };
}

/** "tomorrow" or "in 1 hour". */
export const reminderLead = (data: MailData<"coaching-reminder">) =>
  data.hoursBefore >= 24 ? "tomorrow" : `in ${plural(data.hoursBefore, "hour")}`;

/** The meeting link, or what to expect when the coach has not added it yet. */
export const meetingLinkText = (data: { meetingLink: string | null }) => data.meetingLink ?? "The coach adds it before the session.";

function coachingReminderContent(data: MailData<"coaching-reminder">): MailContent {
  return {
    subject: `Reminder: your coaching session is ${reminderLead(data)}`,
    greeting: greet(data.name),
    intro: [`Your coaching session with ${data.otherName} starts ${reminderLead(data)}.`],
    facts: [
      ["When", data.when],
      ["With", data.otherName],
      ["Meeting link", meetingLinkText(data)],
    ],
    prompt: "See the session here:",
    action: { label: "Open the session", url: data.url },
    reason: COACHING_REASON,
  };
}

function coachingSummaryContent(data: MailData<"coaching-summary">): MailContent {
  return {
    subject: `Your coaching summary from ${data.coachName}`,
    greeting: greet(data.name),
    intro: [`${data.coachName} wrote the summary of your coaching session.`, "Summary:", data.summary, "Next steps:", data.nextSteps],
    prompt: "Read it any time with your sessions:",
    action: { label: "Open your sessions", url: data.url },
    reason: COACHING_REASON,
  };
}

function serviceUpdateContent({ name, serviceName, update, note, url }: MailData<"service-update">): MailContent {
  return {
    subject: `${serviceName}: ${update}`,
    greeting: greet(name),
    intro: [
      `There is news on your ${serviceName} request: ${update}.`,
      ...note
        .split(/\n{2,}/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean),
    ],
    prompt: "Read everything on your request's page:",
    action: { label: "Open your request", url },
    reason: `you asked the ${BRAND} team for a service`,
  };
}

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

/** The built-in description of a mail, turned into blocks by `mailLayoutOf`. */
export interface MailContent {
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

/** The blocks of a built-in mail. */
function mailLayoutOf(content: MailContent): MailLayout {
  const paragraph = (text: string): MailBlock => ({ type: "paragraph", parts: [text] });
  const blocks: MailBlock[] = [paragraph(content.greeting), ...content.intro.map(paragraph)];
  if (content.facts?.length) blocks.push({ type: "facts", facts: content.facts });
  if (content.code) blocks.push({ type: "code", code: content.code });
  if (content.prompt) blocks.push(paragraph(content.prompt));
  if (content.action) blocks.push({ type: "action", ...content.action });
  blocks.push(...(content.outro ?? []).map(paragraph));
  return { subject: content.subject, blocks, reason: content.reason };
}

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
