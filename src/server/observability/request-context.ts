import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** What every log line of one request carries: its id, and the user once the session is known. */
export interface RequestContext {
  requestId: string;
  userId?: string;
}

export const REQUEST_ID_HEADER = "x-request-id";

// Next bundles route handlers apart from scripts/serve.ts: one store for the process, kept on globalThis.
const STORE_KEY = Symbol.for("swipeabroad.request-context");
const globalStore = globalThis as { [STORE_KEY]?: AsyncLocalStorage<RequestContext> };
export const requestContextStorage: AsyncLocalStorage<RequestContext> = (globalStore[STORE_KEY] ??=
  new AsyncLocalStorage<RequestContext>());

// A caller's own id is kept when it is plainly an id (a proxy's or a client's trace id), never free text.
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function wellFormedRequestId(value: string | string[] | null | undefined): string | null {
  return typeof value === "string" && WELL_FORMED_ID.test(value) ? value : null;
}

export function currentRequestContext(): RequestContext | undefined {
  return requestContextStorage.getStore();
}

/**
 * The id of the request these headers belong to: the one the server assigned (scripts/serve.ts sets
 * it on the headers and in the request's context), else a well-formed incoming one, else a new one.
 */
export function requestIdOf(headers: Headers): string {
  return currentRequestContext()?.requestId ?? wellFormedRequestId(headers.get(REQUEST_ID_HEADER)) ?? randomUUID();
}

/** Once the session is read, the request's later log lines and its access line name the user. */
export function noteRequestUser(userId: string | null | undefined) {
  const context = currentRequestContext();
  if (context && userId) context.userId = userId;
}
