import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createContext } from "~/server/api/context";
import { appRouter } from "~/server/api/root";
import { AppError } from "~/server/errors";
import { readBodyText } from "~/server/http/body";

/** GET and POST /api/trpc/*: the tRPC fetch adapter, with the request body read within our limit. */
export async function trpcHandler(request: Request) {
  // The fetch adapter has no body limit of its own: read the body here within ours.
  let body: string | undefined;
  if (request.method === "POST") {
    try {
      body = await readBodyText(request);
    } catch (error) {
      const message = error instanceof AppError ? error.message : "Could not read the request body.";
      return Response.json({ error: { message, code: -32600 } }, { status: 413 });
    }
  }
  const limited = new Request(request.url, { method: request.method, headers: request.headers, body });
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: limited,
    router: appRouter,
    createContext: () => createContext(request.headers),
    maxBatchSize: 10,
  });
}
