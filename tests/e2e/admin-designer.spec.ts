import { expect, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL } from "../../playwright.config";
import { deleteAccount, signUpAdmin, withDatabase } from "./site-helpers";

/**
 * Designer screens of /admin: the announcement banner set in Site texts shows on the public pages at
 * once, and a mail template's editor previews each change before it is saved.
 */
test.afterEach(async () => {
  // Leave the site as other browser tests expect it: no banner, built-in mails.
  await withDatabase(async (client) => {
    await client.query(`DELETE FROM "AppSetting" WHERE key = 'setting:site-texts'`);
    await client.query(`DELETE FROM "MailTemplateOverride"`);
  });
});

test("a staff member turns on the announcement banner and it appears on the home page", async ({ page, browser }) => {
  const admin = await signUpAdmin(page);
  try {
    await page.goto("/admin/site-texts");
    const form = page.getByRole("form", { name: "Site texts" });
    await form.getByLabel("Show the banner on the site").check();
    await form.getByLabel("Text", { exact: true }).fill("Applications for the winter semester are open");
    await form.getByLabel("Link (optional)").fill("/students");
    await form.getByLabel("Link label (optional)").fill("Read the guides");
    await form.getByLabel("Warning").check();
    await expect(page.getByRole("region", { name: "Banner preview" })).toContainText(
      "Applications for the winter semester are open Read the guides",
    );
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved: the site shows it now.")).toBeVisible();
    // The management area itself does not show it.
    await expect(page.getByRole("region", { name: "Announcement", exact: true })).toHaveCount(0);

    await page.goto("/");
    const banner = page.getByRole("region", { name: "Announcement", exact: true });
    await expect(banner).toContainText("Applications for the winter semester are open");
    await expect(banner.getByRole("link", { name: "Read the guides" })).toHaveAttribute("href", "/students");

    // A signed-out visitor sees it too, and may close it for the rest of the session.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto("/pricing");
    const visitorBanner = visitor.getByRole("region", { name: "Announcement", exact: true });
    await expect(visitorBanner).toContainText("Applications for the winter semester are open");
    await visitorBanner.getByRole("button", { name: "Dismiss the announcement" }).click();
    await expect(visitorBanner).toHaveCount(0);
    await visitor.goto("/");
    await expect(visitor.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(visitorBanner).toHaveCount(0);
    await visitorContext.close();
  } finally {
    await deleteAccount(page, admin.password);
  }
});

test("a staff member edits a mail template and sees the preview change", async ({ page }) => {
  const admin = await signUpAdmin(page);
  try {
    await page.goto("/admin/templates");
    await page.getByRole("link", { name: "Confirm email address" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Confirm email address" })).toBeVisible();
    const preview = page.frameLocator('iframe[title="Mail preview"]');
    await expect(
      preview.getByRole("paragraph").filter({ hasText: "Welcome to SwipeAbroad! Please confirm that this is your email address." }),
    ).toBeVisible();
    await expect(page.getByTestId("preview-subject")).toHaveText("Confirm your email address for SwipeAbroad");

    await page.getByLabel("Subject").fill("Hello {name}, one click to go");
    const text = page.getByLabel("Text", { exact: true });
    await text.fill("Hi {name},\n\nWe are glad you joined <us>.\n\n{url}");
    await expect(page.getByTestId("preview-subject")).toHaveText("Hello Anna, one click to go");
    await expect(preview.getByRole("paragraph").filter({ hasText: "We are glad you joined <us>." })).toBeVisible();
    await expect(preview.getByRole("link", { name: "Confirm email address" })).toBeVisible();

    // Without the link the text cannot be saved; the preview says why.
    const linkMissing = page.getByRole("alert").filter({ hasText: "The text must keep {url}" });
    await text.fill("Hi {name}, there is no link here.");
    await expect(linkMissing).toHaveCount(1);
    await page.getByRole("button", { name: "Save" }).click();
    // The preview's list of problems and the refused save both say it.
    await expect(linkMissing).toHaveCount(2);

    await text.fill("Hi {name},\n\nWe are glad you joined <us>.\n\n{url}");
    await expect(linkMissing).toHaveCount(0);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved: the next mail of this kind uses this text.")).toBeVisible();
    await expect(page.getByText(`Customized by ${E2E_ADMIN_EMAIL}`)).toBeVisible();

    await page.getByRole("button", { name: "Send me a test" }).click();
    await expect(page.getByText(`Test mail queued to ${E2E_ADMIN_EMAIL}.`)).toBeVisible();
    const { rows } = await withDatabase((client) =>
      client.query<{ subject: string; text: string }>(
        `SELECT subject, text FROM "MailMessage" WHERE "to" = $1 AND subject LIKE '[Test]%'`,
        [E2E_ADMIN_EMAIL],
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe("[Test] Hello Anna, one click to go");
    expect(rows[0]!.text).toContain("We are glad you joined <us>.");

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Reset to built-in" }).click();
    await expect(page.getByText("Back to the built-in mail.")).toBeVisible();
    await expect(page.getByLabel("Subject")).toHaveValue("Confirm your email address for SwipeAbroad");
    await expect(page.getByTestId("preview-subject")).toHaveText("Confirm your email address for SwipeAbroad");
  } finally {
    await deleteAccount(page, admin.password);
  }
});
