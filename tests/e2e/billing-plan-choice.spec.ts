import { expect, type Page, test } from "@playwright/test";

const PASSWORD = "a-strong-password";
const COACHING_NOTE = "1-on-1 coaching: booking opens when a coach publishes hours";

async function fillCard(scope: ReturnType<Page["getByRole"]>) {
  await scope.getByLabel("Card number").fill("4242 4242 4242 4242");
  await scope.getByLabel("Expiry (MM/YY)").fill("1234");
  await scope.getByLabel("CVC").fill("123");
}

// Runs before any coach publishes hours (coaching.spec.ts does, later): coaching is not bookable yet.
test("signed out, 'Choose Pro' leads through sign-up to the Pro checkout without retyping; the trial's upgrade to Unlimited is in the billing history", async ({
  page,
}) => {
  const email = `choose-pro-${Date.now()}@example.com`;
  await page.goto("/pricing");
  // Without coaches, no plan sells coaching as bookable; Unlimited is still for sale.
  const unlimitedCard = page.getByTestId("plan-unlimited");
  await expect(unlimitedCard.getByTestId("opens-feature").filter({ hasText: "1-on-1 coaching" })).toContainText(
    `${COACHING_NOTE} (not part of the price yet)`,
  );
  await expect(unlimitedCard.getByRole("link", { name: "1-on-1 coaching" })).toHaveCount(0);
  await expect(unlimitedCard.getByRole("link", { name: "Choose Unlimited" })).toBeVisible();
  await expect(page.getByTestId("plan-pro")).toContainText("7-day free trial on your first paid plan");

  await page.getByTestId("plan-pro").getByRole("link", { name: "Choose Pro" }).click();
  const signup = page.getByRole("dialog", { name: "Sign up" });
  await expect(signup).toContainText("the Pro checkout opens right after");
  await expect(signup.getByRole("button", { name: "Already have an account? Login" })).toBeVisible();
  await signup.getByLabel("First name").fill("Amara");
  await signup.getByLabel("Last name").fill("Diallo");
  await signup.getByLabel("Email").fill(email);
  await signup.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await signup.getByLabel("Confirm password").fill(PASSWORD);
  await signup.getByRole("button", { name: "Sign up", exact: true }).click();

  // Signed in, the Pro checkout opens by itself with the account's name and email already filled in.
  const checkout = page.getByRole("dialog", { name: "Subscribe to Pro" });
  await expect(checkout).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/profile\?tab=billing&plan=pro$/);
  await expect(checkout.getByLabel("Email *")).toHaveValue(email);
  await expect(checkout.getByLabel("Full name *")).toHaveValue("Amara Diallo");
  await expect(checkout.getByTestId("checkout-charge-now")).toHaveText("Charged now€0.00");
  await expect(checkout).toContainText("free trial until");
  await fillCard(checkout);
  await checkout.getByRole("button", { name: "Start free trial" }).click();
  await expect(checkout.getByRole("status")).toContainText("Your Pro plan is active.");
  await expect(page.getByTestId("current-plan")).toHaveText("Pro", { timeout: 10_000 });

  // During the trial, the upgrade to Unlimited charges nothing: the dialogs say what coaching waits for.
  await page.getByLabel("Change plan").selectOption("unlimited");
  await page.getByRole("button", { name: "Upgrade to Unlimited" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm upgrade" });
  await expect(confirm.getByTestId("opens-feature").filter({ hasText: "1-on-1 coaching" })).toContainText(COACHING_NOTE);
  await expect(confirm.getByTestId("charge-now")).toContainText("Charged now: €0.00 (free trial until");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  const upgrade = page.getByRole("dialog", { name: "Subscribe to Unlimited" });
  await expect(upgrade.getByTestId("checkout-not-yet")).toContainText(`${COACHING_NOTE} (not part of the price yet)`);
  await upgrade.getByRole("button", { name: "Change to Unlimited (€0.00 now)" }).click();
  await expect(upgrade.getByRole("status")).toContainText("Your Unlimited plan is active. Nothing was charged now.");
  await expect(page.getByTestId("current-plan")).toHaveText("Unlimited", { timeout: 10_000 });

  const history = page.getByRole("region", { name: "Transaction History" });
  const upgraded = history.getByRole("listitem", { name: "Transaction Upgrade to Unlimited during the free trial (nothing charged)" });
  await expect(upgraded).toContainText("€0.00");
  await expect(history.getByRole("listitem", { name: "Transaction Pro plan - 7-day free trial" })).toContainText("€0.00");
  // No unexplained countdown beside Refresh.
  await expect(page.getByTestId("countdown")).toHaveCount(0);
  await expect(history.getByRole("button", { name: "Refresh" })).toBeVisible();
});

test("signed out, 'Choose Unlimited' then 'Login' with an existing account opens the Unlimited checkout", async ({ page }) => {
  const email = `choose-login-${Date.now()}@example.com`;
  const created = await page.request.post("/api/auth/signup", {
    data: { firstName: "Jonas", lastName: "Weber", email, password: PASSWORD },
  });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();
  await page.goto("/pricing");
  await page.getByTestId("plan-unlimited").getByRole("link", { name: "Choose Unlimited" }).click();
  await page.getByRole("dialog", { name: "Sign up" }).getByRole("button", { name: "Already have an account? Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await expect(login).toContainText("Log in to continue to the Unlimited checkout.");
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill(PASSWORD);
  await login.getByRole("button", { name: "Login", exact: true }).click();
  const checkout = page.getByRole("dialog", { name: "Subscribe to Unlimited" });
  await expect(checkout).toBeVisible({ timeout: 20_000 });
  await expect(checkout.getByLabel("Email *")).toHaveValue(email);
  await expect(checkout.getByTestId("checkout-not-yet")).toContainText(`${COACHING_NOTE} (not part of the price yet)`);

  // A plan link opened signed out (the profile's billing tab) asks to sign up too, not only to log in.
  await page.context().clearCookies();
  await page.goto("/profile?tab=billing&plan=pro&checkout=1");
  await expect(page.getByRole("dialog", { name: "Sign up" })).toContainText("the Pro checkout opens right after");
});
