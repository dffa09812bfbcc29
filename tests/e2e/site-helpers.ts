import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import pg from "pg";
import { E2E_ADMIN_EMAIL, E2E_DATA_DIR } from "../../playwright.config";
import { embeddedDatabaseUrl, embeddedSocketDir } from "../../src/server/db/embedded-location";

/** No serious or critical accessibility violation on the current page. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    ),
  ).toEqual([]);
}

let counter = 0;

/** A new account created through the signup API, then logged in through the login modal. */
export async function signUpAndLogIn(
  page: Page,
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
) {
  counter += 1;
  const user = {
    firstName: "Lena",
    lastName: "Schmidt",
    // The worker's process id: two workers may sign up in the same millisecond.
    email: `site-${Date.now()}-${process.pid}-${counter}@example.com`,
    password: "a-strong-password",
    ...overrides,
  };
  const response = await page.request.post("/api/auth/signup", { data: user });
  expect(response.ok()).toBe(true);
  await logIn(page, user.email, user.password);
  return user;
}

/** Opens the login modal from the header, fills in email and password and submits; returns the dialog. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  return dialog;
}

/** Logs in through the login modal; with `totpSecret`, answers the two-factor step with a fresh code. */
export async function logIn(page: Page, email: string, password: string, totpSecret?: string) {
  await page.goto("/");
  const dialog = await submitLogin(page, email, password);
  if (totpSecret) {
    await dialog.getByLabel("Authentication code").fill(nextTotpCode(totpSecret));
    await dialog.getByRole("button", { name: "Verify and log in" }).click();
  }
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
}

/** Runs queries on the embedded database of the app under test. */
export async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(embeddedSocketDir(E2E_DATA_DIR)) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * The link of the newest mail of this kind to this address in the app's outbox (MailMessage), as a
 * path with its query, e.g. "/verify-email?token=...". Waits for the mail to be queued.
 */
export async function mailLink(to: string, kind: string, path: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const { rows } = await withDatabase((client) =>
          client.query<{ text: string }>(`SELECT text FROM "MailMessage" WHERE "to" = $1 AND kind = $2 ORDER BY "createdAt" DESC LIMIT 1`, [
            to.toLowerCase(),
            kind,
          ]),
        );
        const match = rows[0]?.text.match(new RegExp(`https?://[^\\s]*${path.replace(/[/?]/g, "\\$&")}\\?token=[^\\s]+`));
        link = match ? new URL(match[0]).pathname + new URL(match[0]).search : null;
        return link;
      },
      { message: `a ${kind} mail to ${to}`, timeout: 10_000 },
    )
    .not.toBeNull();
  return link!;
}

/** Opens the verification link of the account's signup mail in this (signed-in) page. */
export async function verifyEmailFromOutbox(page: Page, email: string) {
  await page.goto(await mailLink(email, "verify-email", "/verify-email"));
  await expect(page.getByText("Your email address is verified.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Email verification" })).toHaveCount(0);
}

function totp(secret: string) {
  return new OTPAuth.TOTP({
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, "")),
  });
}

/** The current authenticator code. */
function totpCode(secret: string): string {
  return totp(secret).generate();
}

/**
 * The next 30-second step's code: the server accepts one step of drift but each step only once, so a
 * sign-in right after the setup (which used the current step) needs the next one.
 */
export function nextTotpCode(secret: string): string {
  return totp(secret).generate({ timestamp: Date.now() + 30_000 });
}

/** Turns on two-factor sign-in in the Security tab: reads the key, answers with a code, keeps the recovery codes. */
export async function setUpTwoFactor(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto("/profile?tab=security");
  const card = page.getByRole("region", { name: "Two-factor sign-in" });
  await card.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await card.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  await card.getByLabel("Code from your authenticator app").fill(totpCode(secret));
  await card.getByRole("button", { name: "Turn on" }).click();
  const codes = card.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
  await card.getByRole("button", { name: "I saved them" }).click();
  await expect(card.getByText("Since", { exact: false })).toBeVisible();
  return { secret, recoveryCodes };
}

const E2E_ADMIN_PASSWORD = "a-strong-password";

/**
 * The test server's admin (E2E_ADMIN_EMAIL): signed up, email verified (which gives the admin role)
 * and two-factor sign-in set up, as /admin requires. Delete it afterwards with deleteAccount, so
 * other tests can sign it up again.
 */
export async function signUpAdmin(page: Page) {
  const user = await signUpAndLogIn(page, {
    firstName: "Ada",
    lastName: "Admin",
    email: E2E_ADMIN_EMAIL,
    password: E2E_ADMIN_PASSWORD,
  });
  await verifyEmailFromOutbox(page, user.email);
  const twoFactor = await setUpTwoFactor(page);
  return { ...user, ...twoFactor };
}

/** Deletes the signed-in account from the Account tab, confirming with the password. */
export async function deleteAccount(page: Page, password: string) {
  await page.goto("/profile?tab=account");
  await page.getByRole("button", { name: "Delete Account" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete your account?" });
  await confirm.getByLabel("Your password").fill(password);
  await confirm.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page.getByText("Account deleted successfully.")).toBeVisible();
}

/**
 * Clicks a prompt of a moving carousel row: hovering pauses the row, then the first prompt that is
 * fully on screen is clicked. Returns its text.
 */
export async function clickVisiblePrompt(page: Page, row: Locator): Promise<string> {
  await row.hover();
  const width = page.viewportSize()!.width;
  const links = row.locator("a");
  const count = await links.count();
  for (let i = 0; i < count; i++) {
    const box = await links.nth(i).boundingBox();
    if (box && box.x >= 0 && box.x + box.width <= width) {
      const text = (await links.nth(i).textContent())!.trim();
      await links.nth(i).click();
      return text;
    }
  }
  throw new Error("No prompt of the row is on screen");
}

/** Subscribes the signed-in user to a paid plan in demo mode with Stripe's test card 4242. */
export async function subscribeWithTestCard(page: Page, plan: "Pro" | "Unlimited") {
  await page.goto("/billing");
  await page.getByLabel("Change plan").selectOption(plan.toLowerCase());
  const upgrade = page.getByRole("button", { name: `Upgrade to ${plan}` });
  await expect(upgrade).toBeEnabled(); // enabled once the customer exists
  await upgrade.click();
  await page
    .getByRole("dialog", { name: /Confirm upgrade/ })
    .getByRole("button", { name: "Confirm" })
    .click();
  const checkout = page.getByRole("dialog", { name: /Subscribe to/ });
  await checkout.getByLabel("Card number").fill("4242 4242 4242 4242");
  await checkout.getByLabel("Expiry (MM/YY)").fill("1234");
  await checkout.getByLabel("CVC").fill("123");
  await checkout.getByRole("button", { name: "Start free trial" }).click();
  await expect(page.getByText(`Successfully subscribed to ${plan} plan!`)).toBeVisible();
}
