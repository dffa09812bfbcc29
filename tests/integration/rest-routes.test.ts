import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionClaims } from "~/server/services/sessions.service";
import { callRoute } from "../helpers/rest";
import { restRoutes } from "../helpers/rest-routes";
import { createUser, sessionCookie } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
let cookie: string;
let claims: SessionClaims;

const ROUTES = restRoutes(() => ({ db: database.db, claims }));
const ONE_MEGABYTE = "x".repeat(1024 * 1024);

describe("every REST route", () => {
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    const user = await createUser(database.db);
    claims = user.claims;
    cookie = await sessionCookie(database.db, user.claims);
  });
  afterAll(() => database?.stop());

  describe.each(ROUTES)("$name", (route) => {
    it("answers good input", async () => {
      const res = await callRoute(route.handler, route.path, {
        method: route.method,
        headers: route.headers,
        cookie,
        params: route.params,
        ...(await route.good?.()),
      });
      expect(res.status, res.text).toBe(route.goodStatus);
      expect(res.json).toBeDefined();
      if (route.goodStatus >= 400) expect(res.json).toEqual({ success: false, error: expect.any(String) });
    });

    if (route.auth) {
      it("answers 401 without a session", async () => {
        const res = await callRoute(route.handler, route.path, {
          method: route.method,
          headers: route.headers,
          params: route.params,
          ...(await route.good?.()),
        });
        expect(res.status).toBe(401);
        expect(res.json).toEqual({ success: false, error: "You need to be signed in to do this." });
      });

      it("answers 401 with a forged session cookie", async () => {
        const res = await callRoute(route.handler, route.path, {
          method: route.method,
          headers: route.headers,
          cookie: "next-auth.session-token=forged.token.value",
          params: route.params,
          ...(await route.good?.()),
        });
        expect(res.status).toBe(401);
      });
    }

    for (const bad of route.bad ?? []) {
      it(`refuses ${JSON.stringify(bad.body ?? bad.query)} with 400`, async () => {
        const res = await callRoute(route.handler, route.path, {
          method: route.method,
          headers: route.headers,
          cookie,
          body: bad.body,
          query: bad.query,
          params: route.params,
        });
        expect(res.status).toBe(400);
        expect(res.json.success).toBe(false);
        expect(res.json.error).toMatch(bad.error);
      });
    }

    if (route.hasBody) {
      it("refuses malformed JSON with 400 and a clear message", async () => {
        const res = await callRoute(route.handler, route.path, {
          method: route.method,
          headers: route.headers,
          cookie,
          rawBody: '{"firstName": "Ana",',
          params: route.params,
        });
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ success: false, error: "Malformed JSON in request body." });
      });

      it("refuses a 1 MB body with 413 without reading it all", async () => {
        const res = await callRoute(route.handler, route.path, {
          method: route.method,
          headers: route.headers,
          cookie,
          body: { firstName: ONE_MEGABYTE },
          params: route.params,
        });
        expect(res.status).toBe(413);
        expect(res.json).toEqual({ success: false, error: "Request body is too large (the limit is 64 KB)." });
      });

      it("refuses a body of the wrong type with 400", async () => {
        const res = await callRoute(route.handler, route.path, {
          method: route.method,
          headers: route.headers,
          cookie,
          body: "just a string",
          params: route.params,
        });
        expect(res.status).toBe(400);
        expect(res.json.success).toBe(false);
      });
    }

    it("never shows internal details in its answers", async () => {
      const res = await callRoute(route.handler, route.path, {
        method: route.method,
        headers: route.headers,
        cookie,
        rawBody: route.hasBody ? "{}" : undefined,
        params: route.params,
      });
      expect(res.text).not.toMatch(/prisma|stack|at \w+ \(|SELECT |invalid `|node_modules/i);
    });
  });
});

/** Routes that are not JSON REST adapters, each tested in its own suite. */
const NOT_IN_TABLE: Record<string, string> = {
  "GET /api/auth/[...nextauth]": "next-auth's own handler (tests/e2e/login-throttle.spec.ts)",
  "POST /api/auth/[...nextauth]": "next-auth's own handler (tests/e2e/login-throttle.spec.ts)",
  "GET /api/trpc/[trpc]": "the tRPC endpoint itself",
  "POST /api/trpc/[trpc]": "the tRPC endpoint itself",
  "POST /api/stripe/webhook": "signed by Stripe, not by a session (tests/integration/billing-stripe.test.ts)",
  "POST /api/chat": "streams the answer (tests/integration/chat-*.test.ts: bad input, sessions, allowances, providers)",
  "POST /api/chat-rag": "streams the answer (tests/integration/chat-*.test.ts: bad input, sessions, allowances, providers)",
  "GET /api/roadmap/calendar.ics": "an iCalendar file, not JSON (tests/integration/roadmap/roadmap.test.ts: file, 401, 404)",
  "POST /api/documents": "a multipart file upload (tests/integration/documents/documents.test.ts: types, sizes, names, quota, 401, 415)",
  "POST /api/documents/{id}/versions":
    "a multipart file upload (tests/integration/documents/documents.test.ts: versions, another user's document 404)",
  "GET /api/documents/{id}/download":
    "the file itself (tests/integration/documents/documents.test.ts: headers, owner, staff, coach, others 404)",
  "GET /api/health": "liveness, no database (tests/integration/health.test.ts)",
  "GET /api/health/ready": "readiness: database and migrations (tests/integration/health.test.ts)",
  "GET /api/metrics": "Prometheus text behind METRICS_TOKEN, not JSON (tests/integration/metrics.test.ts: 404 unset, 401, 200)",
  "GET /api/billing/receipts": "a PDF of the receipts (tests/integration/billing-receipts.test.ts: owner only, others' receipts 404, 401)",
};

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(full) : entry.name === "route.ts" ? [full] : [];
  });
}

describe("the route table", () => {
  it("lists every route the app serves", () => {
    const served = routeFiles(path.join("src", "app", "api")).flatMap((file) => {
      const source = fs.readFileSync(file, "utf8");
      const routePath =
        "/" +
        path
          .dirname(path.relative(path.join("src", "app"), file))
          .split(path.sep)
          .join("/");
      const methods = new Set<string>();
      for (const match of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) methods.add(match[1]!);
      for (const match of source.matchAll(/as (GET|POST|PUT|PATCH|DELETE)\b/g)) methods.add(match[1]!);
      return [...methods].map((method) => `${method} ${routePath.replace(/\[id\]/, "{id}")}`);
    });
    const listed = new Set([...ROUTES.map((route) => route.name), ...Object.keys(NOT_IN_TABLE)]);
    expect(served.filter((route) => !listed.has(route))).toEqual([]);
    expect(served.length).toBeGreaterThanOrEqual(ROUTES.length);
  });
});
