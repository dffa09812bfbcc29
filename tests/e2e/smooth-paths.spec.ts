/**
 * The paths a new user walks (issue 17, points 10-12 and 14-16): a guest's chat kept after signing
 * up, no request for a conversation that does not exist, Stop with Retry, rich-text copy, the app's
 * confirm dialog, the date of birth picker, the profile's texts, redirects on the user's own host,
 * and phone widths.
 */
import { expect, type Page, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../playwright.config";
import { askAndWait, composer, lastAnswer } from "./chat-helpers";
import { expectNoSeriousAxeViolations, signUpAndLogIn, submitLogin } from "./site-helpers";

/** Collects every 404 answer of the tRPC chat.get procedure the page receives. */
function missingConversationRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404 && response.url().includes("chat.get")) seen.push(response.url());
  });
  return seen;
}

test("a guest's chat continues after signing up: the conversation is moved into the new account", async ({ page }) => {
  const imports: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("chat.importGuestConversation")) imports.push(request.url());
  });
  const missing = missingConversationRequests(page);
  await page.goto("/swipe-ai");
  await askAndWait(page, "How much money do I need in a blocked account?");
  await expect(lastAnswer(page)).toContainText("EUR");

  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign up" });
  // The signup modal names the terms and the privacy policy it agrees to.
  await expect(dialog.getByRole("link", { name: /Terms of Service/ })).toHaveAttribute("href", "/terms");
  await expect(dialog.getByRole("link", { name: /Privacy Policy/ })).toHaveAttribute("href", "/privacy");
  await dialog.getByLabel("First name").fill("Gina");
  await dialog.getByLabel("Last name").fill("Guest");
  await dialog.getByLabel("Email").fill(`guest-${Date.now()}@example.com`);
  await dialog.getByLabel("Password", { exact: true }).fill("a-strong-password");
  await dialog.getByLabel("Confirm password").fill("a-strong-passwor");
  await dialog.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Passwords don't match");
  // The message goes as soon as the passwords match.
  await dialog.getByLabel("Confirm password").fill("a-strong-password");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText("Account created successfully! Logging you in...");

  // Signed in after the reload, the conversation is there and in the account's list.
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("user-message")).toHaveText("How much money do I need in a blocked account?");
  await expect(page.getByTestId("assistant-message")).toHaveCount(1);
  const list = page.getByRole("complementary", { name: "Your conversations" });
  await expect(list.getByRole("button", { name: "How much money do I need in a blocked account?", exact: true })).toBeVisible();
  // One import, or two when the page reloaded while the first was under way: either way one conversation.
  expect(imports.length).toBeGreaterThanOrEqual(1);
  const importsAtSignup = imports.length;
  await expect(list.getByRole("button", { name: "How much money do I need in a blocked account?", exact: true })).toHaveCount(1);

  // It continues, and another tab (no copy in its session storage) reads it from the account.
  await askAndWait(page, "And which health insurance do students need?");
  const other = await page.context().newPage();
  await other.goto(page.url());
  await expect(other.getByTestId("user-message")).toHaveCount(2);
  await other.close();
  await page.reload();
  await expect(page.getByTestId("assistant-message")).toHaveCount(2);
  expect(imports).toHaveLength(importsAtSignup); // nothing is imported again
  expect(missing).toEqual([]);
});

test("New chat asks the server for no conversation that does not exist; delete asks in the app's dialog", async ({ page }) => {
  page.on("dialog", (dialog) => {
    throw new Error(`the browser's own dialog was used: ${dialog.message()}`);
  });
  await signUpAndLogIn(page);
  const missing = missingConversationRequests(page);
  await page.goto("/swipe-ai");
  await askAndWait(page, "What is the APS certificate?");
  const list = page.getByRole("complementary", { name: "Your conversations" });
  await list.getByRole("button", { name: "New chat" }).click();
  await expect(page.getByRole("heading", { name: "What can I help with?" })).toBeVisible();
  await expect(page).not.toHaveURL(/conversation=/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "What can I help with?" })).toBeVisible();
  await askAndWait(page, "Can I work while studying in Germany?");
  await page.waitForLoadState("networkidle");
  expect(missing).toEqual([]);

  await list.getByRole("button", { name: "Delete What is the APS certificate?" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this conversation?" });
  await expect(confirm).toContainText('"What is the APS certificate?" and all its messages are removed. This cannot be undone.');
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(list.getByRole("button", { name: "What is the APS certificate?", exact: true })).toBeVisible();
  await list.getByRole("button", { name: "Delete What is the APS certificate?" }).click();
  await page.getByRole("dialog", { name: "Delete this conversation?" }).getByRole("button", { name: "Delete conversation" }).click();
  await expect(list.getByRole("button", { name: "What is the APS certificate?", exact: true })).toHaveCount(0);
  await expect(list.getByRole("button", { name: "Can I work while studying in Germany?", exact: true })).toBeVisible();
  expect(missing).toEqual([]);
});

test("Stop leaves a Stopped note with Retry; copy puts plain and rich text on the clipboard; the dislike panel shows above the composer", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto("/swipe-ai");
  await askAndWait(page, "How much money do I need in a blocked account?");

  await page.route("**/api/chat", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue().catch(() => {});
  });
  await composer(page).fill("What documents do I need for the visa?");
  await composer(page).press("Enter");
  await page.getByRole("button", { name: "Stop" }).click();
  const note = page.getByTestId("stopped-note");
  await expect(note).toContainText("Stopped");
  await page.unroute("**/api/chat");
  await note.getByRole("button", { name: "Retry" }).click();
  await expect(note).toHaveCount(0);
  await expect(page.getByTestId("assistant-message")).toHaveCount(2, { timeout: 30_000 });
  await expect(lastAnswer(page).getByRole("button", { name: "Copy answer" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("user-message").last()).toHaveText("What documents do I need for the visa?");

  await lastAnswer(page).getByRole("button", { name: "Copy answer" }).click();
  await expect(lastAnswer(page).getByRole("button", { name: "Copy answer" })).toHaveText("Copied!");
  const clipboard = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    const read = async (type: string) => (item!.types.includes(type) ? await (await item!.getType(type)).text() : null);
    return { types: item!.types, plain: await read("text/plain"), html: await read("text/html") };
  });
  const word = (await lastAnswer(page).locator(".prose-chat").innerText()).match(/[A-Za-z]{6,}/)![0];
  expect(clipboard.types).toEqual(expect.arrayContaining(["text/plain", "text/html"]));
  expect(clipboard.plain).toContain(word);
  expect(clipboard.html).toContain(word);
  expect(clipboard.html).toMatch(/<(p|ul|ol|h\d)[ >]/);

  await lastAnswer(page).getByRole("button", { name: "Dislike", exact: true }).click();
  const panel = lastAnswer(page).getByRole("group", { name: "Why didn't you like this answer?" });
  await expect(panel.getByRole("button", { name: "Send comment" })).toBeInViewport();
  await expect
    .poll(async () => {
      const panelBox = (await panel.boundingBox())!;
      const composerBox = (await page
        .locator("form")
        .filter({ has: composer(page) })
        .boundingBox())!;
      return panelBox.y + panelBox.height <= composerBox.y + 1;
    })
    .toBe(true);
});

test("date of birth: 1990 in a few clicks, a future date refused; gender 'other'; the profile toast", async ({ page }) => {
  await signUpAndLogIn(page);
  await page.goto("/profile");
  await page.waitForLoadState("networkidle");
  const personal = page.getByRole("region", { name: "Personal Information" });
  await personal.getByRole("button", { name: "Edit" }).click();

  // Seven clicks: open, year, decade, the 1990s, 1990, May, the 15th.
  await personal.getByRole("button", { name: "Date of birth" }).click();
  await page.getByRole("button", { name: "Choose year" }).click();
  await page.getByRole("button", { name: "Choose decade" }).click();
  const decades = page.getByRole("group", { name: "Decades" });
  await expect(decades.getByRole("button")).toHaveCount(12);
  await expect(decades.getByRole("button", { name: "2030s" })).toHaveCount(0);
  await decades.getByRole("button", { name: "1990s" }).click();
  await page.getByRole("group", { name: "Years" }).getByRole("button", { name: "1990" }).click();
  await page.getByRole("group", { name: "Months" }).getByRole("button", { name: "May 1990" }).click();
  await page.getByRole("button", { name: "1990-05-15", exact: true }).click();
  await expect(personal.getByRole("button", { name: "Date of birth" })).toHaveText(/1990-05-15/);

  // The future is refused: typed, and in the grid.
  const tomorrow = new Date(Date.now() + 86_400_000);
  const iso = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  await personal.getByRole("button", { name: "Date of birth" }).click();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel("Type a date (YYYY-MM-DD)").fill(iso(tomorrow));
  await page.getByRole("button", { name: "Set", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Choose a date on or before" })).toHaveText(
    `Choose a date on or before ${iso(new Date())}`,
  );
  await page.keyboard.press("Escape");
  await expect(personal.getByRole("button", { name: "Date of birth" })).toHaveText(/1990-05-15/);

  await personal.getByRole("combobox", { name: "Gender" }).click();
  await page.getByRole("option", { name: "Diverse (other)" }).click();
  await personal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
  await page.reload();
  await expect(personal.getByLabel("Date of birth")).toHaveValue("1990-05-15");
  await expect(personal.getByLabel("Gender")).toHaveValue("Diverse (other)");

  // The server holds the same rule for any client.
  const refused = await page.request.patch("/api/students/me", {
    data: { dateOfBirth: iso(new Date(Date.now() + 3 * 86_400_000)) },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toContain("Date of birth cannot be in the future");
});

test("logout on 127.0.0.1 stays on 127.0.0.1", async ({ page }) => {
  const loopback = E2E_BASE_URL.replace("localhost", "127.0.0.1");
  const email = `host-${Date.now()}@example.com`;
  const signup = await page.request.post(`${loopback}/api/auth/signup`, {
    data: { firstName: "Hana", lastName: "Host", email, password: "a-strong-password" },
  });
  expect(signup.ok()).toBe(true);
  await page.goto(`${loopback}/`);
  await submitLogin(page, email, "a-strong-password");
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(loopback);

  await page.goto(`${loopback}/profile`);
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page).toHaveURL(`${loopback}/`);
});

test("on a 375 px phone: every profile tab is whole; the mini chat never covers the pricing cards; placeholders fit", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpAndLogIn(page);
  await page.goto("/profile?tab=security");
  const tabs = page.getByRole("tablist", { name: "Profile sections" }).getByRole("tab");
  await expect(tabs).toHaveCount(7);
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(375);
    expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  await expect(page.getByRole("tab", { name: "Security" })).toHaveAttribute("aria-selected", "true");
  await expectNoSeriousAxeViolations(page);

  await page.goto("/pricing");
  const mini = page.getByRole("search", { name: "Ask SwipeAI" });
  const cards = page.locator("[data-testid^='plan-']");
  // Scrolling through the page, wherever the box shows, it covers no plan card; it does show where
  // there is nothing to step aside for.
  let shownSomewhere = false;
  for (let y = 0; y < 6000; y += 250) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
    if (!(await mini.isVisible())) continue;
    shownSomewhere = true;
    const box = (await mini.boundingBox())!;
    for (const card of await cards.all()) {
      const cardBox = await card.boundingBox();
      if (!cardBox) continue;
      const overlaps = box.y < cardBox.y + cardBox.height && cardBox.y < box.y + box.height;
      expect(overlaps, `mini chat over ${await card.getAttribute("data-testid")} at scroll ${y}`).toBe(false);
    }
  }
  expect(shownSomewhere).toBe(true);
  // With a card on screen it steps aside.
  await cards.first().scrollIntoViewIfNeeded();
  await expect(mini).toHaveCount(0);
  await page.goto("/faq");
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(mini).toBeVisible();

  // The placeholder is no wider than its field.
  const fits = await page.locator("#mini-chat-input").evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });
  expect(fits).toBe(true);
});
