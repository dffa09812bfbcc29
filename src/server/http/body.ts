import { AppError } from "~/server/errors";

/** Largest request body the API reads; larger ones are refused with 413 before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_REQUIRED_MESSAGE = "Send the request body as JSON (Content-Type: application/json).";

/**
 * API bodies are JSON. A state-changing request that says its body is anything else (a form, or the
 * text/plain a cross-site page may send without asking) is refused with 415 before it is read.
 */
export function assertJsonRequest(request: Request): void {
  if (!STATE_CHANGING.has(request.method)) return;
  const type = request.headers.get("content-type");
  const hasBody = Number(request.headers.get("content-length") ?? "0") > 0 || request.headers.has("transfer-encoding");
  if (type === null ? hasBody : !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type.trim())) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", JSON_REQUIRED_MESSAGE);
  }
}

/** Reads a request body up to `limit` bytes, whether or not the client sent a Content-Length. */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const tooLarge = () => new AppError("TOO_LARGE", `Request body is too large (the limit is ${Math.round(limit / 1024)} KB).`);
  try {
    return UTF8.decode(await readBodyBytes(request, limit, tooLarge));
  } catch (error) {
    if (error instanceof TypeError) throw new AppError("BAD_INPUT", NOT_UTF8_MESSAGE);
    throw error;
  }
}

// Strict: bytes that are not UTF-8 are refused, rather than read as U+FFFD and stored or compared as such.
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const NOT_UTF8_MESSAGE = "The request body is not valid UTF-8.";

/**
 * Reads a request body's bytes up to `limit`: a declared Content-Length past it is refused before
 * reading, and an undeclared (chunked) body is cut off as soon as it passes it.
 */
export async function readBodyBytes(request: Request, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The JSON body of a request; an empty body is `undefined`, malformed JSON a clear 400. */
export async function readJsonBody(request: Request): Promise<unknown> {
  return parseJsonText(await readBodyText(request));
}

/** A body's text as JSON; an empty text is `undefined`, malformed JSON a clear 400. */
export function parseJsonText(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_INPUT", MALFORMED_JSON_MESSAGE);
  }
}

export const MALFORMED_JSON_MESSAGE = "Malformed JSON in request body.";
