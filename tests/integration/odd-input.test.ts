/** Odd input at the edges: addresses no route can read, and malformed JSON sent to the sign-in. */
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "~/proxy";
import { authRoute } from "~/server/http/sign-in";

const APP = "http://localhost:3000";
const passedThrough = (response: Response) => response.headers.get("x-middleware-next") === "1";

describe("addresses no route can read", () => {
  it.each([
    ["GET", "/community/search?q=a%00"],
    ["GET", "/tools/university-finder?q=a%00"],
    ["GET", "/tools/university-finder?q=%E0%A4%A"],
    ["GET", "/api/documents/%00/download"],
    ["DELETE", "/api/billing-addresses/%ff"],
    ["GET", "/students/%c3%28"],
  ])("%s %s answers 400, before any page or route runs", async (method, path) => {
    const response = await proxy(new NextRequest(`${APP}${path}`, { method, headers: { host: "localhost:3000" } }));
    expect(response.status).toBe(400);
    expect(passedThrough(response)).toBe(false);
    const text = await response.text();
    expect(text).toContain("The address is not valid");
    if (path.startsWith("/api/")) expect(JSON.parse(text)).toEqual({ success: false, error: expect.stringContaining("not valid") });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it.each([["/community/search?q=M%C3%BCnchen"], ["/tools/university-finder?q=TU+Munich"], ["/api/data/cities?country=DE"]])(
    "%s goes on to its page or route",
    async (path) => {
      const response = await proxy(new NextRequest(`${APP}${path}`, { headers: { host: "localhost:3000" } }));
      expect(passedThrough(response)).toBe(true);
    },
  );
});

describe("the sign-in with a malformed JSON body", () => {
  it.each([[""], ['{"a":'], ["{} {}"], ["[1]"], ["null"]])("%j answers 400 with a clear message", async (body) => {
    const request = new Request(`${APP}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { host: "localhost:3000", "content-type": "application/json" },
      body,
    });
    const response = await authRoute(request, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: "Malformed JSON in request body." });
  });
});
