import { expect, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL } from "../../playwright.config";
import {
  deleteAccount,
  logIn,
  mailLink,
  nextTotpCode,
  setUpTwoFactor,
  signUpAndLogIn,
  submitLogin,
  verifyEmailFromOutbox,
} from "./site-helpers";

test("signup, the banner asks to verify, Resend sends a new link, and the mailed link verifies the address", async ({ page }) => {
  const email = `verify-${Date.now()}@example.com`;
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await page.getByRole("dialog", { name: "Login" }).getByRole("button", { name: "Don't have an account? Sign up" }).click();
  const signup = page.getByRole("dialog", { name: "Sign up" });
  await signup.getByLabel("First name").fill("Vera");
  await signup.getByLabel("Last name").fill("Fied");
  await signup.getByLabel("Email").fill(email);
  await signup.getByLabel("Password", { exact: true }).fill("a-strong-password");
  await signup.getByLabel("Confirm password").fill("a-strong-password");
  await signup.getByRole("button", { name: "Sign up" }).click();
  await expect(signup.getByRole("status")).toHaveText("Account created successfully! Logging you in...");

  const banner = page.getByRole("region", { name: "Email verification" });
  await expect(banner).toContainText(`Please verify your email address — we sent a link to ${email}.`);
  const firstLink = await mailLink(email, "verify-email", "/verify-email");
  await banner.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByText(`We sent a new link to ${email}.`, { exact: false })).toBeVisible();

  // The first link stopped working when the new one was sent.
  await page.goto(firstLink);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("This verification link is not valid or has expired.");
  await verifyEmailFromOutbox(page, email);
  await page.getByRole("link", { name: "Open your profile" }).click();
  await expect(page.getByTestId("profile-name")).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test("forgot password: the mailed link sets a new password, the old one stops working, the new one logs in", async ({ page }) => {
  const user = await signUpAndLogIn(page);
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.getByRole("button", { name: "Forgot password?" }).click();
  const forgot = login.getByRole("form", { name: "Reset your password" });
  await forgot.getByLabel("Email").fill(user.email);
  await forgot.getByRole("button", { name: "Send reset link" }).click();
  await expect(forgot.getByRole("status")).toHaveText(
    "If an account exists for this email, we have sent a link to reset the password. It works for one hour.",
  );

  await page.goto(await mailLink(user.email, "password-reset", "/reset-password"));
  const form = page.getByRole("form", { name: "New password" });
  await form.getByLabel("New password", { exact: true }).fill("quiet-harbour-lantern-91");
  await form.getByLabel("Confirm new password").fill("quiet-harbour-lantern-92");
  await form.getByRole("button", { name: "Set new password" }).click();
  await expect(form.getByText("Passwords don't match")).toBeVisible();
  await form.getByLabel("Confirm new password").fill("quiet-harbour-lantern-91");
  await form.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Your password has been changed.", { exact: false })).toBeVisible();

  await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
  const again = page.getByRole("dialog", { name: "Login" });
  await again.getByLabel("Email").fill(user.email);
  await again.getByLabel("Password").fill(user.password);
  await again.getByRole("button", { name: "Login", exact: true }).click();
  await expect(again.getByRole("alert")).toHaveText("Invalid email or password");
  await again.getByLabel("Password").fill("quiet-harbour-lantern-91");
  await again.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
  // The link reached the mailbox, so the address counts as verified.
  await expect(page.getByRole("region", { name: "Email verification" })).toHaveCount(0);
});

test("two-factor sign-in: set up with the key, then logging in asks for the code; a wrong code is refused", async ({ page }) => {
  const user = await signUpAndLogIn(page);
  const { secret, recoveryCodes } = await setUpTwoFactor(page);
  expect(new Set(recoveryCodes).size).toBe(10);
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("10 of 10 recovery codes left.");

  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  const login = await submitLogin(page, user.email, user.password);
  await expect(login.getByText("Enter the 6-digit code from your authenticator app.", { exact: false })).toBeVisible();
  await login.getByLabel("Authentication code").fill("000000");
  await login.getByRole("button", { name: "Verify and log in" }).click();
  await expect(login.getByRole("alert")).toHaveText("That code is not correct. Try the current code, or one of your recovery codes.");
  await login.getByLabel("Authentication code").fill(nextTotpCode(secret));
  await login.getByRole("button", { name: "Verify and log in" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();

  // A recovery code works once in place of the app's code.
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await submitLogin(page, user.email, user.password);
  await login.getByLabel("Authentication code").fill(recoveryCodes[0]!);
  await login.getByRole("button", { name: "Verify and log in" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
  await page.goto("/profile?tab=security");
  await expect(page.getByTestId("recovery-codes-left")).toHaveText("9 of 10 recovery codes left.");
});

test("sessions: the list marks this device, and signing out the other browser ends it there", async ({ page, browser }) => {
  const user = await signUpAndLogIn(page);
  const other = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  });
  const otherPage = await other.newPage();
  await logIn(otherPage, user.email, user.password);

  await page.goto("/profile?tab=security");
  const list = page.getByRole("list", { name: "Signed-in sessions" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
  const otherItem = list.getByRole("listitem").filter({ hasNotText: "This device" });
  await otherItem.getByRole("button", { name: /^Sign out/ }).click();
  await expect(page.getByText("That session has been signed out.")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);

  await otherPage.goto("/profile");
  await expect(otherPage.getByRole("banner").getByRole("button", { name: "Login" })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("profile-name")).toBeVisible();
  await page.goto("/profile?tab=billing");
  await expect(page.getByTestId("active-sessions")).toContainText("1 Active");
  await other.close();
});

test("staff without two-factor sign-in get 403 with a notice sending them to the Security tab; with it they reach the management area", async ({
  page,
}) => {
  const admin = await signUpAndLogIn(page, { firstName: "Ada", lastName: "Admin", email: E2E_ADMIN_EMAIL });
  try {
    expect((await page.goto("/admin"))?.status()).toBe(403); // not yet verified: no admin role
    await verifyEmailFromOutbox(page, admin.email);
    expect((await page.goto("/admin"))?.status()).toBe(403);
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      "Set up two-factor sign-in in your profile's Security tab to use the management area.",
    );
    await page.getByRole("link", { name: "Open the Security tab" }).click();
    await expect(page).toHaveURL(/\/profile\?tab=security/);
    await setUpTwoFactor(page);
    expect((await page.goto("/admin"))?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Management" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  } finally {
    await deleteAccount(page, admin.password);
  }
});
