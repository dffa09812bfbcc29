import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { observeRequests } from "~/server/http/observe";
import { routeLabeller } from "~/server/http/route-pattern";
import { createLogger, log } from "~/server/observability/log";
import { metrics } from "~/server/observability/metrics";
import { noteRequestUser, requestContextStorage, requestIdOf, wellFormedRequestId } from "~/server/observability/request-context";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return {
    logger: createLogger(stream),
    lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe("the JSON logger", () => {
  it("writes one JSON object a line with the request's id and user", () => {
    const { logger, lines } = capture();
    requestContextStorage.run({ requestId: "req-12345678" }, () => {
      logger.info("before the session is known");
      noteRequestUser("user_1");
      logger.warn({ job: "mail.send" }, "after");
    });
    logger.info("outside any request");
    const [before, after, outside] = lines();
    expect(before).toMatchObject({ level: "info", msg: "before the session is known", requestId: "req-12345678" });
    expect(before).not.toHaveProperty("userId");
    expect(after).toMatchObject({
      level: "warn",
      msg: "after",
      requestId: "req-12345678",
      userId: "user_1",
      job: "mail.send",
    });
    expect(typeof after!.time).toBe("string");
    expect(outside).not.toHaveProperty("requestId");
  });

  it("writes an error's kind, message and status, never the request a provider was sent", () => {
    const { logger, lines } = capture();
    const failure = Object.assign(new Error("Rate limit reached"), {
      statusCode: 429,
      requestBodyValues: { messages: [{ role: "user", content: "my passport number is X123" }] },
      responseBody: '{"error":"rate"}',
    });
    logger.error({ err: failure }, "chat model failed");
    const [line] = lines();
    expect(line!.err).toMatchObject({ type: "Error", message: "Rate limit reached", statusCode: 429 });
    expect(JSON.stringify(line)).not.toContain("X123");
    expect(JSON.stringify(line)).not.toContain("responseBody");
  });

  it("never writes personal fields or secrets, at the top or nested", () => {
    const { logger, lines } = capture();
    logger.info(
      {
        email: "ana@example.com",
        password: "hunter2hunter2",
        user: { email: "ana@example.com", name: "Ana Lima", id: "user_1" },
        headers: { authorization: "Bearer abc", cookie: "next-auth.session-token=xyz" },
        request: { body: { token: "reset-token-123" } },
      },
      "with personal data",
    );
    const text = JSON.stringify(lines()[0]);
    for (const secret of ["ana@example.com", "hunter2", "Ana Lima", "Bearer abc", "session-token=xyz", "reset-token-123"])
      expect(text).not.toContain(secret);
    expect(lines()[0]).toMatchObject({ user: { id: "user_1", email: "[redacted]" } });
  });
});

describe("request ids", () => {
  it("keeps a well-formed incoming id and refuses free text", () => {
    expect(wellFormedRequestId("0b7c2d9e-1f2a-4b3c-8d4e-5f6a7b8c9d0e")).toBe("0b7c2d9e-1f2a-4b3c-8d4e-5f6a7b8c9d0e");
    expect(wellFormedRequestId("short")).toBeNull();
    expect(wellFormedRequestId("has spaces and <html>")).toBeNull();
    expect(wellFormedRequestId("x".repeat(200))).toBeNull();
  });

  it("prefers the id of the request's context over the header, and makes one when neither has it", () => {
    const headers = new Headers({ "x-request-id": "from-the-header-1" });
    expect(requestContextStorage.run({ requestId: "from-the-server-1" }, () => requestIdOf(headers))).toBe("from-the-server-1");
    expect(requestIdOf(headers)).toBe("from-the-header-1");
    expect(requestIdOf(new Headers())).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("route labels", () => {
  const manifest = {
    staticRoutes: [{ page: "/" }, { page: "/api/threads" }, { page: "/community/new" }],
    dynamicRoutes: [
      { page: "/api/documents/[id]/download", regex: "^/api/documents/([^/]+?)/download(?:/)?$" },
      { page: "/api/auth/[...nextauth]", regex: "^/api/auth/(.+?)(?:/)?$" },
      { page: "/community/t/[slug]/[id]", regex: "^/community/t/([^/]+?)/([^/]+?)(?:/)?$" },
    ],
  };
  const label = routeLabeller(manifest, new Set(["/sw.js"]));

  it("names the route pattern, never the ids or slugs in the path", () => {
    expect(label("/")).toEqual({ route: "/", kind: "page" });
    expect(label("/api/threads/")).toEqual({ route: "/api/threads", kind: "api" });
    expect(label("/community/new")).toEqual({ route: "/community/new", kind: "page" });
    expect(label("/community/t/how-i-found-a-flat/42")).toEqual({ route: "/community/t/:slug/:id", kind: "page" });
    expect(label("/api/documents/cm1abc/download")).toEqual({ route: "/api/documents/:id/download", kind: "api" });
    expect(label("/api/auth/callback/google")).toEqual({ route: "/api/auth/:nextauth*", kind: "api" });
  });

  it("groups build files and public files, and puts unknown paths under one label", () => {
    expect(label("/_next/static/chunks/abc.js")).toEqual({ route: "/_next/static", kind: "static" });
    expect(label("/sw.js")).toEqual({ route: "/sw.js", kind: "static" });
    expect(label("/wp-login.php")).toEqual({ route: "(unmatched)", kind: "unmatched" });
  });

  it("without a build's manifest (development) replaces id-like segments", () => {
    const dev = routeLabeller(null);
    expect(dev("/api/billing-addresses/0b7c2d9e-1f2a-4b3c-8d4e-5f6a7b8c9d0e")).toEqual({
      route: "/api/billing-addresses/:id",
      kind: "api",
    });
    expect(dev("/billing/receipts/12345")).toEqual({ route: "/billing/receipts/:id", kind: "page" });
  });
});

describe("the request observer", () => {
  let server: Server | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    if (server) await new Promise((resolve) => server!.close(resolve));
  });

  it("gives each request an id, logs one access line without the path's data, and counts it by route", async () => {
    const observe = observeRequests(
      routeLabeller({
        staticRoutes: [],
        dynamicRoutes: [{ page: "/api/users/[id]", regex: "^/api/users/([^/]+?)(?:/)?$" }],
      }),
    );
    const seen: string[] = [];
    server = createServer((req, res) =>
      observe(req, res, () => {
        seen.push(String(req.headers["x-request-id"]));
        noteRequestUser("user_7");
        res.end("ok");
      }),
    );
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    const counted = async () =>
      (await metrics().httpRequests.get()).values.find((value) => value.labels.route === "/api/users/:id" && value.labels.status === "200")
        ?.value ?? 0;
    const before = await counted();

    const given = await fetch(`${base}/api/users/ana@example.com?email=ana@example.com`, {
      headers: { "x-request-id": "trace-0001-abcd" },
    });
    const fresh = await fetch(`${base}/api/users/42`, { headers: { "x-request-id": "not an id!" } });
    await vi.waitFor(() => expect(info).toHaveBeenCalledTimes(2));

    expect(given.headers.get("x-request-id")).toBe("trace-0001-abcd");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen).toEqual(["trace-0001-abcd", fresh.headers.get("x-request-id")]);
    const [line, message] = info.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(message).toBe("request");
    expect(line).toMatchObject({
      requestId: "trace-0001-abcd",
      userId: "user_7",
      method: "GET",
      route: "/api/users/:id",
      status: 200,
    });
    expect(typeof line.durationMs).toBe("number");
    expect(JSON.stringify(info.mock.calls)).not.toContain("example.com");
    expect((await counted()) - before).toBe(2);
  });
});
