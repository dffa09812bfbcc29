import { expect, type Page, test } from "@playwright/test";
import { OFFLINE_SNAPSHOT_KEY } from "../../src/lib/offline-snapshot";
import { expectNoSeriousAxeViolations, signUpAndLogIn } from "./site-helpers";

const QUESTION = "How much money do I need in a blocked account for a German student visa?";

test("the web app manifest is valid and every icon, the favicon and the Apple touch icon answer with an image", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const manifestHref = await page.locator("link[rel=manifest]").getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  const response = await request.get(manifestHref!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: "SwipeAbroad: study and move to Germany",
    short_name: "SwipeAbroad",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#1d4ed8",
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
  }
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/^image\//);
  const apple = await request.get("/apple-touch-icon.png");
  expect(apple.status()).toBe(200);
  expect(apple.headers()["content-type"]).toBe("image/png");
  await expect(page.locator("link[rel=apple-touch-icon]")).toHaveAttribute("href", "/apple-touch-icon.png");
});

async function activeServiceWorker(page: Page): Promise<string> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? "");
}

test("Install app uses the browser's install offer", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => {
    const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: async () => void ((window as unknown as { prompted: boolean }).prompted = true),
      userChoice: Promise.resolve({ outcome: "accepted" }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByRole("button", { name: "Install app" }).click();
  await expect(page.getByText("The app is installed on this device.")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
});

test("the service worker registers; offline, a reload shows the offline page with the last conversation", async ({ page, context }) => {
  await signUpAndLogIn(page);
  expect(await activeServiceWorker(page)).toMatch(/\/sw\.js$/);

  await page.goto("/swipe-ai");
  await page.getByLabel("Message SwipeAI").fill(QUESTION);
  await page.getByLabel("Message SwipeAI").press("Enter");
  await expect(page.getByTestId("assistant-message").last().getByRole("button", { name: "Copy answer" })).toBeVisible({
    timeout: 30_000,
  });
  // Opening the conversation again loads it from the server, and the app keeps it for offline reading.
  await page.reload();
  await expect(page.getByTestId("user-message")).toHaveText(QUESTION);
  await expect
    .poll(() =>
      page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? "null")?.conversations?.[0]?.messages?.length ?? 0,
        OFFLINE_SNAPSHOT_KEY,
      ),
    )
    .toBe(2);
  await page.evaluate(async () => {
    // The page is controlled by the worker once it has claimed it.
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  });

  // Browsers report a network, not whether the server answers: a device on a network without internet
  // says it is online. The offline page must go by its own requests, whatever navigator.onLine says.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "onLine", { get: () => true }));
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  const conversations = page.getByRole("region", { name: "Your last conversations" });
  const messages = conversations.getByRole("list", { name: /^Messages of / }).first();
  await expect(messages.getByRole("listitem").first()).toContainText(QUESTION);
  await expect(messages.getByRole("listitem").nth(1)).toContainText("11,904 EUR");
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await context.setOffline(false);
  await expect(page.getByRole("heading", { level: 1, name: "You are back online" })).toBeVisible();
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("user-message")).toHaveText(QUESTION);
});
