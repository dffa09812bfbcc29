import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { ADMIN_SECTIONS } from "../../src/lib/admin-sections";
import { deleteAccount, expectNoSeriousAxeViolations, logIn, signUpAdmin, signUpAndLogIn, submitLogin } from "./site-helpers";

test("profile: edit a card, reload and find it kept; the name change reloads the header", async ({ page }) => {
  await signUpAndLogIn(page);
  await page.goto("/profile");
  await expect(page.getByTestId("profile-name")).toHaveText("Lena Schmidt");
  await expect(page.getByTestId("plan-badge")).toHaveText("Free");
  await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
  await expectNoSeriousAxeViolations(page);

  const personal = page.getByRole("region", { name: "Personal Information" });
  await expect(personal.getByLabel("Email")).toBeDisabled();
  await personal.getByRole("button", { name: "Edit" }).click();
  await personal.getByLabel("Phone").fill("+49 151 11112222");
  await personal.getByRole("combobox", { name: "Nationality" }).click();
  await page.getByRole("searchbox", { name: "Search options" }).fill("keny");
  await page.getByRole("option", { name: "Kenya" }).click();
  await personal.getByRole("combobox", { name: "Country of residence" }).click();
  await page.getByRole("option", { name: "Germany" }).click();
  await personal.getByRole("button", { name: "Date of birth" }).click();
  await expect(page.getByRole("button", { name: "Next month" })).toBeVisible();
  // Date of birth is allowed up to today: next month's days are disabled.
  await page.getByRole("button", { name: "Next month" }).click();
  const now = new Date();
  const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  const firstOfNext = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, "0")}-01`;
  await expect(page.getByRole("button", { name: firstOfNext, exact: true }).first()).toBeDisabled();
  await page.getByRole("button", { name: "Previous month" }).click();
  await page.getByRole("button", { name: "Previous month" }).click();
  const previous = new Date(now.getFullYear(), now.getMonth() - 1, 15);
  const fifteenth = `${previous.getFullYear()}-${String(previous.getMonth() + 1).padStart(2, "0")}-15`;
  await page.getByRole("button", { name: fifteenth, exact: true }).click();
  await expect(personal.getByRole("button", { name: "Date of birth" })).toHaveText(new RegExp(fifteenth));
  await personal.getByRole("button", { name: "Date of birth" }).click();
  await page.getByRole("button", { name: "Choose year" }).click();
  // The years of a decade, paged by decades; years after this one cannot be chosen.
  await expect(page.getByRole("group", { name: "Years" }).getByRole("button")).toHaveCount(10);
  await page.getByRole("button", { name: "Next decade" }).click();
  await expect(page.getByRole("group", { name: "Years" }).getByRole("button").first()).toBeDisabled();
  await page.keyboard.press("Escape");
  await personal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();

  await page.reload();
  await expect(personal.getByLabel("Phone")).toHaveValue("+49 151 11112222");
  await expect(personal.getByLabel("Nationality")).toHaveValue("Kenya");
  await expect(personal.getByLabel("Country of residence")).toHaveValue("Germany");
  await expect(personal.getByLabel("Date of birth")).toHaveValue(fifteenth);

  const emergency = page.getByRole("region", { name: "Emergency Contact" });
  await emergency.getByRole("button", { name: "Edit" }).click();
  await emergency.getByLabel("Name").fill("Peter Schmidt");
  await emergency.getByRole("button", { name: "Save" }).click();
  await expect(emergency.getByLabel("Name")).toHaveValue("Peter Schmidt");

  await personal.getByRole("button", { name: "Edit" }).click();
  await personal.getByLabel("Last name").fill("Schmidt-Weber");
  await personal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("profile-name")).toHaveText("Lena Schmidt-Weber");

  await page.getByRole("tab", { name: "Account" }).click();
  await expect(page.getByTestId("profile-completion")).toHaveText("80%");
  await expect(page.getByText("Current plan")).toBeVisible();
});

test("settings: language, time zone and privacy are saved", async ({ page }) => {
  await signUpAndLogIn(page);
  await page.goto("/profile?tab=settings");
  const prefs = page.getByRole("region", { name: "Settings & Preferences" });
  await prefs.getByRole("button", { name: "Edit" }).click();
  await prefs.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("searchbox", { name: "Search options" }).fill("German");
  await page.getByRole("option", { name: "Deutsch (German)" }).click();
  await prefs.getByRole("combobox", { name: "Time zone" }).click();
  await page.getByRole("searchbox", { name: "Search options" }).fill("Tokyo");
  await page.getByRole("option", { name: "Asia/Tokyo (UTC+09:00)" }).click();
  await prefs.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Changes saved successfully!")).toBeVisible();

  const privacy = page.getByRole("region", { name: "Privacy" });
  await privacy.getByRole("button", { name: "Edit" }).click();
  const visibility = privacy.getByRole("combobox", { name: "Profile visibility" });
  await visibility.click();
  await expect(page.getByRole("listbox")).toBeVisible();
  await page.keyboard.press("Escape"); // Escape closes the list
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await visibility.click();
  await page.getByRole("heading", { name: "Privacy" }).click(); // so does a click outside
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await visibility.click();
  await expect(page.getByRole("searchbox", { name: "Search options" })).toHaveCount(0); // 3 options: no search
  await page.getByRole("option", { name: "Public" }).click();
  await privacy.getByRole("button", { name: "Save" }).click();
  await expect(privacy.getByRole("button", { name: "Edit" })).toBeVisible();

  await page.reload();
  await expect(prefs.getByLabel("Language")).toHaveValue("Deutsch (German)");
  await expect(prefs.getByLabel("Time zone")).toHaveValue("Asia/Tokyo (UTC+09:00)");
  await expect(privacy.getByLabel("Profile visibility")).toHaveValue("Public");
});

test("security: change password, then the old password is rejected and the new one works", async ({ page }) => {
  const user = await signUpAndLogIn(page);
  await page.goto("/profile?tab=security");
  await expectNoSeriousAxeViolations(page);
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("New password", { exact: true }).fill("a-newer-password");
  await form.getByLabel("Confirm new password").fill("a-newer-password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("alert")).toHaveText("Your current password is not correct.");
  await form.getByLabel("Current password").fill(user.password);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Other devices have been signed out.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("profile-name")).toBeVisible(); // this browser stays signed in

  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  const login = await submitLogin(page, user.email, user.password);
  await expect(login.getByRole("alert")).toHaveText("Invalid email or password");
  await login.getByLabel("Password").fill("a-newer-password");
  await login.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
});

test("export downloads a JSON file with the profile", async ({ page }) => {
  const user = await signUpAndLogIn(page, { firstName: "Export", lastName: "Tester" });
  await page.goto("/profile?tab=account");
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export Account Data" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^swipeabroad-account-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(data.account.email).toBe(user.email);
  expect(data.profile).toMatchObject({ firstName: "Export", lastName: "Tester", email: user.email });
});

test("delete account: confirm, success toast, back to / after 1.5 s, and the login fails afterwards", async ({ page }) => {
  const user = await signUpAndLogIn(page);
  await page.goto("/profile?tab=account");
  await page.getByRole("button", { name: "Delete Account" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(confirm).toContainText("This action cannot be undone");
  const remove = confirm.getByRole("button", { name: "Delete permanently" });
  await expect(remove).toBeDisabled(); // until the password is given
  await confirm.getByLabel("Your password").fill("not-my-password");
  await remove.click();
  await expect(confirm.getByRole("alert")).toHaveText("Your password is not correct.");
  await confirm.getByLabel("Your password").fill(user.password);
  await remove.click();
  await expect(page.getByText("Account deleted successfully.")).toBeVisible();
  await expect(page).toHaveURL("/", { timeout: 10_000 });
  await expect(page.getByRole("banner").getByRole("button", { name: "Login" })).toBeVisible();

  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.getByLabel("Email").fill(user.email);
  await login.getByLabel("Password").fill(user.password);
  await login.getByRole("button", { name: "Login", exact: true }).click();
  await expect(login.getByRole("alert")).toHaveText("Invalid email or password");
});

test("billing tab shows the current plan in demo mode and preselects the plan chosen on pricing; Contact Support opens the contact form", async ({
  page,
}) => {
  await signUpAndLogIn(page);
  await page.goto("/pricing");
  await page.getByRole("link", { name: "Choose Unlimited" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=billing&plan=unlimited/);
  // Signed in, the plan's checkout opens by itself; closed, the billing tab keeps the plan preselected.
  const checkout = page.getByRole("dialog", { name: "Subscribe to Unlimited" });
  await expect(checkout).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press("Escape");
  await expect(checkout).toHaveCount(0);
  await expect(page.getByTestId("current-plan")).toHaveText("Free");
  await expect(page.getByText("Demo mode - no real charges").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Upgrade to Unlimited" })).toBeVisible();
  await page.getByRole("button", { name: "Download Receipts" }).click();
  await expect(page.getByText("You have no receipts yet.")).toBeVisible(); // a new account has paid nothing
  await page.getByRole("link", { name: "Contact Support" }).click();
  await expect(page).toHaveURL(/\/about\/contact\?subject=Account/);
  await expect(page.getByLabel("Subject")).toHaveValue("Account or billing");
});

test("the profile modal opens from the header with the same panels", async ({ page }) => {
  await signUpAndLogIn(page);
  await page.getByRole("banner").getByRole("button", { name: "Quick settings" }).click();
  const modal = page.getByRole("dialog", { name: "Your profile" });
  await expect(modal.getByRole("region", { name: "Personal Information" })).toBeVisible();
  await modal.getByRole("tab", { name: "Account" }).click();
  await expect(modal.getByText("Active", { exact: true })).toBeVisible();
  await expect(modal.getByRole("button", { name: "Delete Account" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);
});

test("a signed-out visitor is asked to log in on /profile", async ({ page }) => {
  await page.goto("/profile");
  await expect(page.getByRole("main").getByRole("button", { name: "Login" })).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
});

test("sign out all other sessions ends the other browser's session and keeps this one", async ({ page, browser }) => {
  const user = await signUpAndLogIn(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, user.email, user.password);

  await page.goto("/profile?tab=security");
  const sessions = page.getByRole("region", { name: "Sessions" });
  await expect(sessions.getByRole("list", { name: "Signed-in sessions" }).getByRole("listitem")).toHaveCount(2);
  await sessions.getByRole("button", { name: "Sign out all other sessions" }).click();
  await expect(page.getByText("All other sessions have been signed out.")).toBeVisible();
  await expect(sessions.getByRole("list", { name: "Signed-in sessions" }).getByRole("listitem")).toHaveCount(1);

  await page.reload();
  await expect(page.getByTestId("profile-name")).toBeVisible();
  await otherPage.goto("/profile");
  await expect(otherPage.getByRole("banner").getByRole("button", { name: "Login" })).toBeVisible();
  await other.close();
});

test("an ordinary signed-in user sees no Manage entry and gets 403 on every /admin page", async ({ page }) => {
  await signUpAndLogIn(page);
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Manage" })).toHaveCount(0);
  for (const path of [
    "/admin",
    ...ADMIN_SECTIONS.map((section) => `/admin/${section.slug}`),
    "/admin/customers/any-id",
    "/admin/knowledge/new",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
  }
});

test("an admin sees Manage, which opens /admin in a new tab, and Manage is hidden under /admin", async ({ page, context }) => {
  const admin = await signUpAdmin(page);
  try {
    await page.goto("/");
    const manage = page.getByRole("banner").getByRole("link", { name: "Manage" });
    await expect(manage).toHaveAttribute("target", "_blank");
    const [adminTab] = await Promise.all([context.waitForEvent("page"), manage.click()]);
    await adminTab.waitForLoadState();
    await expect(adminTab).toHaveURL(/\/admin$/);
    await expect(adminTab.getByRole("heading", { name: "Management" })).toBeVisible();
    await expect(adminTab.getByRole("banner").getByRole("link", { name: "Manage" })).toHaveCount(0);
    const response = await adminTab.goto("/admin");
    expect(response?.status()).toBe(200);
    await adminTab.close();
  } finally {
    await deleteAccount(page, admin.password);
  }
});
