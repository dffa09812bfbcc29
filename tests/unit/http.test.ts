import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, readJsonBody } from "~/server/http/body";
import { createQueryClient, STALE_TIME_MS, shouldRetry } from "~/trpc/query-client";

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("request bodies", () => {
  it("parses JSON and treats an empty body as missing", async () => {
    expect(await readJsonBody(post('{"a":1}'))).toEqual({ a: 1 });
    expect(await readJsonBody(post(""))).toBeUndefined();
  });

  it("refuses malformed JSON", async () => {
    await expect(readJsonBody(post("{oops"))).rejects.toMatchObject({
      kind: "BAD_INPUT",
      message: "Malformed JSON in request body.",
    });
  });

  it("refuses a body over the limit even without a Content-Length", async () => {
    const big = new Uint8Array(MAX_BODY_BYTES + 1).fill(32);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(big.subarray(0, 1000));
        controller.enqueue(big.subarray(1000));
        controller.close();
      },
    });
    await expect(readJsonBody(post(stream))).rejects.toMatchObject({ kind: "TOO_LARGE" });
    await expect(readJsonBody(post("{}", { "content-length": String(MAX_BODY_BYTES * 2) }))).rejects.toMatchObject({
      kind: "TOO_LARGE",
    });
  });
});

describe("query client defaults (spec section 7)", () => {
  const clientError = (httpStatus: number) => new TRPCClientError("x", { result: { error: { data: { httpStatus } } } as never });

  it("does not retry 4xx answers", () => {
    expect(shouldRetry(0, clientError(401))).toBe(false);
    expect(shouldRetry(0, clientError(404))).toBe(false);
    expect(shouldRetry(0, { status: 429 })).toBe(false);
  });

  it("retries other failures up to 3 times", () => {
    expect(shouldRetry(0, clientError(500))).toBe(true);
    expect(shouldRetry(2, new TypeError("network"))).toBe(true);
    expect(shouldRetry(3, clientError(503))).toBe(false);
  });

  it("keeps data fresh for 5 minutes and does not refetch on focus", () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(STALE_TIME_MS);
    expect(STALE_TIME_MS).toBe(300_000);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });
});
