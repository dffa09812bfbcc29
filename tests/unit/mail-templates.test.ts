import { describe, expect, it } from "vitest";
import { SITE } from "~/lib/site";
import { escapeHtml, formatMoment, formatMoney, formatUtc, type MailKind, type MailTemplateInput } from "~/server/mail/layout";
import { renderMail } from "~/server/mail/templates";

const when = new Date("2025-03-05T14:30:00Z");
const base = "https://swipeabroad.test";

/** One input per kind, with the links each one must carry. */
const SAMPLES: { [K in MailKind]: { input: Extract<MailTemplateInput, { kind: K }>; links: string[] } } = {
  "verify-email": {
    input: { kind: "verify-email", name: "Anna", url: `${base}/verify?token=a&b=1`, expiresInHours: 24 },
    links: [`${base}/verify?token=a&b=1`],
  },
  "password-reset": {
    input: { kind: "password-reset", name: "Anna", url: `${base}/reset?token=r`, expiresInMinutes: 60 },
    links: [`${base}/reset?token=r`],
  },
  "password-changed": {
    input: { kind: "password-changed", name: "Anna", when, ip: "203.0.113.7", resetUrl: `${base}/forgot-password` },
    links: [`${base}/forgot-password`],
  },
  "secret-checks-locked": {
    input: {
      kind: "secret-checks-locked",
      name: "Anna",
      minutes: 15,
      ip: "203.0.113.7",
      when,
      securityUrl: `${base}/profile?tab=security`,
    },
    links: [`${base}/profile?tab=security`],
  },
  "new-sign-in": {
    input: {
      kind: "new-sign-in",
      name: "Anna",
      device: "Firefox on Linux",
      ip: "203.0.113.7",
      when,
      securityUrl: `${base}/profile?tab=security`,
    },
    links: [`${base}/profile?tab=security`],
  },
  "payment-receipt": {
    input: {
      kind: "payment-receipt",
      name: "Anna",
      planName: "Pro",
      amountCents: 999,
      currency: "EUR",
      paidAt: when,
      receiptUrl: `${base}/receipts/in_1`,
    },
    links: [`${base}/receipts/in_1`],
  },
  "renewal-failed": {
    input: {
      kind: "renewal-failed",
      name: "Anna",
      planName: "Unlimited",
      amountCents: 2999,
      currency: "eur",
      billingUrl: `${base}/billing`,
    },
    links: [`${base}/billing`],
  },
  "grace-period-started": {
    input: { kind: "grace-period-started", name: "Anna", endsAt: when, billingUrl: `${base}/billing` },
    links: [`${base}/billing`],
  },
  "grace-period-ending": {
    input: {
      kind: "grace-period-ending",
      name: "Anna",
      endsAt: when,
      billingUrl: `${base}/billing`,
      now: new Date("2025-03-03T14:30:00Z"),
    },
    links: [`${base}/billing`],
  },
  "plan-downgraded": {
    input: { kind: "plan-downgraded", name: "Anna", fromPlan: "Pro", toPlan: "Free", pricingUrl: `${base}/pricing` },
    links: [`${base}/pricing`],
  },
  "contact-acknowledgement": {
    input: { kind: "contact-acknowledgement", name: "Anna", subject: "Visa question" },
    links: [],
  },
  "newsletter-confirm": {
    input: { kind: "newsletter-confirm", url: `${base}/newsletter/confirm?token=n` },
    links: [`${base}/newsletter/confirm?token=n`],
  },
  "account-deletion-code": {
    input: { kind: "account-deletion-code", name: "Anna", code: "482913", expiresInMinutes: 10 },
    links: [],
  },
  "staff-invite": {
    input: {
      kind: "staff-invite",
      inviterName: "Maria Admin",
      role: "designer",
      url: "https://swipeabroad.example/invite?token=abc",
      expiresInDays: 7,
    },
    links: ["https://swipeabroad.example/invite?token=abc"],
  },
  "contact-reply": {
    input: {
      kind: "contact-reply",
      name: "Anna",
      subject: "Blocked account",
      reply: "Hello <b>Anna</b>,\n\nYour account is open again.",
      staffName: "Sam",
    },
    links: [],
  },
  "payment-refunded": {
    input: {
      kind: "payment-refunded",
      name: "Anna",
      description: "Pro plan",
      amountCents: 1999,
      currency: "eur",
      billingUrl: "https://swipeabroad.example/profile?tab=billing",
    },
    links: ["https://swipeabroad.example/profile?tab=billing"],
  },
  "scholarship-deadline": {
    input: {
      kind: "scholarship-deadline",
      name: "Anna",
      scholarshipName: "Deutschlandstipendium",
      provider: "German universities",
      deadline: "2027-03-01",
      daysLeft: 14,
      url: "https://www.deutschlandstipendium.de/de/wie-funktioniert-es-1930.html",
    },
    links: ["https://www.deutschlandstipendium.de/de/wie-funktioniert-es-1930.html"],
  },
  "roadmap-digest": {
    input: {
      kind: "roadmap-digest",
      name: "Anna",
      steps: [{ title: "Book your visa appointment", targetDate: "2027-07-20" }],
      url: `${base}/roadmap`,
    },
    links: [`${base}/roadmap`],
  },
  "community-digest": {
    input: {
      kind: "community-digest",
      name: "Anna",
      lines: ["Priya replied in “Blocked account”"],
      more: 2,
      url: `${base}/community/notifications`,
    },
    links: [`${base}/community/notifications`],
  },
  "community-moderation": {
    input: {
      kind: "community-moderation",
      name: "Anna",
      action: "suspend",
      message: "Please stop posting <a href=x>links</a>.",
      until: new Date("2027-01-10T12:00:00Z"),
      url: `${base}/community`,
    },
    links: [`${base}/community`],
  },
  "coaching-booked": {
    input: {
      kind: "coaching-booked",
      name: "Anna",
      otherName: "Jonas Weber",
      when: "Monday 29 March 2027, 13:30 (UTC+05:30)",
      topic: "My shortlist",
      url: `${base}/services/consultation`,
    },
    links: [`${base}/services/consultation`],
  },
  "coaching-changed": {
    input: {
      kind: "coaching-changed",
      name: "Anna",
      otherName: "Jonas Weber",
      change: "cancelled",
      when: "Monday 29 March 2027, 13:30 (UTC+05:30)",
      topic: "My shortlist",
      url: `${base}/services/consultation`,
    },
    links: [`${base}/services/consultation`],
  },
  "coaching-reminder": {
    input: {
      kind: "coaching-reminder",
      name: "Anna",
      otherName: "Jonas Weber",
      when: "Monday 29 March 2027, 13:30 (UTC+05:30)",
      hoursBefore: 1,
      meetingLink: null,
      url: `${base}/services/consultation`,
    },
    links: [`${base}/services/consultation`],
  },
  "coaching-summary": {
    input: {
      kind: "coaching-summary",
      name: "Anna",
      coachName: "Jonas Weber",
      summary: "We checked your <b>shortlist</b>.",
      nextSteps: "Apply by 31 May.",
      url: `${base}/services/consultation`,
    },
    links: [`${base}/services/consultation`],
  },
  "service-update": {
    input: {
      kind: "service-update",
      name: "Anna",
      serviceName: "Document Review",
      update: "your document review is complete",
      note: "The <b>APS</b> certificate is missing.\n\nThe CV is fine.",
      url: `${base}/services/requests/abc`,
    },
    links: [`${base}/services/requests/abc`],
  },
};

describe("mail templates", () => {
  for (const { input, links } of Object.values(SAMPLES)) {
    it(`renders ${input.kind} with a subject, a text and an HTML part carrying the same links`, () => {
      const mail = renderMail(input);
      expect(mail.subject.trim().length).toBeGreaterThan(5);
      expect(mail.subject).not.toMatch(/\n/);
      expect(mail.html).toMatch(/^<!DOCTYPE html>/);
      expect(mail.html).toContain(SITE.brand);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(SITE.email);
        expect(part).toContain("You received this email because");
      }
      if ("name" in input) expect(mail.text).toContain(`Hi ${input.name},`);
      for (const link of links) {
        expect(mail.text).toContain(link);
        // Once on the button, once written out.
        expect(mail.html.split(`href="${escapeHtml(link)}"`)).toHaveLength(3);
        expect(mail.html).toContain(`>${escapeHtml(link)}</a>`);
      }
      if (links.length === 0) expect(mail.html).not.toMatch(/href="https?:/);
      // No stylesheet or classes: inline styles only.
      expect(mail.html).not.toMatch(/<style|<link|class=/);
    });
  }

  it("escapes every inserted value in the HTML part and leaves the text part as written", () => {
    const name = `<script>alert("x")</script> & 'co'`;
    const mail = renderMail({ kind: "contact-acknowledgement", name, subject: "<img src=x onerror=alert(1)>" });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;,");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail.text).toContain(`Hi ${name},`);

    const signIn = renderMail({ ...SAMPLES["new-sign-in"].input, device: `<b onclick="x">Evil</b>` });
    expect(signIn.html).toContain("&lt;b onclick=&quot;x&quot;&gt;Evil&lt;/b&gt;");
    expect(signIn.html).not.toContain("<b onclick");
  });

  it("escapes links in attributes and refuses links that are not absolute http(s) URLs", () => {
    const mail = renderMail({ kind: "verify-email", name: "Anna", url: `${base}/verify?a=1&b="2"` });
    expect(mail.html).toContain(`href="${base}/verify?a=1&amp;b=&quot;2&quot;"`);
    expect(() => renderMail({ kind: "verify-email", name: "Anna", url: "javascript:alert(1)" })).toThrow(/http/);
    expect(() => renderMail({ kind: "newsletter-confirm", url: "/newsletter/confirm" })).toThrow(/absolute/);
  });

  it("formats money in the currency's smallest unit", () => {
    expect(formatMoney(999, "EUR")).toBe("€9.99");
    expect(formatMoney(2999, "eur")).toBe("€29.99");
    expect(formatMoney(100000, "USD")).toBe("$1,000.00");
    expect(formatMoney(1200, "JPY")).toBe("¥1,200");
    const receipt = renderMail(SAMPLES["payment-receipt"].input);
    expect(receipt.subject).toBe("Your SwipeAbroad receipt: €9.99 for Pro");
    expect(receipt.text).toContain("Amount: €9.99");
    expect(receipt.html).toContain("€9.99");
    expect(renderMail(SAMPLES["renewal-failed"].input).text).toContain("€29.99");
  });

  it("writes moments in the reader's time zone when it is known, with the zone named", () => {
    expect(formatMoment(when, "Europe/Berlin")).toBe("5 March 2025 at 15:30 (Europe/Berlin)");
    expect(formatMoment(when, "Asia/Kolkata")).toBe("5 March 2025 at 20:00 (Asia/Kolkata)");
    expect(formatMoment(when, null)).toBe("5 March 2025 at 14:30 UTC");
    expect(formatMoment(when, "Not/AZone")).toBe("5 March 2025 at 14:30 UTC");
    for (const kind of ["password-changed", "new-sign-in", "payment-receipt", "grace-period-started", "grace-period-ending"] as const) {
      const mail = renderMail({ ...SAMPLES[kind].input, timeZone: "America/New_York" });
      expect(mail.text).toContain("5 March 2025 at 09:30 (America/New_York)");
      expect(mail.html).toContain("5 March 2025 at 09:30 (America/New_York)");
    }
  });

  it("writes dates in UTC, whatever the server's time zone", () => {
    expect(formatUtc(when)).toBe("5 March 2025 at 14:30 UTC");
    expect(formatUtc(new Date("2025-12-31T23:59:00Z"))).toBe("31 December 2025 at 23:59 UTC");
    for (const kind of ["password-changed", "new-sign-in", "payment-receipt", "grace-period-started", "grace-period-ending"] as const) {
      const mail = renderMail(SAMPLES[kind].input);
      expect(mail.text).toContain("5 March 2025 at 14:30 UTC");
      expect(mail.html).toContain("5 March 2025 at 14:30 UTC");
    }
  });

  it("says what each mail is for", () => {
    expect(renderMail(SAMPLES["verify-email"].input).text).toContain("24 hours");
    const reset = renderMail(SAMPLES["password-reset"].input).text;
    expect(reset).toContain("60 minutes");
    expect(reset).toContain("your password stays the same");
    expect(renderMail(SAMPLES["password-changed"].input).text).toContain("IP address: 203.0.113.7");
    expect(renderMail({ ...SAMPLES["password-changed"].input, ip: null }).text).toContain("IP address: not recorded");
    expect(renderMail(SAMPLES["new-sign-in"].input).text).toContain("Device: Firefox on Linux");
    expect(renderMail(SAMPLES["grace-period-ending"].input).subject).toContain("in 2 days");
    expect(renderMail(SAMPLES["plan-downgraded"].input).subject).toBe("Your plan changed from Pro to Free");
    expect(renderMail(SAMPLES["contact-acknowledgement"].input).text).toContain(`"Visa question"`);
    expect(renderMail(SAMPLES["newsletter-confirm"].input).text).toMatch(/^Hello,/);
    const code = renderMail(SAMPLES["account-deletion-code"].input);
    expect(code.text).toContain("482913");
    expect(code.html).toContain("482913");
    expect(code.text).toContain("10 minutes");
  });
});
