import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createContext } from "~/server/api/context";
import { appRouter } from "~/server/api/root";
import { AppError } from "~/server/errors";
import { assertJsonRequest, readBodyText } from "~/server/http/body";
import { retryAfterSeconds } from "~/server/http/rest";

/** GET and POST /api/trpc/*: the tRPC fetch adapter, with the request body read within our limit. */
export async function trpcHandler(request: Request) {
  // The fetch adapter has no body limit of its own: read the body here within ours.
  let body: string | undefined;
  if (request.method === "POST") {
    try {
      assertJsonRequest(request);
      body = await readBodyText(request);
    } catch (error) {
      const refused = error instanceof AppError ? error : null;
      const message = refused?.message ?? "Could not read the request body.";
      return Response.json(
        { error: { message, code: -32600 } },
        { status: refused?.kind === "UNSUPPORTED_MEDIA_TYPE" ? 415 : refused?.kind === "BAD_INPUT" ? 400 : 413 },
      );
    }
  }
  const limited = new Request(request.url, { method: request.method, headers: request.headers, body });
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: limited,
    router: appRouter,
    createContext: () => createContext(request.headers),
    maxBatchSize: 10,
    // A rate-limited call tells the client when to try again.
    responseMeta({ errors }) {
      const retryAfter = errors.map(retryAfterSeconds).find(Boolean);
      return retryAfter ? { headers: { "retry-after": String(retryAfter) } } : {};
    },
  });
}
