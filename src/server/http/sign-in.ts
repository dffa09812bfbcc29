import { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { appUrl } from "~/env";
import { READER_ZONE_COOKIE } from "~/lib/locale";
import { AUTH_MESSAGES } from "~/lib/schemas/auth";
import { SIGN_IN_ERRORS } from "~/lib/sign-in-errors";
import { getSessionUser } from "~/server/api/session";
import { clientIp, parseCookies, secureCookiesInUse } from "~/server/auth/request";
import { getAuthSecret } from "~/server/auth/secret";
import { getDb } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { requestIdOf } from "~/server/observability/request-context";
import { DEVICE_COOKIE, deviceCookieHeader, deviceCookieValue, knownDevice } from "~/server/security/device-cookie";
import { loginThrottle } from "~/server/security/login-throttle";
import { buildAuthOptions } from "./auth-options";
import { MALFORMED_JSON_MESSAGE, parseJsonText, readBodyText } from "./body";
import { trustedRequestOrigin } from "./own-host";
import { errorResponse } from "./rest";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

/** The `error` a next-auth answer carries in its redirect (Location header, or `{ url }` for fetch clients). */
async function signInError(response: Response): Promise<string | null> {
  const location = response.headers.get("location");
  let url = location;
  if (!url && response.headers.get("content-type")?.includes("application/json")) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { url?: string } | null;
    url = body?.url ?? null;
  }
  if (!url) return null;
  try {
    return new URL(url, "http://localhost").searchParams.get("error");
  } catch {
    return null;
  }
}

/** A signed-in browser becomes a known device of the account (its cookie renewed when it already is). */
function withDeviceCookie(response: Response, secret: string, current: string | undefined, email: string): Response {
  const value = current && knownDevice(secret, current, email) ? current : deviceCookieValue(secret, email);
  const headers = new Headers(response.headers);
  headers.append("set-cookie", deviceCookieHeader(value, secureCookiesInUse()));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The one edge of next-auth: bodies read within the 64 KB limit, the request's device, address and
 * current session handed to the sign-in, and a throttled sign-in (decided inside the credentials
 * check, whatever the path or body type) answered 429 with Retry-After.
 */
export async function authRoute(request: Request, context: RouteContext): Promise<Response> {
  let body: string | undefined;
  if (request.method === "POST") {
    try {
      body = await readBodyText(request);
      // next-auth reads a JSON body itself and fails on a malformed one: it is refused here, clearly.
      if (request.headers.get("content-type")?.includes("json")) {
        const parsed = parseJsonText(body);
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new AppError("BAD_INPUT", MALFORMED_JSON_MESSAGE);
      }
    } catch (error) {
      return errorResponse(error, requestIdOf(request.headers));
    }
  }
  const db = getDb();
  const limited = new NextRequest(request.url, { method: request.method, headers: request.headers, body });
  const origin = trustedRequestOrigin({
    requestUrl: request.url,
    host: request.headers.get("host"),
    publicUrl: appUrl(),
  });
  const secret = await getAuthSecret(db);
  const cookies = parseCookies(request.headers.get("cookie"));
  const deviceCookie = cookies[DEVICE_COOKIE];
  let signedIn: string | null = null;
  const options = await buildAuthOptions(db, {
    origin,
    userAgent: request.headers.get("user-agent"),
    ip: clientIp(request.headers),
    current: await getSessionUser(db, request.headers),
    readerZone: cookies[READER_ZONE_COOKIE],
    deviceFor: (email) => knownDevice(secret, deviceCookie, email),
    onSignedIn: (email) => {
      signedIn = email;
    },
  });
  const response = await NextAuth(options)(limited, context);
  if (signedIn) return withDeviceCookie(response, secret, deviceCookie, signedIn);
  if (response.status === 401 && (await signInError(response)) === SIGN_IN_ERRORS.throttled) {
    const retryAfter = String(loginThrottle().windowMinutes * 60);
    const url = new URL(`/?error=${SIGN_IN_ERRORS.throttled}`, origin).toString();
    return Response.json(
      { success: false, error: AUTH_MESSAGES.tooManyAttempts, url },
      { status: 429, headers: { "retry-after": retryAfter } },
    );
  }
  return response;
}
