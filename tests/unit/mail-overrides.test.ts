import { describe, expect, it, vi } from "vitest";
import { MAIL_KINDS } from "~/lib/schemas/mail-templates";
import { escapeHtml, type MailTemplateInput } from "~/server/mail/layout";
import {
  checkMailOverride,
  placeholderValues,
  renderMail,
  renderMailDraft,
  sampleInput,
  TEMPLATE_KINDS,
  templateInfo,
} from "~/server/mail/templates";
import { log } from "~/server/observability/log";

const verify: MailTemplateInput = {
  kind: "verify-email",
  name: "Anna",
  url: "https://swipeabroad.test/verify-email?token=a&b=1",
  expiresInHours: 24,
};

describe("mail template placeholders", () => {
  it("offers every kind of mail", () => {
    expect([...TEMPLATE_KINDS].sort()).toEqual([...MAIL_KINDS].sort());
  });

  for (const kind of TEMPLATE_KINDS) {
    it(`sends the ${kind} mail from its one template, which staff start from and which passes their checks`, () => {
      const input = sampleInput(kind);
      const { builtIn } = templateInfo(kind);
      expect(checkMailOverride(kind, builtIn)).toEqual([]);
      expect(renderMail(input)).toEqual(renderMailDraft(input, builtIn));
      // Each line of the template's own words is in the mail (placeholders filled in).
      const values = placeholderValues(input);
      for (const line of builtIn.body.split("\n").filter((text) => text.trim() && !/^\{\w+\}$/.test(text.trim()))) {
        const filled = line.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "").replace(/ +([,.;:!?])/g, "$1");
        expect(renderMail(input).text).toContain(filled.trim());
      }
    });
  }

  it("shows lines of `Label: {placeholder}` as a small table, leaving out empty values", () => {
    const input = sampleInput("new-sign-in");
    const mail = renderMail(input, { subject: "Sign-in", body: "Hi {name},\n\nDevice: {device}\nFrom: {ip}\n\n{securityUrl}" });
    expect(mail.text).toContain("Device: Firefox on Linux\nFrom: 203.0.113.7");
    expect(mail.html).toMatch(/<td[^>]*>Device<\/td><td[^>]*>Firefox on Linux<\/td>/);
    const noIp = renderMail({ ...input, ip: "" }, { subject: "Sign-in", body: "Device: {device}\nFrom: {ip}\n\n{securityUrl}" });
    expect(noIp.text).not.toContain("From:");
    // A line that is not `Label: {placeholder}` keeps the paragraph as text.
    const prose = renderMail(input, { subject: "Sign-in", body: "Device: {device}\nSee below.\n\n{securityUrl}" });
    expect(prose.html).toContain("Device: Firefox on Linux<br>See below.");
  });

  it("formats values as the built-in mail does", () => {
    const values = placeholderValues({
      kind: "payment-receipt",
      name: " Anna ",
      planName: "Pro",
      amountCents: 999,
      currency: "eur",
      paidAt: new Date("2025-03-05T14:30:00Z"),
      receiptUrl: "https://x.test/r",
    });
    expect(values).toMatchObject({
      name: "Anna",
      amount: "€9.99",
      paidAt: "5 March 2025 at 14:30 UTC",
      receiptUrl: "https://x.test/r",
    });
    expect(placeholderValues(verify).expiresIn).toBe("24 hours");
    expect(placeholderValues({ kind: "password-changed", name: "A", when: new Date(), ip: null, resetUrl: "https://x.test" }).ip).toBe(
      "not recorded",
    );
    expect(placeholderValues({ kind: "contact-acknowledgement", name: "A", subject: "S", supportHours: "Always" }).supportHours).toBe(
      "Always",
    );
  });

  it("names unknown placeholders and the offered ones", () => {
    const problems = checkMailOverride("verify-email", { subject: "Hello {firstName}", body: "{url} {oops}" });
    expect(problems).toContain("Unknown placeholder {firstName} in the subject. This mail offers {name}, {url}, {expiresIn}.");
    expect(problems.some((problem) => problem.startsWith("Unknown placeholder {oops} in the text."))).toBe(true);
  });

  it("requires the link of a link mail, the code of a code mail and the reply of a reply", () => {
    expect(checkMailOverride("password-reset", { subject: "Reset {url}", body: "Hi {name}" })).toEqual([
      "The text must keep {url}: it is the mail's link (the “Choose a new password” button).",
    ]);
    expect(checkMailOverride("account-deletion-code", { subject: "Code", body: "Hi" })).toEqual([
      "The text must keep {code}: it is the code the reader enters.",
    ]);
    expect(checkMailOverride("contact-reply", { subject: "Re", body: "Hi" })).toEqual([
      "The text must keep {reply}: it is the answer itself.",
    ]);
    // A mail without link or code has nothing required.
    expect(checkMailOverride("contact-acknowledgement", { subject: "Thanks", body: "Got it." })).toEqual([]);
  });

  it("limits the subject to one line of 200 characters and the text to 10,000", () => {
    expect(checkMailOverride("newsletter-confirm", { subject: "x".repeat(201), body: "{url}" })).toEqual([
      "Subject must be at most 200 characters.",
    ]);
    expect(checkMailOverride("newsletter-confirm", { subject: "a\nb", body: "{url}" })).toEqual(["Subject must be one line."]);
    expect(checkMailOverride("newsletter-confirm", { subject: "a", body: `{url}${"x".repeat(10_000)}` })).toEqual([
      "Text must be at most 10,000 characters.",
    ]);
  });

  it("turns a paragraph holding only the link into the button, and an inline link into a link", () => {
    const mail = renderMail(verify, {
      subject: "Welcome {name}",
      body: "Hello {name}!\nSecond line.\n\n{url}\n\nOr open {url} yourself.",
    });
    const href = `href="${escapeHtml(verify.kind === "verify-email" ? verify.url : "")}"`;
    expect(mail.subject).toBe("Welcome Anna");
    // Button, the link written under it, and the inline one.
    expect(mail.html.split(href)).toHaveLength(4);
    expect(mail.html).toContain(">Confirm email address</a>");
    expect(mail.html).toContain("Hello Anna!<br>Second line.");
    expect(mail.text).toContain(
      "Hello Anna!\nSecond line.\n\nConfirm email address:\nhttps://swipeabroad.test/verify-email?token=a&b=1\n\nOr open https://swipeabroad.test/verify-email?token=a&b=1 yourself.",
    );
    // The layout stays: brand, sign-off, footer with the reason.
    expect(mail.text).toContain("The SwipeAbroad team");
    expect(mail.text).toContain("You received this email because this address was used to create a SwipeAbroad account.");
  });

  it("shows the code large when it stands alone", () => {
    const mail = renderMail(sampleInput("account-deletion-code"), {
      subject: "Your code",
      body: "Your code:\n\n{code}",
    });
    expect(mail.text).toContain("Your code:\n\n    482913\n\n");
    expect(mail.html).toMatch(/letter-spacing:6px[^>]*>482913<\/p>/);
  });

  it("escapes the values and the staff's own text in the HTML part", () => {
    const input: MailTemplateInput = {
      kind: "contact-acknowledgement",
      name: `<script>alert("x")</script>`,
      subject: "<img src=x onerror=alert(1)>",
    };
    const mail = renderMail(input, {
      subject: "Thanks {name}",
      body: "<b>Dear</b> {name}, about {messageSubject} & more",
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain(
      "&lt;b&gt;Dear&lt;/b&gt; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;, about &lt;img src=x onerror=alert(1)&gt; &amp; more",
    );
    expect(mail.html).toContain("<title>Thanks &lt;script&gt;");
  });

  it("keeps the paragraphs of a reply", () => {
    const mail = renderMail(sampleInput("contact-reply"), {
      subject: "Re: {messageSubject}",
      body: "Dear {name},\n\n{reply}\n\n{staffName}",
    });
    expect(mail.text).toMatch(/^Dear Anna,\n\nYour account is open again\.\n\nYou can sign in as before\.\n\nSam\n\n/);
    expect(mail.html).toContain(">Your account is open again.</p>");
  });

  it("drops the space before punctuation when a value is empty, as the built-in greeting does", () => {
    const mail = renderMail({ ...verify, name: "  " }, { subject: "Hi", body: "Hi {name},\n\n{url}" });
    expect(mail.text).toMatch(/^Hi,\n/);
  });

  it("sends the built-in mail when a stored override no longer passes the check", () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const mail = renderMail(verify, { subject: "Hi", body: "No link here" });
    expect(mail).toEqual(renderMail(verify));
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it("previews a draft with problems as written", () => {
    const mail = renderMailDraft(verify, { subject: "Hi {nme}", body: "No link, {nme}" });
    expect(mail.subject).toBe("Hi {nme}");
    expect(mail.text).toMatch(/^No link, \{nme\}\n/);
  });
});
