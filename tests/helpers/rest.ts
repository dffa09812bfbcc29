/** Calls a Next route handler in-process, as Next would. */
export type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  /** A body of raw bytes (e.g. not UTF-8), sent as JSON. */
  rawBytes?: Uint8Array<ArrayBuffer>;
  cookie?: string;
  query?: Record<string, string>;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

export async function callRoute(handler: RouteHandler, path: string, options: CallOptions = {}) {
  const url = new URL(path, "http://localhost:3000");
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBytes ?? options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  const response = await handler(new Request(url, { method: options.method ?? "GET", headers, body }), {
    params: Promise.resolve(options.params ?? {}),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of any route's body
  return { status: response.status, headers: response.headers, json: json as any, text };
}
