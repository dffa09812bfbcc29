/**
 * The security headers of every response (pages, route handlers, refusals), built from a few inputs
 * so that the policy can be read and tested in one place. src/proxy.ts applies them.
 */

/** Where Stripe.js runs and what it talks to; allowed only when Stripe is configured. */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
  img: ["https://*.stripe.com"],
};

export interface SecuritySettings {
  /** Development server: React needs eval for its debugging aids. */
  development: boolean;
  /** Stripe is configured (a publishable key is set): its script, frames and API are allowed. */
  stripe: boolean;
  /** Served over https: subresources are upgraded too. */
  https: boolean;
}

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/**
 * The Content-Security-Policy of an HTML page. Scripts run only with the request's nonce (and what
 * those scripts load: 'strict-dynamic'); styles may be inline (React style attributes, Sonner's
 * injected stylesheet); nothing may frame the site.
 */
export function pageContentSecurityPolicy(nonce: string, { development, stripe, https }: SecuritySettings): string {
  const extra = (sources: string[]) => (stripe ? sources : []);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...extra(STRIPE.script), ...(development ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...extra(STRIPE.img)],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...extra(STRIPE.connect)],
    // The service worker (public/sw.js) and the web app manifest: own origin only. Without this,
    // workers would fall back to script-src, where 'strict-dynamic' makes 'self' ignored.
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-src": stripe ? STRIPE.frame : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  if (https) directives["upgrade-insecure-requests"] = [];
  return serialize(directives);
}

/** The Content-Security-Policy of API answers (JSON, streams, downloads): they load nothing. */
export const API_CONTENT_SECURITY_POLICY = serialize({
  "default-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
});

/** Browser features the site never uses are off; payment only for Stripe's frames when configured. */
function permissionsPolicy(stripe: boolean): string {
  const off = ["accelerometer", "camera", "display-capture", "geolocation", "gyroscope", "magnetometer", "microphone", "midi", "usb"];
  const payment = stripe ? `payment=(self "https://js.stripe.com")` : "payment=()";
  return [...off.map((feature) => `${feature}=()`), payment].join(", ");
}

/** Two years; browsers ignore the header on plain http, so it is sent only over https. */
const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

export type SecurityHeaders = { "Content-Security-Policy": string } & Record<string, string>;

/**
 * Every security header of one response: a page's (with this request's nonce, `{ nonce }`) or an
 * API answer's (`"api"`).
 */
export function securityHeaders(settings: SecuritySettings, target: { nonce: string } | "api"): SecurityHeaders {
  const { stripe, https } = settings;
  const headers: SecurityHeaders = {
    "Content-Security-Policy": target === "api" ? API_CONTENT_SECURITY_POLICY : pageContentSecurityPolicy(target.nonce, settings),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": permissionsPolicy(stripe),
    "X-Frame-Options": "DENY",
  };
  if (https) headers["Strict-Transport-Security"] = STRICT_TRANSPORT_SECURITY;
  return headers;
}

/**
 * Whether the app is served over https: its public URL (NEXTAUTH_URL) says so, or this request came
 * over https (Next reads X-Forwarded-Proto into the request URL's protocol). A spoofed header can do
 * no harm: browsers ignore Strict-Transport-Security received over plain http.
 */
export function servedOverHttps(publicUrl: string | undefined, requestProtocol: string): boolean {
  return Boolean(publicUrl?.startsWith("https://")) || requestProtocol === "https:";
}

/** A fresh, unguessable nonce (128 random bits, base64). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
