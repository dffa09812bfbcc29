import { expect, test } from "@playwright/test";
import { mailLink } from "./site-helpers";

const CONFIRM_SENT = "Almost done: we sent you an email. Click its link to confirm your subscription.";

test("newsletter: empty, invalid, valid and repeated subscriptions", async ({ page }) => {
  await page.goto("/");
  const form = page.getByRole("form", { name: "Newsletter" });
  const input = form.getByLabel("Newsletter");
  const subscribe = form.getByRole("button", { name: "Subscribe" });
  // As a reader does: scroll down to the footer, where the form's code loads, then use it.
  await form.scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");

  await subscribe.click();
  await expect(form.getByRole("alert")).toHaveText("Please enter your email address");

  await input.fill("student@example");
  await expect(form.getByRole("alert")).toHaveText("Please enter a valid email address"); // shown while typing
  await subscribe.click();
  await expect(form.getByRole("alert")).toHaveText("Please enter a valid email address");

  const email = `news-${Date.now()}@example.com`;
  await input.fill(email);
  await expect(form.getByRole("alert")).toHaveCount(0);
  await subscribe.click();
  await expect(form.getByRole("status")).toHaveText(CONFIRM_SENT); // double opt-in: not subscribed yet
  await expect(input).toHaveValue("");

  // Subscribing the same address again is accepted, stored once and sends a new link.
  await input.fill(email.toUpperCase());
  await subscribe.click();
  await expect(form.getByRole("status")).toHaveText(CONFIRM_SENT);

  // The mailed link confirms the subscription; after that the address is already subscribed.
  await page.goto(await mailLink(email, "newsletter-confirm", "/newsletter/confirm"));
  await expect(page.getByText("Your subscription is confirmed.")).toBeVisible();
  const again = await page.request.post("/api/newsletter", { data: { email } });
  expect(again.status()).toBe(200);
  expect((await again.json()).message).toBe("You are already subscribed to our newsletter.");

  await page.goto("/newsletter/confirm?token=not-a-token");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "This confirmation link is not valid. Subscribe again in the footer to get a new one.",
  );
});

test("newsletter failure shows the failure text", async ({ page }) => {
  await page.route("/api/newsletter", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.goto("/faq");
  const form = page.getByRole("form", { name: "Newsletter" });
  // As a reader does: scroll down to the footer, where the form's code loads (it then takes the
  // drawn form's place, so the page is scrolled rather than the form), and wait for it.
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState("networkidle");
  await form.getByLabel("Newsletter").fill("someone@example.com");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Failed to subscribe. Please try again.")).toBeVisible();
});
