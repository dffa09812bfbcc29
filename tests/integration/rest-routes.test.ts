import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiErrorSchema } from "~/lib/schemas/rest-responses";
import { REST_OPERATIONS } from "~/server/http/rest-api";
import type { SessionClaims } from "~/server/services/sessions.service";
import { callRoute } from "../helpers/rest";
import { restRoutes, servedRoutes } from "../helpers/rest-routes";
import { createUser, sessionCookie } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
let cookie: string;
let claims: SessionClaims;

const ROUTES = restRoutes(() => ({ db: database.db, claims }));

/** The route's entry in the table the OpenAPI document is generated from. */
function operationOf(name: string) {
  const operation = REST_OPERATIONS.find((each) => `${each.method} ${each.path}` === name);
  if (!operation) throw new Error(`${name} is not described in src/server/http/rest-api.ts`);
  return operation;
}

/** A success answer has the documented status and fits the documented schema, with no field the schema leaves out. */
function expectDocumentedAnswer(name: string, status: number, body: unknown) {
  const operation = operationOf(name);
  expect(status, `${name}: the documented status`).toBe(operation.status);
  if (!operation.output) throw new Error(`${name} has no documented answer schema`);
  const parsed = operation.output.safeParse(body);
  if (!parsed.success) throw new Error(`${name} answered what its schema refuses: ${z.prettifyError(parsed.error)}`);
  expect(parsed.data, `${name} answered fields its schema does not describe`).toEqual(body);
}

/** An error answer fits the one documented error shape. */
function expectDocumentedError(name: string, body: unknown) {
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success) throw new Error(`${name} answered an error that does not fit ApiError: ${z.prettifyError(parsed.error)}`);
  expect(parsed.data, `${name}: error fields that ApiError does not describe`).toEqual(body);
}
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
      if (route.goodStatus >= 400) {
        expect(res.json).toEqual({ success: false, error: expect.any(String) });
        expectDocumentedError(route.name, res.json);
      } else {
        expectDocumentedAnswer(route.name, res.status, res.json);
      }
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
        expectDocumentedError(route.name, res.json);
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
  "GET /api/openapi.json": "the description of these routes (tests/integration/openapi.test.ts)",
  "GET /api/billing/receipts": "a PDF of the receipts (tests/integration/billing-receipts.test.ts: owner only, others' receipts 404, 401)",
};

describe("the route table", () => {
  it("lists every route the app serves", () => {
    const served = servedRoutes();
    const listed = new Set([...ROUTES.map((route) => route.name), ...Object.keys(NOT_IN_TABLE)]);
    expect(served.filter((route) => !listed.has(route))).toEqual([]);
    expect(served.length).toBeGreaterThanOrEqual(ROUTES.length);
  });
});
