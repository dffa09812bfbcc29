/**
 * Redirects stay on the host the user is on: someone who opened the app as http://127.0.0.1:3000 is
 * not sent to the public URL's http://localhost:3000 (another site to the browser, without their
 * session cookie). Only hosts the server trusts are kept: the public URL's, and the loopback names
 * of this machine; a request that arrives under any other name (a proxy's internal name, a name an
 * attacker pointed at the server) is answered with the public URL, as before.
 */

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

export interface OwnHostInput {
  /** The request's URL as the server sees it (its protocol). */
  requestUrl: string;
  /** The Host request header: the name the browser used. */
  host: string | null;
  /** The app's public URL (NEXTAUTH_URL, or http://localhost:$PORT). */
  publicUrl: string;
}

/** The origin redirects of this request go to: the request's own when the server trusts its host, else the public URL's. */
export function trustedRequestOrigin({ requestUrl, host, publicUrl }: OwnHostInput): string {
  const publicOrigin = originOf(publicUrl) ?? publicUrl;
  if (!host) return publicOrigin;
  const protocol = new URL(requestUrl).protocol;
  const candidate = originOf(`${protocol}//${host}`);
  if (!candidate) return publicOrigin;
  const hostname = new URL(candidate).hostname;
  const trusted = candidate === publicOrigin || LOOPBACK_HOSTNAMES.has(hostname) || /^127(?:\.\d{1,3}){3}$/.test(hostname);
  return trusted ? candidate : publicOrigin;
}

/**
 * Where to send the browser for an asked-for address (a sign-in's or sign-out's callbackUrl): its
 * path on `origin`. An address on another site (absolute, or protocol-relative "//evil.example") is
 * never followed: it goes to the start page, so this is no open redirect.
 */
export function redirectOnOwnHost(url: string, origin: string, ownOrigins: readonly string[]): string {
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return `${origin}/`;
  }
  if (target.origin !== origin && !ownOrigins.includes(target.origin)) return `${origin}/`;
  return `${origin}${target.pathname}${target.search}${target.hash}`;
}
