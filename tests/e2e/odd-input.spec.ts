/**
 * Odd input against the running server: every page that reads its query string, and the REST, tRPC
 * and sign-in routes, get addresses with NUL, broken UTF-8 or malformed percent-encoding in the path or
 * query string (400 or 404) and hostile but readable query strings (never a 5xx). No answer shows a stack trace or
 * another internal detail. Generated with fast-check; FUZZ_SEED=<n> repeats a run.
 */
import { expect, test } from "@playwright/test";
import fc from "fast-check";
import {
  FUZZ_SEED,
  hostileQuery,
  INTERNAL_DETAIL,
  PAGES_WITH_QUERY,
  UNREADABLE_ESCAPES,
  unreadableQuery,
  unreadableText,
} from "../helpers/fuzz";

const RUNS = Number(process.env.FUZZ_PAGE_RUNS ?? 6);
/** A stack frame, in any answer (a page's text may name a stack or a type, but never a frame). */
const STACK_FRAME = /at (?:async )?[\w.<>]+ \([^)]*:\d+:\d+\)|node_modules\//;

/** An unreadable escape anywhere in the address answers 400 (or 404 where no route has the path). */
function expectOddAnswer(address: string, status: number) {
  expect([400, 404], `${address} (seed ${FUZZ_SEED})`).toContain(status);
}

function expectNoDetail(what: string, status: number, text: string) {
  expect(text, `${what} answered ${status} with a stack frame`).not.toMatch(STACK_FRAME);
  if (status >= 400) expect(text, `${what} answered ${status} with an internal detail`).not.toMatch(INTERNAL_DETAIL);
}

test.describe("odd input on the running server", () => {
  test.describe.configure({ timeout: 300_000 });

  test("a page's query string or path with an unreadable escape answers 400 or 404", async ({ request }) => {
    for (const { path, keys } of PAGES_WITH_QUERY) {
      await fc.assert(
        fc.asyncProperty(unreadableQuery(keys), async (query) => {
          const address = `${path}?${query}`;
          const response = await request.get(address, { maxRedirects: 0 });
          expectOddAnswer(address, response.status());
          expectNoDetail(address, response.status(), await response.text());
        }),
        { seed: FUZZ_SEED, numRuns: RUNS, endOnFailure: true },
      );
      for (const oddEscape of UNREADABLE_ESCAPES) {
        const address = `${path}/a${oddEscape}~`;
        const response = await request.get(address, { maxRedirects: 0 });
        expect([400, 404], address).toContain(response.status());
        expectNoDetail(address, response.status(), await response.text());
      }
    }
  });

  test("a page's query string with hostile but readable values never answers 5xx", async ({ request }) => {
    const statuses = new Map<number, number>();
    for (const { path, keys } of PAGES_WITH_QUERY) {
      await fc.assert(
        fc.asyncProperty(hostileQuery(keys), async (query) => {
          const address = `${path}?${query}`;
          const response = await request.get(address, { maxRedirects: 0 });
          statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1);
          expect(response.status(), `${address.slice(0, 300)} (seed ${FUZZ_SEED})`).toBeLessThan(500);
          expectNoDetail(address.slice(0, 300), response.status(), await response.text());
        }),
        { seed: FUZZ_SEED, numRuns: RUNS * 2, endOnFailure: true },
      );
    }
    // Most of them render the page: the values are read, not refused.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(PAGES_WITH_QUERY.length * RUNS);
  });

  test("REST, tRPC and sign-in routes: an unreadable escape in the path or query string answers 400 or 404, with the error as JSON", async ({
    request,
  }) => {
    await fc.assert(
      fc.asyncProperty(unreadableText, async (odd) => {
        const calls = [
          request.get(`/api/data/cities?country=${odd}`),
          request.get(`/api/settings/random?count=${odd}`),
          request.get(`/api/documents/${odd}/download`),
          request.delete(`/api/billing-addresses/${odd}`),
          request.get(`/api/trpc/content.threads?input=${odd}`),
          request.get(`/api/auth/csrf?x=${odd}`),
          request.post(`/api/auth/callback/credentials?x=${odd}`, { form: { email: "a@example.com", password: "x" } }),
        ];
        for (const response of await Promise.all(calls)) {
          expectOddAnswer(response.url(), response.status());
          if (response.status() === 400)
            expect(await response.json()).toEqual({ success: false, error: expect.stringContaining("not valid") });
          expectNoDetail(response.url(), response.status(), await response.text());
        }
      }),
      { seed: FUZZ_SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  test("a NUL in a JSON body, or a body that is not UTF-8, answers 400 on REST and the sign-in", async ({ request }) => {
    const nul = await request.post("/api/newsletter", { data: { email: "reader\u0000@example.com" } });
    expect(nul.status()).toBe(400);
    const bytes = Buffer.from([0x7b, 0x22, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]); // {"email":"<ff fe>"}
    for (const path of ["/api/newsletter", "/api/contact", "/api/auth/signup", "/api/auth/callback/credentials"]) {
      const response = await request.post(path, { data: bytes, headers: { "content-type": "application/json" } });
      expect(response.status(), path).toBe(400);
      expectNoDetail(path, response.status(), await response.text());
    }
  });
});
