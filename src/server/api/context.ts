import { randomUUID } from "node:crypto";
import { getDb, type Db } from "~/server/db/client";
import { getSessionUser } from "./session";
import { clientIp } from "~/server/auth/request";
import type { Context } from "./trpc";

/** The one context of every request, whether it comes through tRPC or a REST adapter. */
export async function createContext(headers: Headers, db: Db = getDb()): Promise<Context> {
  return {
    db,
    session: await getSessionUser(db, headers),
    ip: clientIp(headers),
    requestId: headers.get("x-request-id") ?? randomUUID(),
  };
}
