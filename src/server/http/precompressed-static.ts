import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import zlib from "node:zlib";

/**
 * The build's scripts and styles in Brotli, written once after each build (best compression, about
 * 15% smaller than Next's gzip) and served as they are to browsers that accept Brotli. Next serves
 * everything else, and these files too to the rest.
 */

const STATIC_URL_PREFIX = "/_next/static/";
const BROTLI_SUFFIX = ".br";
const CONTENT_TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
};
/** Below this, compression gains less than its headers cost. */
const MIN_BYTES = 1024;

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((entry) => path.join(dir, entry));
}

/** Writes `<file>.br` beside each script and style of the build in `staticDir` (.next/static). */
export function precompressStaticAssets(staticDir: string): number {
  let written = 0;
  for (const file of listFiles(staticDir)) {
    if (!(path.extname(file) in CONTENT_TYPES) || fs.statSync(file).size < MIN_BYTES) continue;
    const compressed = zlib.brotliCompressSync(fs.readFileSync(file), {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    fs.writeFileSync(file + BROTLI_SUFFIX, compressed);
    written++;
  }
  return written;
}

/** Whether the request's Accept-Encoding takes `coding` (and does not refuse it with q=0). */
export function acceptsCoding(acceptEncoding: string | undefined, coding: "br" | "gzip"): boolean {
  return (acceptEncoding ?? "").split(",").some((entry) => {
    const [name, ...params] = entry.trim().split(";");
    if (name?.trim().toLowerCase() !== coding) return false;
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** Whether the request's Accept-Encoding takes Brotli. */
export const acceptsBrotli = (acceptEncoding: string | undefined) => acceptsCoding(acceptEncoding, "br");

/**
 * A handler for the precompressed files found in `staticDir` when the server starts: answers a GET
 * or HEAD of one of them (exact URL, nothing else is looked up on disk) and returns true, or returns
 * false and leaves the request to Next.
 */
export function precompressedStatic(staticDir: string, headers: Record<string, string>) {
  const files = new Map<string, string>();
  for (const file of listFiles(staticDir)) {
    if (!file.endsWith(BROTLI_SUFFIX)) continue;
    const original = file.slice(0, -BROTLI_SUFFIX.length);
    if (!fs.existsSync(original)) continue;
    files.set(STATIC_URL_PREFIX + path.relative(staticDir, original).split(path.sep).join("/"), file);
  }
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if (files.size === 0 || (request.method !== "GET" && request.method !== "HEAD")) return false;
    const pathname = (request.url ?? "").split("?")[0]!;
    const file = files.get(pathname);
    if (!file) return false;
    if (!acceptsBrotli(request.headers["accept-encoding"])) return false;
    const size = fs.statSync(file).size;
    response.writeHead(200, {
      ...headers,
      "Content-Type": CONTENT_TYPES[path.extname(pathname)]!,
      "Content-Encoding": "br",
      Vary: "Accept-Encoding",
      "Content-Length": String(size),
      "Cache-Control": "public, max-age=31536000, immutable",
    });
    if (request.method === "HEAD") response.end();
    else
      fs.createReadStream(file)
        .on("error", () => response.destroy())
        .pipe(response);
    return true;
  };
}
