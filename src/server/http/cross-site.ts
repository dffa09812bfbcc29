/**
 * Refusal of cross-site state-changing requests (login CSRF, forged form posts, cross-site fetches of
 * the REST paths). Browsers send Sec-Fetch-Site and Origin with such requests and a page cannot forge
 * them; clients sending neither (curl, apps, servers) are not browsers acting for a user and pass.
 */

const CROSS_SITE_ERROR = "Cross-site requests are not allowed.";

/** Called server-to-server by Stripe, which sends no browser headers; verified by its signature. */
const EXEMPT_PATHS = new Set(["/api/stripe/webhook"]);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface CrossSiteInput {
  method: string;
  pathname: string;
  /** The Sec-Fetch-Site request header, if sent. */
  secFetchSite: string | null;
  /** The Origin request header, if sent. */
  origin: string | null;
  /** The origins that are this app (see ownOrigins). */
  ownOrigins: readonly string[];
}

function normalizedOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/** True when the request changes state and a browser says it comes from another site: refuse it. */
export function isForbiddenCrossSiteRequest({ method, pathname, secFetchSite, origin, ownOrigins }: CrossSiteInput): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (EXEMPT_PATHS.has(pathname.replace(/\/+$/, ""))) return false;
  const site = secFetchSite?.trim().toLowerCase();
  if (site === "cross-site" || site === "same-site") return true;
  if (origin === null) return false;
  const from = normalizedOrigin(origin.trim()); // "null" (sandboxed frames, file:, some redirects) is foreign
  return from === null || !ownOrigins.includes(from);
}

export interface OwnOriginsInput {
  /** The request's URL as the server sees it (its protocol follows X-Forwarded-Proto). */
  requestUrl: string;
  /** The Host request header: the name the browser used to reach this server. */
  host: string | null;
  /** The public URL of the app (NEXTAUTH_URL). */
  publicUrl: string | undefined;
}

/**
 * The origins that count as this app: the request's own (its URL, and the Host it was sent to) and
 * the public URL's. A page elsewhere cannot make a browser send another Host or omit Origin.
 */
export function ownOrigins({ requestUrl, host, publicUrl }: OwnOriginsInput): string[] {
  const url = new URL(requestUrl);
  const candidates = [url.origin, host ? `${url.protocol}//${host}` : null, publicUrl ?? null];
  const origins = candidates
    .flatMap((candidate) => (candidate ? [normalizedOrigin(candidate)] : []))
    .filter((o): o is string => o !== null);
  return [...new Set(origins)];
}

/** The answer to a refused request: 403 with the REST error shape. */
export function crossSiteRefusal(): Response {
  return Response.json({ success: false, error: CROSS_SITE_ERROR }, { status: 403 });
}
