import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COMPRESS_ONCE_MIN_BYTES, compressedAnswers, withNoTransform } from "~/server/http/compressed-answers";

const BIG = JSON.stringify({
  cities: Array.from({ length: 400 }, (_, index) => ({ name: `City ${index}`, country_code: "DE" })),
});
const SMALL = JSON.stringify({ success: true });

/** Answers as Next does: headers set and flushed, the head written (as its compression layer does), the body in chunks. */
function nextLikeHandler(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = request.url ?? "";
  if (url === "/big" || url === "/big-other-tag") {
    response.setHeader("content-type", "application/json");
    response.setHeader("etag", url === "/big" ? 'W/"big"' : 'W/"other"');
    response.setHeader("cache-control", withNoTransform("public, max-age=60"));
    response.setHeader("vary", "rsc");
    response.flushHeaders();
    if (!response.headersSent) response.writeHead(200);
    response.write(BIG.slice(0, 1000));
    response.end(BIG.slice(1000));
  } else if (url === "/small") {
    response.setHeader("content-type", "application/json");
    response.end(SMALL);
  } else {
    response.setHeader("content-type", "text/event-stream");
    response.flushHeaders();
    response.write("data: one\n\n");
    setTimeout(() => response.end("data: two\n\n"), 20);
  }
}

let server: http.Server;
let base: string;
beforeAll(async () => {
  const compressOnce = compressedAnswers();
  server = http.createServer((request, response) => {
    compressOnce(request, response);
    nextLikeHandler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("large JSON answers compressed once per body", () => {
  it("marks only answers worth it", () => {
    expect(BIG.length).toBeGreaterThan(COMPRESS_ONCE_MIN_BYTES);
    expect(withNoTransform("public, max-age=86400")).toBe("public, max-age=86400, no-transform");
    expect(withNoTransform(undefined)).toBe("no-transform");
  });

  it("sends a marked answer in Brotli or gzip, whole, and compresses the same body only once", async () => {
    const brotli = vi.spyOn(zlib, "brotliCompressSync");
    const first = await get("/big", "gzip, deflate, br");
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers.vary).toBe("rsc, Accept-Encoding");
    expect(Number(first.headers["content-length"])).toBe(first.body.length);
    expect(zlib.brotliDecompressSync(first.body).toString()).toBe(BIG);
    const second = await get("/big", "br");
    expect(second.body.equals(first.body)).toBe(true);
    expect(brotli).toHaveBeenCalledTimes(1);
    // Another body (another ETag) is compressed for itself.
    const other = await get("/big-other-tag", "br");
    expect(zlib.brotliDecompressSync(other.body).toString()).toBe(BIG);
    expect(brotli).toHaveBeenCalledTimes(2);
    brotli.mockRestore();

    const gzip = await get("/big", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(BIG);
  });

  it("sends a marked answer as it is to a client that takes no compression", async () => {
    const plain = await get("/big", "br;q=0");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG);
  });

  it("leaves unmarked answers and streams alone", async () => {
    const small = await get("/small", "br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe(SMALL);
    const stream = await get("/stream", "br");
    expect(stream.headers["content-encoding"]).toBeUndefined();
    expect(stream.body.toString()).toBe("data: one\n\ndata: two\n\n");
  });
});
