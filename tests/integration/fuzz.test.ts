/**
 * Fuzz: every REST route of the route table and every tRPC procedure of the app router, called
 * in-process through their real handlers with generated inputs (fast-check; tests/helpers/fuzz.ts),
 * as a signed-in user, a staff member (admin, two factors) and without a session. No answer may be a
 * 5xx, and no answer may show an internal detail (stack, Prisma, SQL, file paths).
 *
 * Bounded: FUZZ_RUNS inputs per procedure and role, FUZZ_REST_RUNS per REST route. A failure prints
 * the seed; `FUZZ_SEED=<seed> npx vitest run --project integration tests/integration/fuzz.test.ts`
 * repeats it exactly.
 */
import fc from "fast-check";
import { NextRequest } from "next/server";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as addressRoute from "~/app/api/billing-addresses/[id]/route";
import * as chatRoute from "~/app/api/chat/route";
import * as chatRagRoute from "~/app/api/chat-rag/route";
import { chatRequestSchema } from "~/lib/schemas/chat";
import { proxy } from "~/proxy";
import { appRouter } from "~/server/api/root";
import { authRoute } from "~/server/http/sign-in";
import { trpcHandler } from "~/server/http/trpc";
import type { SessionClaims } from "~/server/services/sessions.service";
import { createStaff } from "../helpers/admin";
import {
  FUZZ_SEED,
  INTERNAL_DETAIL,
  malformedJson,
  nastyString,
  nastyValue,
  PAGES_WITH_QUERY,
  procedureInput,
  UNREADABLE_ESCAPES,
  unreadableText,
  valueFor,
} from "../helpers/fuzz";
import { callRoute, type RouteHandler } from "../helpers/rest";
import { restRoutes } from "../helpers/rest-routes";
import { createUser, sessionCookie } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const REST_RUNS = Number(process.env.FUZZ_REST_RUNS ?? 40);
const CHAT_RUNS = Number(process.env.FUZZ_CHAT_RUNS ?? 20);

let database: TestDatabase;
let user: SessionClaims;
let staff: SessionClaims;
/** Real ids of the test database: lookups by id sometimes find something. */
let ids: string[] = [];

interface Procedure {
  _def: { type: "query" | "mutation" | "subscription"; inputs: unknown[] };
}
const PROCEDURES = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def.procedures);

type Role = "user" | "staff" | "anonymous";

/** A fresh sign-in per procedure: a procedure that signs out (users.signOutEverywhere) must not end the run. */
async function cookieFor(role: Role) {
  if (role === "anonymous") return undefined;
  return sessionCookie(database.db, { ...(role === "user" ? user : staff), sessionId: null });
}

/**
 * The body superjson's client sends; superjson refuses to serialize keys like __proto__, so such an
 * input goes as plain JSON in the same envelope (the server must refuse it itself).
 */
function wireForm(input: unknown): string {
  try {
    return JSON.stringify(superjson.serialize(input));
  } catch {
    return JSON.stringify({ json: input });
  }
}

/** One call through the tRPC fetch handler, as the browser's client makes it (superjson, GET for queries). */
async function callProcedure(path: string, type: Procedure["_def"]["type"], input: unknown, cookie: string | undefined, rawBody?: string) {
  const headers = new Headers({ "content-type": "application/json" });
  if (cookie) headers.set("cookie", cookie);
  const serialized = input === undefined ? undefined : wireForm(input);
  const url = new URL(`http://localhost:3000/api/trpc/${path}`);
  let request: Request;
  if (type === "query") {
    if (serialized !== undefined) url.searchParams.set("input", serialized);
    request = new Request(url, { method: "GET", headers });
  } else {
    request = new Request(url, { method: "POST", headers, body: rawBody ?? serialized ?? "" });
  }
  const response = await trpcHandler(request);
  return { status: response.status, text: await response.text() };
}

function describeFailure(what: string, status: number, text: string) {
  return `${what} answered ${status}: ${text.slice(0, 600)} (seed ${FUZZ_SEED}; repeat with FUZZ_SEED=${FUZZ_SEED})`;
}

/** How often each status was answered, printed at the end: it shows how many calls got past validation. */
const statuses = new Map<string, number>();

function expectSafeAnswer(what: string, status: number, text: string) {
  const key = `${what
    .split(" ")
    .slice(0, what.startsWith("POST /api/chat") ? 2 : 1)
    .join(" ")} ${status}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  if (status >= 500) throw new Error(describeFailure(what, status, text));
  if (status >= 400 && INTERNAL_DETAIL.test(text)) throw new Error(describeFailure(`${what} showed an internal detail:`, status, text));
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  user = (await createUser(database.db)).claims;
  staff = (await createStaff(database.db, "admin")).session;
  const db = database.db;
  const [threads, prompts, users] = await Promise.all([
    db.thread.findMany({ select: { id: true }, take: 2 }),
    db.prompt.findMany({ select: { id: true }, take: 2 }),
    db.user.findMany({ select: { id: true } }),
  ]);
  ids = [...threads, ...prompts, ...users].map((row) => row.id);
});
afterAll(async () => {
  console.log(`fuzz seed ${FUZZ_SEED}; answers by caller and status:`, Object.fromEntries([...statuses].sort()));
  await database?.stop();
});

describe("fuzz: every tRPC procedure", () => {
  it(`lists the procedures (${PROCEDURES.length})`, () => {
    expect(PROCEDURES.length).toBeGreaterThan(100);
  });

  // Staff last: a staff procedure may suspend the user the other roles act as.
  for (const role of ["anonymous", "user", "staff"] as const) {
    it(`never answers 5xx or internal details, as ${role}`, { timeout: 240_000 }, async () => {
      for (const [path, procedure] of PROCEDURES) {
        const { type, inputs } = procedure._def;
        if (type === "subscription") continue;
        // Full runs where the role gets past the sign-in and permission checks; a third elsewhere.
        const reachesService = path.startsWith("admin.") ? role === "staff" : role === "user";
        const runs = reachesService ? RUNS : Math.ceil(RUNS / 3);
        const cookie = await cookieFor(role);
        await fc.assert(
          fc.asyncProperty(procedureInput(inputs, ids), async (input) => {
            const { status, text } = await callProcedure(path, type, input, cookie);
            expectSafeAnswer(`${role} ${type} ${path}(${JSON.stringify(input)?.slice(0, 300)})`, status, text);
          }),
          { seed: FUZZ_SEED, numRuns: runs, endOnFailure: true },
        );
        if (type === "mutation") {
          const { status, text } = await callProcedure(
            path,
            type,
            undefined,
            cookie,
            fc.sample(malformedJson, { seed: FUZZ_SEED, numRuns: 1 })[0],
          );
          expectSafeAnswer(`${role} ${path} with malformed JSON`, status, text);
        }
      }
    });
  }
});

describe("fuzz: every REST route", () => {
  const routes = restRoutes(() => ({ db: database.db, claims: user }));
  const QUERY_KEYS = ["country", "count", "payment_method_id", "customer_id", "id", "limit", "cursor"];
  const restInput = fc.record({
    signedIn: fc.boolean(),
    body: fc.oneof(
      { weight: 3, arbitrary: fc.record({ json: nastyValue }) },
      {
        weight: 3,
        arbitrary: fc.record({
          json: fc.dictionary(
            fc.constantFrom(
              "email",
              "name",
              "firstName",
              "planId",
              "paymentMethodId",
              "amount",
              "currency",
              "messageId",
              "feedbackType",
              "country",
              "city",
              "password",
              "userId",
              "role",
            ),
            nastyValue,
            { maxKeys: 6 },
          ),
        }),
      },
      { weight: 1, arbitrary: fc.record({ raw: malformedJson }) },
    ),
    query: fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), nastyString, {
      maxKeys: 3,
    }),
    id: nastyString,
  });

  it.each(routes.map((route) => [route.name, route] as const))(
    "%s never answers 5xx or internal details",
    { timeout: 120_000 },
    async (name, route) => {
      const cookie = await sessionCookie(database.db, user);
      await fc.assert(
        fc.asyncProperty(restInput, async ({ signedIn, body, query, id }) => {
          const hasBody = route.method !== "GET";
          const res = await callRoute(route.handler, route.path, {
            method: route.method,
            headers: route.headers,
            cookie: signedIn ? cookie : undefined,
            query,
            params: { id: id || "x" },
            ...(hasBody ? ("raw" in body ? { rawBody: body.raw } : { rawBody: JSON.stringify(body.json) ?? "" }) : {}),
          });
          expectSafeAnswer(`${name} with ${JSON.stringify({ signedIn, body, query, id })?.slice(0, 400)}`, res.status, res.text);
        }),
        { seed: FUZZ_SEED, numRuns: REST_RUNS, endOnFailure: true },
      );
    },
  );
});

describe("fuzz: the chat streams (local model)", () => {
  it.each([
    ["POST /api/chat", chatRoute.POST],
    ["POST /api/chat-rag", chatRagRoute.POST],
  ] as const)("%s never answers 5xx or internal details", { timeout: 120_000 }, async (name, handler) => {
    const cookie = await sessionCookie(database.db, user);
    // Mostly well-formed questions with hostile text, so that answers are streamed; then schema-shaped and hostile bodies.
    const question = fc.record({
      messages: fc.array(
        fc.record({
          role: fc.constant("user"),
          content: fc.oneof(nastyString, fc.constantFrom("blocked account", "visa ünd Krankenversicherung?")),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      chatModel: fc.constantFrom("local", "openai", undefined),
    });
    const body = fc.oneof(
      { weight: 3, arbitrary: question },
      { weight: 2, arbitrary: valueFor(chatRequestSchema, ids) },
      { weight: 1, arbitrary: nastyValue },
    );
    const input = fc.record({ signedIn: fc.boolean(), body });
    await fc.assert(
      fc.asyncProperty(input, async ({ signedIn, body }) => {
        const res = await callRoute(handler as RouteHandler, "/api/chat", {
          method: "POST",
          cookie: signedIn ? cookie : undefined,
          headers: { "x-session-id": "fuzz-session-0001" },
          rawBody: JSON.stringify(body) ?? "",
        });
        expectSafeAnswer(`${name} with ${JSON.stringify({ signedIn, body })?.slice(0, 400)}`, res.status, res.text);
        // A stream that started must not end in an error part either (the local model does not fail).
        if (res.status === 200)
          expect(res.text, `${name} streamed an error for ${JSON.stringify(body)?.slice(0, 300)}`).not.toMatch(/"type":"error"/);
      }),
      { seed: FUZZ_SEED, numRuns: CHAT_RUNS, endOnFailure: true },
    );
  });
});

describe("fuzz: addresses and bodies no route can read", () => {
  const ADDRESSES = [
    ...PAGES_WITH_QUERY.map((page) => page.path),
    ...restRoutes(() => ({ db: database.db, claims: user })).map((route) => route.path),
    "/api/trpc/content.threads",
    "/api/trpc/users.me",
    "/api/auth/callback/credentials",
    "/api/auth/csrf",
    "/api/chat",
    "/api/documents/x/download",
  ];

  it("NUL, broken UTF-8 or malformed percent-encoding in a path or query string: 400 before any page or route", async () => {
    const input = fc.record({
      address: fc.constantFrom(...ADDRESSES),
      where: fc.constantFrom("path", "query", "key"),
      odd: unreadableText,
      method: fc.constantFrom("GET", "DELETE", "PATCH"),
    });
    await fc.assert(
      fc.asyncProperty(input, async ({ address, where, odd, method }) => {
        const url = where === "path" ? `${address}/${odd}` : where === "query" ? `${address}?q=a&x=${odd}` : `${address}?${odd}=1`;
        const response = await proxy(new NextRequest(`http://localhost:3000${url}`, { method, headers: { host: "localhost:3000" } }));
        const text = await response.text();
        expectSafeAnswer(`${method} ${url}`, response.status, text);
        expect(response.status, `${method} ${url} (seed ${FUZZ_SEED})`).toBe(400);
        expect(response.headers.get("x-middleware-next"), `${url} went on to its page or route`).toBeNull();
      }),
      { seed: FUZZ_SEED, numRuns: 300, endOnFailure: true },
    );
    // Each escape on its own, on a page with a query string.
    for (const oddEscape of UNREADABLE_ESCAPES) {
      const response = await proxy(
        new NextRequest(`http://localhost:3000/community/search?q=a${oddEscape}~`, { headers: { host: "localhost:3000" } }),
      );
      expect(response.status, oddEscape).toBe(400);
    }
  });

  /** JSON whose string holds bytes that are not UTF-8 (a lone continuation byte, a cut sequence, a surrogate). */
  const notUtf8 = fc
    .tuple(fc.constantFrom([0xff], [0xc3, 0x28], [0xe0, 0xa4], [0xed, 0xa0, 0x80], [0xc0, 0x80]), fc.string({ maxLength: 10 }))
    .map(([bytes, text]) => {
      const before = new TextEncoder().encode(`{"email":"${text.replace(/["\\]/g, "")}`);
      return new Uint8Array([...before, ...bytes, 0x22, 0x7d]);
    });

  it("a body that is not UTF-8 answers 400 on every REST route with a body, tRPC and the sign-in", async () => {
    const cookie = await sessionCookie(database.db, { ...user, sessionId: null });
    const routes = restRoutes(() => ({ db: database.db, claims: user })).filter((route) => route.hasBody);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), notUtf8, async (route, bytes) => {
        const res = await callRoute(route.handler, route.path, {
          method: route.method,
          headers: route.headers,
          cookie,
          params: { id: "x" },
          rawBytes: bytes,
        });
        expectSafeAnswer(`${route.name} with bytes ${[...bytes].join(",")}`, res.status, res.text);
        expect(res.status, route.name).toBe(400);
        expect(res.json).toEqual({ success: false, error: "The request body is not valid UTF-8." });
      }),
      { seed: FUZZ_SEED, numRuns: 60, endOnFailure: true },
    );
    const [bytes] = fc.sample(notUtf8, { seed: FUZZ_SEED, numRuns: 1 });
    const trpc = await trpcHandler(
      new Request("http://localhost:3000/api/trpc/site.subscribeNewsletter", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: bytes!,
      }),
    );
    expect(trpc.status).toBe(400);
    const signIn = await authRoute(
      new Request("http://localhost:3000/api/auth/callback/credentials", {
        method: "POST",
        headers: { host: "localhost:3000", "content-type": "application/json" },
        body: bytes!,
      }),
      { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) },
    );
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toEqual({ success: false, error: "The request body is not valid UTF-8." });
  });
});

describe("regressions the fuzz found", () => {
  const REFUSED = "Text must be valid Unicode without the NUL character (\\u0000).";
  // PostgreSQL cannot store U+0000; Prisma cannot send a lone surrogate: both answered 500 before.
  it.each([
    ["the NUL character", "\u0000"],
    ["a lone surrogate", "\ud800"],
  ])("refuses %s in any text with 400 before anything is written", async (_, text) => {
    const cookie = await sessionCookie(database.db, { ...user, sessionId: null });
    const write = await callProcedure(
      "services.write",
      "mutation",
      { requestId: text, body: "00000000-0000-0000-0000-000000000000" },
      cookie,
    );
    expect(write.status).toBe(400);
    expect(JSON.parse(write.text).error.json.message).toBe(REFUSED);
    const address = await callRoute(addressRoute.PATCH as RouteHandler, "/api/billing-addresses/x", {
      method: "PATCH",
      cookie,
      params: { id: text },
      rawBody: "{}",
    });
    expect(address.status).toBe(400);
    expect(address.json).toEqual({ success: false, error: REFUSED });
    const chat = await callRoute(chatRoute.POST as RouteHandler, "/api/chat", {
      method: "POST",
      cookie,
      body: { messages: [{ role: "user", content: `Hi${text}there` }] },
    });
    expect(chat.status).toBe(400);
    // Text with whole surrogate pairs (emoji, mathematical letters) is fine.
    const fine = await callProcedure("services.write", "mutation", { requestId: "𝕳🇩🇪", body: "x" }, cookie);
    expect(fine.status).toBeLessThan(500);
    expect(JSON.parse(fine.text).error?.json.message).not.toBe(REFUSED);
  });
});
