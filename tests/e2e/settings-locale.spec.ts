import { expect, type Page, test } from "@playwright/test";
import { userFormat, zoneLabel } from "../../src/lib/locale";
import { expectNoSeriousAxeViolations, signUpAndLogIn, withDatabase } from "./site-helpers";

async function lastLoginAt(email: string): Promise<Date> {
  const { rows } = await withDatabase((client) =>
    client.query<{ lastLoginAt: Date }>(`SELECT "lastLoginAt" FROM "User" WHERE email = $1`, [email.toLowerCase()]),
  );
  return rows[0]!.lastLoginAt;
}

async function choose(page: Page, field: string, search: string, option: string) {
  const prefs = page.getByRole("region", { name: "Settings & Preferences" });
  await prefs.getByRole("combobox", { name: field }).click();
  await page.getByRole("searchbox", { name: "Search options" }).fill(search);
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("settings: the time zone (labelled with its offset) and the language change the dates shown", async ({ page }) => {
  const user = await signUpAndLogIn(page);
  const loggedIn = await lastLoginAt(user.email);
  const lastLogin = page.getByRole("region", { name: "Account overview" }).getByText("Last login").locator("..");

  // New profiles: English (United Kingdom), Europe/Berlin.
  await page.goto("/profile?tab=account");
  await expect(lastLogin).toContainText(userFormat({ language: "en-GB", timeZone: "Europe/Berlin" }).dateTime(loggedIn));

  await page.goto("/profile?tab=settings");
  await page.waitForLoadState("networkidle");
  const prefs = page.getByRole("region", { name: "Settings & Preferences" });
  await expect(prefs.getByLabel("Time zone")).toHaveValue(zoneLabel("Europe/Berlin"));
  await expect(
    prefs.getByText("The site's texts are in English. This setting changes how dates and numbers are written for you."),
  ).toBeVisible();
  // What the assistant does, said as a feature: nothing about configuration.
  await expect(prefs.getByText("The assistant answers in English, from our guides", { exact: false })).toBeVisible();
  await expect(prefs).not.toContainText("configured");
  await prefs.getByRole("button", { name: "Edit" }).click();
  await choose(page, "Time zone", "Kiritimati", zoneLabel("Pacific/Kiritimati"));
  await choose(page, "Language", "United States", "English (United States)");
  await expectNoSeriousAxeViolations(page);
  await prefs.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Changes saved successfully!")).toBeVisible();
  await expect(prefs.getByLabel("Time zone")).toHaveValue("Pacific/Kiritimati (UTC+14:00)");

  // The same moment, now in Kiritimati (14 hours ahead of UTC) and written the American way.
  const expected = userFormat({ language: "en-US", timeZone: "Pacific/Kiritimati" }).dateTime(loggedIn);
  expect(expected).not.toBe(userFormat({ language: "en-GB", timeZone: "Europe/Berlin" }).dateTime(loggedIn));
  await page.getByRole("tab", { name: "Account" }).click();
  await expect(lastLogin).toContainText(expected);
  await page.reload();
  await expect(lastLogin).toContainText(expected);
});

test("settings: a time zone that is not an IANA zone is refused with a clear message", async ({ page }) => {
  await signUpAndLogIn(page);
  const response = await page.request.patch("/api/students/me", { data: { timeZone: "UTC+01:00" } });
  expect(response.status()).toBe(400);
  expect((await response.json()).error).toContain("Choose a time zone from the list, e.g. Europe/Berlin");
  const language = await page.request.patch("/api/students/me", { data: { language: "Klingon" } });
  expect(language.status()).toBe(400);
  expect((await language.json()).error).toContain("Choose a language from the list");
});
