import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${PORT}`;
/** The browser tests' admin account (ADMIN_EMAILS of the server they start). */
export const E2E_ADMIN_EMAIL = "admin-e2e@example.com";
/** The embedded database of the app under test; a test may reach it to let billing time pass. */
export const E2E_DATA_DIR = ".data-e2e";

// Debian's Chromium (apt-get install chromium): Playwright's own browser download is not available here.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Files that change what other tests see: the one admin account (signUpAdmin signs it up and deletes
 * it), staff settings and content, moderation, the shared address's sign-in throttle, the chat's
 * typical token counts. They run after the others, one at a time.
 */
const SHARED_STATE_SPECS = [
  "**/admin-*.spec.ts",
  "**/account-security.spec.ts",
  "**/coaching.spec.ts",
  "**/document-review.spec.ts",
  "**/services.spec.ts",
  "**/site-profile.spec.ts",
  "**/login-throttle.spec.ts",
  "**/community.spec.ts",
  "**/assistant-honest.spec.ts",
];

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two files at a time; the files that change what every user sees run afterwards, one at a time.
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: SHARED_STATE_SPECS },
    {
      name: "shared-state",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: SHARED_STATE_SPECS,
      dependencies: ["desktop"],
      workers: 1,
    },
  ],
  webServer: {
    // A fresh embedded database for every run, beside the developer's own .data/.
    command: `rm -rf ${E2E_DATA_DIR} && npm start`,
    url: `${E2E_BASE_URL}/api/threads`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      NEXTAUTH_URL: E2E_BASE_URL,
      DATABASE_URL: "",
      // Errors and warnings only: an access line for every request would bury a failure's output.
      LOG_LEVEL: "warn",
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      BILLING_JOB_INTERVAL_SECONDS: "2",
      // Every test signs up from the one address of the test machine.
      RATE_LIMIT_SIGNUP: "1000/1h",
      RATE_LIMIT_PASSWORD_RESET: "100/1h",
      RATE_LIMIT_NEWSLETTER: "100/1h",
      RATE_LIMIT_CONTACT: "100/1h",
      RATE_LIMIT_FEEDBACK: "1000/1h",
      RATE_LIMIT_ANONYMOUS_CHAT: "1000/10m",
    },
  },
});
