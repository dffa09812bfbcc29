import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

/** Bodies smaller than this go out as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

interface EncodedJson {
  body: string;
  etag?: string;
  gzip?: Uint8Array<ArrayBuffer>;
  br?: Uint8Array<ArrayBuffer>;
}

// Content served from the in-process cache comes back as the same object until staff edit it, so
// its serialised, hashed and compressed forms are kept with it; they go when the cache drops it.
const encodedByResult = new WeakMap<object, EncodedJson>();

/** The JSON of `value`, serialised once per object for objects. */
export function encodedJson(value: unknown): EncodedJson {
  if (typeof value !== "object" || value === null) return { body: JSON.stringify(value) };
  let encoded = encodedByResult.get(value);
  if (!encoded) encodedByResult.set(value, (encoded = { body: JSON.stringify(value) }));
  return encoded;
}

function accepts(acceptEncoding: string, coding: string): boolean {
  return acceptEncoding.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    return name === coding && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
  });
}

function asBody(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);
}

/**
 * A GET's JSON answer with a validator: a request that already holds this body (If-None-Match) gets
 * 304 with no body; otherwise the body, compressed with Brotli or gzip when the client accepts it.
 */
export function conditionalJson(request: Request, encoded: EncodedJson, headers: Record<string, string>, status: number): Response {
  const etag = (encoded.etag ??= `W/"${createHash("sha1").update(encoded.body).digest("base64url")}"`);
  const held = request.headers.get("if-none-match");
  const all = { ...headers, etag, vary: "Accept-Encoding" };
  if (held && held.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*")) return new Response(null, { status: 304, headers: all });
  const json = { "content-type": "application/json", ...all };
  const acceptEncoding = request.headers.get("accept-encoding") ?? "";
  if (Buffer.byteLength(encoded.body) >= COMPRESS_FROM_BYTES) {
    if (accepts(acceptEncoding, "br")) {
      // Quality 5: near gzip's speed with a smaller body; the result is kept, so it is paid once.
      encoded.br ??= asBody(brotliCompressSync(encoded.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
      return new Response(encoded.br, { status, headers: { ...json, "content-encoding": "br" } });
    }
    if (accepts(acceptEncoding, "gzip")) {
      encoded.gzip ??= asBody(gzipSync(encoded.body));
      return new Response(encoded.gzip, { status, headers: { ...json, "content-encoding": "gzip" } });
    }
  }
  return new Response(encoded.body, { status, headers: json });
}
