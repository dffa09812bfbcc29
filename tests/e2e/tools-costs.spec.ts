import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations, signUpAndLogIn, withDatabase } from "./site-helpers";

async function chooseCity(page: Page, name: string) {
  await page.getByRole("combobox", { name: "City" }).click();
  await page.getByRole("searchbox", { name: "Search options" }).fill(name);
  await page.getByRole("option", { name, exact: true }).click();
}

test("Munich, shared flat, age 24: a sourced monthly total, compared with the blocked account, the same from its share link", async ({
  page,
  context,
  browser,
}) => {
  await page.goto("/tools/cost-calculator");
  await page.getByRole("button", { name: "Calculate my budget" }).click();
  await expect(page.getByText("Choose a city.")).toBeVisible();
  await expect(page.getByText("Choose a housing type: dorm, shared flat or own flat.")).toBeVisible();
  await expect(page.getByText("Enter your age.")).toBeVisible();

  await chooseCity(page, "Munich");
  await page.getByRole("radio", { name: "Room in a shared flat (WG)" }).check();
  await page.getByRole("spinbutton", { name: "Age" }).fill("24");
  await page.getByRole("button", { name: "Calculate my budget" }).click();

  const result = page.getByRole("article", { name: "Your budget in Munich" });
  await expect(result).toBeVisible();
  const total = (await result.getByTestId("cost-monthly-total").textContent())!;
  expect(total).toMatch(/^€\d{1,2},?\d{3}\.\d{2}$/);
  await expect(page).toHaveURL(/\/tools\/cost-calculator\?city=munich&housing=shared-flat&age=24&lifestyle=typical&sharing=1$/);

  // Every line has a figure, its sources and the day they were checked; none is missing for Munich.
  const rows = result.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(8);
  for (const row of await rows.all()) {
    await expect(row).toContainText(/checked \d{1,2} \w+ \d{4}/);
    await expect(row.getByRole("link").first()).toHaveAttribute("href", /^https:\/\//);
    await expect(row).not.toContainText("No official figure");
  }
  await expect(result).toContainText("The total includes: Rent: room in a shared flat (WG)");
  await expect(result.getByTestId("cost-blocked-account")).toContainText(/(Shortfall|Surplus): €[\d,.]+ a month/);
  await expect(result.getByTestId("cost-blocked-account")).toContainText("€992.00 a month");
  await expect(result.getByRole("button", { name: "Print" })).toBeVisible();
  await expect(result.getByRole("button", { name: "Log in to save it to your profile" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Copy the share link and open it in a fresh browser (no cookies, no state): the same budget.
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await result.getByRole("button", { name: "Copy link" }).click();
  await expect(result.getByText("Link copied.")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await result.getByLabel("Link to this budget").inputValue());
  expect(link).toMatch(
    /^http:\/\/localhost:\d+\/tools\/cost-calculator\?city=munich&housing=shared-flat&age=24&lifestyle=typical&sharing=1$/,
  );

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto(link);
    const shared = other.getByRole("article", { name: "Your budget in Munich" });
    await expect(shared.getByTestId("cost-monthly-total")).toHaveText(total);
    await expect(other.getByRole("spinbutton", { name: "Age" })).toHaveValue("24");
    await expect(other.getByRole("radio", { name: "Room in a shared flat (WG)" })).toBeChecked();
  } finally {
    await fresh.close();
  }
});

test("a link with a bad age or an unknown city says what is wrong", async ({ page }) => {
  await page.goto("/tools/cost-calculator?city=munich&housing=dorm&age=abc");
  await expect(page.getByText("Enter your age in years as a whole number.")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);

  await page.goto("/tools/cost-calculator?city=atlantis&housing=dorm&age=24");
  await expect(page.getByText("We have no cost figures for this city. Choose one of the cities in the list.")).toBeVisible();
});

test("signed in, the age comes from the profile and the budget is saved to it", async ({ page }) => {
  const user = await signUpAndLogIn(page);
  const birth = new Date();
  birth.setUTCFullYear(birth.getUTCFullYear() - 31);
  birth.setUTCDate(birth.getUTCDate() - 10);
  await withDatabase((client) =>
    client.query(`UPDATE "Student" SET "dateOfBirth" = $1 WHERE "userId" = (SELECT id FROM "User" WHERE email = $2)`, [
      birth.toISOString().slice(0, 10),
      user.email,
    ]),
  );

  await page.goto("/tools/cost-calculator");
  await expect(page.getByRole("spinbutton", { name: "Age" })).toHaveValue("31");
  await chooseCity(page, "Berlin");
  await page.getByRole("radio", { name: "Room in a student residence (dorm)" }).check();
  await page.getByRole("button", { name: "Calculate my budget" }).click();
  const result = page.getByRole("article", { name: "Your budget in Berlin" });
  // At 31 the student rate has ended: voluntary insurance at its minimum contribution, in the total with its sources.
  const insurance = result.getByRole("row", { name: /Health and long-term care insurance \(statutory, voluntary from 30\)/ });
  await expect(insurance).toContainText("€272.24");
  await expect(insurance).toContainText("1,318.33");
  await expect(insurance.getByRole("link", { name: /§ 240/ })).toHaveAttribute(
    "href",
    "https://www.gesetze-im-internet.de/sgb_5/__240.html",
  );
  await expect(result).not.toContainText("Not in the total");
  await expect(result.getByTestId("cost-blocked-account")).toContainText(/(Shortfall|Surplus): €[\d,.]+ a month/);

  await result.getByRole("button", { name: "Save to my profile" }).click();
  await expect(result.getByText("Saved. You find it in")).toBeVisible();
  const { rows } = await withDatabase((client) =>
    client.query<{ tool: string; title: string }>(
      `SELECT tool, title FROM "SavedToolResult" WHERE "userId" = (SELECT id FROM "User" WHERE email = $1)`,
      [user.email],
    ),
  );
  expect(rows).toEqual([{ tool: "cost-calculator", title: "Berlin, room in a student residence (dorm), age 31" }]);
});
