import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations, signUpAndLogIn } from "./site-helpers";

async function chooseNationality(page: Page, search: string, name: string) {
  await page.getByRole("combobox", { name: "Nationality" }).click();
  await page.getByRole("searchbox", { name: "Search options" }).fill(search);
  // Options read "<flag> <name>": match the name at the end, so "India" is not "British Indian Ocean Territory".
  await page.getByRole("option", { name: new RegExp(`\\s${name}$`) }).click();
}

test("India and a master's degree: national visa, section 16b, APS, the blocked account and a checklist, each with sources and dates", async ({
  page,
}) => {
  await page.goto("/tools/visa-checker");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByText("Choose a nationality.")).toBeVisible();
  await expect(page.getByText("Choose the purpose of your stay.")).toBeVisible();
  await chooseNationality(page, "indi", "India");
  await page.getByLabel("Purpose of your stay").selectOption({ label: "Master's degree" });
  await page.getByLabel("No", { exact: true }).check();
  await page.getByLabel("How will you fund your stay?").selectOption({ label: "Blocked account (Sperrkonto)" });
  await page.getByRole("button", { name: "Check" }).click();

  const result = page.getByRole("article", { name: "India · Master's degree" });
  await expect(result.getByRole("status")).toContainText("You need a national (D) visa from the German mission before entry.");
  await expect(page).toHaveURL(/\/tools\/visa-checker\?nationality=IN&purpose=master&holdsGermanTitle=no&funding=blocked-account$/);

  const residence = result.getByRole("region", { name: /Residence title/ });
  await expect(residence).toContainText("Section 16b Residence Act (AufenthG)");
  await expect(result.getByRole("region", { name: "APS certificate" })).toContainText("APS certificate required");
  const funds = result.getByRole("region", { name: "Proof of funds" });
  await expect(funds).toContainText("11,904 € a year");
  await expect(funds).toContainText("992 € a month");
  await expect(funds.getByRole("link", { name: /Federal Foreign Office/ }).first()).toHaveAttribute("href", /auswaertiges-amt\.de/);
  await expect(funds.getByText(/checked \d{1,2} \w+ \d{4}/).first()).toBeVisible();
  const checklist = result.getByRole("region", { name: "Documents for the visa application" });
  await expect(checklist).toContainText("Your original APS certificate");
  await expect(checklist).toContainText("Unconditional letter of admission");
  await expect(checklist.getByRole("link").first()).toHaveAttribute("href", /^https:\/\//);
  await expect(result.getByRole("region", { name: "After arrival" })).toContainText("within two weeks");
  const shortStay = result.getByRole("region", { name: /Short stays/ });
  await expect(shortStay).toContainText("Not valid for study or work");
  await expect(shortStay.getByRole("link", { name: "MIT" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("the United States: entry without a visa and the residence permit in Germany; a shared link reopens the result", async ({ page }) => {
  await page.goto("/tools/visa-checker?nationality=US&purpose=master&holdsGermanTitle=no&funding=blocked-account");
  const result = page.getByRole("article", { name: "United States · Master's degree" });
  await expect(result.getByRole("status")).toContainText("you may enter without a visa and apply for the residence permit in Germany");
  await expect(result.getByRole("region", { name: "Visa before entry" })).toContainText("within 90 days");
  await expect(result.getByRole("region", { name: "Documents for the foreigners authority" })).toBeVisible();
  await expect(result.getByRole("region", { name: /Short stays/ })).toContainText("up to 90 days");
  await expect(page.getByRole("combobox", { name: "Nationality" })).toContainText("United States");
});

test("signed in: the nationality comes from the profile and the result is saved", async ({ page }) => {
  await signUpAndLogIn(page);
  await page.goto("/profile");
  const personal = page.getByRole("region", { name: "Personal Information" });
  await personal.getByRole("button", { name: "Edit" }).click();
  await personal.getByRole("combobox", { name: "Nationality" }).click();
  await page.getByRole("searchbox", { name: "Search options" }).fill("viet");
  await page.getByRole("option", { name: "Vietnam" }).click();
  await personal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();

  await page.goto("/tools/visa-checker");
  await expect(page.getByRole("combobox", { name: "Nationality" })).toContainText("Vietnam");
  await page.getByLabel("Purpose of your stay").selectOption({ label: "Studienkolleg or preparatory course" });
  await page.getByRole("button", { name: "Check" }).click();
  const result = page.getByRole("article", { name: "Vietnam · Studienkolleg or preparatory course" });
  await expect(result.getByRole("region", { name: "APS certificate" })).toContainText("APS certificate required");
  await result.getByRole("button", { name: "Save to my profile" }).click();
  await expect(result.getByRole("button", { name: "Saved" })).toBeDisabled();
});
