import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deliverMail, queueMail } from "~/server/mail/outbox";
import { sessionInvitation } from "~/server/services/coaching/invitation";
import { type SmtpFake, startSmtpFake } from "../../fakes/smtp-server";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
let smtp: SmtpFake;
beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpFake();
});
afterAll(async () => {
  await smtp?.stop();
  await t?.stop();
});
afterEach(() => {
  delete process.env.SMTP_URL;
});

describe("a mail with a calendar invitation", () => {
  it("is stored with its ICS text and sent with a text/calendar part of the invitation's method", async () => {
    const booking = {
      id: "booking-1",
      startsAt: new Date("2027-03-29T08:00:00Z"),
      endsAt: new Date("2027-03-29T08:45:00Z"),
      topic: "Shortlist",
      sequence: 2,
      meetingLink: null,
      coach: { name: "Jonas Weber", email: "jonas@example.test" },
      student: { name: "Priya Sharma", email: "priya@example.test" },
    };
    for (const method of ["REQUEST", "CANCEL"] as const) {
      const event = sessionInvitation(booking, method);
      const mail = await queueMail(
        t.db,
        "priya@example.test",
        {
          kind: "coaching-changed",
          name: "Priya",
          otherName: "Jonas Weber",
          change: method === "CANCEL" ? "cancelled" : "rescheduled",
          when: "Monday 29 March 2027, 13:30 (UTC+05:30)",
          topic: "Shortlist",
          url: "https://swipeabroad.test/services/consultation",
        },
        null,
        event,
      );
      expect(mail.calendarEvent).toBe(event.content);
      process.env.SMTP_URL = smtp.url;
      await deliverMail(t.db, { mailId: mail.id }, { id: "job", attempt: 1, maxAttempts: 6 });
      const received = await smtp.waitForMessage((message) => message.subject === mail.subject);
      const calendar = received.attachments.find((part) => part.contentType === "text/calendar");
      expect(calendar, "a text/calendar part").toBeDefined();
      const text = calendar!.content.toString("utf8");
      expect(text).toContain(`METHOD:${method}`);
      expect(text).toContain("DTSTART:20270329T080000Z");
      expect(text).toContain("SEQUENCE:2");
      expect((calendar!.headers.get("content-type") as { params?: Record<string, string> }).params?.method).toBe(method);
    }
  });
});
