import { expect, test } from "@playwright/test";

test("newsletter: empty, invalid, valid and repeated subscriptions", async ({ page }) => {
  await page.goto("/");
  const form = page.getByRole("form", { name: "Newsletter" });
  const input = form.getByLabel("Newsletter");
  const subscribe = form.getByRole("button", { name: "Subscribe" });

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
  await expect(page.getByText("Successfully subscribed to our newsletter!").first()).toBeVisible();
  await expect(input).toHaveValue("");

  // Subscribing the same address again is accepted and stored once.
  await input.fill(email.toUpperCase());
  await subscribe.click();
  await expect(form.getByRole("status")).toHaveText("Successfully subscribed to our newsletter!");
  const again = await page.request.post("/api/newsletter", { data: { email } });
  expect(again.status()).toBe(200);
});

test("newsletter failure shows the failure text", async ({ page }) => {
  await page.route("/api/newsletter", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.goto("/faq");
  const form = page.getByRole("form", { name: "Newsletter" });
  await form.getByLabel("Newsletter").fill("someone@example.com");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Failed to subscribe. Please try again.")).toBeVisible();
});
