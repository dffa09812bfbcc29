/**
 * A local SMTP server for tests: it listens on 127.0.0.1 on a free port, without TLS, accepts any
 * sender, recipient and (optional) login, parses every message with mailparser and keeps it, so a
 * test can send through a real SMTP client and read back what arrived. Test-only.
 */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SmtpFake {
  /** smtp://127.0.0.1:PORT, for nodemailer's createTransport(url) or a mailer's SMTP setting. */
  url: string;
  /** Every message received so far, in order of arrival. */
  messages: ParsedMail[];
  /** The first message (already received or still to come) that matches; rejects after timeoutMs. */
  waitForMessage(predicate: (message: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  stop(): Promise<void>;
}

interface Waiter {
  predicate: (message: ParsedMail) => boolean;
  resolve: (message: ParsedMail) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export async function startSmtpFake(): Promise<SmtpFake> {
  const messages: ParsedMail[] = [];
  let waiters: Waiter[] = [];

  const server = new SMTPServer({
    authOptional: true,
    // Clients may log in with any name and password over plain text; none is asked to.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? "test" }),
    // No STARTTLS on offer, so clients stay on plain text instead of upgrading to an untrusted certificate.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((message) => {
          messages.push(message);
          waiters = waiters.filter((waiter) => {
            if (!waiter.predicate(message)) return true;
            clearTimeout(waiter.timer);
            waiter.resolve(message);
            return false;
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage(predicate, timeoutMs = 5_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<ParsedMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter.timer !== timer);
          const subjects = messages.map((message) => JSON.stringify(message.subject ?? "")).join(", ") || "none";
          reject(new Error(`No matching mail within ${timeoutMs} ms (received: ${subjects})`));
        }, timeoutMs);
        waiters.push({ predicate, resolve, reject, timer });
      });
    },
    async stop() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error("The SMTP fake was stopped"));
      }
      waiters = [];
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
