/**
 * The one template of each kind of mail: its subject and text written with {placeholders}. It renders
 * the mail the product sends, and it is what staff start from in /admin/templates: a staff member's
 * version (MailTemplateOverride) replaces the subject and text and is rendered the same way, and
 * resetting it sends this template again. For each kind this file also says which placeholders the
 * text may use (formatted here), which ones it must keep (the link of a mail that has one, the code
 * of a code mail), the button's label, why the reader got the mail, and sample data for previews.
 *
 * Every mail is laid out in the same branded layout (./layout.ts): brand, card, sign-off, footer and
 * reason. The text is split into paragraphs at blank lines; a paragraph that holds only the link
 * placeholder becomes the button (with the link written out), one that holds only the code
 * placeholder becomes the large code, and one whose every line reads `Label: {placeholder}` becomes a
 * small table. Values are inserted as text, so the layout escapes them in the HTML part.
 */
import { appUrl } from "~/env";
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX, type MailGroup } from "~/lib/schemas/mail-templates";
import { SITE } from "~/lib/site";
import { log } from "~/server/observability/log";
import {
  type CoachingChange,
  daysLeftText,
  type Fact,
  formatDay,
  formatMoment,
  formatMoney,
  LINK_LIFETIMES,
  layoutMail,
  type MailBlock,
  type MailData,
  type MailInline,
  type MailKind,
  type MailTemplateInput,
  plural,
  type RenderedMail,
  timeLeft,
} from "./layout";

/** A stored override: the subject and text of one kind, with placeholders. */
export interface MailOverrideText {
  subject: string;
  body: string;
}

interface PlaceholderSpec<K extends MailKind> {
  /** What the value is, for the editor. */
  about: string;
  value: (data: MailData<K>) => string;
}

interface MailTemplateSpec<K extends MailKind> {
  group: MailGroup;
  title: string;
  /** When the product sends it. */
  description: string;
  placeholders: Record<string, PlaceholderSpec<K>>;
  /** The placeholder holding the mail's one link (its button); the text must keep it. */
  link?: string;
  /** The label of the link's button. */
  action?: string;
  /** The placeholder holding a one-time code; the text must keep it. */
  code?: string;
  /** Other placeholders the text must keep, with the reason shown when one is missing. */
  mustKeep?: Record<string, string>;
  /** The template: the subject and text the product sends unless staff replaced them. */
  subject: string;
  body: string;
  /** Why the reader got the mail: completes "You received this email because …" (not editable). */
  reason: string;
  /** Data for previews and test mails. */
  sample: () => MailData<K>;
}

const BRAND = SITE.brand;
const SECURITY_REASON = `it is about the security of your ${BRAND} account`;
const BILLING_REASON = `it is about the plan and payments of your ${BRAND} account`;
const CONTACT_REASON = `you sent us a message through the ${BRAND} contact form`;
const COACHING_REASON = `you take part in a ${BRAND} coaching session`;

/** How many roadmap steps, e.g. "1 step", "3 steps". */
const stepCount = (steps: unknown[]) => plural(steps.length, "step");

/** The digest's steps, one line each: "15 July 2027: Apply through uni-assist". */
const roadmapDigestLines = (steps: MailData<"roadmap-digest">["steps"]) =>
  steps.map((step) => `${formatDay(step.targetDate)}: ${step.title}`);

/** How many community notifications, e.g. "1 new notification", "4 new notifications". */
const notificationCount = (data: MailData<"community-digest">) => plural(data.lines.length + data.more, "new notification");

/** The digest's lines, and how many more wait in the product. */
const communityDigestLines = (data: MailData<"community-digest">) => [
  ...data.lines.map((line) => `- ${line}`),
  ...(data.more ? [`… and ${data.more} more`] : []),
];

/** What the moderators decided, in a sentence. */
const moderationDecision = (data: MailData<"community-moderation">) =>
  data.action === "suspend" && data.until
    ? `A moderator suspended your posting in the ${BRAND} community until ${formatMoment(data.until, data.timeZone)}. You can still read the forum.`
    : `A moderator of the ${BRAND} community sent you a warning.`;

/** What changed, in a sentence. */
const coachingChangeText = (data: MailData<"coaching-changed">) =>
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
const coachingChangeWord = (data: MailData<"coaching-changed">) => COACHING_CHANGE_SUBJECTS[data.change];

/** "tomorrow" or "in 1 hour". */
const reminderLead = (data: MailData<"coaching-reminder">) =>
  data.hoursBefore >= 24 ? "tomorrow" : `in ${plural(data.hoursBefore, "hour")}`;

/** The meeting link, or what to expect when the coach has not added it yet. */
const meetingLinkText = (data: { meetingLink: string | null }) => data.meetingLink ?? "The coach adds it before the session.";

const name = { about: "The reader's first name", value: (data: { name: string }) => data.name.trim() };
const amount = {
  about: "The amount with its currency, e.g. €9.99",
  value: (data: { amountCents: number; currency: string }) => formatMoney(data.amountCents, data.currency),
};
const sampleUrl = (path: string) => `${appUrl()}${path}`;
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);

/** Every kind of mail, in the order the list shows them. */
const SPECS: { [K in MailKind]: MailTemplateSpec<K> } = {
  "verify-email": {
    group: "account",
    title: "Confirm email address",
    description: "Sent after signing up, and again when the user asks for a new link.",
    placeholders: {
      name,
      url: { about: "The confirmation link", value: (data) => data.url },
      expiresIn: {
        about: "How long the link works, e.g. 24 hours",
        value: (data) => plural(data.expiresInHours ?? LINK_LIFETIMES.verifyEmailHours, "hour"),
      },
    },
    link: "url",
    action: "Confirm email address",
    subject: `Confirm your email address for ${BRAND}`,
    body: `Hi {name},

Welcome to ${BRAND}! Please confirm that this is your email address.

{url}

The link works for {expiresIn}. If you did not create an account, you can ignore this email.`,
    reason: `this address was used to create a ${BRAND} account`,
    sample: () => ({
      name: "Anna",
      url: sampleUrl("/verify-email?token=sample"),
      expiresInHours: LINK_LIFETIMES.verifyEmailHours,
    }),
  },
  "password-reset": {
    group: "security",
    title: "Reset password",
    description: "Sent when someone asks to reset the password of an account (Forgot password?).",
    placeholders: {
      name,
      url: { about: "The link to choose a new password", value: (data) => data.url },
      expiresIn: {
        about: "How long the link works, e.g. 60 minutes",
        value: (data) => plural(data.expiresInMinutes ?? LINK_LIFETIMES.passwordResetMinutes, "minute"),
      },
    },
    link: "url",
    action: "Choose a new password",
    subject: `Reset your ${BRAND} password`,
    body: `Hi {name},

We received a request to reset the password of your account.

Choose a new password here:

{url}

The link works for {expiresIn}.

If you did not ask for this, ignore this email: your password stays the same.`,
    reason: `a password reset was requested for your ${BRAND} account`,
    sample: () => ({
      name: "Anna",
      url: sampleUrl("/reset-password?token=sample"),
      expiresInMinutes: LINK_LIFETIMES.passwordResetMinutes,
    }),
  },
  "password-changed": {
    group: "security",
    title: "Password changed",
    description: "Sent when the password of an account was changed, with a link to reset it if it was not the owner.",
    placeholders: {
      name,
      when: {
        about: "When it was changed (in the reader's time zone)",
        value: (data) => formatMoment(data.when, data.timeZone),
      },
      ip: {
        about: "The address the change came from (“not recorded” when unknown)",
        value: (data) => data.ip ?? "not recorded",
      },
      resetUrl: { about: "The link to reset the password", value: (data) => data.resetUrl },
    },
    link: "resetUrl",
    action: "Reset your password",
    subject: `Your ${BRAND} password was changed`,
    body: `Hi {name},

The password of your account was just changed.

When: {when}
IP address: {ip}

If this was you, there is nothing more to do. If it was not you, reset your password now:

{resetUrl}`,
    reason: SECURITY_REASON,
    sample: () => ({ name: "Anna", when: new Date(), ip: "203.0.113.7", resetUrl: sampleUrl("/?forgot=1") }),
  },
  "new-sign-in": {
    group: "security",
    title: "New sign-in",
    description: "Sent when an account signs in from a device it has not used before.",
    placeholders: {
      name,
      device: { about: "Browser and system, e.g. Firefox on Linux", value: (data) => data.device },
      ip: { about: "The address of the sign-in", value: (data) => data.ip },
      when: {
        about: "When it happened (in the reader's time zone)",
        value: (data) => formatMoment(data.when, data.timeZone),
      },
      securityUrl: { about: "The link to the Security tab (sessions)", value: (data) => data.securityUrl },
    },
    link: "securityUrl",
    action: "Review your sessions",
    subject: `New sign-in to your ${BRAND} account`,
    body: `Hi {name},

There was a new sign-in to your account:

Device: {device}
IP address: {ip}
When: {when}

If this was you, there is nothing more to do. If not, review your sessions and change your password:

{securityUrl}`,
    reason: SECURITY_REASON,
    sample: () => ({
      name: "Anna",
      device: "Firefox on Linux",
      ip: "203.0.113.7",
      when: new Date(),
      securityUrl: sampleUrl("/profile?tab=security"),
    }),
  },
  "secret-checks-locked": {
    group: "security",
    title: "Wrong secrets in a session",
    description: "Sent when the password or two-factor codes were entered wrongly too many times inside a signed-in session.",
    placeholders: {
      name,
      minutes: { about: "How long they are not accepted", value: (data) => String(data.minutes) },
      ip: { about: "The address of the last attempt", value: (data) => data.ip },
      when: {
        about: "When it happened (in the reader's time zone)",
        value: (data) => formatMoment(data.when, data.timeZone),
      },
      securityUrl: { about: "The link to the Security tab (sessions)", value: (data) => data.securityUrl },
    },
    link: "securityUrl",
    action: "Review your sessions",
    subject: `Wrong password or codes entered in your ${BRAND} account`,
    body: `Hi {name},

In a signed-in session, your password or two-factor codes were entered wrongly too many times. For {minutes} minutes, they are not accepted, and signing in waits too.

IP address: {ip}
When: {when}

If this was not you, someone may be using one of your sessions: end the sessions you do not know and change your password:

{securityUrl}`,
    reason: SECURITY_REASON,
    sample: () => ({ name: "Anna", minutes: 15, ip: "203.0.113.7", when: new Date(), securityUrl: sampleUrl("/profile?tab=security") }),
  },
  "account-deletion-code": {
    group: "security",
    title: "Account deletion code",
    description: "Sent when a user without a password deletes the account: the code confirms it.",
    placeholders: {
      name,
      code: { about: "The one-time code", value: (data) => data.code },
      expiresIn: {
        about: "How long the code works, e.g. 10 minutes",
        value: (data) => plural(data.expiresInMinutes ?? LINK_LIFETIMES.deletionCodeMinutes, "minute"),
      },
    },
    code: "code",
    subject: `Your ${BRAND} account deletion code`,
    body: `Hi {name},

Enter this code to confirm that you want to delete your account:

{code}

The code works for {expiresIn}. Deleting your account cannot be undone.

If you did not ask to delete your account, do not share this code with anyone, and change your password.`,
    reason: SECURITY_REASON,
    sample: () => ({ name: "Anna", code: "482913", expiresInMinutes: LINK_LIFETIMES.deletionCodeMinutes }),
  },
  "payment-receipt": {
    group: "billing",
    title: "Payment receipt",
    description: "Sent after each successful payment (first payment and renewals).",
    placeholders: {
      name,
      planName: { about: "The plan paid for", value: (data) => data.planName },
      amount,
      paidAt: {
        about: "When it was paid (in the reader's time zone)",
        value: (data) => formatMoment(data.paidAt, data.timeZone),
      },
      receiptUrl: { about: "The link to the receipt", value: (data) => data.receiptUrl },
    },
    link: "receiptUrl",
    action: "View receipt",
    subject: `Your ${BRAND} receipt: {amount} for {planName}`,
    body: `Hi {name},

Thank you for your payment. Here are the details:

Plan: {planName}
Amount: {amount}
Paid on: {paidAt}

{receiptUrl}`,
    reason: BILLING_REASON,
    sample: () => ({
      name: "Anna",
      planName: "Pro",
      amountCents: 999,
      currency: "EUR",
      paidAt: new Date(),
      receiptUrl: sampleUrl("/profile?tab=billing"),
    }),
  },
  "renewal-failed": {
    group: "billing",
    title: "Renewal failed",
    description: "Sent when charging the card for a plan's renewal did not go through.",
    placeholders: {
      name,
      planName: { about: "The plan that could not renew", value: (data) => data.planName },
      amount,
      billingUrl: { about: "The link to the billing tab", value: (data) => data.billingUrl },
    },
    link: "billingUrl",
    action: "Update payment method",
    subject: "We could not renew your {planName} plan",
    body: `Hi {name},

We tried to charge {amount} for your {planName} plan, but the payment did not go through.

Please check your card or add another one so that we can renew your plan.

{billingUrl}`,
    reason: BILLING_REASON,
    sample: () => ({
      name: "Anna",
      planName: "Pro",
      amountCents: 999,
      currency: "EUR",
      billingUrl: sampleUrl("/profile?tab=billing"),
    }),
  },
  "grace-period-started": {
    group: "billing",
    title: "Grace period started",
    description: "Sent when the last card of a paid account was removed: the plan ends unless a card is added.",
    placeholders: {
      name,
      endsAt: {
        about: "When the plan ends without a card (in the reader's time zone)",
        value: (data) => formatMoment(data.endsAt, data.timeZone),
      },
      billingUrl: { about: "The link to the billing tab", value: (data) => data.billingUrl },
    },
    link: "billingUrl",
    action: "Add a card",
    subject: "Add a card to keep your plan",
    body: `Hi {name},

The last card on your account was removed, so your paid plan cannot renew.

Add a card before {endsAt} to keep your plan. After that, your account moves to the Free plan.

{billingUrl}`,
    reason: BILLING_REASON,
    sample: () => ({ name: "Anna", endsAt: daysFromNow(7), billingUrl: sampleUrl("/profile?tab=billing") }),
  },
  "grace-period-ending": {
    group: "billing",
    title: "Grace period ending",
    description: "Sent shortly before the grace period ends while the account still has no card.",
    placeholders: {
      name,
      timeLeft: { about: "Time left, e.g. in 2 days", value: (data) => timeLeft(data.endsAt, data.now ?? new Date()) },
      endsAt: {
        about: "When the plan ends (in the reader's time zone)",
        value: (data) => formatMoment(data.endsAt, data.timeZone),
      },
      billingUrl: { about: "The link to the billing tab", value: (data) => data.billingUrl },
    },
    link: "billingUrl",
    action: "Add a card",
    subject: "Your plan ends {timeLeft}: add a card to keep it",
    body: `Hi {name},

Your account still has no card, and your paid plan ends {timeLeft}, on {endsAt}.

Add a card before then to keep your plan. Otherwise your account moves to the Free plan.

{billingUrl}`,
    reason: BILLING_REASON,
    sample: () => {
      const now = new Date();
      return {
        name: "Anna",
        endsAt: new Date(now.getTime() + 2 * 86_400_000),
        now,
        billingUrl: sampleUrl("/profile?tab=billing"),
      };
    },
  },
  "plan-downgraded": {
    group: "billing",
    title: "Plan changed to a lower one",
    description: "Sent when an account moves to a lower plan (a grace period ended, or the user chose it).",
    placeholders: {
      name,
      fromPlan: { about: "The plan before", value: (data) => data.fromPlan },
      toPlan: { about: "The plan now", value: (data) => data.toPlan },
      pricingUrl: { about: "The link to the pricing page", value: (data) => data.pricingUrl },
    },
    link: "pricingUrl",
    action: "See plans",
    subject: "Your plan changed from {fromPlan} to {toPlan}",
    body: `Hi {name},

Your account is now on the {toPlan} plan instead of {fromPlan}. The limits of the {toPlan} plan apply from now on.

You can choose another plan at any time:

{pricingUrl}`,
    reason: BILLING_REASON,
    sample: () => ({ name: "Anna", fromPlan: "Pro", toPlan: "Free", pricingUrl: sampleUrl("/pricing") }),
  },
  "payment-refunded": {
    group: "billing",
    title: "Payment refunded",
    description: "Sent when staff refund a payment.",
    placeholders: {
      name,
      amount,
      description: { about: "What the payment was for", value: (data) => data.description },
      billingUrl: { about: "The link to the billing tab", value: (data) => data.billingUrl },
    },
    link: "billingUrl",
    action: "See your payments",
    subject: `Your ${BRAND} payment was refunded`,
    body: `Hi {name},

We refunded {amount} for "{description}". Depending on your bank it reaches your card within 5 to 10 business days.

{billingUrl}`,
    reason: BILLING_REASON,
    sample: () => ({
      name: "Anna",
      description: "Pro plan",
      amountCents: 999,
      currency: "EUR",
      billingUrl: sampleUrl("/profile?tab=billing"),
    }),
  },
  "contact-acknowledgement": {
    group: "support",
    title: "Contact message received",
    description: "Sent to whoever writes through the contact form.",
    placeholders: {
      name,
      messageSubject: { about: "The subject of their message", value: (data) => data.subject },
      supportHours: {
        about: "The support hours (Site texts)",
        value: (data) => data.supportHours ?? SITE.supportHours,
      },
    },
    subject: "We received your message",
    body: `Hi {name},

Thank you for writing to us. We received your message "{messageSubject}" and will answer you by email.

Our support hours are {supportHours}. You do not need to send it again.`,
    reason: CONTACT_REASON,
    sample: () => ({ name: "Anna", subject: "Blocked account", supportHours: SITE.supportHours }),
  },
  "contact-reply": {
    group: "support",
    title: "Reply to a contact message",
    description: "Sent when staff answer a contact message from the support queue.",
    placeholders: {
      name,
      messageSubject: { about: "The subject of their message", value: (data) => data.subject },
      reply: { about: "The answer staff wrote (its paragraphs kept)", value: (data) => data.reply },
      staffName: { about: "The name of the staff member who answered", value: (data) => data.staffName },
    },
    mustKeep: { reply: "it is the answer itself" },
    subject: "Re: {messageSubject}",
    body: `Hi {name},

{reply}

{staffName}, ${BRAND} support`,
    reason: CONTACT_REASON,
    sample: () => ({
      name: "Anna",
      subject: "Blocked account",
      reply: "Your account is open again.\n\nYou can sign in as before.",
      staffName: "Sam",
    }),
  },
  "newsletter-confirm": {
    group: "newsletter",
    title: "Confirm newsletter subscription",
    description: "Sent when an address is entered in the newsletter form (double opt-in).",
    placeholders: { url: { about: "The confirmation link", value: (data) => data.url } },
    link: "url",
    action: "Confirm subscription",
    subject: `Confirm your ${BRAND} newsletter subscription`,
    body: `Hello,

Please confirm that you want to receive the ${BRAND} newsletter at this address.

{url}

If you did not ask for it, ignore this email: you will not be subscribed.`,
    reason: `this address was entered to subscribe to the ${BRAND} newsletter`,
    sample: () => ({ url: sampleUrl("/newsletter/confirm?token=sample") }),
  },
  "staff-invite": {
    group: "staff",
    title: "Staff invitation",
    description: "Sent when an admin invites someone to the team.",
    placeholders: {
      inviterName: { about: "The admin who invited them", value: (data) => data.inviterName },
      role: { about: "The role offered (admin, designer, backoffice)", value: (data) => data.role },
      url: { about: "The link to accept the invitation", value: (data) => data.url },
      expiresIn: {
        about: "How long the link works, e.g. 7 days",
        value: (data) => plural(data.expiresInDays ?? LINK_LIFETIMES.staffInviteDays, "day"),
      },
    },
    link: "url",
    action: "Accept the invitation",
    subject: `You are invited to the ${BRAND} team`,
    body: `Hello,

{inviterName} invites you to join the ${BRAND} team as {role}. Open the link to set your password and accept.

{url}

The link works for {expiresIn}. Before you can open the management area you will set up two-factor sign-in.

If you did not expect this invitation, ignore this email.`,
    reason: `a member of the ${BRAND} team invited this address`,
    sample: () => ({
      inviterName: "Maria",
      role: "designer",
      url: sampleUrl("/invite?token=sample"),
      expiresInDays: LINK_LIFETIMES.staffInviteDays,
    }),
  },
  "scholarship-deadline": {
    group: "tools",
    title: "Scholarship deadline reminder",
    description: "Sent 14 days before the next deadline of a scholarship the user bookmarked in the Scholarship Search, once per deadline.",
    placeholders: {
      name,
      scholarshipName: { about: "The scholarship's name", value: (data) => data.scholarshipName },
      provider: { about: "Who offers it", value: (data) => data.provider },
      deadline: { about: "The deadline, e.g. 15 July 2027", value: (data) => formatDay(data.deadline) },
      timeLeft: { about: "Time left, e.g. in 14 days", value: (data) => daysLeftText(data.daysLeft) },
      url: { about: "The scholarship's official page", value: (data) => data.url },
    },
    link: "url",
    action: "Open the official page",
    subject: "{scholarshipName}: the deadline is {timeLeft}",
    body: `Hi {name},

The deadline of a scholarship you bookmarked is {timeLeft}, on {deadline}.

Scholarship: {scholarshipName}
Provider: {provider}
Deadline: {deadline}

Check the call and the documents on the official page:

{url}

Deadlines can differ by country or university: the official page decides. To stop these reminders, remove the bookmark in the Scholarship Search.`,
    reason: `you bookmarked this scholarship in the ${BRAND} Scholarship Search`,
    sample: () => ({
      name: "Anna",
      scholarshipName: "Konrad-Adenauer-Stiftung - scholarships for international students",
      provider: "Konrad-Adenauer-Stiftung (KAS)",
      deadline: "2027-07-15",
      daysLeft: 14,
      url: "https://www.kas.de/de/web/begabtenfoerderung-und-kultur/auslaenderfoerderung",
    }),
  },
  "roadmap-digest": {
    group: "tools",
    title: "Weekly roadmap digest",
    description:
      "Sent once a week to users on a plan with roadmaps whose roadmap has steps due in the next 14 days (not done, not hidden), unless they turned the digest off in Settings.",
    placeholders: {
      name,
      count: { about: "How many steps are due, e.g. 3 steps", value: (data) => stepCount(data.steps) },
      steps: {
        about: "The steps due, one line each: date and title",
        value: (data) => roadmapDigestLines(data.steps).join("\n"),
      },
      url: { about: "The link to the roadmap", value: (data) => data.url },
    },
    link: "url",
    action: "Open your roadmap",
    subject: "Your study roadmap: {count} due in the next 14 days",
    body: `Hi {name},

These steps of your study roadmap are due in the next 14 days:

{steps}

Tick them off, add notes or see what comes next in your roadmap:

{url}

Dates and rules can change: each step links its official page. To stop this weekly mail, turn off the roadmap digest in the Settings tab of your profile.`,
    reason: `you have a study roadmap on ${BRAND} and its weekly digest is on`,
    sample: () => ({
      name: "Anna",
      steps: [
        { title: "Apply through uni-assist or directly to the university", targetDate: "2027-07-15" },
        { title: "Book your visa appointment", targetDate: "2027-07-20" },
      ],
      url: sampleUrl("/roadmap"),
    }),
  },
  "community-digest": {
    group: "community",
    title: "Daily community digest",
    description:
      "Sent once a day to members with community notifications they have not read or been mailed yet, unless they turned the digest off in Settings.",
    placeholders: {
      name,
      count: { about: "How many notifications, e.g. 4 new notifications", value: (data) => notificationCount(data) },
      lines: { about: "The notifications, one line each", value: (data) => communityDigestLines(data).join("\n\n") },
      url: { about: "The link to the notifications page", value: (data) => data.url },
    },
    link: "url",
    action: "Open your notifications",
    subject: `${BRAND} community: {count}`,
    body: `Hi {name},

Here is what happened in the community since you last looked:

{lines}

Read the replies and answer in the community:

{url}

To stop this daily mail, turn off the community digest in the Settings tab of your profile.`,
    reason: `you are a member of the ${BRAND} community and its daily digest is on`,
    sample: () => ({
      name: "Anna",
      lines: [
        "Priya Sharma replied in “Blocked account: which bank is fastest?”",
        "Your reply was marked as the answer to “Do I need APS for a master's?”",
      ],
      more: 0,
      url: sampleUrl("/community/notifications"),
    }),
  },
  "community-moderation": {
    group: "community",
    title: "Community warning or suspension",
    description: "Sent when a moderator warns a member or suspends their community posting from the review queue in /admin.",
    placeholders: {
      name,
      decision: {
        about: "What the moderator decided, with the end of a suspension",
        value: (data) => moderationDecision(data),
      },
      message: { about: "The moderator's message", value: (data) => data.message },
      url: { about: "The link to the community", value: (data) => data.url },
    },
    link: "url",
    action: "Open the community",
    mustKeep: { message: "The member must read why the moderator acted: keep {message}." },
    subject: `A message from the ${BRAND} community moderators`,
    body: `Hi {name},

{decision}

The moderator's message:

{message}

Please read the community's rules of conduct before you post again:

{url}

If you think this was a mistake, reply to this mail or write to us through the contact form.`,
    reason: `you are a member of the ${BRAND} community`,
    sample: () => ({
      name: "Anna",
      action: "warn",
      message: "Please do not post the same question in several categories.",
      until: null,
      url: sampleUrl("/community"),
    }),
  },
  "coaching-booked": {
    group: "support",
    title: "Coaching session booked",
    description: "Sent to the student and to the coach when a student books a coaching session, with the calendar invitation.",
    placeholders: {
      name,
      otherName: {
        about: "The other person of the session: the coach for the student, the student for the coach",
        value: (data) => data.otherName,
      },
      when: { about: "The start in the reader's time zone", value: (data) => data.when },
      topic: { about: "The topic the student chose", value: (data) => data.topic },
      url: { about: "The link to the session", value: (data) => data.url },
    },
    link: "url",
    action: "Open the session",
    subject: "Coaching session booked: {when}",
    body: `Hi {name},

Your coaching session with {otherName} is booked. The invitation in this mail adds it to your calendar.

When: {when}
With: {otherName}
Topic: {topic}

See the session and its documents here:

{url}

A session can be moved or cancelled up to 24 hours before it starts.`,
    reason: COACHING_REASON,
    sample: () => ({
      name: "Anna",
      otherName: "Jonas Weber",
      when: "Monday 29 March 2027, 13:30 (UTC+05:30)",
      topic: "My shortlist of master's programmes",
      url: sampleUrl("/services/consultation"),
    }),
  },
  "coaching-changed": {
    group: "support",
    title: "Coaching session moved or cancelled",
    description:
      "Sent to the student and to the coach when a session is moved, cancelled or gets its meeting link, with the updated invitation or the cancellation.",
    placeholders: {
      name,
      changed: { about: "What happened to the session, in a sentence", value: (data) => coachingChangeText(data) },
      change: { about: "moved, cancelled or updated", value: (data) => coachingChangeWord(data) },
      otherName: { about: "The other person of the session", value: (data) => data.otherName },
      when: { about: "The start in the reader's time zone", value: (data) => data.when },
      topic: { about: "The topic the student chose", value: (data) => data.topic },
      url: { about: "The link to the sessions", value: (data) => data.url },
    },
    link: "url",
    action: "Open your sessions",
    subject: "Coaching session {change}: {when}",
    body: `Hi {name},

{changed}

When: {when}
With: {otherName}
Topic: {topic}

See your sessions here:

{url}

A session can be moved or cancelled up to 24 hours before it starts.`,
    reason: COACHING_REASON,
    sample: () => ({
      name: "Anna",
      otherName: "Jonas Weber",
      change: "rescheduled",
      when: "Tuesday 30 March 2027, 14:15 (UTC+05:30)",
      topic: "My shortlist of master's programmes",
      url: sampleUrl("/services/consultation"),
    }),
  },
  "coaching-reminder": {
    group: "support",
    title: "Coaching session reminder",
    description: "Sent to the student and to the coach 24 hours and 1 hour before a session.",
    placeholders: {
      name,
      lead: { about: "When the session starts: tomorrow, or in 1 hour", value: (data) => reminderLead(data) },
      otherName: { about: "The other person of the session", value: (data) => data.otherName },
      when: { about: "The start in the reader's time zone", value: (data) => data.when },
      meetingLink: {
        about: "The meeting link, or a note that the coach adds it",
        value: (data) => meetingLinkText(data),
      },
      url: { about: "The link to the session", value: (data) => data.url },
    },
    link: "url",
    action: "Open the session",
    subject: "Reminder: your coaching session is {lead}",
    body: `Hi {name},

Your coaching session with {otherName} starts {lead}.

When: {when}
With: {otherName}
Meeting link: {meetingLink}

See the session here:

{url}`,
    reason: COACHING_REASON,
    sample: () => ({
      name: "Anna",
      otherName: "Jonas Weber",
      when: "Monday 29 March 2027, 13:30 (UTC+05:30)",
      hoursBefore: 24,
      meetingLink: "https://meet.example.org/abc",
      url: sampleUrl("/services/consultation"),
    }),
  },
  "coaching-summary": {
    group: "support",
    title: "Coaching summary",
    description: "Sent to the student when the coach writes the summary and next steps of a session.",
    placeholders: {
      name,
      coachName: { about: "The coach's name", value: (data) => data.coachName },
      summary: { about: "The coach's summary", value: (data) => data.summary },
      nextSteps: { about: "The next steps the coach wrote", value: (data) => data.nextSteps },
      url: { about: "The link to the sessions", value: (data) => data.url },
    },
    link: "url",
    action: "Open your sessions",
    mustKeep: {
      summary: "The student must read the coach's summary: keep {summary}.",
      nextSteps: "The student must read the next steps: keep {nextSteps}.",
    },
    subject: "Your coaching summary from {coachName}",
    body: `Hi {name},

{coachName} wrote the summary of your coaching session.

Summary:

{summary}

Next steps:

{nextSteps}

Read it any time with your sessions:

{url}`,
    reason: COACHING_REASON,
    sample: () => ({
      name: "Anna",
      coachName: "Jonas Weber",
      summary: "We went through your shortlist and your motivation letter.",
      nextSteps: "Apply to TU Munich by 31 May.\nBook the APS appointment.",
      url: sampleUrl("/services/consultation"),
    }),
  },
  "service-update": {
    group: "support",
    title: "News on a service request",
    description:
      "Sent when staff change the status of a service request (with their note), reply on its thread, or complete a document review.",
    placeholders: {
      name,
      serviceName: { about: "The service asked for, e.g. Document Review", value: (data) => data.serviceName },
      update: { about: "What happened, e.g. your request is now processing", value: (data) => data.update },
      note: { about: "The staff member's note, reply or verdict (may be empty)", value: (data) => data.note },
      url: { about: "The link to the request's page", value: (data) => data.url },
    },
    link: "url",
    action: "Open your request",
    subject: "{serviceName}: {update}",
    body: `Hi {name},

There is news on your {serviceName} request: {update}.

{note}

Read everything on your request's page:

{url}`,
    reason: `you asked the ${BRAND} team for a service`,
    sample: () => ({
      name: "Anna",
      serviceName: "Document Review",
      update: "your document review is complete",
      note: "Your CV reads well; the APS certificate is still missing.",
      url: sampleUrl("/services/requests/sample"),
    }),
  },
};

function specOf<K extends MailKind>(kind: K): MailTemplateSpec<K> {
  return SPECS[kind];
}

// ---------------------------------------------------------------------------------------------
// What the editor shows

export interface PlaceholderInfo {
  name: string;
  about: string;
  required: boolean;
  /** "link" becomes the button when alone in a paragraph, "code" the large code. */
  role: "link" | "code" | "text";
  sample: string;
}

export interface MailTemplateInfo {
  kind: MailKind;
  group: MailGroup;
  title: string;
  description: string;
  /** The template's own subject and text, with placeholders (what a reset goes back to). */
  builtIn: MailOverrideText;
  placeholders: PlaceholderInfo[];
}

/** The kinds in list order. */
export const TEMPLATE_KINDS = Object.keys(SPECS) as MailKind[];

/** Why each required placeholder must stay, by name. */
function requiredPlaceholders(kind: MailKind): Map<string, string> {
  const spec = specOf(kind);
  const required = new Map<string, string>();
  if (spec.link) required.set(spec.link, `it is the mail's link (the “${spec.action}” button)`);
  if (spec.code) required.set(spec.code, "it is the code the reader enters");
  for (const [placeholder, reason] of Object.entries(spec.mustKeep ?? {})) required.set(placeholder, reason);
  return required;
}

/** The kind's data for previews and test mails, with the support hours the site shows now. */
export function sampleInput<K extends MailKind>(
  kind: K,
  siteTexts: { supportHours?: string } = {},
): Extract<MailTemplateInput, { kind: K }> {
  const data = specOf(kind).sample() as MailData<K> & { supportHours?: string };
  if (kind === "contact-acknowledgement" && siteTexts.supportHours) data.supportHours = siteTexts.supportHours;
  return { kind, ...data } as Extract<MailTemplateInput, { kind: K }>;
}

export function templateInfo(kind: MailKind, siteTexts: { supportHours?: string } = {}): MailTemplateInfo {
  const spec = specOf(kind);
  const required = requiredPlaceholders(kind);
  const values = placeholderValues(sampleInput(kind, siteTexts));
  return {
    kind,
    group: spec.group,
    title: spec.title,
    description: spec.description,
    builtIn: { subject: spec.subject, body: spec.body },
    placeholders: Object.entries(spec.placeholders).map(([placeholder, { about }]) => ({
      name: placeholder,
      about,
      required: required.has(placeholder),
      role: placeholder === spec.link ? "link" : placeholder === spec.code ? "code" : "text",
      sample: values[placeholder] ?? "",
    })),
  };
}

/** Each placeholder's value for one mail, formatted for reading. */
export function placeholderValues(input: MailTemplateInput): Record<string, string> {
  const spec = specOf(input.kind) as MailTemplateSpec<MailKind>;
  const data = input as unknown as MailData<MailKind>;
  return Object.fromEntries(Object.entries(spec.placeholders).map(([placeholder, { value }]) => [placeholder, value(data as never)]));
}

// ---------------------------------------------------------------------------------------------
// Checking and rendering

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

const placeholdersIn = (text: string) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);

/**
 * What is wrong with a subject and text for `kind`, as sentences for staff (empty when nothing):
 * unknown placeholders, required ones missing from the text, lengths.
 */
export function checkMailOverride(kind: MailKind, { subject, body }: MailOverrideText): string[] {
  const spec = specOf(kind);
  const known = Object.keys(spec.placeholders);
  const offered = known.map((placeholder) => `{${placeholder}}`).join(", ");
  const problems: string[] = [];
  if (!subject.trim()) problems.push("Subject is required.");
  if (subject.length > MAIL_SUBJECT_MAX) problems.push(`Subject must be at most ${MAIL_SUBJECT_MAX} characters.`);
  if (/[\r\n]/.test(subject)) problems.push("Subject must be one line.");
  if (!body.trim()) problems.push("Text is required.");
  if (body.length > MAIL_BODY_MAX) problems.push(`Text must be at most ${MAIL_BODY_MAX.toLocaleString("en")} characters.`);
  for (const [where, text] of [
    ["subject", subject],
    ["text", body],
  ] as const) {
    for (const placeholder of new Set(placeholdersIn(text))) {
      if (!known.includes(placeholder)) problems.push(`Unknown placeholder {${placeholder}} in the ${where}. This mail offers ${offered}.`);
    }
  }
  const inBody = new Set(placeholdersIn(body));
  for (const [placeholder, reason] of requiredPlaceholders(kind)) {
    if (!inBody.has(placeholder)) problems.push(`The text must keep {${placeholder}}: ${reason}.`);
  }
  return problems;
}

/** Replaces placeholders in a line of text; a link placeholder becomes a link part. */
function fill(text: string, values: Record<string, string>, linkPlaceholder: string | undefined): MailInline[] {
  const parts: MailInline[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const placeholder = match[1]!;
    if (!(placeholder in values)) continue; // refused when saved; left as written
    let before = text.slice(last, match.index);
    const value = values[placeholder]!;
    const after = text.slice(match.index + match[0].length);
    // "Hi {name}," with an empty name reads "Hi," as the built-in greeting does.
    if (value === "" && /^[,.;:!?]/.test(after)) before = before.replace(/ +$/, "");
    if (before) parts.push(before);
    if (placeholder === linkPlaceholder && value) parts.push({ link: value });
    else if (value) parts.push(value);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** Splits filled parts into paragraphs where a value brought blank lines (a reply's paragraphs). */
function paragraphsOf(parts: MailInline[]): MailBlock[] {
  const paragraphs: MailInline[][] = [[]];
  for (const part of parts) {
    if (typeof part !== "string") {
      paragraphs.at(-1)!.push(part);
      continue;
    }
    part.split(/\n{2,}/).forEach((piece, index) => {
      if (index > 0) paragraphs.push([]);
      if (piece) paragraphs.at(-1)!.push(piece);
    });
  }
  return paragraphs
    .map(trimParts)
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => ({ type: "paragraph", parts: paragraph }));
}

function trimParts(parts: MailInline[]): MailInline[] {
  const trimmed = [...parts];
  if (typeof trimmed[0] === "string") trimmed[0] = trimmed[0].trimStart();
  const lastIndex = trimmed.length - 1;
  if (typeof trimmed[lastIndex] === "string") trimmed[lastIndex] = (trimmed[lastIndex] as string).trimEnd();
  return trimmed.filter((part) => part !== "");
}

/**
 * Renders a mail from its kind's template, or from the staff's version of it when there is one. Pure;
 * a staff version that does not pass `checkMailOverride` is not used.
 */
export function renderMail(input: MailTemplateInput, override: MailOverrideText | null = null): RenderedMail {
  const spec = specOf(input.kind);
  if (!override) return renderMailDraft(input, spec);
  const problems = checkMailOverride(input.kind, override);
  if (problems.length) {
    // Stored before a release renamed a placeholder, say: the template still carries the link.
    log.warn({ kind: input.kind, problems }, "a mail template override is not used");
    return renderMailDraft(input, spec);
  }
  return renderMailDraft(input, override);
}

const FACT_LINE = /^([^{}:\n]{1,40}): \{([A-Za-z][A-Za-z0-9]*)\}$/;

/** A paragraph whose every line reads `Label: {placeholder}`, as facts; lines with an empty value are left out. */
function factsOf(paragraph: string, values: Record<string, string>, spec: MailTemplateSpec<MailKind>): Fact[] | null {
  const facts: Fact[] = [];
  for (const line of paragraph.trim().split("\n")) {
    const match = line.trim().match(FACT_LINE);
    const placeholder = match?.[2];
    if (!match || !placeholder || !(placeholder in values) || placeholder === spec.link || placeholder === spec.code) return null;
    if (values[placeholder]) facts.push([match[1]!, values[placeholder]!]);
  }
  return facts;
}

/**
 * Renders a subject and text as far as they go, problems or not (an unknown placeholder stays as
 * written): the editor's preview. Mails are sent through `renderMail` only.
 */
export function renderMailDraft(input: MailTemplateInput, draft: MailOverrideText): RenderedMail {
  const spec = specOf(input.kind) as MailTemplateSpec<MailKind>;
  const values = placeholderValues(input);
  const blocks: MailBlock[] = [];
  for (const paragraph of draft.body.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const alone = paragraph.trim().match(/^\{([A-Za-z][A-Za-z0-9]*)\}$/)?.[1];
    const facts = factsOf(paragraph, values, spec);
    if (alone && alone === spec.link && spec.action) blocks.push({ type: "action", label: spec.action, url: values[alone]! });
    else if (alone && alone === spec.code) blocks.push({ type: "code", code: values[alone]! });
    else if (facts) {
      if (facts.length) blocks.push({ type: "facts", facts });
    } else blocks.push(...paragraphsOf(fill(paragraph, values, spec.link)));
  }
  const subjectOf = (text: string) =>
    fill(text, values, undefined)
      .map((part) => (typeof part === "string" ? part : part.link))
      .join("");
  return layoutMail({ subject: subjectOf(draft.subject) || subjectOf(spec.subject), blocks, reason: spec.reason });
}
