import { getToken } from "next-auth/jwt";
import { parseCookies, secureCookiesInUse } from "~/server/auth/request";
import { getAuthSecret } from "~/server/auth/secret";
import type { Db } from "~/server/db/client";
import { resolveSession, type SessionClaims } from "~/server/services/sessions.service";

/** The signed-in user of a request, or null: the session token must decode and its sign-in still be valid. */
export async function getSessionUser(db: Db, headers: Headers): Promise<SessionClaims | null> {
  const token = await getToken({
    req: { headers: Object.fromEntries(headers), cookies: parseCookies(headers.get("cookie")) } as never,
    secret: await getAuthSecret(db),
    secureCookie: secureCookiesInUse(),
  });
  if (!token?.sub || !token.sid) return null;
  return resolveSession(db, token.sub, token.sid);
}
