import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { acceptsCoding } from "./precompressed-static";

/**
 * Large JSON answers compressed once per body rather than once per request. Next compresses every
 * answer it sends and drops a route handler's own Content-Encoding, so a 300 KB city list cost a full
 * compression on each request. A GET answer of at least COMPRESS_ONCE_MIN_BYTES carries an ETag (a
 * digest of its body) and `Cache-Control: no-transform`, which Next's compression leaves alone; this
 * layer, in front of Next, compresses such an answer and keeps the result under its ETag and coding,
 * so the next request for the same body is sent from memory. Other answers pass through untouched.
 */

/** Below this, compressing on every request costs less than it saves. */
export const COMPRESS_ONCE_MIN_BYTES = 4096;
/** Compressed bodies kept; the reference-data answers are a handful, per-user ones rarely repeat. */
const CACHED_BODIES = 64;
/** Brotli's middle quality: close to its best size at a small fraction of the best's time. */
const BROTLI_QUALITY = 5;

/** The Cache-Control of an answer this layer compresses: the route's own, plus no-transform. */
export function withNoTransform(cacheControl: string | undefined): string {
  return cacheControl ? `${cacheControl}, no-transform` : "no-transform";
}

type Coding = "br" | "gzip";

function compress(body: Buffer, coding: Coding): Buffer {
  return coding === "br"
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      })
    : zlib.gzipSync(body);
}

function isCompressedOnce(response: ServerResponse): boolean {
  return (
    response.statusCode === 200 &&
    typeof response.getHeader("etag") === "string" &&
    /\bno-transform\b/.test(String(response.getHeader("cache-control") ?? "")) &&
    String(response.getHeader("content-type") ?? "").startsWith("application/json") &&
    !response.hasHeader("content-encoding")
  );
}

type WriteCallback = (error?: Error | null) => void;
/** A written chunk as bytes; the argument after it is its encoding when a string, else a callback. */
const toBuffer = (chunk: unknown, encodingOrCallback?: unknown): Buffer =>
  Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === "string"
      ? Buffer.from(chunk, typeof encodingOrCallback === "string" ? (encodingOrCallback as BufferEncoding) : undefined)
      : Buffer.from(chunk as Uint8Array);

/** Installs the layer on a GET's response before Next handles it. */
export function compressedAnswers() {
  const bodies = new LRUCache<string, Buffer>({ max: CACHED_BODIES });
  return (request: IncomingMessage, response: ServerResponse): void => {
    if (request.method !== "GET") return;
    const acceptEncoding = request.headers["accept-encoding"];
    const coding: Coding | null = acceptsCoding(acceptEncoding, "br") ? "br" : acceptsCoding(acceptEncoding, "gzip") ? "gzip" : null;
    if (!coding) return;

    const original = {
      writeHead: response.writeHead,
      write: response.write,
      end: response.end,
      flushHeaders: response.flushHeaders,
    };
    let collecting: Buffer[] | null = null;
    let decided = false;
    let deferredHead: unknown[] | null = null;
    const keyOf = () => `${coding} ${String(response.getHeader("etag"))}`;
    let cached: Buffer | undefined;
    // Decided when the answer's headers are complete: its head is written, flushed, or its body starts.
    const collects = () => {
      if (!decided) {
        decided = true;
        // A body compressed before (the same ETag) need not be kept again: its chunks are dropped.
        if (isCompressedOnce(response)) {
          cached = bodies.get(keyOf());
          collecting = [];
        }
      }
      return collecting !== null;
    };

    // The head of a collected answer waits for its compressed length; compression layers may call
    // writeHead through a reference they took earlier, so the wrapper stays and lets it through later.
    response.writeHead = function writeHead(...args: unknown[]) {
      if (!collects()) return (original.writeHead as (...a: unknown[]) => ServerResponse).apply(response, args);
      deferredHead = args;
      return response;
    } as ServerResponse["writeHead"];
    response.flushHeaders = function flushHeaders() {
      if (!collects()) original.flushHeaders.call(response);
    };
    response.write = function write(chunk: unknown, encodingOrCallback?: BufferEncoding | WriteCallback, callback?: WriteCallback) {
      if (!collects()) return (original.write as (...args: unknown[]) => boolean).call(response, chunk, encodingOrCallback, callback);
      if (!cached) collecting!.push(toBuffer(chunk, encodingOrCallback));
      (typeof encodingOrCallback === "function" ? encodingOrCallback : callback)?.();
      return true;
    } as ServerResponse["write"];
    response.end = function end(
      chunk?: unknown,
      encodingOrCallback?: BufferEncoding | (() => void),
      callback?: () => void,
    ): ServerResponse {
      if (typeof chunk === "function") return end.call(response, undefined, undefined, chunk as () => void);
      if (!collects()) return (original.end as (...args: unknown[]) => ServerResponse).call(response, chunk, encodingOrCallback, callback);
      let compressed = cached;
      if (!compressed) {
        if (chunk !== undefined && chunk !== null) collecting!.push(toBuffer(chunk, encodingOrCallback));
        compressed = compress(Buffer.concat(collecting!), coding);
        bodies.set(keyOf(), compressed);
      }
      collecting = null; // from here on, everything passes through
      response.setHeader("content-encoding", coding);
      response.setHeader("content-length", compressed.length);
      const vary = response.getHeader("vary");
      response.setHeader("vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding");
      (original.writeHead as (...a: unknown[]) => ServerResponse).apply(response, deferredHead ?? [response.statusCode]);
      return (original.end as (...args: unknown[]) => ServerResponse).call(
        response,
        compressed,
        typeof encodingOrCallback === "function" ? encodingOrCallback : callback,
      );
    } as ServerResponse["end"];
  };
}
