import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "~/proxy";

const APP = "http://localhost:3000";

function request(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new NextRequest(new URL(path, APP), {
    method: init.method ?? "GET",
    headers: { host: "localhost:3000", ...init.headers },
    body: init.body,
  });
}

/** The headers every response must carry. */
function expectSecurityHeaders(response: Response) {
  expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("permissions-policy")).toContain("camera=()");
}

/** Whether the proxy let the request go on to its page or route handler. */
const passedThrough = (response: Response) => response.headers.get("x-middleware-next") === "1";

describe("proxy: cross-site requests", () => {
  it("refuses a POST from a foreign origin before the route runs", async () => {
    const response = await proxy(
      request("/api/stripe/create-subscription", {
        method: "POST",
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", "content-type": "application/json" },
        body: JSON.stringify({ planId: "pro" }),
      }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ success: false, error: "Cross-site requests are not allowed." });
    expect(passedThrough(response)).toBe(false);
    expectSecurityHeaders(response);
  });

  it("refuses a text/plain form post from another site (no preflight protects it)", async () => {
    for (const path of ["/api/newsletter", "/api/auth/callback/credentials", "/api/trpc/billing.changePlan"]) {
      const response = await proxy(
        request(path, {
          method: "POST",
          headers: { origin: "https://evil.example", "content-type": "text/plain" },
          body: '{"email":"a@b.c"}',
        }),
      );
      expect(response.status, path).toBe(403);
    }
    const sandboxed = await proxy(
      request("/api/contact", { method: "POST", headers: { origin: "null", "content-type": "text/plain" }, body: "x" }),
    );
    expect(sandboxed.status).toBe(403);
  });

  it("lets same-origin requests, clients without browser headers and the Stripe webhook through", async () => {
    const sameOrigin = await proxy(
      request("/api/stripe/create-subscription", {
        method: "POST",
        headers: { origin: APP, "sec-fetch-site": "same-origin", "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(passedThrough(sameOrigin)).toBe(true);
    expectSecurityHeaders(sameOrigin);

    const curl = await proxy(request("/api/students/me", { method: "PATCH", headers: { "content-type": "application/json" }, body: "{}" }));
    expect(passedThrough(curl)).toBe(true);

    const webhook = await proxy(
      request("/api/stripe/webhook", {
        method: "POST",
        headers: { origin: "https://stripe.example", "sec-fetch-site": "cross-site" },
        body: "{}",
      }),
    );
    expect(passedThrough(webhook)).toBe(true);

    const read = await proxy(request("/api/threads", { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }));
    expect(passedThrough(read)).toBe(true);
  });
});

describe("proxy: security headers", () => {
  it("gives each page a fresh nonce and hands the same policy to Next's renderer", async () => {
    const first = await proxy(request("/swipe-ai"));
    const second = await proxy(request("/swipe-ai"));
    expectSecurityHeaders(first);
    const policy = first.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(policy).toContain("'strict-dynamic'");
    // NextResponse.next({ request: { headers } }) forwards overridden request headers this way.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    expect(first.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
  });

  it("does not let a client choose the nonce", async () => {
    const response = await proxy(request("/", { headers: { "x-nonce": "chosen", "content-security-policy": "script-src *" } }));
    expect(response.headers.get("x-middleware-request-x-nonce")).not.toBe("chosen");
    expect(response.headers.get("x-middleware-request-content-security-policy")).toBe(response.headers.get("content-security-policy"));
  });

  it("gives API routes a policy that loads nothing", async () => {
    const response = await proxy(request("/api/threads"));
    expectSecurityHeaders(response);
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    expect(response.headers.get("x-middleware-request-x-nonce")).toBeNull();
  });

  it("sends HSTS only when the request came over https", async () => {
    expect((await proxy(request("/"))).headers.get("strict-transport-security")).toBeNull();
    const secure = await proxy(new NextRequest("https://app.example/pricing", { headers: { host: "app.example" } }));
    expect(secure.headers.get("strict-transport-security")).toMatch(/^max-age=/);
  });

  it("runs on everything but the build output", () => {
    const matcher = new RegExp(`^${config.matcher[0]!}$`);
    for (const path of ["/", "/pricing", "/api/threads", "/favicon.ico", "/_next/data/x.json"]) expect(matcher.test(path), path).toBe(true);
    expect(matcher.test("/_next/static/chunks/main.js")).toBe(false);
  });
});
