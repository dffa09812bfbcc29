import fs from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { parseIcs } from "../helpers/ics";
import { expectNoSeriousAxeViolations, signUpAndLogIn, subscribeWithTestCard, withDatabase } from "./site-helpers";

/** The profile's nationality, as the Personal Information card stores it (a country's English name). */
async function setProfileNationality(email: string, nationality: string) {
  await withDatabase((client) =>
    client.query(`UPDATE "Student" SET nationality = $1 WHERE email = $2`, [nationality, email.toLowerCase()]),
  );
}

const today = new Date().toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));
const nextWinter = today < `${year}-10-01` ? year : year + 1;
const winterStart = `${nextWinter}-10-01`;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "15 July 2027" -> "2027-07-15" */
const isoOf = (text: string) => {
  const [day, month, yearText] = text.trim().split(" ");
  return `${yearText}-${String(MONTHS.indexOf(month!) + 1).padStart(2, "0")}-${day!.padStart(2, "0")}`;
};
const longDate = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** Fills the intake form for an Indian master's applicant (English-taught, B2, no certificate yet, blocked account). */
async function fillIndianMasterIntake(page: Page) {
  const form = page.getByRole("form", { name: "Roadmap intake" });
  // Pre-filled from the profile.
  await expect(form.getByRole("combobox", { name: "Nationality" })).toContainText("India");
  await form.getByLabel("Degree or programme you aim at").selectOption({ label: "Master" });
  await form.getByLabel("Winter semester").check();
  await form.getByLabel("Intake year").selectOption(String(nextWinter));
  await form.getByLabel("English", { exact: true }).check();
  await form.getByLabel("Your level in that language").selectOption("B2");
  await form.getByLabel("Not yet").check();
  await form.getByLabel("How will you fund your studies?").selectOption("blocked-account");
  await form.getByRole("button", { name: "Make my roadmap" }).click();
}

/** A step's date as YYYY-MM-DD, whether suggested ("Target") or the student's own ("Your date"). */
const targetOf = async (item: Locator) =>
  isoOf(
    (await item
      .getByText(/^(Target|Your date): /)
      .first()
      .textContent())!.replace(/^(Target|Your date): /, ""),
  );

const step = (page: Page, title: RegExp) =>
  page
    .getByRole("list", { name: "Roadmap steps" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title }) });

test("a Pro user from India builds a roadmap for the next winter semester, ticks a step, keeps it after a reload and downloads the calendar", async ({
  page,
}) => {
  const user = await signUpAndLogIn(page);
  await setProfileNationality(user.email, "India");
  await subscribeWithTestCard(page, "Pro");

  await page.goto("/roadmap");
  await fillIndianMasterIntake(page);
  await expect(page.getByText("Your roadmap is ready.")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Winter semester ${nextWinter}: starts ${longDate(winterStart)}` })).toBeVisible();

  // The steps of the acceptance, each dated before the semester start, with its official page.
  const expected = [
    /APS certificate/,
    /uni-assist/,
    /English test/,
    /blocked account/i,
    /health insurance/i,
    /visa appointment/i,
    /Travel/,
    /Register your address/,
  ];
  for (const title of expected) {
    const item = step(page, title);
    await expect(item, String(title)).toHaveCount(1);
    const target = await targetOf(item);
    expect(target < winterStart, `${title} on ${target}`).toBe(true);
    await expect(item.getByRole("link").filter({ hasText: /./ }).first()).toBeVisible();
    await expect(item.getByText(/checked \d{1,2} \w+ \d{4}/).first()).toBeVisible();
  }
  // The uni-assist deadline stays the deadline; the plan asks for the application earlier.
  await expect(step(page, /uni-assist/).getByText(`Official deadline: ${longDate(`${nextWinter}-07-15`)}.`)).toBeVisible();
  expect(await targetOf(step(page, /uni-assist/))).not.toBe("");
  await expect(page.getByRole("region", { name: /more steps? (is|are) in your roadmap/ })).toHaveCount(0);

  // Tick a step; it is kept after a reload.
  const aps = step(page, /APS certificate/);
  await aps.getByRole("checkbox", { name: /^Done: / }).check();
  await expect(aps.getByText("Done", { exact: true })).toBeVisible();
  await expect(page.getByText(/Progress: 1 of \d+ steps done/)).toBeVisible();
  await page.reload();
  await expect(step(page, /APS certificate/).getByRole("checkbox", { name: /^Done: / })).toBeChecked();
  await expect(page.getByText(/Progress: 1 of \d+ steps done/)).toBeVisible();

  // The calendar file: one all-day event per step, each on its target date before the start.
  const stepCount = await page.locator('ol[aria-label="Roadmap steps"] > li').count();
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download calendar (.ics)" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("study-roadmap.ics");
  const { calendar, events } = parseIcs(fs.readFileSync((await download.path())!, "utf8"));
  expect(calendar.VERSION).toBe("2.0");
  expect(events).toHaveLength(stepCount);
  for (const event of events) expect(event.start < winterStart, `${event.summary} on ${event.start}`).toBe(true);
  expect(events.find((event) => /uni-assist/.test(event.summary))!.start <= `${nextWinter}-07-15`).toBe(true);
  expect(events.find((event) => /APS certificate/.test(event.summary))?.summary).toMatch(/\(done\)$/);
  await expectNoSeriousAxeViolations(page);
});

test("an Indian master's applicant's roadmap puts admission before housing, cites the German missions in India, keeps an own date and a sub-task, and its calendar reminds and links each step", async ({
  page,
}) => {
  const user = await signUpAndLogIn(page);
  await setProfileNationality(user.email, "India");
  await subscribeWithTestCard(page, "Pro");
  await page.goto("/roadmap");
  await fillIndianMasterIntake(page);
  await expect(page.getByText("Your roadmap is ready.")).toBeVisible();

  // Application, then admission, then the room: in the list and in the dates.
  const titles = await page.locator('ol[aria-label="Roadmap steps"] > li h3').allTextContents();
  const at = (pattern: RegExp) => titles.findIndex((title) => pattern.test(title));
  expect(at(/uni-assist/)).toBeGreaterThanOrEqual(0);
  expect(at(/uni-assist/)).toBeLessThan(at(/Accept your admission/));
  expect(at(/Accept your admission/)).toBeLessThan(at(/Apply for a room/));
  expect(at(/Accept your admission/)).toBeLessThan(at(/visa appointment/i));
  const housing = step(page, /Apply for a room/);
  expect((await targetOf(step(page, /Accept your admission/))) < (await targetOf(housing))).toBe(true);
  await expect(housing.getByRole("link", { name: /Deutsches Studierendenwerk/ })).toBeVisible();

  // The visa step cites the German missions in India, and no mission of another country.
  const visa = step(page, /visa appointment/i);
  const missions = visa.getByTestId("step-missions");
  await expect(missions.getByText("German missions for applicants from India")).toBeVisible();
  await expect(missions.getByRole("link", { name: "German Embassy New Delhi" })).toHaveAttribute("href", /^https:\/\/india\.diplo\.de\//);
  await expect(missions.getByRole("link", { name: "German Consulate General Mumbai" })).toBeVisible();
  await expect(page.locator('a[href*="griechenland.diplo.de"]')).toHaveCount(0);

  // An own date for the room, kept after a reload; then back to the suggested one.
  const suggested = await targetOf(housing);
  const own = new Date(Date.parse(`${suggested}T00:00:00Z`) - 10 * 86_400_000).toISOString().slice(0, 10);
  await housing.getByRole("button", { name: /^Change date: / }).click();
  await housing.getByLabel("Your date for this step").fill(own);
  await housing.getByRole("button", { name: "Save date" }).click();
  await expect(housing.getByText(`Your date: ${longDate(own)}`)).toBeVisible();
  await page.reload();
  await expect(step(page, /Apply for a room/).getByText(`Your date: ${longDate(own)}`)).toBeVisible();
  await expect(step(page, /Apply for a room/).getByText(`Suggested: ${longDate(suggested)}`)).toBeVisible();

  // A sub-task, kept after a reload.
  await visa.getByLabel(/^New sub-task for /).fill("Print the VIDEX form");
  await visa.getByRole("button", { name: "Add sub-task" }).click();
  await expect(visa.getByRole("checkbox", { name: "Sub-task done: Print the VIDEX form" })).toBeVisible();
  await page.reload();
  await step(page, /visa appointment/i)
    .getByRole("checkbox", { name: "Sub-task done: Print the VIDEX form" })
    .check();
  await expect(step(page, /visa appointment/i).getByRole("checkbox", { name: "Sub-task done: Print the VIDEX form" })).toBeChecked();

  // The calendar: reminders a week and a day before, and a link back to the step.
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download calendar (.ics)" }).click();
  const { events } = parseIcs(fs.readFileSync((await (await downloadPromise).path())!, "utf8"));
  const room = events.find((event) => /Apply for a room/.test(event.summary))!;
  expect(room.start).toBe(own);
  for (const event of events) {
    expect(event.alarms.map((alarm) => [alarm.action, alarm.trigger])).toEqual([
      ["DISPLAY", "-P7D"],
      ["DISPLAY", "-P1D"],
    ]);
    expect(event.url).toMatch(/\/roadmap#step-[a-z0-9-]+$/);
  }
  const visaEvent = events.find((event) => /visa appointment/i.test(event.summary))!;
  expect(visaEvent.description).toContain("German Embassy New Delhi");

  // The event's link opens the plan at its step.
  await page.goto(new URL(visaEvent.url!).pathname + new URL(visaEvent.url!).hash);
  await expect(step(page, /visa appointment/i)).toBeInViewport();

  await step(page, /Apply for a room/)
    .getByRole("button", { name: "Reset to suggested date" })
    .click();
  await expect(step(page, /Apply for a room/).getByText(`Target: ${longDate(suggested)}`)).toBeVisible();
});

test("a Free user sees three steps and the upgrade prompt; signed out, an explanation with sign-in", async ({ page }) => {
  await page.goto("/roadmap");
  await expect(page.getByRole("heading", { name: "Plan your way to your first semester" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Sign up" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Log in" })).toBeVisible();

  const user = await signUpAndLogIn(page);
  await setProfileNationality(user.email, "India");
  await page.goto("/roadmap");
  await fillIndianMasterIntake(page);
  await expect(page.getByText("Your roadmap is ready.")).toBeVisible();
  await expect(page.locator('ol[aria-label="Roadmap steps"] > li')).toHaveCount(3);
  const prompt = page.getByRole("region", { name: /more steps are in your roadmap/ });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute("href", "/pricing?plan=pro");
  // No reordering or hiding on the preview.
  await expect(page.getByRole("button", { name: /^Move (up|down): / })).toHaveCount(0);
  // The preview's steps can still be ticked.
  await page.getByRole("list", { name: "Roadmap steps" }).getByRole("checkbox").first().check();
  await expect(page.getByText("Progress: 1 of 3 steps done")).toBeVisible();

  // On a phone the plan fits the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(prompt).toBeVisible();
  const plan = await page.locator("#roadmap-plan").boundingBox();
  expect(plan!.x).toBeGreaterThanOrEqual(0);
  expect(plan!.x + plan!.width).toBeLessThanOrEqual(375);
});
