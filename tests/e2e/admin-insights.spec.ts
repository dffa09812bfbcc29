import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { setUpTwoFactor, signUpAndLogIn, withDatabase } from "./site-helpers";

const run = promisify(execFile);

/**
 * Gives an account a staff role the way an operator does on a server, `npm run user:role -- <email>
 * <role>`, on the running test server's database.
 */
async function grantRole(email: string, role: "admin" | "backoffice") {
  const { stdout } = await run("npx", ["tsx", "scripts/user-role.ts", email, role], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: "" },
    timeout: 60_000,
  });
  expect(stdout).toContain(`${email} is now ${role}.`);
}

/** A new account in its own browser, given `role` and two-factor sign-in, as /admin requires. */
async function staffMember(browser: Browser, role: "admin" | "backoffice", firstName: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const user = await signUpAndLogIn(page, { firstName, lastName: "Staff", email: `${role}-${Date.now()}@example.com` });
  await grantRole(user.email, role);
  await setUpTwoFactor(page);
  return page;
}

async function fillCard(scope: ReturnType<Page["getByRole"]>, number: string) {
  await scope.getByLabel("Card number").fill(number);
  await scope.getByLabel("Expiry (MM/YY)").fill("1234");
  await scope.getByLabel("CVC").fill("123");
}

/** Lets the trial end now: the app's billing job (every 2 s in these tests) renews and charges the card. */
async function endBillingPeriod(email: string) {
  await withDatabase(async (client) => {
    const { rowCount } = await client.query(
      `UPDATE "DemoGatewayObject" SET data = jsonb_set(data, '{currentPeriodEnd}', to_jsonb($1::text))
       WHERE id IN (SELECT s."gatewaySubscriptionId" FROM "Subscription" s JOIN "User" u ON u.id = s."userId" WHERE u.email = $2)`,
      [new Date(Date.now() - 60_000).toISOString(), email],
    );
    expect(rowCount).toBe(1);
  });
}

test("a backoffice user refunds a demo payment and the customer sees it refunded in the billing tab", async ({ page, browser }) => {
  // The customer: a Pro trial with Stripe's 4242 test card, then the first monthly payment of €9.99.
  const customer = await signUpAndLogIn(page, {
    firstName: "Rafa",
    lastName: "Customer",
    email: `refund-${Date.now()}@example.com`,
  });
  await page.goto("/billing");
  const upgrade = page.getByRole("button", { name: "Upgrade to Pro" });
  await expect(upgrade).toBeEnabled();
  await upgrade.click();
  await page.getByRole("dialog", { name: "Confirm upgrade" }).getByRole("button", { name: "Confirm" }).click();
  const checkout = page.getByRole("dialog", { name: /Subscribe to/ });
  await fillCard(checkout, "4242 4242 4242 4242");
  await checkout.getByRole("button", { name: "Start free trial" }).click();
  await expect(checkout.getByRole("status")).toContainText("Your Pro plan is active. Nothing was charged now.");
  await expect(checkout).toBeHidden({ timeout: 5000 });
  await endBillingPeriod(customer.email);
  const history = page.getByRole("region", { name: "Transaction History" });
  const payment = history.getByRole("listitem", { name: "Transaction Pro plan - monthly subscription" });
  await expect(async () => {
    await page.goto("/profile?tab=billing");
    await expect(payment).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(payment).not.toContainText("Refunded");

  // The backoffice user finds the payment in /admin/finance and refunds it with a reason.
  const staff = await staffMember(browser, "backoffice", "Bea");
  await staff.goto("/admin/finance");
  await expect(staff.getByRole("heading", { name: "Finance" })).toBeVisible();
  await expect(staff.getByText("Monthly recurring revenue")).toBeVisible();
  await staff.getByRole("searchbox", { name: "Search by customer email" }).fill(customer.email);
  const table = staff.getByRole("table", { name: "Transactions" });
  await expect(table.getByRole("row")).toHaveCount(3); // the header, the trial (nothing to refund) and the payment
  await table.getByRole("button", { name: `Refund €9.99 to ${customer.email}` }).click();
  const dialog = staff.getByRole("dialog", { name: "Refund this payment?" });
  await expect(dialog).toContainText("Pro plan - monthly subscription");
  const confirm = dialog.getByRole("button", { name: "Refund €9.99" });
  await expect(confirm).toBeDisabled(); // a reason first
  await dialog.getByLabel("Reason (kept in the audit log)").fill("Charged after asking to cancel.");
  await confirm.click();
  await expect(staff.getByText("Payment refunded. The customer was mailed.")).toBeVisible();
  await expect(dialog).toBeHidden();
  // The refunded row says so (the billing job may meanwhile add the next period's payment, so the
  // table is not required to be free of Refund buttons).
  await expect(table.getByText("Refunded", { exact: true })).toBeVisible();

  // The customer sees it in the billing tab of the profile, and got the mail.
  await page.goto("/profile?tab=billing");
  await expect(payment).toContainText("Refunded");
  const { rows } = await withDatabase((client) =>
    client.query(`SELECT subject FROM "MailMessage" WHERE "to" = $1 AND kind = 'payment-refunded'`, [customer.email.toLowerCase()]),
  );
  expect(rows).toHaveLength(1);
});

test("a signed-in user's dislike with a reason appears in /admin/feedback with its reason", async ({ page, browser }) => {
  await signUpAndLogIn(page, { firstName: "Dana", lastName: "Student", email: `dislike-${Date.now()}@example.com` });
  await page.goto("/swipe-ai");
  const question = `How much money do I need in a blocked account for a German student visa? (${Date.now()})`;
  await page.getByLabel("Message SwipeAI").fill(question);
  await page.getByLabel("Message SwipeAI").press("Enter");
  const answer = page.getByTestId("assistant-message").last();
  await expect(answer.getByRole("button", { name: "Copy answer" })).toBeVisible({ timeout: 30_000 });
  await answer.getByRole("button", { name: "Dislike", exact: true }).click();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith("/api/feedback") && response.request().postDataJSON().dislikeReason === "Not factually correct",
  );
  await answer
    .getByRole("group", { name: "Why didn't you like this answer?" })
    .getByRole("button", { name: "Not factually correct" })
    .click();
  expect((await saved).status()).toBe(201);

  const admin = await staffMember(browser, "admin", "Ada");
  await admin.goto("/admin/feedback");
  await expect(admin.getByRole("heading", { name: "Feedback" })).toBeVisible();
  // By role, which finds only what is visible: a CI run once met a second, hidden copy of this box.
  await admin.getByRole("searchbox", { name: "Search questions, answers and comments" }).fill(question);
  const table = admin.getByRole("table", { name: "Disliked answers" });
  const row = table.getByRole("row").filter({ hasText: question });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Not factually correct");
  await expect(row).toContainText("Not handled");
  // The article the answer cited links to its editor.
  await expect(row.locator('a[href^="/admin/knowledge/"]').first()).toBeVisible();

  // Handled with a note: the row says so.
  await row.getByRole("button", { name: /^Mark the dislike of .* handled$/ }).click();
  const dialog = admin.getByRole("dialog", { name: "Mark handled" });
  await dialog.getByLabel("Note (optional)").fill("The amount is current: no change needed.");
  await dialog.getByRole("button", { name: "Mark handled" }).click();
  await expect(admin.getByText("Marked handled")).toBeVisible();
  await expect(row).toContainText("The amount is current: no change needed.");

  await admin.getByRole("tab", { name: "Figures" }).click();
  await expect(admin.getByRole("list", { name: "Dislike reasons with their counts" })).toContainText("Not factually correct");
});
