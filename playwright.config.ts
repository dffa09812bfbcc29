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

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
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
