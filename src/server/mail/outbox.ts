import { env } from "~/env";
import { isIanaZone } from "~/lib/locale";
import type { Db, DbOrTx } from "~/server/db/client";
import { enqueueJob, type JobContext } from "~/server/jobs/runner";
import { metrics } from "~/server/observability/metrics";
import type { MailKind, MailTemplateInput, RenderedMail } from "./layout";
import { renderMail } from "./templates";
import { mailTransport } from "./transport";

export const MAIL_JOB = "mail.send";

/**
 * Puts a mail in the outbox and a job to send it, in the caller's transaction when it has one: the
 * request never waits for a mail server, and a mail exists only if what caused it was saved.
 * The mail is rendered now, with the text staff set for its kind in /admin/templates when there is
 * one, and the site texts of this moment (support hours).
 */
export async function queueMail(
  db: DbOrTx,
  to: string,
  template: MailTemplateInput,
  userId: string | null = null,
  calendarEvent: MailCalendarEvent | null = null,
) {
  const timeZone = template.timeZone ?? (await readerTimeZone(db, to, userId));
  return queueRenderedMail(db, to, template.kind, await renderForSending(db, { ...template, timeZone }), userId, calendarEvent);
}

/** The time zone the reader chose in Settings (by account, else by address); null for people without a profile. */
async function readerTimeZone(db: DbOrTx, to: string, userId: string | null): Promise<string | null> {
  const user = await db.user.findUnique({
    where: userId ? { id: userId } : { email: to },
    select: { student: { select: { timeZone: true } } },
  });
  const zone = user?.student?.timeZone;
  return zone && isIanaZone(zone) ? zone : null;
}

/** An iCalendar invitation a mail carries: its METHOD (REQUEST, CANCEL) and the ICS text. */
export interface MailCalendarEvent {
  method: string;
  content: string;
}

/** Renders a mail as it is sent today: with the kind's override, if staff wrote one. */
export async function renderForSending(db: DbOrTx, template: MailTemplateInput): Promise<RenderedMail> {
  const override = await db.mailTemplateOverride.findUnique({
    where: { kind: template.kind },
    select: { subject: true, body: true },
  });
  return renderMail(template, override);
}

/** Queues a mail already rendered (a test mail from /admin/templates). */
export async function queueRenderedMail(
  db: DbOrTx,
  to: string,
  kind: MailKind,
  { subject, text, html }: RenderedMail,
  userId: string | null = null,
  calendarEvent: MailCalendarEvent | null = null,
) {
  // The ICS text names its METHOD, so the stored text alone is enough to send it again.
  const mail = await db.mailMessage.create({
    data: { to, userId, kind, subject, text, html, calendarEvent: calendarEvent?.content ?? null },
  });
  await enqueueJob(db, MAIL_JOB, { mailId: mail.id }, { maxAttempts: 6 });
  return mail;
}

/** The job: delivers one outbox mail; a mail already sent (a job run twice) is not sent again. */
export async function deliverMail(db: Db, payload: unknown, job: JobContext) {
  const { mailId } = payload as { mailId: string };
  const mail = await db.mailMessage.findUnique({ where: { id: mailId } });
  if (!mail || mail.status === "sent") return;
  const transport = mailTransport();
  try {
    const icalEvent = mail.calendarEvent ? { method: calendarMethod(mail.calendarEvent), content: mail.calendarEvent } : undefined;
    await transport.deliver({
      from: env.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(icalEvent ? { icalEvent } : {}),
    });
  } catch (error) {
    metrics().mailDeliveries.inc({ transport: transport.name, outcome: "failed" });
    const lastTry = job.attempt >= job.maxAttempts;
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
    await db.mailMessage.update({
      where: { id: mail.id },
      data: { error: message, ...(lastTry ? { status: "failed" } : {}) },
    });
    throw error;
  }
  metrics().mailDeliveries.inc({ transport: transport.name, outcome: "sent" });
  await db.mailMessage.update({
    where: { id: mail.id },
    data: { status: "sent", sentAt: new Date(), transport: transport.name, error: null },
  });
}

/** The METHOD line of an iCalendar text (REQUEST when it has none, as an invitation is by default). */
export function calendarMethod(ics: string): string {
  return /^METHOD:([A-Z-]+)\r?$/m.exec(ics)?.[1] ?? "REQUEST";
}
