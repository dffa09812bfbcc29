import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "~/server/observability/log";
import { metrics } from "~/server/observability/metrics";
import { REQUEST_ID_HEADER, type RequestContext, requestContextStorage, wellFormedRequestId } from "~/server/observability/request-context";
import type { RouteLabel } from "./route-pattern";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Wraps the server's request handler: gives each request an id (a well-formed incoming
 * `x-request-id`, else a new one) on its headers and its response, runs the handler in that
 * request's context so every log line carries the id, and at the end writes one access line and
 * counts the request by its route pattern. The access line has no path, query, address or body:
 * those can carry personal data.
 */
export function observeRequests(labelOf: (pathname: string) => RouteLabel) {
  return (request: IncomingMessage, response: ServerResponse, handle: () => void) => {
    const requestId = wellFormedRequestId(request.headers[REQUEST_ID_HEADER]) ?? randomUUID();
    request.headers[REQUEST_ID_HEADER] = requestId;
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const context: RequestContext = { requestId };
    const startedAt = performance.now();
    response.once("close", () => {
      const seconds = (performance.now() - startedAt) / 1000;
      const method = METHODS.has(request.method ?? "") ? request.method! : "OTHER";
      const { route, kind } = labelOf(pathnameOf(request.url));
      const status = String(response.statusCode);
      const labels = { method, route, kind, status };
      metrics().httpRequests.inc(labels);
      metrics().httpDuration.observe(labels, seconds);
      log.info(
        {
          requestId,
          ...(context.userId ? { userId: context.userId } : {}),
          method,
          route,
          status: response.statusCode,
          durationMs: Math.round(seconds * 10_000) / 10,
          ...(response.writableFinished ? {} : { aborted: true }),
        },
        "request",
      );
    });
    requestContextStorage.run(context, handle);
  };
}

function pathnameOf(url: string | undefined): string {
  try {
    return new URL(url ?? "/", "http://localhost").pathname;
  } catch {
    return "/";
  }
}
