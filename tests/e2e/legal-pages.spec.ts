import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./site-helpers";

// The browser tests' server sets none of the operator's details (OPERATOR_*, NEXT_PUBLIC_COMPANY_ADDRESS)
// and no outside service (Stripe, OpenAI, DeepSeek, SMTP, S3, Google, LinkedIn).

test("imprint: linked in the footer, every detail of § 5 DDG with the operator's value or 'not set'", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Imprint" }).click();
  await expect(page).toHaveURL(/\/imprint$/);
  await expect(page.getByRole("heading", { level: 1, name: "Imprint (Impressum)" })).toBeVisible();
  const details = page.getByRole("definition");
  const entries = await page.getByRole("term").allTextContents();
  expect(entries).toEqual([
    "Name and legal form",
    "Represented by",
    "Postal address",
    "Email",
    "Phone",
    "Register entry",
    "VAT ID (§ 27a UStG)",
  ]);
  for (const index of [0, 1, 2, 4, 5, 6]) await expect(details.nth(index)).toHaveText("not set");
  await expect(details.nth(3).getByRole("link", { name: "hello@swipeabroad.de" })).toHaveAttribute("href", "mailto:hello@swipeabroad.de");
  await expect(page.getByRole("note")).toHaveText(
    "The operator of this site has not filled in all of its details yet: name and legal form, representative, postal address, phone, register entry, VAT ID are not set in its settings, so they cannot be shown here.",
  );
  await expectNoSeriousAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("contact page hides the empty address card; privacy and terms name only what this server uses", async ({ page }) => {
  await page.goto("/about/contact");
  await expect(page.getByRole("heading", { name: "Support hours" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Address" })).toHaveCount(0);

  await page.goto("/privacy");
  await expect(page.getByText("its legal name is not set (the operator has not filled it in yet; see the imprint)")).toBeVisible();
  await expect(page.getByText("SwipeAbroad (project team)")).toHaveCount(0);
  const recipients = page.getByRole("heading", { name: "Who receives your data" }).locator("xpath=following-sibling::ul[1]");
  await expect(recipients.getByRole("listitem")).toHaveText(["The hosting provider that runs this server and its database."]);
  await expect(
    page.getByText("The assistant answers from our own knowledge base on this server: your chat messages stay here."),
  ).toBeVisible();
  await expect(page.getByText(/Linked sign-in/)).toHaveCount(0);
  await expect(page.getByText(/This server runs demo payments/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto("/terms");
  await expect(page.getByText("The operator's legal name is not set (see the imprint)")).toBeVisible();
});
