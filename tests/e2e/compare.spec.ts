import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./site-helpers";

test("Germany beside the Netherlands: every row shows each cell with its source and date on hover, or says no source gives it; the choice is a shareable link", async ({
  page,
}) => {
  await page.goto("/compare");
  await page.waitForLoadState("networkidle");
  // The default comparison: Germany, the Netherlands and Canada on every criterion.
  const table = page.getByTestId("compare-table");
  await expect(table.getByRole("columnheader")).toHaveText(["Criterion", "Germany", "Netherlands", "Canada"]);

  await page.getByRole("checkbox", { name: "Canada" }).uncheck();
  await expect(page.getByRole("checkbox", { name: "Canada" })).not.toBeChecked();
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(
    /\/compare\?countries=DE,NL&criteria=tuition-non-eu,tuition-eu,proof-of-funds,living-costs,work-hours,post-study-stay,english-programmes,visa-fee,language$/,
  );
  await expect(table.getByRole("columnheader")).toHaveText(["Criterion", "Germany", "Netherlands"]);

  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(9);
  for (const row of await rows.all()) {
    const cells = row.getByRole("cell");
    await expect(cells).toHaveCount(2);
    for (const cell of await cells.all()) {
      const text = (await cell.textContent()) ?? "";
      if (text.includes("No official source gives this figure yet.")) continue;
      await expect(cell.getByRole("button", { name: /^Source · checked \d{1,2} \w+ \d{4} for .+/ })).toBeVisible();
    }
    // A row where a country has no figure names no winner.
    if (((await row.textContent()) ?? "").includes("No official source gives this figure yet."))
      await expect(row).not.toContainText(/(Lowest|Highest) of these/);
  }

  // Germany's rents are the Cost Calculator's own figures, with the way to each city's.
  const livingRow = rows.filter({ has: page.getByRole("rowheader", { name: "Typical living costs" }) });
  await expect(livingRow).toContainText(/cities of our Cost Calculator: .*for a room in a shared flat/);
  await expect(livingRow.getByRole("link", { name: "Rents by city in the Cost Calculator" })).toHaveAttribute(
    "href",
    "/tools/cost-calculator",
  );

  // Hovering a cell's source shows the official page and the day it was checked.
  const fundsRow = rows.filter({ has: page.getByRole("rowheader", { name: "Proof of funds for the student visa" }) });
  await expect(fundsRow).toContainText("11,904");
  const fundsSource = fundsRow.getByRole("button", {
    name: /^Source · checked .* for Proof of funds for the student visa, Germany$/,
  });
  await fundsSource.hover();
  const popover = page.getByRole("dialog");
  await expect(popover).toContainText(/checked \d{1,2} \w+ \d{4}/);
  await expect(popover.getByRole("link").first()).toHaveAttribute("href", /^https:\/\/www\.auswaertiges-amt\.de\//);
  // Moving the mouse away closes it; a click pins it open.
  await page.mouse.move(0, 0);
  await expect(popover).toBeHidden();
  await fundsSource.hover();
  await fundsSource.click();
  await page.mouse.move(0, 0);
  await expect(popover).toBeVisible();
  // Escape closes it, as it would for a reader moving on.
  await page.keyboard.press("Escape");
  await expect(popover).toBeHidden();

  // A choice of one country explains itself.
  await page.getByRole("checkbox", { name: "Netherlands" }).uncheck();
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page.getByText("Pick at least 2 countries.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("on a phone, each criterion is a card; a tap shows the source; Canada's dollars are converted at the stored rate", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto("/compare?countries=DE,CA&criteria=proof-of-funds,work-hours");
  const cards = page.getByTestId("compare-cards");
  await expect(cards).toBeVisible();
  await expect(page.getByTestId("compare-table")).toBeHidden();
  const funds = cards.getByRole("region", { name: "Proof of funds for the student visa" });
  await expect(funds).toContainText("Germany");
  await expect(funds).toContainText("Canada");
  await expect(funds).toContainText(/≈ €[\d,]+ a year at the rate of \d{1,2} \w+ \d{4}/);
  await expect(funds).toContainText("Lowest of these");
  // The stored rates are of 13 March 2026: more than 90 days old, which the page says.
  await expect(page.getByText("These rates are more than 90 days old: the amounts in euros may be off.")).toBeVisible();
  await funds.getByRole("button", { name: /^Source · checked .* for Proof of funds for the student visa, Canada$/ }).tap();
  await expect(page.getByRole("dialog")).toContainText(/checked \d{1,2} \w+ \d{4}/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
