import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "zod/v4/core";
import { acceptsBrotli, precompressedStatic, precompressStaticAssets } from "~/server/http/precompressed-static";

describe("the browser's zod settings (src/instrumentation-client.ts)", () => {
  it("turn off zod's eval probe without loading zod itself", async () => {
    await import("~/instrumentation-client");
    expect(config().jitless).toBe(true);
    const source = fs.readFileSync(path.join(import.meta.dirname, "../../src/instrumentation-client.ts"), "utf8");
    expect(source).not.toMatch(/from "zod/);
  });
});

describe("Brotli for the build's scripts and styles", () => {
  it("is sent only to browsers that accept it", () => {
    expect(acceptsBrotli("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsBrotli("br;q=0.5")).toBe(true);
    expect(acceptsBrotli("gzip, br;q=0")).toBe(false);
    expect(acceptsBrotli("gzip")).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "static-br-"));
  const script = `console.log(${JSON.stringify("a line of the app ".repeat(200))});`;
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, "chunks"));
    fs.writeFileSync(path.join(dir, "chunks", "app.js"), script);
    fs.writeFileSync(path.join(dir, "chunks", "tiny.js"), "1");
    fs.writeFileSync(path.join(dir, "chunks", "picture.png"), script);
    expect(precompressStaticAssets(dir)).toBe(1);
    const serve = precompressedStatic(dir, { "X-Content-Type-Options": "nosniff" });
    server = http.createServer((request, response) => {
      if (!serve(request, response)) response.writeHead(404).end("left to Next");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      // The path goes as written (a URL would resolve "..").
      http
        .get({ host: "127.0.0.1", port: new URL(base).port, path: url, headers: { "accept-encoding": encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });

  it("serves a precompressed script with its headers", async () => {
    const answer = await get("/_next/static/chunks/app.js?v=1", "gzip, br");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it("leaves everything else to Next", async () => {
    expect((await get("/_next/static/chunks/app.js", "gzip")).body.toString()).toBe("left to Next");
    expect((await get("/_next/static/chunks/tiny.js", "br")).body.toString()).toBe("left to Next");
    expect((await get("/_next/static/chunks/picture.png", "br")).body.toString()).toBe("left to Next");
    expect((await get("/_next/static/chunks/../chunks/app.js", "br")).body.toString()).toBe("left to Next");
    expect((await get("/_next/static/chunks/app.js.br", "br")).body.toString()).toBe("left to Next");
  });
});
