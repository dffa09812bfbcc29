import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE } from "~/lib/site";
import { createStaff } from "../../helpers/admin";
import { callerFor } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";
import { errorOf } from "./fixtures";

/**
 * /admin/site-texts: the announcement banner and the support hours, validated, audited, and shown
 * by the public read (`site.texts`) and in mails at once.
 */
let t: TestDatabase;
let designer: Awaited<ReturnType<typeof createStaff>>;
let backoffice: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestDatabase();
  designer = await createStaff(t.db, "designer");
  backoffice = await createStaff(t.db, "backoffice");
});
afterAll(() => t.stop());

const OFF = { enabled: false, text: "", linkUrl: "", linkLabel: "", tone: "info" as const };
const ON = {
  enabled: true,
  text: "Applications for the winter semester are open",
  linkUrl: "/students",
  linkLabel: "Read the guide",
  tone: "warning" as const,
};
const anonymous = () => callerFor(t.db, null);

describe("site texts", () => {
  it("start with the banner off and the support hours of the site", async () => {
    expect(await designer.caller.admin.siteTexts.get()).toEqual({ banner: OFF, supportHours: SITE.supportHours });
    expect(await anonymous().site.texts()).toEqual({ banner: null, supportHours: SITE.supportHours });
  });

  it("show the banner on the site as soon as it is turned on, and hide it when turned off", async () => {
    await designer.caller.admin.siteTexts.update({ banner: ON, supportHours: SITE.supportHours });
    expect(await anonymous().site.texts()).toEqual({
      banner: { text: ON.text, linkUrl: "/students", linkLabel: "Read the guide", tone: "warning" },
      supportHours: SITE.supportHours,
    });
    // The text is kept while the banner is off, for next time.
    await backoffice.caller.admin.siteTexts.update({
      banner: { ...ON, enabled: false },
      supportHours: SITE.supportHours,
    });
    expect((await anonymous().site.texts()).banner).toBeNull();
    expect((await designer.caller.admin.siteTexts.get()).banner.text).toBe(ON.text);
  });

  it("audit each change with the values before and after", async () => {
    await designer.caller.admin.siteTexts.update({ banner: OFF, supportHours: "Weekdays 8:00-18:00 CET" });
    await designer.caller.admin.siteTexts.update({ banner: ON, supportHours: "Weekdays 8:00-18:00 CET" });
    const [first, second] = (
      await t.db.auditLog.findMany({
        where: { action: "settings.changed", targetId: "site-texts" },
        orderBy: { createdAt: "desc" },
        take: 2,
      })
    ).reverse();
    expect(first).toMatchObject({
      actorId: designer.claims.id,
      targetType: "setting",
      after: { supportHours: "Weekdays 8:00-18:00 CET", banner: OFF },
    });
    expect(second).toMatchObject({ before: { banner: OFF }, after: { banner: ON } });
  });

  it("refuse a banner without text, too long, with a script link or a label without link", async () => {
    const refused = async (banner: object, message: string) => {
      const error = await errorOf(
        designer.caller.admin.siteTexts.update({ banner: { ...ON, ...banner }, supportHours: "Weekdays" } as never),
      );
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toContain(message);
    };
    await refused({ text: "" }, "Write the banner's text before turning it on");
    await refused({ text: "x".repeat(201) }, "at most 200 characters");
    await refused(
      { linkUrl: "javascript:alert(1)" },
      "The link must start with https:// or http://, or be a page of this site starting with /",
    );
    await refused({ linkUrl: "//evil.example/" }, "The link must start with");
    await refused({ linkUrl: "", linkLabel: "More" }, "Add the link the label leads to");
    await refused({ tone: "danger" }, "The tone is info or warning");
    const noHours = await errorOf(designer.caller.admin.siteTexts.update({ banner: OFF, supportHours: " " }));
    expect(noHours.message).toContain("Support hours are required");
    // An absolute address works as well as a page of the site.
    await designer.caller.admin.siteTexts.update({
      banner: { ...ON, linkUrl: "https://www.daad.de/en/" },
      supportHours: "Weekdays",
    });
    expect((await anonymous().site.texts()).banner?.linkUrl).toBe("https://www.daad.de/en/");
  });

  it("put the support hours in the next contact acknowledgement mail", async () => {
    await designer.caller.admin.siteTexts.update({ banner: OFF, supportHours: "Monday to Thursday, 10:00-14:00 CET" });
    await anonymous().site.sendContactMessage({
      name: "Noor",
      email: "noor@example.com",
      subject: "General question",
      message: "When are you open, please?",
    });
    const mail = await t.db.mailMessage.findFirstOrThrow({
      where: { to: "noor@example.com", kind: "contact-acknowledgement" },
    });
    expect(mail.text).toContain("Our support hours are Monday to Thursday, 10:00-14:00 CET.");
    expect(mail.html).toContain("Our support hours are Monday to Thursday, 10:00-14:00 CET.");
  });
});
