import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./site-helpers";

test("from /students a topic's guides, a guide with its sources, its tool and the Ask link", async ({ page }) => {
  await page.goto("/students");
  await page.getByRole("link", { name: "Read the guides on Blocked account & proof of funds" }).click();
  await expect(page).toHaveURL(/\/students\/finances$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blocked account & proof of funds" })).toBeVisible();
  const guides = page.getByRole("list", { name: "Guides on Blocked account & proof of funds" }).getByRole("listitem");
  expect(await guides.count()).toBeGreaterThanOrEqual(5);
  await expect(guides.first()).toContainText("Last reviewed");
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("link", { name: /How much money must be in the blocked account/ }).click();
  await expect(page).toHaveURL(/\/students\/finances\/finances-blocked-account-amount-2026$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("How much money must be in the blocked account");
  const current = page.getByRole("region", { name: "The current amount" });
  await expect(current).toContainText("11,904 EUR");
  await expect(current.getByTestId("section-sources")).toContainText("Federal Foreign Office");
  await expect(current.getByTestId("section-sources")).toContainText(/checked \d{1,2} \w+ 20\d\d/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /^https?:\/\/[^/]+\/students\/finances\/finances-blocked-account-amount-2026$/,
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Federal Foreign Office/);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("link", { name: "Open the Cost Calculator" }).click();
  await expect(page).toHaveURL(/\/tools\/cost-calculator$/);
  await page.goBack();

  await page.getByRole("link", { name: "Ask SwipeAI about this" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/swipe-ai" && url.searchParams.get("autoSubmit") === null);
  await expect(page.getByLabel("Message SwipeAI")).toHaveValue("How much money must be in the blocked account for a student visa in 2026?");
});

test("an unknown guide answers 404; the sitemap lists the guides, robots.txt points to it, private pages are noindex", async ({
  page,
  request,
}) => {
  const missing = await page.goto("/students/finances/no-such-guide");
  expect(missing?.status()).toBe(404);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain("/students/finances/finances-blocked-account-amount-2026</loc>");
  expect(xml).toContain("<lastmod>");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  for (const path of ["/profile", "/billing"]) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute("content", /noindex/);
  }
});

test("an answer links the guide sections it quotes, and the link opens the guide at that section", async ({ page }) => {
  await page.goto("/swipe-ai");
  await page.getByLabel("Message SwipeAI").fill("How much money do I need in a blocked account for a German student visa?");
  await page.getByLabel("Message SwipeAI").press("Enter");
  const answer = page.getByTestId("assistant-message").last();
  const guides = answer.getByRole("navigation", { name: "Read in our guides" });
  await expect(guides).toBeVisible({ timeout: 30_000 });
  await guides.getByRole("link", { name: "The current amount" }).click();
  await expect(page).toHaveURL(/\/students\/finances\/finances-blocked-account-amount-2026#the-current-amount$/);
  await expect(page.getByRole("region", { name: "The current amount" })).toBeInViewport();
});

test("the guides' search finds the section that answers, and says so when none does", async ({ page }) => {
  await page.goto("/students");
  const search = page.getByRole("search", { name: "Search the guides" });
  await search.getByRole("searchbox").fill("Wie viel Geld muss auf das Sperrkonto?");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/students\/search\?q=/);
  const results = page.getByRole("list", { name: /Guide sections for/ }).getByRole("listitem");
  await expect(results.first()).toContainText("How much money must be in the blocked account");
  await expectNoSeriousAxeViolations(page);
  await results.first().getByRole("link").click();
  await expect(page).toHaveURL(/\/students\/finances\/finances-blocked-account-amount-2026#/);

  await page.goto("/students/search?q=cat%20vaccinations%20at%20the%20vet");
  await expect(page.getByText('No guide answers "cat vaccinations at the vet".')).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask SwipeAI" })).toHaveAttribute("href", /\/swipe-ai\?message=cat/);
});
