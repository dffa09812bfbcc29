import { type Browser, expect, type Page, test } from "@playwright/test";
import { userFormat } from "../../src/lib/locale";
import { askAndWait, lastAnswer } from "./chat-helpers";
import { signUpAndLogIn, verifyEmailFromOutbox, withDatabase } from "./site-helpers";

/** Words of the product's inside that no page may show a person ("10 sources" is a count, "0 sources" is not). */
const INTERNALS = [/not configured/i, /local-knowledge/, /(?<!\d)0 sources/];

async function expectNoInternals(page: Page) {
  const text = await page.locator("body").innerText();
  for (const word of INTERNALS) expect(text, `${page.url()} shows ${word}`).not.toMatch(word);
}

/** The options listed after typing `search` into the open select's search box. */
async function optionsFor(page: Page, search: string) {
  await page.getByRole("searchbox", { name: "Search options" }).fill(search);
  return page.getByRole("listbox").getByRole("option");
}

test("'India' is the first option for 'India' in the nationality pickers, and Enter picks it", async ({ page }) => {
  await page.goto("/tools/visa-checker");
  await page.getByRole("combobox", { name: "Nationality" }).click();
  // The Visa Checker's countries carry their flags: "🇮🇳 India".
  const options = await optionsFor(page, "India");
  await expect(options.first()).toHaveText(/^\S+ India$/);
  await expect(options.nth(1)).toHaveText(/^\S+ British Indian Ocean Territory$/);
  await page.getByRole("searchbox", { name: "Search options" }).press("Enter");
  await expect(page.getByRole("combobox", { name: "Nationality" })).toHaveText(/India/);

  await signUpAndLogIn(page);
  await page.goto("/profile");
  await page.waitForLoadState("networkidle");
  const personal = page.getByRole("region", { name: "Personal Information" });
  await personal.getByRole("button", { name: "Edit" }).click();
  await personal.getByRole("combobox", { name: "Nationality" }).click();
  await expect((await optionsFor(page, "india")).first()).toHaveText("India");
  await expect((await optionsFor(page, "niger")).first()).toHaveText("Niger");
  await expect((await optionsFor(page, "Sudan")).first()).toHaveText("Sudan");
});

test("after a reason is chosen the dislike panel stays open for a comment, which is sent and stored", async ({ page }) => {
  await page.goto("/swipe-ai");
  await askAndWait(page, "How much money do I need in a blocked account for a German student visa?");
  const answer = lastAnswer(page);
  await answer.getByRole("button", { name: "Dislike", exact: true }).click();
  const panel = answer.getByRole("group", { name: "Why didn't you like this answer?" });
  const reasonSent = page.waitForResponse(
    (response) => response.url().endsWith("/api/feedback") && response.request().postDataJSON().dislikeReason === "Don't like the style",
  );
  await panel.getByRole("button", { name: "Don't like the style" }).click();
  expect((await reasonSent).status()).toBe(201);
  // Still open once the reason is stored, with the reason chosen: the comment can be typed.
  await page.waitForTimeout(500);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("button", { name: "Don't like the style" })).toHaveAttribute("aria-pressed", "true");
  const comment = `Too many lists ${Date.now()}`;
  await panel.getByLabel("Tell us more (optional)").pressSequentially(comment);
  await expect(panel.getByLabel("Tell us more (optional)")).toHaveValue(comment);
  await panel.getByRole("button", { name: "Send comment" }).click();
  await expect(answer.getByRole("status")).toHaveText("Thank you for your feedback");
  await expect(panel).toHaveCount(0);
  const { rows } = await withDatabase((client) =>
    client.query<{ dislikeReason: string; feedbackType: string }>(
      `SELECT "dislikeReason", "feedbackType" FROM "Feedback" WHERE "customFeedback" = $1`,
      [comment],
    ),
  );
  expect(rows).toEqual([{ dislikeReason: "Don't like the style", feedbackType: "dislike" }]);

  // Closing the panel after a reason keeps the dislike and sends no comment.
  await askAndWait(page, "Which health insurance do students need?");
  await lastAnswer(page).getByRole("button", { name: "Dislike", exact: true }).click();
  const second = lastAnswer(page).getByRole("group", { name: "Why didn't you like this answer?" });
  await second.getByRole("button", { name: "Not factually correct" }).click();
  await expect(second).toBeVisible();
  await second.getByRole("button", { name: "Close feedback" }).click();
  await expect(second).toHaveCount(0);
  await expect(lastAnswer(page).getByRole("button", { name: "Dislike", exact: true })).toHaveAttribute("aria-pressed", "true");
});

test("on a phone the conversations button stays clear of the answers", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpAndLogIn(page);
  await page.goto("/swipe-ai");
  await askAndWait(page, "How much money do I need in a blocked account for a German student visa?");
  await askAndWait(page, "Which health insurance do students need?");
  const button = page.getByRole("button", { name: "Your conversations" });
  await expect(button).toBeVisible();
  const list = page.getByTestId("message-list");

  // At the end of the conversation, halfway and at its start: the button sits above the list of
  // answers, and every point of an answer on screen is the answer's own (nothing lies over it).
  for (const part of [1, 0.5, 0]) {
    await list.evaluate((element, at) => element.scrollTo({ top: (element.scrollHeight - element.clientHeight) * at }), part);
    await page.waitForTimeout(300);
    const buttonBox = (await button.boundingBox())!;
    const listBox = (await list.boundingBox())!;
    expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(listBox.y + 0.5);
    const covered = await page.evaluate(() => {
      const listElement = document.querySelector<HTMLElement>("[data-testid=message-list]")!;
      const view = listElement.getBoundingClientRect();
      const problems: string[] = [];
      for (const message of document.querySelectorAll<HTMLElement>("[data-testid=assistant-message], [data-testid=user-message]")) {
        const box = message.getBoundingClientRect();
        const top = Math.max(box.top, view.top) + 1;
        const bottom = Math.min(box.bottom, view.bottom, window.innerHeight) - 1;
        if (bottom <= top) continue; // not on screen
        for (let row = 0; row <= 4; row++) {
          for (let column = 0; column <= 4; column++) {
            const x = box.left + 1 + ((box.width - 2) * column) / 4;
            const y = top + ((bottom - top) * row) / 4;
            const hit = document.elementFromPoint(x, y);
            if (!hit || !message.contains(hit)) problems.push(`${Math.round(x)},${Math.round(y)}: ${hit?.textContent?.slice(0, 40)}`);
          }
        }
      }
      return problems;
    });
    expect(covered).toEqual([]);
  }
  // The button itself is not covered either, and takes the tap.
  await button.click();
  await expect(page.getByRole("complementary", { name: "Your conversations" })).toBeVisible();
});

test("no page shows internals after a question: the chat (Deep Thinking or not) and the settings", async ({ page }) => {
  await signUpAndLogIn(page);
  await page.goto("/swipe-ai");
  await expect(page.getByLabel("Chat model")).toHaveCount(0);
  await askAndWait(page, "How do I renew a passport in Peru?");
  await expect(lastAnswer(page).getByTestId("answered-by")).toHaveText("From our guides");
  await expectNoInternals(page);
  await page.getByRole("button", { name: "Deep Thinking" }).click();
  await askAndWait(page, "How do I renew a passport in Peru?");
  await askAndWait(page, "How much money do I need in a blocked account for a German student visa?");
  await expect(lastAnswer(page).getByRole("button", { name: /^\d+ sources?$/ })).toBeVisible();
  await expectNoInternals(page);
  await page.reload();
  await expect(page.getByTestId("assistant-message")).toHaveCount(3);
  await expectNoInternals(page);

  await page.goto("/profile?tab=settings");
  const prefs = page.getByRole("region", { name: "Settings & Preferences" });
  await expect(prefs).toContainText("The assistant answers in English, from our guides");
  await expectNoInternals(page);
  expect(await page.locator("body").innerText()).not.toContain("hosted model");
});

test("copy gives plain text: no Markdown markers, lists as lines", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/swipe-ai");
  await askAndWait(page, "How much money do I need in a blocked account for a German student visa?");
  await lastAnswer(page).getByRole("button", { name: "Copy answer" }).click();
  const plain = await page.evaluate(() => navigator.clipboard.readText());
  expect(plain).toContain("11,904");
  expect(plain).not.toMatch(/\*\*|__|`|^#|\]\(/m);
});

/** A signed-out reader in Asia/Kolkata, in a browser of their own. */
async function readerInKolkata(browser: Browser) {
  const context = await browser.newContext({ timezoneId: "Asia/Kolkata" });
  return { context, page: await context.newPage() };
}

test("the zone at sign-up is the browser's; forum dates are in the reader's zone, written so by the server once it is known", async ({
  browser,
}) => {
  // Sign-up in a browser in India: the new profile's zone is India's, not Europe/Berlin.
  const reader = await readerInKolkata(browser);
  const { page } = reader;
  const email = `zone-${Date.now()}@example.com`;
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign up" });
  await dialog.getByLabel("First name").fill("Priya");
  await dialog.getByLabel("Last name").fill("Sharma");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("a-strong-password");
  await dialog.getByLabel("Confirm password").fill("a-strong-password");
  await dialog.getByRole("button", { name: "Sign up", exact: true }).click();
  // Signed in 1.5 s after the account is made, then the page reloads.
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible({ timeout: 30_000 });
  const { rows } = await withDatabase((client) =>
    client.query<{ timeZone: string }>(`SELECT s."timeZone" FROM "Student" s JOIN "User" u ON u.id = s."userId" WHERE u.email = $1`, [
      email,
    ]),
  );
  // Chromium names India's zone by its older IANA name, Asia/Calcutta (a link to Asia/Kolkata): the browser's own name is kept.
  const indiaZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(["Asia/Kolkata", "Asia/Calcutta"]).toContain(indiaZone);
  expect(rows).toEqual([{ timeZone: indiaZone }]);

  // A topic posted by a member in Europe, read by a signed-out visitor in India.
  const authorContext = await browser.newContext({ timezoneId: "Europe/Berlin" });
  const author = await authorContext.newPage();
  const member = await signUpAndLogIn(author, { firstName: "Jonas", lastName: "Weber" });
  await verifyEmailFromOutbox(author, member.email);
  const response = await author.request.post("/api/trpc/community.createTopic", {
    data: { json: { tags: [], categorySlug: "off-topic", title: `Time zones of the forum ${Date.now()}`, body: "When was this written?" } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const created = (await response.json()).result.data.json as { topicId: string; topicSlug: string };
  const href = `/community/t/${created.topicSlug}/${created.topicId}`;

  // A first visit: the page is written before the reader's zone is known, and its times name their zone.
  const newcomer = await readerInKolkata(browser);
  const firstHtml = await (await newcomer.context.request.get(href)).text();
  expect(firstHtml).toMatch(/<time [^>]*title="Europe\/Berlin">[^<]+, \d\d:\d\d CES?T<\/time>/);
  // The zone cookie is set before the page's own scripts run (here they never do).
  await newcomer.page.route("**/_next/static/**/*.js", (route) => route.abort());
  await newcomer.page.goto(href);
  await expect(newcomer.page.getByRole("article").first().locator("time").first()).toHaveText(/ CES?T$/);
  expect((await newcomer.context.cookies()).find((cookie) => cookie.name === "reader-zone")?.value).toBe(indiaZone);
  await newcomer.context.close();

  const visitor = await readerInKolkata(browser);
  const errors: string[] = [];
  visitor.page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  visitor.page.on("pageerror", (error) => errors.push(error.message));
  await visitor.page.goto(href);
  const posted = visitor.page.getByRole("article").first().locator("time").first();
  const moment = new Date((await posted.getAttribute("datetime"))!);
  const inKolkata = userFormat({ timeZone: indiaZone }).dateTime(moment);
  expect(inKolkata).not.toBe(userFormat({ timeZone: "UTC" }).dateTime(moment));
  await expect(posted).toHaveText(inKolkata);
  await expect(posted).toHaveAttribute("title", indiaZone);
  // From the next page on the server writes the reader's zone itself: nothing changes as the page comes alive.
  const html = await (await visitor.page.request.get(href)).text();
  expect(html).toContain(`title="${indiaZone}">${inKolkata}</time>`);
  await visitor.page.reload();
  await expect(posted).toHaveText(inKolkata);
  expect(errors.filter((error) => /hydrat|did not match/i.test(error))).toEqual([]);

  await Promise.all([reader.context.close(), authorContext.close(), visitor.context.close()]);
});
