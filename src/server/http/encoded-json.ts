import { createHash } from "node:crypto";
import { COMPRESS_ONCE_MIN_BYTES, withNoTransform } from "./compressed-answers";

interface EncodedJson {
  body: string;
  /** The body as UTF-8, kept for large answers sent again and again. */
  bytes?: Uint8Array<ArrayBuffer>;
  etag?: string;
}

// Content served from the in-process cache comes back as the same object until staff edit it, so
// its JSON and ETag are kept with it (and go when the cache drops it) instead of being serialised
// and hashed again on every request. Compression is left to the server: Next drops a route
// handler's own Content-Encoding; a large answer is compressed once per body in front of Next
// (compressed-answers.ts).
const encodedByResult = new WeakMap<object, EncodedJson>();

/** The JSON of `value`, serialised once per object for objects. */
export function encodedJson(value: unknown): EncodedJson {
  if (typeof value !== "object" || value === null) return { body: JSON.stringify(value) };
  let encoded = encodedByResult.get(value);
  if (!encoded) encodedByResult.set(value, (encoded = { body: JSON.stringify(value) }));
  return encoded;
}

/**
 * A GET's JSON answer with a validator: the ETag is a digest of the body, and a request that already
 * holds this body (If-None-Match) gets 304 with no body. A large answer is marked to be compressed
 * once per body (no-transform keeps Next's per-request compression off it).
 */
export function conditionalJson(request: Request, encoded: EncodedJson, headers: Record<string, string>, status: number): Response {
  const etag = (encoded.etag ??= `W/"${createHash("sha1").update(encoded.body).digest("base64url")}"`);
  const held = request.headers.get("if-none-match");
  const large = encoded.body.length >= COMPRESS_ONCE_MIN_BYTES;
  const all: Record<string, string> = { ...headers, etag };
  if (large) all["cache-control"] = withNoTransform(headers["cache-control"]);
  if (held?.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*")) return new Response(null, { status: 304, headers: all });
  const body = large ? (encoded.bytes ??= new TextEncoder().encode(encoded.body)) : encoded.body;
  return new Response(body, { status, headers: { "content-type": "application/json", ...all } });
}
