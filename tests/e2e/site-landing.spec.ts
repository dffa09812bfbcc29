import { expect, test } from "@playwright/test";
import { clickVisiblePrompt, expectNoSeriousAxeViolations } from "./site-helpers";

test("landing: hero actions and a prompt carousel of up to 3 rows in alternating directions that opens the chat", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Start now" })).toHaveAttribute("href", "/swipe-ai");
  // Headless Chromium offers no installation: the button shows the steps instead (tests/e2e/pwa.spec.ts covers the offer).
  await page.getByRole("button", { name: "Install app" }).click();
  await expect(page.getByText("Your browser has not offered the installation here.")).toBeVisible();
  const rows = page.locator("[data-testid^=carousel-part-]");
  const rowCount = await rows.count();
  expect(rowCount).toBeGreaterThanOrEqual(1);
  expect(rowCount).toBeLessThanOrEqual(3);
  await expect(rows.nth(0).locator(".marquee-track")).toHaveAttribute("data-direction", "left");
  if (rowCount > 1) await expect(rows.nth(1).locator(".marquee-track")).toHaveAttribute("data-direction", "right");
  const duration = await rows
    .nth(0)
    .locator(".marquee-track")
    .evaluate((el) => getComputedStyle(el).animationDuration);
  expect(duration).toBe("30s");

  // Hovering pauses the row.
  await rows.nth(0).hover();
  await expect
    .poll(() =>
      rows
        .nth(0)
        .locator(".marquee-track")
        .evaluate((el) => getComputedStyle(el).animationPlayState),
    )
    .toBe("paused");

  const text = await clickVisiblePrompt(page, rows.nth(0));
  await expect(page).toHaveURL(
    (url) => url.pathname === "/swipe-ai" && url.searchParams.get("message") === text && url.searchParams.get("autoSubmit") === "1",
  );
});

test("students page: topic cards with descriptions and a prompt carousel per topic", async ({ page }) => {
  await page.goto("/students");
  const cards = page.getByTestId("topic-card");
  expect(await cards.count()).toBeGreaterThanOrEqual(10);
  await expect(cards.filter({ hasText: "Student visa & residence permit" })).toContainText("Which visa you need");
  await expectNoSeriousAxeViolations(page);

  const visaRow = page.locator("#topic-visa [data-testid=carousel-part-1]");
  await expect(page.locator("#topic-visa").getByRole("link", { name: "Do I need a visa to study in Germany?" })).toHaveCount(1);
  const text = await clickVisiblePrompt(page, visaRow);
  await expect(page).toHaveURL(
    (url) => url.pathname === "/swipe-ai" && url.searchParams.get("message") === text && url.searchParams.get("autoSubmit") === "1",
  );
});

test("pricing: three plans in euros from the plan table, the token explainer and six FAQ entries", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByTestId("plan-free")).toContainText("€0.00");
  await expect(page.getByTestId("plan-free")).toContainText("30,000 tokens per month");
  await expect(page.getByTestId("plan-pro")).toContainText("€9.99");
  await expect(page.getByTestId("plan-pro")).toContainText("Most popular");
  await expect(page.getByTestId("plan-pro")).toContainText("500,000 tokens per month");
  await expect(page.getByTestId("plan-unlimited")).toContainText("€49.99");
  await expect(page.getByTestId("plan-unlimited")).toContainText("1-on-1 coaching");
  // The spec's estimates until enough answers of a kind are measured, then the measured median.
  await expect(page.getByTestId("token-figure-simple")).toContainText(/about 10-20 tokens|typically \d[\d,]* tokens/);
  await expect(page.getByTestId("token-figure-detailed")).toContainText(/about 50-100 tokens|typically \d[\d,]* tokens/);
  await expect(page.getByTestId("token-figure-planning")).toContainText(/about 100-200 tokens|typically \d[\d,]* tokens/);
  await expect(page.locator("details")).toHaveCount(6);
  await expect(page.getByText("$")).toHaveCount(0);
});
