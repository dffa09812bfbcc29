import { expect, test } from "@playwright/test";

test("a new user signs up, is logged in, edits the profile and finds it kept after a reload", async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign up" });
  const submit = dialog.getByRole("button", { name: "Sign up", exact: true });
  await dialog.getByLabel("First name").fill("Maria");
  await dialog.getByLabel("Last name").fill("Okafor");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("short");
  await expect(submit).toBeDisabled(); // until all five fields are filled
  await dialog.getByLabel("Confirm password").fill("different");
  await submit.click();
  await expect(dialog.getByRole("alert")).toHaveText("Password must be at least 8 characters long");
  await dialog.getByLabel("Password", { exact: true }).fill("a-strong-password");
  await submit.click();
  await expect(dialog.getByRole("alert")).toHaveText("Passwords don't match");
  await dialog.getByLabel("Confirm password").fill("a-strong-password");
  await submit.click();
  await expect(dialog.getByRole("status")).toHaveText("Account created successfully! Logging you in...");

  // Automatic login after 1.5 s reloads the page signed in.
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "Profile" }).click();
  await expect(page.getByTestId("profile-name")).toHaveText("Maria Okafor");

  const personal = page.getByRole("region", { name: "Personal Information" });
  await personal.getByRole("button", { name: "Edit" }).click();
  await personal.getByLabel("Phone").fill("+49 151 23456789");
  await personal.getByRole("combobox", { name: "Nationality" }).click();
  await page.getByRole("searchbox", { name: "Search options" }).fill("Nigeria");
  await page.getByRole("option", { name: "Nigeria", exact: true }).click();
  await personal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();

  await page.reload();
  await expect(personal.getByLabel("Phone")).toHaveValue("+49 151 23456789");
  await expect(personal.getByLabel("Nationality")).toHaveValue("Nigeria");

  // Log out, then log in again with the same credentials.
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill("wrong-password");
  await login.getByRole("button", { name: "Login", exact: true }).click();
  await expect(login.getByRole("alert")).toHaveText("Invalid email or password");
  await login.getByLabel("Password").fill("a-strong-password");
  await login.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
});

test("the login modal closes on browser Back", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL("/");
});
