import { clientIp } from "~/server/auth/request";
import { type Db, getDb } from "~/server/db/client";
import { noteRequestUser, requestIdOf } from "~/server/observability/request-context";
import { getSessionUser } from "./session";
import type { Context } from "./trpc";

/** The one context of every request, whether it comes through tRPC or a REST adapter. */
export async function createContext(headers: Headers, db: Db = getDb()): Promise<Context> {
  const session = await getSessionUser(db, headers);
  noteRequestUser(session?.id);
  return { db, session, ip: clientIp(headers), requestId: requestIdOf(headers) };
}
