import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { createContext } from "~/server/api/context";
import { createCaller } from "~/server/api/root";
import { publicError } from "~/server/api/trpc";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, unavailableError } from "~/server/db/unavailable";
import { AppError } from "~/server/errors";
import { assertJsonRequest, readJsonBody } from "~/server/http/body";
import { conditionalJson, encodedJson } from "~/server/http/encoded-json";
import { requestIdOf } from "~/server/observability/request-context";

type Caller = ReturnType<typeof createCaller>;
type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** Where a REST route finds its procedure's input. */
export type InputSource = "none" | "body" | "query" | ((request: Request, params: Record<string, string>) => unknown | Promise<unknown>);

export interface RestRoute<Result> {
  input?: InputSource;
  // biome-ignore lint/suspicious/noExplicitAny: each route passes its own procedure's input; the procedure's zod schema checks it
  call: (api: Caller, input: any) => Promise<Result>;
  /** The success body; defaults to the procedure's result as it is. */
  respond?: (result: Result) => unknown;
  /** A file download instead of JSON: the body as text (name its content-type in `headers`). */
  text?: (result: Result) => string;
  status?: number;
  headers?: Record<string, string>;
}

/** The JSON error answer of every API route: `{ success: false, error, issues? }` with the mapped status. */
export function errorResponse(error: unknown, requestId: string): Response {
  const trpcError =
    error instanceof TRPCError
      ? error
      : error instanceof AppError
        ? new TRPCError({ code: error.trpcCode, message: error.message, cause: error })
        : isDatabaseUnavailable(error)
          ? new TRPCError({
              code: "SERVICE_UNAVAILABLE",
              message: DATABASE_UNAVAILABLE_MESSAGE,
              cause: unavailableError(),
            })
          : new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: error });
  const { message, issues } = publicError(trpcError, requestId);
  const headers: Record<string, string> = { "x-request-id": requestId };
  const retryAfter = retryAfterSeconds(trpcError);
  if (retryAfter) headers["retry-after"] = String(retryAfter);
  return Response.json(
    { success: false, error: message, ...(issues ? { issues } : {}) },
    { status: getHTTPStatusCodeFromError(trpcError), headers },
  );
}

/** The seconds a rate-limited caller should wait, when the error says so (answered as Retry-After). */
export function retryAfterSeconds(error: TRPCError): number | undefined {
  return error.cause instanceof AppError ? error.cause.retryAfterSeconds : undefined;
}

async function readInput(source: InputSource, request: Request, params: Record<string, string>) {
  if (source === "none") return undefined;
  if (source === "body") return readJsonBody(request);
  if (source === "query") return Object.fromEntries(new URL(request.url).searchParams);
  return source(request, params);
}

/**
 * The one REST adapter: builds the same context as tRPC, calls the procedure through
 * `createCaller`, and maps errors to `{ success: false, error, issues? }` with the right status.
 */
export function restRoute<Result>(route: RestRoute<Result>) {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    const requestId = requestIdOf(request.headers);
    try {
      const rawParams = (await context?.params) ?? {};
      const params = Object.fromEntries(Object.entries(rawParams).map(([key, value]) => [key, String(value)]));
      assertJsonRequest(request);
      const input = await readInput(route.input ?? "none", request, params);
      const ctx = await createContext(request.headers);
      const result = await route.call(createCaller({ ...ctx, requestId }), input);
      const headers = { "x-request-id": requestId, ...route.headers };
      if (route.text) return new Response(route.text(result), { status: route.status ?? 200, headers });
      const encoded = encodedJson((route.respond ? route.respond(result) : result) ?? { success: true });
      if (request.method === "GET") return conditionalJson(request, encoded, headers, route.status ?? 200);
      return new Response(encoded.body, {
        status: route.status ?? 200,
        headers: { "content-type": "application/json", ...headers },
      });
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}
