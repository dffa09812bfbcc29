import { headers } from "next/headers";
import { connection } from "next/server";
import { log } from "~/server/observability/log";
import { createContext } from "./context";
import { createCaller } from "./root";

/**
 * The tRPC caller for Server Components: the same context (and session) as an API request.
 * The page renders at request time, never during `next build`.
 */
export async function serverApi() {
  await connection();
  return createCaller(await createContext(await headers()));
}

/** The topic threads for a page; a failure is logged and shown as the empty state. */
export async function loadThreads(page: string) {
  const api = await serverApi();
  try {
    return await api.content.threads();
  } catch (error) {
    log.error({ err: error, page }, "threads failed to load");
    return [];
  }
}
