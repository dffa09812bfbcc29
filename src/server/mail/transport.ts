import nodemailer from "nodemailer";
import { env } from "~/env";
import { log } from "~/server/observability/log";

interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** An iCalendar invitation sent as the mail's calendar part (text/calendar; method=...). */
  icalEvent?: { method: string; content: string };
}

/** Where mail goes: an SMTP server, or (embedded default) the server log beside the outbox table. */
export interface MailTransport {
  name: "smtp" | "log";
  deliver(mail: OutgoingMail): Promise<void>;
}

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: "smtp",
    async deliver(mail) {
      await transporter.sendMail(mail);
    },
  };
}

/**
 * No SMTP server configured: the mail stays readable in the outbox (/admin/outbox) and its subject
 * and links are logged, so a local install can open a verification link. The address and the text
 * are not logged: a log line carries no personal data.
 */
const logTransport: MailTransport = {
  name: "log",
  async deliver(mail) {
    log.info({ subject: mail.subject, links: mail.text.match(/https?:\/\/\S+/g) ?? [] }, "mail kept in the outbox (no SMTP_URL set)");
  },
};

let cached: { url: string; transport: MailTransport } | undefined;

export function mailTransport(): MailTransport {
  const url = env.SMTP_URL;
  if (!url) return logTransport;
  if (cached?.url !== url) cached = { url, transport: smtpTransport(url) };
  return cached.transport;
}
