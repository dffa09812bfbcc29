import { type NextRequest, NextResponse } from "next/server";
import { env } from "~/env";
import { crossSiteRefusal, isForbiddenCrossSiteRequest, ownOrigins } from "~/server/http/cross-site";
import { UNREADABLE_ADDRESS_MESSAGE, unreadableAddress } from "~/server/http/readable-address";
import { newNonce, type SecuritySettings, securityHeaders, servedOverHttps } from "~/server/http/security-headers";

/**
 * Runs before every page and route handler: refuses cross-site state-changing requests and addresses
 * no route can read (malformed percent-encoding, NUL), and gives
 * every response the security headers. A page's policy carries a fresh nonce, which Next reads from
 * the request's Content-Security-Policy header and puts on its own scripts; a server component that
 * renders an inline script of its own gives it `(await headers()).get("x-nonce")`.
 */
export function proxy(request: NextRequest) {
  const { pathname, protocol } = request.nextUrl;
  const settings: SecuritySettings = {
    development: env.NODE_ENV === "development",
    stripe: Boolean(env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY),
    https: servedOverHttps(env.NEXTAUTH_URL, protocol),
  };
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  const nonce = isApi ? null : newNonce();
  const headers = securityHeaders(settings, nonce ? { nonce } : "api");

  const refused = isForbiddenCrossSiteRequest({
    method: request.method,
    pathname,
    secFetchSite: request.headers.get("sec-fetch-site"),
    origin: request.headers.get("origin"),
    ownOrigins: ownOrigins({ requestUrl: request.url, host: request.headers.get("host"), publicUrl: env.NEXTAUTH_URL }),
  });

  let response: Response;
  if (refused) {
    response = crossSiteRefusal();
  } else if (unreadableAddress(request.url)) {
    response = isApi
      ? Response.json({ success: false, error: UNREADABLE_ADDRESS_MESSAGE }, { status: 400 })
      : new Response(UNREADABLE_ADDRESS_MESSAGE, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  } else if (nonce) {
    const forwarded = new Headers(request.headers);
    forwarded.set("x-nonce", nonce);
    forwarded.set("content-security-policy", headers["Content-Security-Policy"]);
    response = NextResponse.next({ request: { headers: forwarded } });
  } else {
    response = NextResponse.next();
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Build output under /_next/static is immutable and gets its headers from next.config.js.
  matcher: ["/((?!_next/static/).*)"],
};
