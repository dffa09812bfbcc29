import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { E2E_DATA_DIR } from "../../playwright.config";
import { embeddedDatabaseUrl, embeddedSocketDir } from "../../src/server/db/embedded-location";
import { pdfText } from "../helpers/pdf";

const PASSWORD = "a-strong-password";

/** A new account, signed in through the login modal. */
async function signUpAndLogin(page: Page, firstName: string) {
  const email = `billing-${firstName.toLowerCase()}-${Date.now()}@example.com`;
  const created = await page.request.post("/api/auth/signup", {
    data: { firstName, lastName: "Student", email, password: PASSWORD },
  });
  expect(created.status()).toBe(201);
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill(PASSWORD);
  await login.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
  return email;
}

async function fillCard(scope: ReturnType<Page["getByRole"]>, number: string) {
  await scope.getByLabel("Card number").fill(number);
  await scope.getByLabel("Expiry (MM/YY)").fill("1234");
  await scope.getByLabel("CVC").fill("123");
}

/**
 * Lets a month pass for this user's subscription: its period ends now, so the app's billing job
 * (every 2 s in these tests) tries to renew it. Time is the one thing a browser cannot move.
 */
async function endBillingPeriod(email: string) {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(embeddedSocketDir(E2E_DATA_DIR)) });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `UPDATE "DemoGatewayObject" SET data = jsonb_set(data, '{currentPeriodEnd}', to_jsonb($1::text))
       WHERE id IN (SELECT s."gatewaySubscriptionId" FROM "Subscription" s JOIN "User" u ON u.id = s."userId" WHERE u.email = $2)`,
      [new Date(Date.now() - 60_000).toISOString(), email],
    );
    expect(rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

async function startCheckout(page: Page, button: string) {
  const upgrade = page.getByRole("button", { name: button });
  await expect(upgrade).toBeEnabled(); // enabled once the customer exists
  await upgrade.click();
  const confirm = page.getByRole("dialog", { name: /Confirm (upgrade|downgrade)/ });
  await expect(confirm.getByTestId("charge-now")).toContainText("Charged now: €");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  return page.getByRole("dialog", { name: /Subscribe to/ });
}

test("subscribe to Pro with 4242, see plan, allowance, transaction and receipt; remove the last card; downgrade to Free", async ({
  page,
  context,
}) => {
  await signUpAndLogin(page, "Lena");
  await page.goto("/billing");
  await expect(page.getByText("Demo mode - no real charges").first()).toBeVisible();
  await expect(page.getByTestId("current-plan")).toHaveText("Free");
  await expect(page.getByTestId("token-allowance")).toHaveText("30,000 tokens per month");
  await expect(page.getByLabel("Change plan")).toHaveValue("pro"); // default choice on Free

  const checkout = await startCheckout(page, "Upgrade to Pro");
  await expect(checkout.getByText("Demo mode - no real charges")).toBeVisible();
  await expect(checkout.getByTestId("checkout-charge-now")).toHaveText("Charged now€0.00");
  const pay = checkout.getByRole("button", { name: "Start free trial" });
  await expect(pay).toBeDisabled();
  await fillCard(checkout, "4242 4242 4242 4242");
  await pay.click();
  await expect(checkout.getByRole("status")).toContainText("Your Pro plan is active. Nothing was charged now.");
  await expect(checkout).toBeHidden({ timeout: 5000 }); // closes after 2 s
  await expect(page.getByText("Successfully subscribed to Pro plan!")).toBeVisible();
  await expect(page.getByTestId("current-plan")).toHaveText("Pro");
  await expect(page.getByTestId("token-allowance")).toHaveText("500,000 tokens per month");
  await expect(page.getByLabel("Change plan")).toHaveValue("unlimited");

  const history = page.getByRole("region", { name: "Transaction History" });
  await expect(history.getByText("Pro plan - 7-day free trial")).toBeVisible();
  const receiptPromise = context.waitForEvent("page");
  await history.getByRole("button", { name: "Receipt" }).click();
  await expect(page.getByText("Receipt opened in new tab. Use Ctrl+P to save as PDF")).toBeVisible();
  const receipt = await receiptPromise;
  await expect(receipt.getByRole("heading", { name: "Receipt" })).toBeVisible();
  await expect(receipt.getByText("Pro plan - 7-day free trial")).toBeVisible();
  await receipt.close();

  // Removing the only card warns that the plan falls back to Free in 7 days.
  const cards = page.getByRole("region", { name: "Payment Methods" });
  await expect(cards.getByText("•••• 4242")).toBeVisible();
  await cards.getByRole("button", { name: "Remove card ending 4242" }).click();
  const removal = page.getByRole("dialog", { name: "Remove card" });
  await expect(removal).toContainText(/It is your last card: your Pro plan will end on \d{1,2} \w{3} \d{4} unless you add another card/);
  await removal.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Payment method removed successfully!")).toBeVisible();
  await expect(page.getByText(/Your plan will be downgraded to Free on .* Please add a payment method/)).toBeVisible();
  await expect(cards.getByText("No payment methods added")).toBeVisible();
  await expect(page.getByRole("region", { name: "Subscription Management" }).getByRole("alert")).toContainText(
    "will be downgraded to Free on",
  );
  // Without a card no renewal price is promised any more.
  await expect(page.getByTestId("plan-status")).toHaveText(/^Free trial until \d{1,2} \w{3} \d{4}\.$/);

  // Downgrade to Free: applies at the end of the period.
  await page.getByLabel("Change plan").selectOption("free");
  await page.getByRole("button", { name: "Downgrade to Free" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm downgrade" });
  await expect(confirm).toContainText(/Your plan changes to Free on .*; until then you keep Pro\. Unused tokens are lost\./);
  await expect(confirm.getByTestId("charge-now")).toHaveText("Charged now: €0.00.");
  await expect(confirm.getByTestId("next-charge")).toHaveText("No further charges.");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(/Your plan changes to Free on .*; until then you keep Pro\./).first()).toBeVisible();
  await expect(page.getByText(/Cancelled: active until .*, then Free\./)).toBeVisible();
});

test("a declined card shows Payment failed and Try Again returns to payment; nothing changes", async ({ page }) => {
  await signUpAndLogin(page, "Omar");
  await page.goto("/billing");
  const checkout = await startCheckout(page, "Upgrade to Pro");
  await fillCard(checkout, "4000 0000 0000 0002");
  await checkout.getByRole("button", { name: "Start free trial" }).click();
  await expect(checkout.getByText("Payment failed", { exact: true })).toBeVisible();
  await expect(checkout.getByRole("alert")).toHaveText("Your card was declined.");
  await checkout.getByRole("button", { name: "Try Again" }).click();
  await expect(checkout.getByLabel("Card number")).toBeVisible();
  await checkout.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("current-plan")).toHaveText("Free");
  await expect(page.getByRole("region", { name: "Transaction History" }).getByText("No transactions found")).toBeVisible();
});

test("add a billing address, set the default, delete with the confirm text", async ({ page }) => {
  await signUpAndLogin(page, "Mei");
  await page.goto("/billing");
  const card = page.getByRole("region", { name: "Billing Addresses" });
  await expect(card.getByText("No billing addresses added")).toBeVisible();

  const add = async (name: string, city: string) => {
    await card.getByRole("button", { name: "Add billing address" }).click();
    const form = card.getByRole("group", { name: "New billing address" });
    await form.getByLabel("Full name *").fill(name);
    await form.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByText("Please fill in all required fields").last()).toBeVisible();
    await form.getByLabel("Address line 1 *").fill("Hauptstraße 5");
    await form.getByLabel("City *").fill(city);
    await form.getByLabel("Postal code *").fill("10115");
    await form.getByLabel("Country *").selectOption("DE");
    await form.getByRole("button", { name: "Save address" }).click();
    await expect(card.getByRole("listitem", { name: `Address of ${name}` })).toBeVisible();
  };
  await add("Mei Home", "Berlin");
  await add("Mei Office", "Munich");
  const home = card.getByRole("listitem", { name: "Address of Mei Home" });
  const office = card.getByRole("listitem", { name: "Address of Mei Office" });
  await expect(home.getByText("Default")).toBeVisible();
  await office.getByRole("button", { name: "Set as default" }).click();
  await expect(page.getByText("Default address updated")).toBeVisible();
  await expect(office.getByText("Default")).toBeVisible();
  await expect(home.getByText("Default", { exact: true })).toHaveCount(0);

  await home.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete address" });
  await expect(confirm).toContainText("Are you sure you want to delete this address?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Address deleted successfully")).toBeVisible();
  await expect(home).toHaveCount(0);
  await page.reload();
  await expect(card.getByRole("listitem")).toHaveCount(1);
});

test("a failed renewal: pay it from the banner; a declined card shows the error; a new card pays it", async ({ page }) => {
  const email = await signUpAndLogin(page, "Ines");
  await page.goto("/billing");
  const checkout = await startCheckout(page, "Upgrade to Pro");
  await fillCard(checkout, "4000 0000 0000 0341"); // Stripe's test card that attaches but fails every charge
  await checkout.getByRole("button", { name: "Start free trial" }).click();
  await expect(checkout.getByRole("status")).toContainText("Nothing was charged now.");
  await expect(checkout).toBeHidden({ timeout: 5000 });

  await endBillingPeriod(email);
  const payNow = page.getByRole("button", { name: "Pay €9.99 now" });
  await expect(async () => {
    await page.reload();
    await expect(payNow).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  const panel = page.getByRole("region", { name: "Subscription Management" });
  await expect(panel.getByRole("alert")).toContainText("Your last payment failed.");
  await expect(page.getByRole("region", { name: "Transaction History" }).getByText("Failed", { exact: true })).toBeVisible();

  await payNow.click();
  const dialog = page.getByRole("dialog", { name: "Pay outstanding balance" });
  await expect(dialog).toContainText("€9.99");
  await expect(dialog.getByRole("radio", { name: /0341/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Pay €9.99" }).click();
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Pay €9.99" })).toBeEnabled(); // back to idle

  await dialog.getByRole("radio", { name: "Use a new card" }).check();
  await fillCard(dialog, "4242 4242 4242 4242");
  await dialog.getByRole("button", { name: "Save card" }).click();
  await expect(dialog.getByRole("radio", { name: /4242/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Pay €9.99" }).click();
  await expect(page.getByText("Payment successful!")).toBeVisible();
  await expect(dialog.getByTestId("payment-intent-id")).toHaveText(/^pi_demo_/);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(panel.getByRole("alert")).toHaveCount(0);
  await expect(page.getByTestId("current-plan")).toHaveText("Pro");
  await expect(panel).toContainText("Renews on");
});

test("Pro with the demo card, up to Unlimited, down to Pro: every dialog states the charge now and the date; the transactions agree; one card; receipts download", async ({
  page,
}) => {
  await signUpAndLogin(page, "Ravi");
  await page.goto("/billing");
  const checkout = await startCheckout(page, "Upgrade to Pro");
  await fillCard(checkout, "4242 4242 4242 4242");
  await checkout.getByRole("button", { name: "Start free trial" }).click();
  await expect(checkout).toBeHidden({ timeout: 5000 });
  await expect(page.getByText(/Successfully subscribed to Pro plan! Charged now: €0\.00/)).toBeVisible();
  const status = page.getByTestId("plan-status");
  await expect(status).toHaveText(/^Free trial until (.+), then €9\.99 per month\.$/);
  const trialEnd = /until (.+), then/.exec((await status.textContent())!)![1]!;

  // Up to Unlimited during the trial: nothing now, €49.99 when the trial ends; the saved card is offered.
  await page.getByLabel("Change plan").selectOption("unlimited");
  await page.getByRole("button", { name: "Upgrade to Unlimited" }).click();
  const confirmUp = page.getByRole("dialog", { name: "Confirm upgrade" });
  await expect(confirmUp.getByTestId("charge-now")).toHaveText(`Charged now: €0.00 (free trial until ${trialEnd}).`);
  await expect(confirmUp.getByTestId("next-charge")).toHaveText(`Next charge: €49.99 on ${trialEnd}, then monthly.`);
  await confirmUp.getByRole("button", { name: "Confirm" }).click();
  const upgrade = page.getByRole("dialog", { name: "Subscribe to Unlimited" });
  await expect(upgrade.getByTestId("checkout-charge-now")).toHaveText("Charged now€0.00");
  await expect(upgrade.getByTestId("checkout-next-charge")).toHaveText(`Next charge: €49.99 on ${trialEnd}, then monthly.`);
  await expect(upgrade.getByRole("radio", { name: /visa •••• 4242/i })).toBeChecked();
  await expect(upgrade.getByLabel("Card number")).toHaveCount(0); // a new card only on request
  await upgrade.getByRole("button", { name: "Change to Unlimited (€0.00 now)" }).click();
  await expect(upgrade.getByRole("status")).toHaveText("Your Unlimited plan is active. Nothing was charged now.");
  await expect(upgrade).toBeHidden({ timeout: 5000 });
  await expect(page.getByTestId("current-plan")).toHaveText("Unlimited");

  // Down to Pro: no card, no payment step; the change waits for the end of the trial.
  await page.getByLabel("Change plan").selectOption("pro");
  await page.getByRole("button", { name: "Downgrade to Pro" }).click();
  const confirmDown = page.getByRole("dialog", { name: "Confirm downgrade" });
  const sentence = `Your plan changes to Pro on ${trialEnd}; until then you keep Unlimited.`;
  await expect(confirmDown).toContainText(sentence);
  await expect(confirmDown.getByTestId("charge-now")).toHaveText("Charged now: €0.00.");
  await expect(confirmDown.getByTestId("next-charge")).toHaveText(`Next charge: €9.99 on ${trialEnd}, then monthly.`);
  await confirmDown.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("dialog", { name: /Subscribe to/ })).toHaveCount(0);
  await expect(page.getByText(sentence).first()).toBeVisible();
  await expect(page.getByText(/Successfully subscribed to Pro/)).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId("current-plan")).toHaveText("Unlimited");
  await expect(status).toHaveText(sentence);
  // Every change is in the history with its amount; only the trial's start is a payment with a receipt.
  const history = page.getByRole("region", { name: "Transaction History" });
  await expect(history.getByRole("listitem")).toHaveCount(3);
  for (const description of [
    "Change to Pro at the end of the billing period (nothing charged)",
    "Upgrade to Unlimited during the free trial (nothing charged)",
    "Pro plan - 7-day free trial",
  ])
    await expect(history.getByRole("listitem", { name: `Transaction ${description}` })).toContainText("€0.00");
  await expect(history.getByRole("button", { name: "Receipt" })).toHaveCount(1);
  const cards = page.getByRole("region", { name: "Payment Methods" });
  await expect(cards.getByRole("listitem")).toHaveCount(1);
  await expect(cards.getByRole("listitem")).toContainText("Default");

  // The scheduled change can be cancelled: Unlimited renews.
  await page.getByRole("button", { name: "Cancel scheduled change" }).click();
  await expect(page.getByText("Scheduled change cancelled: you keep Unlimited.")).toBeVisible();
  await expect(status).toHaveText(`Free trial until ${trialEnd}, then €49.99 per month.`);

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Receipts" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^receipt-\d{6}\.pdf$/);
  const pdf = await pdfText(new Uint8Array(await (await import("node:fs/promises")).readFile((await download.path())!)));
  expect(pdf.pages).toBe(1);
  expect(pdf.text).toContain("Pro plan - 7-day free trial");
  expect(pdf.text).toContain("VAT ID: not set");
});
