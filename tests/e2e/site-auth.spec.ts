import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./site-helpers";

test("login and signup modals switch, push a history entry each and close on Back", async ({ page }) => {
  await page.goto("/pricing");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await expect(login).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await expect(login.getByRole("button", { name: "Login", exact: true })).toBeDisabled();
  await login.getByLabel("Email").fill("  someone@example.com ");
  await expect(login.getByRole("button", { name: "Login", exact: true })).toBeDisabled();
  await login.getByLabel("Password").fill("x");
  await expect(login.getByRole("button", { name: "Login", exact: true })).toBeEnabled();

  await login.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  const signup = page.getByRole("dialog", { name: "Sign up" });
  await expect(signup).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await signup.getByRole("button", { name: "Already have an account? Login" }).click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL("/pricing");

  // Escape closes it too, and keyboard focus starts inside the modal.
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("signup shows every validation message, then creates the account and logs in after 1.5 s", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign up" });
  const submit = dialog.getByRole("button", { name: "Sign up", exact: true });
  const email = `signup-${Date.now()}@example.com`;
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("First name").fill("  Amara ");
  await dialog.getByLabel("Last name").fill("Diallo");
  await dialog.getByLabel("Email").fill(` ${email} `);
  await dialog.getByLabel("Password", { exact: true }).fill("short");
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Confirm password").fill("short");
  await submit.click();
  await expect(dialog.getByRole("alert")).toHaveText("Password must be at least 8 characters long");
  await dialog.getByLabel("Password", { exact: true }).fill("a-strong-password");
  await dialog.getByLabel("Confirm password").fill("a-different-password");
  await submit.click();
  await expect(dialog.getByRole("alert")).toHaveText("Passwords don't match");
  await dialog.getByLabel("Confirm password").fill("a-strong-password");
  await submit.click();
  await expect(dialog.getByRole("status")).toHaveText("Account created successfully! Logging you in...");
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();

  // The same email cannot sign up twice: the server's message is shown.
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  await dialog.getByLabel("First name").fill("Amara");
  await dialog.getByLabel("Last name").fill("Diallo");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("a-strong-password");
  await dialog.getByLabel("Confirm password").fill("a-strong-password");
  await submit.click();
  await expect(dialog.getByRole("alert")).toHaveText("An account with this email already exists. Please log in instead.");
});

test("a failed login shows 'Invalid email or password'", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.getByLabel("Email").fill("nobody@example.com");
  await login.getByLabel("Password").fill("wrong-password");
  await login.getByRole("button", { name: "Login", exact: true }).click();
  await expect(login.getByRole("alert")).toHaveText("Invalid email or password");
});
