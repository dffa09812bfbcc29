import nodemailer from "nodemailer";
import { env } from "~/env";

export interface OutgoingMail {
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

/** No SMTP server configured: the mail stays readable in the outbox (/admin/outbox) and is printed with its links. */
const logTransport: MailTransport = {
  name: "log",
  async deliver(mail) {
    const rule = "-".repeat(72);
    console.log(`[mail] to ${mail.to}: ${mail.subject}\n${rule}\n${mail.text}\n${rule}`);
  },
};

let cached: { url: string; transport: MailTransport } | undefined;

export function mailTransport(): MailTransport {
  const url = env.SMTP_URL;
  if (!url) return logTransport;
  if (cached?.url !== url) cached = { url, transport: smtpTransport(url) };
  return cached.transport;
}
