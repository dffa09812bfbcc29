import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** No serious or critical accessibility violation on the current page. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`)).toEqual([]);
}

let counter = 0;

/** A new account created through the signup API, then logged in through the login modal. */
export async function signUpAndLogIn(page: Page, overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {}) {
  counter += 1;
  const user = {
    firstName: "Lena",
    lastName: "Schmidt",
    email: `site-${Date.now()}-${counter}@example.com`,
    password: "a-strong-password",
    ...overrides,
  };
  const response = await page.request.post("/api/auth/signup", { data: user });
  expect(response.ok()).toBe(true);
  await logIn(page, user.email, user.password);
  return user;
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
}

/**
 * Clicks a prompt of a moving carousel row: hovering pauses the row, then the first prompt that is
 * fully on screen is clicked. Returns its text.
 */
export async function clickVisiblePrompt(page: Page, row: Locator): Promise<string> {
  await row.hover();
  const width = page.viewportSize()!.width;
  const links = row.locator("a");
  const count = await links.count();
  for (let i = 0; i < count; i++) {
    const box = await links.nth(i).boundingBox();
    if (box && box.x >= 0 && box.x + box.width <= width) {
      const text = (await links.nth(i).textContent())!.trim();
      await links.nth(i).click();
      return text;
    }
  }
  throw new Error("No prompt of the row is on screen");
}
