import { expect, type Page, test } from "@playwright/test";
import { deleteAccount, signUpAdmin } from "./site-helpers";

const QUESTION = "How much money do I need in a blocked account for a German student visa?";
const ARTICLE = "How much money must be in the blocked account for a student visa in 2026?";

const composer = (page: Page) => page.getByLabel("Message SwipeAI");
const lastAnswer = (page: Page) => page.getByTestId("assistant-message").last();

/** Asks on /swipe-ai in a new conversation and waits for the whole answer (its actions show only then). */
async function ask(page: Page, question: string) {
  // The chat reopens the tab's last conversation: forget it, so the answer is the only one.
  await page.evaluate(() => window.sessionStorage.clear());
  await page.goto("/swipe-ai");
  await composer(page).fill(question);
  await composer(page).press("Enter");
  await expect(page.getByTestId("assistant-message")).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0, { timeout: 30_000 });
  await expect(lastAnswer(page).getByRole("button", { name: "Copy answer" })).toBeVisible({ timeout: 30_000 });
  return lastAnswer(page);
}

test("an admin edits a knowledge-base article and the assistant's next answer uses the new text; restoring brings the old one back", async ({
  page,
}) => {
  const admin = await signUpAdmin(page);
  let edited = false;
  try {
    await expect(await ask(page, QUESTION)).toContainText("11,904 EUR");

    // The article in /admin/knowledge, found by its slug.
    await page.goto("/admin/knowledge");
    await page.getByRole("searchbox", { name: "Search title or slug" }).fill("blocked-account-amount");
    // The search is applied after a pause in typing: wait for the one row it finds.
    await expect(page).toHaveURL(/q=blocked-account-amount/);
    await expect(page.getByText("1–1 of 1")).toBeVisible();
    await page.getByRole("link", { name: ARTICLE }).click();
    await expect(page.getByRole("heading", { name: "Edit article" })).toBeVisible();
    const body = page.getByLabel("Markdown");
    const text = await body.inputValue();
    expect(text).toContain("**11,904 EUR per year**");
    await body.fill(text.replaceAll("11,904", "12,324"));
    await expect(page.getByTestId("markdown-preview")).toContainText("12,324 EUR per year");
    await page.getByLabel("Note for the version history (optional)").fill("Amount checked with the mission");
    await page.getByRole("button", { name: "Save article" }).click();
    await expect(page.getByText("Saved as version 2. The assistant answers from the new text now.")).toBeVisible();
    edited = true;

    await expect(await ask(page, QUESTION)).toContainText("12,324 EUR");

    // The version history shows who changed what; restoring version 1 saves it again as version 3.
    await page.goto("/admin/knowledge/finances-blocked-account-amount-2026");
    const versions = page.getByRole("region", { name: "Versions" });
    await expect(versions.getByText(`${admin.email} · Amount checked with the mission`)).toBeVisible();
    await versions.getByRole("button", { name: "Changes in this version" }).first().click();
    const diff = page.getByTestId("version-diff");
    await expect(diff).toContainText(
      /Removed: According to [\s\S]*?11,904 EUR per year[\s\S]*?Added: According to [\s\S]*?12,324 EUR per year/,
    );
    page.once("dialog", (dialog) => void dialog.accept());
    await versions.getByRole("button", { name: "Restore version 1" }).click();
    await expect(page.getByText("Restored as version 3. The assistant answers from it now.")).toBeVisible();
    edited = false;

    await expect(await ask(page, QUESTION)).toContainText("11,904 EUR");
  } finally {
    // Other browser tests expect the repository's article.
    if (edited) {
      await page.goto("/admin/knowledge/finances-blocked-account-amount-2026");
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: "Restore version 1" }).click();
      await expect(page.getByText(/Restored as version/)).toBeVisible();
    }
    await deleteAccount(page, admin.password);
  }
});
