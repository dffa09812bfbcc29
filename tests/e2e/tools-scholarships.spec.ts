import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations, signUpAndLogIn } from "./site-helpers";

async function chooseNationality(page: Page, country: string) {
  await page.getByRole("combobox", { name: "Nationality" }).click();
  await page.getByRole("searchbox", { name: "Search options" }).fill(country);
  await page.getByRole("option", { name: new RegExp(`${country}$`) }).click();
}

test("without an account, master's and a Nigerian nationality list at least 10 real programmes with their links and sources", async ({
  page,
}) => {
  await page.goto("/tools/scholarship-search");
  await expect(page.getByRole("heading", { name: "Scholarship Search", level: 1 })).toBeVisible();
  await page.getByLabel("Study level").selectOption("master");
  await chooseNationality(page, "Nigeria");
  await expect(page.getByTestId("result-count")).toContainText("name your nationality");
  const eligible = page.getByTestId("eligibility-reason").filter({ hasText: "Eligible by nationality" });
  await expect.poll(() => eligible.count()).toBeGreaterThanOrEqual(10);
  await expect(eligible.first()).toContainText("Nigeria");

  const cards = page.getByTestId("scholarship-card");
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(10);
  for (let index = 0; index < count; index++) {
    const card = cards.nth(index);
    await expect(card.getByRole("link", { name: /^Official page/ })).toHaveAttribute("href", /^https?:\/\//);
    await expect(card.getByText(/\(checked \d{1,2} \w+ \d{4}\)/)).toBeVisible();
  }
  await expect(page.getByRole("article", { name: "Deutschlandstipendium" })).toContainText("300 euros a month");
  await page.getByText("Who can apply and how").first().click();
  await expectNoSeriousAxeViolations(page);

  // The address carries the filters: a fresh page opened on it shows the same search.
  await expect(page).toHaveURL(/\?level=master&nationality=NG$/);
  const shared = await page.context().newPage();
  await shared.goto(page.url());
  await expect(shared.getByRole("combobox", { name: "Nationality" })).toContainText("Nigeria");
  await expect(shared.getByLabel("Study level")).toHaveValue("master");
  await expect(shared.getByTestId("result-count")).toHaveText(await page.getByTestId("result-count").innerText());
  await shared.close();

  // Open now narrows the list to dated deadlines still ahead (or rolling ones).
  await page.getByLabel("Open now").check();
  // The list re-renders after the click: wait until no card without the badge is left, rather than looping over a snapshot.
  await expect(cards.filter({ hasNotText: "Open now" })).toHaveCount(0);
  await expect(cards.first()).toContainText("Open now");

  // Signed out, a bookmark asks to log in.
  await page
    .getByRole("button", { name: /^Bookmark: / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
});

test("a signed-in user starts from the profile's nationality, bookmarks a scholarship, and it stays bookmarked after a reload", async ({
  page,
}) => {
  await signUpAndLogIn(page);
  const patch = await page.request.patch("/api/students/me", { data: { nationality: "Kenya" } });
  expect(patch.ok()).toBe(true);
  await page.goto("/tools/scholarship-search");
  await expect(page.getByRole("combobox", { name: "Nationality" })).toContainText("Kenya");
  await expect(page.getByText("From your profile.")).toBeVisible();

  const card = page.getByRole("article", { name: "Leadership for Africa (Master's scholarships)" });
  await expect(card.getByTestId("eligibility-reason")).toContainText("Open to nationals of Kenya");
  const toggle = card.getByRole("button", { name: "Bookmark: Leadership for Africa (Master's scholarships)" });
  await toggle.click();
  const bookmarks = page.getByRole("list", { name: "Bookmarked scholarships" });
  await expect(bookmarks.getByRole("listitem")).toHaveCount(1);
  await expect(bookmarks).toContainText("Leadership for Africa");

  await page.reload();
  await expect(page.getByRole("list", { name: "Bookmarked scholarships" }).getByRole("listitem")).toHaveCount(1);
  const again = page.getByRole("article", { name: "Leadership for Africa (Master's scholarships)" });
  await expect(again.getByRole("button", { name: "Remove bookmark: Leadership for Africa (Master's scholarships)" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await again.getByRole("button", { name: /^Remove bookmark: Leadership/ }).click();
  await expect(page.getByText("No bookmarks yet.")).toBeVisible();
});
