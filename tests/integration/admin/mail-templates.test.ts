import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAIL_KINDS } from "~/lib/schemas/mail-templates";
import { escapeHtml } from "~/server/mail/layout";
import { renderMail } from "~/server/mail/templates";
import { createStaff } from "../../helpers/admin";
import { createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";
import { errorOf } from "./fixtures";

/**
 * /admin/templates: a saved override changes the next mail of its kind (inside the branded layout,
 * values escaped), required placeholders are enforced, reset brings the built-in mail back, test
 * mails go to the staff member's own address, and every change is audited.
 */
let t: TestDatabase;
let designer: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestDatabase();
  designer = await createStaff(t.db, "designer");
});
afterAll(() => t.stop());
beforeEach(async () => {
  await t.db.mailTemplateOverride.deleteMany();
});

const latestMail = (to: string, kind: string) => t.db.mailMessage.findFirstOrThrow({ where: { to, kind }, orderBy: { createdAt: "desc" } });
const auditRows = (action: string) => t.db.auditLog.findMany({ where: { action }, orderBy: { createdAt: "asc" } });

const VERIFY_OVERRIDE = {
  kind: "verify-email" as const,
  subject: "Welcome aboard, {name}",
  body: "Hello {name} <b>friend</b>,\n\nOne click and you are in:\n\n{url}\n\nThe link works for {expiresIn}.",
};

describe("saving an override", () => {
  it("changes the next queued mail of that kind, inside the branded layout, with values escaped", async () => {
    await designer.caller.admin.templates.save(VERIFY_OVERRIDE);
    const user = await createUser(t.db, { firstName: `<script>x</script>` });
    const mail = await latestMail(user.email, "verify-email");
    expect(mail.subject).toBe("Welcome aboard, <script>x</script>");
    expect(mail.text).toMatch(
      /^Hello <script>x<\/script> <b>friend<\/b>,\n\nOne click and you are in:\n\nConfirm email address:\nhttps?:\/\/\S+\/verify-email\?token=/,
    );
    expect(mail.text).toContain("The link works for 24 hours.");
    expect(mail.text).toContain("You received this email because this address was used to create a SwipeAbroad account.");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>friend");
    expect(mail.html).toContain("Hello &lt;script&gt;x&lt;/script&gt; &lt;b&gt;friend&lt;/b&gt;,");
    expect(mail.html).toContain("<title>Welcome aboard, &lt;script&gt;x&lt;/script&gt;</title>");
    // The button and the written-out link carry the real token.
    const link = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(mail.text)![0];
    expect(mail.html.split(`href="${escapeHtml(link)}"`)).toHaveLength(3);
  });

  it("is audited with the text before and after", async () => {
    await designer.caller.admin.templates.save(VERIFY_OVERRIDE);
    await designer.caller.admin.templates.save({ ...VERIFY_OVERRIDE, subject: "Second version {name}" });
    const rows = (await auditRows("mail_template.saved")).slice(-2);
    expect(rows[0]).toMatchObject({
      actorId: designer.claims.id,
      targetType: "mail_template",
      targetId: "verify-email",
      before: null,
      after: { subject: VERIFY_OVERRIDE.subject, body: VERIFY_OVERRIDE.body },
    });
    expect(rows[1]).toMatchObject({
      before: { subject: VERIFY_OVERRIDE.subject },
      after: { subject: "Second version {name}" },
    });
  });

  it("refuses a text without the mail's link or code, naming the placeholder", async () => {
    const noLink = await errorOf(
      designer.caller.admin.templates.save({
        kind: "password-reset",
        subject: "Reset",
        body: "Hi {name}, reset your password.",
      }),
    );
    expect(noLink.code).toBe("BAD_REQUEST");
    expect(noLink.message).toBe("The text must keep {url}: it is the mail's link (the “Choose a new password” button).");
    const noCode = await errorOf(
      designer.caller.admin.templates.save({ kind: "account-deletion-code", subject: "Code", body: "Hi {name}" }),
    );
    expect(noCode.message).toContain("{code}");
    expect(await t.db.mailTemplateOverride.count()).toBe(0);
  });

  it("refuses unknown placeholders, naming them", async () => {
    const error = await errorOf(
      designer.caller.admin.templates.save({ ...VERIFY_OVERRIDE, body: `${VERIFY_OVERRIDE.body}\n\n{firstName}` }),
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain("Unknown placeholder {firstName} in the text.");
  });

  it("refuses a subject over 200 characters or a text over 10,000", async () => {
    expect((await errorOf(designer.caller.admin.templates.save({ ...VERIFY_OVERRIDE, subject: "x".repeat(201) }))).message).toContain(
      "at most 200 characters",
    );
    expect(
      (await errorOf(designer.caller.admin.templates.save({ ...VERIFY_OVERRIDE, body: `{url}\n\n${"x".repeat(10_001)}` }))).message,
    ).toContain("at most 10,000 characters");
  });
});

describe("reset", () => {
  it("brings the built-in mail back and is audited", async () => {
    await designer.caller.admin.templates.save(VERIFY_OVERRIDE);
    expect(await designer.caller.admin.templates.reset({ kind: "verify-email" })).toEqual({
      kind: "verify-email",
      reset: true,
    });
    const user = await createUser(t.db, { firstName: "Lea" });
    const mail = await latestMail(user.email, "verify-email");
    const url = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(mail.text)![0];
    const builtIn = renderMail({ kind: "verify-email", name: "Lea", url, expiresInHours: 24 });
    expect({ subject: mail.subject, text: mail.text, html: mail.html }).toEqual(builtIn);
    const [row] = (await auditRows("mail_template.reset")).slice(-1);
    expect(row).toMatchObject({
      actorId: designer.claims.id,
      targetId: "verify-email",
      before: { subject: VERIFY_OVERRIDE.subject, body: VERIFY_OVERRIDE.body },
    });
  });

  it("changes nothing for a mail that has no override", async () => {
    const before = (await auditRows("mail_template.reset")).length;
    expect(await designer.caller.admin.templates.reset({ kind: "payment-receipt" })).toEqual({
      kind: "payment-receipt",
      reset: false,
    });
    expect(await auditRows("mail_template.reset")).toHaveLength(before);
  });
});

describe("test mails", () => {
  it("go to the staff member's own address through the outbox, with the saved text", async () => {
    await designer.caller.admin.templates.save(VERIFY_OVERRIDE);
    const result = await designer.caller.admin.templates.sendTest({ kind: "verify-email" });
    expect(result.to).toBe(designer.email);
    const mail = await t.db.mailMessage.findUniqueOrThrow({ where: { id: result.mailId } });
    expect(mail).toMatchObject({
      to: designer.email,
      userId: designer.claims.id,
      kind: "verify-email",
      status: "queued",
      subject: "[Test] Welcome aboard, Anna",
    });
    expect(await t.db.job.count({ where: { kind: "mail.send", payload: { path: ["mailId"], equals: mail.id } } })).toBe(1);
    const [row] = (await auditRows("mail_template.test_sent")).slice(-1);
    expect(row).toMatchObject({
      actorId: designer.claims.id,
      targetId: "verify-email",
      after: { to: designer.email, subject: "[Test] Welcome aboard, Anna", draft: false },
    });
  });

  it("send the editor's draft when given, checked like a save", async () => {
    const result = await designer.caller.admin.templates.sendTest({
      kind: "newsletter-confirm",
      subject: "Draft subject",
      body: "Draft text.\n\n{url}",
    });
    const mail = await t.db.mailMessage.findUniqueOrThrow({ where: { id: result.mailId } });
    expect(mail.subject).toBe("[Test] Draft subject");
    expect(mail.text).toMatch(/^Draft text\.\n\nConfirm subscription:\n/);
    expect(await t.db.mailTemplateOverride.count()).toBe(0);
    const error = await errorOf(
      designer.caller.admin.templates.sendTest({ kind: "newsletter-confirm", subject: "Draft", body: "No link" }),
    );
    expect(error.message).toContain("{url}");
  });
});

describe("reading", () => {
  it("lists every kind with whether and by whom it was changed", async () => {
    await designer.caller.admin.templates.save(VERIFY_OVERRIDE);
    const all = await designer.caller.admin.templates.list({ pageSize: 100 });
    expect(all.total).toBe(MAIL_KINDS.length);
    const verify = all.rows.find((row) => row.kind === "verify-email")!;
    expect(verify).toMatchObject({ customized: true, group: "account", updatedBy: { email: designer.email } });
    expect(verify.updatedAt).toBeInstanceOf(Date);
    expect(all.rows.find((row) => row.kind === "payment-receipt")).toMatchObject({
      customized: false,
      updatedAt: null,
      updatedBy: null,
    });

    const customized = await designer.caller.admin.templates.list({ customized: "yes" });
    expect(customized.rows.map((row) => row.kind)).toEqual(["verify-email"]);
    const billing = await designer.caller.admin.templates.list({ group: "billing", sort: "kind", dir: "asc" });
    expect(billing.rows.map((row) => row.kind)).toEqual([
      "grace-period-ending",
      "grace-period-started",
      "payment-receipt",
      "payment-refunded",
      "plan-downgraded",
      "renewal-failed",
    ]);
    const searched = await designer.caller.admin.templates.list({ q: "refund" });
    expect(searched.rows.map((row) => row.kind)).toEqual(["payment-refunded"]);
    const lastPage = Math.ceil(MAIL_KINDS.length / 10);
    const paged = await designer.caller.admin.templates.list({ pageSize: 10, page: lastPage });
    expect(paged.rows).toHaveLength(MAIL_KINDS.length - 10 * (lastPage - 1));
  });

  it("gets the text a kind uses now, the built-in text and its placeholders with sample values", async () => {
    const builtIn = await designer.caller.admin.templates.get({ kind: "payment-receipt" });
    expect(builtIn.customized).toBe(false);
    expect(builtIn.subject).toBe("Your SwipeAbroad receipt: {amount} for {planName}");
    expect(builtIn.body).toBe(builtIn.builtIn.body);
    expect(builtIn.placeholders.find((placeholder) => placeholder.name === "amount")).toMatchObject({
      sample: "€9.99",
      required: false,
      role: "text",
    });
    expect(builtIn.placeholders.find((placeholder) => placeholder.name === "receiptUrl")).toMatchObject({
      required: true,
      role: "link",
    });

    await designer.caller.admin.templates.save(VERIFY_OVERRIDE);
    const changed = await designer.caller.admin.templates.get({ kind: "verify-email" });
    expect(changed).toMatchObject({
      customized: true,
      subject: VERIFY_OVERRIDE.subject,
      body: VERIFY_OVERRIDE.body,
      updatedBy: { email: designer.email },
    });
    expect(changed.builtIn.subject).toBe("Confirm your email address for SwipeAbroad");
  });

  it("previews a draft with sample data, and lists its problems", async () => {
    const preview = await designer.caller.admin.templates.preview(VERIFY_OVERRIDE);
    expect(preview.problems).toEqual([]);
    expect(preview.subject).toBe("Welcome aboard, Anna");
    expect(preview.html).toContain("Hello Anna &lt;b&gt;friend&lt;/b&gt;,");
    expect(preview.html).toContain(">Confirm email address</a>");
    const broken = await designer.caller.admin.templates.preview({ ...VERIFY_OVERRIDE, body: "No link, {nme}" });
    expect(broken.problems).toEqual([
      "Unknown placeholder {nme} in the text. This mail offers {name}, {url}, {expiresIn}.",
      "The text must keep {url}: it is the mail's link (the “Confirm email address” button).",
    ]);
    expect(broken.text).toMatch(/^No link, \{nme\}/);
    // A preview changes nothing.
    expect(await t.db.mailTemplateOverride.count()).toBe(0);
  });
});
