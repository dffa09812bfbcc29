import { headers } from "next/headers";
import { createCaller } from "./root";
import { createContext } from "./context";

/**
 * The tRPC caller for Server Components: the same context (and session) as an API request.
 * Reading the request's headers makes the page render at request time, never during `next build`.
 */
export async function serverApi() {
  return createCaller(await createContext(await headers()));
}
