import { expect, type Page, type Response, test } from "@playwright/test";
import { type MenuEntry, SIDE_MENU } from "../../src/lib/navigation";
import { signUpAndLogIn } from "./site-helpers";

/** Every page of the menu, and the pages linked from elsewhere (footer, profile, errors, a guide with its structured data). */
const menuPaths = (entries: MenuEntry[]): string[] =>
  entries.flatMap((entry) => [...(entry.href ? [entry.href.split("#")[0]!] : []), ...menuPaths(entry.children ?? [])]);
const PAGES = [
  ...new Set([
    ...menuPaths(SIDE_MENU),
    "/careers",
    "/privacy",
    "/terms",
    "/profile",
    "/billing",
    "/admin",
    "/no-such-page",
    "/students/finances/finances-blocked-account-amount-2026",
  ]),
];
const API_ROUTES = ["/api/threads", "/api/settings/random?count=2", "/api/data/cities?country=DE", "/api/users/me"];

function expectSecurityHeaders(response: Response | null, path: string) {
  expect(response, path).not.toBeNull();
  const headers = response!.headers();
  expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"], path).toBe("nosniff");
  expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], path).toBeTruthy();
}

/** Records CSP violations from the first script of every document, and CSP errors on the console. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /content security policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`),
    );
  });
  return async () => [
    ...consoleErrors.splice(0),
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations ?? [])),
  ];
}

test("every page carries the security headers, its scripts the nonce, and runs without a CSP violation", async ({ page }) => {
  test.setTimeout(300_000);
  const violations = await watchViolations(page);
  for (const path of PAGES) {
    const response = await page.goto(path);
    expectSecurityHeaders(response, path);
    const policy = response!.headers()["content-security-policy"]!;
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, path).toBeTruthy();
    expect(policy, path).toContain("'strict-dynamic'");
    // Every script of the served HTML (Next's own, inline and external) carries this request's nonce.
    const scripts = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(
      scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`)),
      path,
    ).toEqual([]);
    await page.waitForLoadState("networkidle");
    expect(await violations(), path).toEqual([]);
  }
  // The scripts ran: the site is interactive (the login modal opens).
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("signed-in pages run without a CSP violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await signUpAndLogIn(page);
  for (const path of ["/profile", "/billing", "/swipe-ai", "/tools/university-finder"]) {
    expectSecurityHeaders(await page.goto(path), path);
    await page.waitForLoadState("networkidle");
    expect(await violations(), path).toEqual([]);
  }
});

test("API routes and build output carry the headers too", async ({ request, page }) => {
  for (const path of API_ROUTES) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toMatch(/^default-src 'none'.*frame-ancestors 'none'/);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  }
  await page.goto("/");
  const asset = await page.evaluate(() => document.querySelector<HTMLScriptElement>("script[src^='/_next/static/']")?.src);
  expect(asset).toBeTruthy();
  expect((await request.get(asset!)).headers()["x-content-type-options"]).toBe("nosniff");
});

test("a cross-site form post is refused, a same-origin one from the site is not", async ({ page, request }) => {
  const refused = await request.post("/api/newsletter", {
    headers: { origin: "https://evil.example", "content-type": "text/plain" },
    data: '{"email":"x@example.com"}',
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ success: false, error: "Cross-site requests are not allowed." });
  // From the site's own page the browser sends Origin and Sec-Fetch-Site itself.
  await page.goto("/");
  const status = await page.evaluate(async () => {
    const response = await fetch("/api/newsletter", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `csp-${Date.now()}@example.com` }),
    });
    return response.status;
  });
  expect(status).toBe(200);
});
