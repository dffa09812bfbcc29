import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as signupRoute from "~/app/api/auth/signup/route";
import * as citiesRoute from "~/app/api/data/cities/route";
import * as randomPromptsRoute from "~/app/api/settings/random/route";
import * as studentsRoute from "~/app/api/students/route";
import * as studentsMeRoute from "~/app/api/students/me/route";
import * as threadsRoute from "~/app/api/threads/route";
import * as usersMeRoute from "~/app/api/users/me/route";
import { callRoute, type RouteHandler } from "../helpers/rest";
import { createUser, sessionCookie } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

interface RouteCase {
  name: string;
  handler: RouteHandler;
  method: string;
  path: string;
  auth: boolean;
  /** A valid request body or query; a fresh one per call where the route creates something. */
  good?: () => { body?: unknown; query?: Record<string, string> };
  goodStatus: number;
  /** Bodies that must be refused with 400, and the message expected. */
  bad?: { body?: unknown; query?: Record<string, string>; error: RegExp }[];
  hasBody: boolean;
}

let unique = 0;
const ONE_MEGABYTE = "x".repeat(1024 * 1024);

const ROUTES: RouteCase[] = [
  {
    name: "POST /api/auth/signup",
    handler: signupRoute.POST as RouteHandler,
    method: "POST",
    path: "/api/auth/signup",
    auth: false,
    good: () => ({ body: { firstName: "Lena", lastName: "Koch", email: `lena${++unique}@example.com`, password: "long-enough-1" } }),
    goodStatus: 201,
    bad: [
      { body: { firstName: "Lena", lastName: "Koch", email: "lena@example.com" }, error: /^Password is required$/ },
      { body: { firstName: "Lena", lastName: "Koch", email: "lena@example.com", password: 12345678 }, error: /password/i },
      { body: { firstName: "Lena", lastName: "Koch", email: "not-an-email", password: "long-enough-1" }, error: /^Please enter a valid email address$/ },
      { body: { firstName: "Lena", lastName: "Koch", email: "lena@example.com", password: "short" }, error: /^Password must be at least 8 characters long$/ },
      { body: { firstName: "  ", lastName: "Koch", email: "lena@example.com", password: "long-enough-1" }, error: /^First name is required$/ },
    ],
    hasBody: true,
  },
  { name: "GET /api/users/me", handler: usersMeRoute.GET as RouteHandler, method: "GET", path: "/api/users/me", auth: true, goodStatus: 200, hasBody: false },
  { name: "GET /api/students/me", handler: studentsMeRoute.GET as RouteHandler, method: "GET", path: "/api/students/me", auth: true, goodStatus: 200, hasBody: false },
  {
    name: "PATCH /api/students/me",
    handler: studentsMeRoute.PATCH as RouteHandler,
    method: "PATCH",
    path: "/api/students/me",
    auth: true,
    good: () => ({ body: { phone: "+49 30 123456", gender: "female" } }),
    goodStatus: 200,
    bad: [
      { body: {}, error: /^Nothing to update/ },
      { body: { gender: "robot" }, error: /Gender must be male, female or prefer_not_to_say/ },
      { body: { firstName: 42 }, error: /First name must be text/ },
      { body: { dateOfBirth: "2999-01-01" }, error: /cannot be in the future/ },
      { body: { stripeCustomerId: "cus_123" }, error: /stripeCustomerId is managed by the server/ },
      { body: { membershipPlan: "unlimited" }, error: /membershipPlan is managed by the server/ },
      { body: [1, 2, 3], error: /Expected a JSON object/ },
    ],
    hasBody: true,
  },
  {
    name: "POST /api/students",
    handler: studentsRoute.POST as RouteHandler,
    method: "POST",
    path: "/api/students",
    auth: true,
    good: () => ({ body: { firstName: "Ana", lastName: "Lima" } }),
    goodStatus: 409, // signup already created the profile: POST is only for accounts without one
    bad: [{ body: { firstName: "Ana", lastName: "Lima", gracePeriodEndDate: null }, error: /gracePeriodEndDate is managed by the server/ }],
    hasBody: true,
  },
  { name: "GET /api/threads", handler: threadsRoute.GET as RouteHandler, method: "GET", path: "/api/threads", auth: false, goodStatus: 200, hasBody: false },
  {
    name: "GET /api/settings/random",
    handler: randomPromptsRoute.GET as RouteHandler,
    method: "GET",
    path: "/api/settings/random",
    auth: false,
    good: () => ({ query: { count: "5" } }),
    goodStatus: 200,
    bad: [{ query: { count: "lots" }, error: /count/ }],
    hasBody: false,
  },
  {
    name: "GET /api/data/cities",
    handler: citiesRoute.GET as RouteHandler,
    method: "GET",
    path: "/api/data/cities",
    auth: false,
    good: () => ({ query: { country: "DE" } }),
    goodStatus: 200,
    bad: [{ query: { country: "x" }, error: /country/ }],
    hasBody: false,
  },
];

describe("every REST route", () => {
  let database: TestDatabase;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    const user = await createUser(database.db);
    cookie = await sessionCookie(database.db, user.claims);
  });
  afterAll(() => database?.stop());

  describe.each(ROUTES)("$name", (route) => {
    it("answers good input", async () => {
      const res = await callRoute(route.handler, route.path, { method: route.method, cookie, ...route.good?.() });
      expect(res.status, res.text).toBe(route.goodStatus);
      expect(res.json).toBeDefined();
      if (route.goodStatus >= 400) expect(res.json).toEqual({ success: false, error: expect.any(String) });
    });

    if (route.auth) {
      it("answers 401 without a session", async () => {
        const res = await callRoute(route.handler, route.path, { method: route.method, ...route.good?.() });
        expect(res.status).toBe(401);
        expect(res.json).toEqual({ success: false, error: "You need to be signed in to do this." });
      });

      it("answers 401 with a forged session cookie", async () => {
        const res = await callRoute(route.handler, route.path, { method: route.method, cookie: "next-auth.session-token=forged.token.value", ...route.good?.() });
        expect(res.status).toBe(401);
      });
    }

    for (const bad of route.bad ?? []) {
      it(`refuses ${JSON.stringify(bad.body ?? bad.query)} with 400`, async () => {
        const res = await callRoute(route.handler, route.path, { method: route.method, cookie, body: bad.body, query: bad.query });
        expect(res.status).toBe(400);
        expect(res.json.success).toBe(false);
        expect(res.json.error).toMatch(bad.error);
      });
    }

    if (route.hasBody) {
      it("refuses malformed JSON with 400 and a clear message", async () => {
        const res = await callRoute(route.handler, route.path, { method: route.method, cookie, rawBody: '{"firstName": "Ana",' });
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ success: false, error: "Malformed JSON in request body." });
      });

      it("refuses a 1 MB body with 413 without reading it all", async () => {
        const res = await callRoute(route.handler, route.path, { method: route.method, cookie, body: { firstName: ONE_MEGABYTE } });
        expect(res.status).toBe(413);
        expect(res.json).toEqual({ success: false, error: "Request body is too large (the limit is 64 KB)." });
      });

      it("refuses a body of the wrong type with 400", async () => {
        const res = await callRoute(route.handler, route.path, { method: route.method, cookie, body: "just a string" });
        expect(res.status).toBe(400);
        expect(res.json.success).toBe(false);
      });
    }

    it("never shows internal details in its answers", async () => {
      const res = await callRoute(route.handler, route.path, { method: route.method, cookie, rawBody: route.hasBody ? "{}" : undefined });
      expect(res.text).not.toMatch(/prisma|stack|at \w+ \(|SELECT |invalid `|node_modules/i);
    });
  });
});
