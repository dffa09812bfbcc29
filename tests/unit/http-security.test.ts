import { describe, expect, it } from "vitest";
import { type CrossSiteInput, crossSiteRefusal, isForbiddenCrossSiteRequest, ownOrigins } from "~/server/http/cross-site";
import {
  API_CONTENT_SECURITY_POLICY,
  newNonce,
  pageContentSecurityPolicy,
  type SecuritySettings,
  securityHeaders,
  servedOverHttps,
} from "~/server/http/security-headers";

const production: SecuritySettings = { development: false, stripe: false, https: false };

/** A policy as a map of directive -> sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe("page Content-Security-Policy", () => {
  it("allows scripts only with the request's nonce and what they load", () => {
    const csp = directives(pageContentSecurityPolicy("abc123", production));
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("frame-src")).toEqual(["'none'"]);
    expect(csp.get("worker-src")).toEqual(["'self'"]);
    expect(csp.get("manifest-src")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
  });

  it("adds 'unsafe-eval' in development only", () => {
    expect(directives(pageContentSecurityPolicy("n", { ...production, development: true })).get("script-src")).toContain("'unsafe-eval'");
    expect(pageContentSecurityPolicy("n", production)).not.toContain("unsafe-eval");
  });

  it("allows Stripe's script, frames and API only when Stripe is configured", () => {
    const without = pageContentSecurityPolicy("n", production);
    expect(without).not.toContain("stripe.com");
    const csp = directives(pageContentSecurityPolicy("n", { ...production, stripe: true }));
    expect(csp.get("script-src")).toContain("https://js.stripe.com");
    expect(csp.get("frame-src")).toEqual(expect.arrayContaining(["https://js.stripe.com", "https://hooks.stripe.com"]));
    expect(csp.get("connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
  });

  it("upgrades insecure requests only over https", () => {
    expect(directives(pageContentSecurityPolicy("n", { ...production, https: true })).has("upgrade-insecure-requests")).toBe(true);
    expect(directives(pageContentSecurityPolicy("n", production)).has("upgrade-insecure-requests")).toBe(false);
  });
});

describe("security headers", () => {
  it("gives a page its nonce policy and the usual headers, without HSTS over http", () => {
    const headers = securityHeaders(production, { nonce: "xyz" });
    expect(headers["Content-Security-Policy"]).toContain("'nonce-xyz'");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["Permissions-Policy"]).toContain("camera=()");
    expect(headers["Permissions-Policy"]).toContain("payment=()");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
  });

  it("sends HSTS over https", () => {
    expect(securityHeaders({ ...production, https: true }, "api")["Strict-Transport-Security"]).toMatch(/^max-age=\d{8,}/);
  });

  it("gives API answers a policy that loads nothing", () => {
    const headers = securityHeaders(production, "api");
    expect(headers["Content-Security-Policy"]).toBe(API_CONTENT_SECURITY_POLICY);
    expect(directives(API_CONTENT_SECURITY_POLICY).get("default-src")).toEqual(["'none'"]);
    expect(directives(API_CONTENT_SECURITY_POLICY).get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("lets Stripe's frames use the Payment Request API when configured", () => {
    expect(securityHeaders({ ...production, stripe: true }, "api")["Permissions-Policy"]).toContain(
      'payment=(self "https://js.stripe.com")',
    );
  });

  it("knows https from the public URL or the request", () => {
    expect(servedOverHttps("https://swipeabroad.example", "http:")).toBe(true);
    expect(servedOverHttps("http://localhost:3000", "https:")).toBe(true);
    expect(servedOverHttps("http://localhost:3000", "http:")).toBe(false);
    expect(servedOverHttps(undefined, "http:")).toBe(false);
  });

  it("makes a fresh base64 nonce of 128 bits each time", () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });
});

describe("cross-site requests", () => {
  const app = "http://localhost:3000";
  const request = (overrides: Partial<CrossSiteInput>): CrossSiteInput => ({
    method: "POST",
    pathname: "/api/stripe/create-subscription",
    secFetchSite: null,
    origin: null,
    ownOrigins: [app],
    ...overrides,
  });
  const refused = (overrides: Partial<CrossSiteInput>) => isForbiddenCrossSiteRequest(request(overrides));

  it("lets same-origin requests through", () => {
    expect(refused({ secFetchSite: "same-origin", origin: app })).toBe(false);
    expect(refused({ origin: app })).toBe(false);
    expect(refused({ origin: "HTTP://LOCALHOST:3000" })).toBe(false);
    expect(refused({ secFetchSite: "none" })).toBe(false);
  });

  it("lets clients sending neither header through (curl, apps, servers)", () => {
    expect(refused({})).toBe(false);
  });

  it("refuses state-changing requests a browser marks cross-site or same-site", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      expect(refused({ method, secFetchSite: "cross-site" })).toBe(true);
    }
    expect(refused({ secFetchSite: "same-site", origin: "http://shop.localhost:3000" })).toBe(true);
    expect(refused({ secFetchSite: "cross-site", origin: app })).toBe(true);
  });

  it("refuses a foreign Origin, Origin null and a malformed Origin", () => {
    expect(refused({ origin: "https://evil.example" })).toBe(true);
    expect(refused({ origin: "http://localhost:3001" })).toBe(true);
    expect(refused({ origin: "https://localhost:3000" })).toBe(true);
    expect(refused({ origin: "null" })).toBe(true);
    expect(refused({ origin: "not a url" })).toBe(true);
    expect(refused({ secFetchSite: "same-origin", origin: "https://evil.example" })).toBe(true);
  });

  it("exempts the Stripe webhook", () => {
    expect(refused({ pathname: "/api/stripe/webhook", origin: "https://evil.example", secFetchSite: "cross-site" })).toBe(false);
    expect(refused({ pathname: "/api/stripe/webhook/", origin: "null" })).toBe(false);
    expect(refused({ pathname: "/api/stripe/webhooks", origin: "null" })).toBe(true);
  });

  it("always allows reads", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(refused({ method, secFetchSite: "cross-site", origin: "https://evil.example" })).toBe(false);
    }
  });

  it("counts the request's own origin, its Host and the public URL as the app", () => {
    expect(
      ownOrigins({
        requestUrl: "http://localhost:3000/api/x",
        host: "192.168.1.5:3000",
        publicUrl: "https://app.example/base",
      }),
    ).toEqual(["http://localhost:3000", "http://192.168.1.5:3000", "https://app.example"]);
    expect(ownOrigins({ requestUrl: "https://app.example/x", host: "app.example:443", publicUrl: undefined })).toEqual([
      "https://app.example",
    ]);
  });

  it("answers a refusal with 403 and the REST error shape", async () => {
    const response = crossSiteRefusal();
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ success: false, error: "Cross-site requests are not allowed." });
  });
});
