import { isIP } from "node:net";

export const PEER_ADDRESS_HEADER = "x-app-peer-address";

/**
 * The caller's address. Forwarded headers are trusted only behind a proxy we run (TRUST_PROXY=true),
 * otherwise any client could pick its own address and dodge the login throttle.
 */
export function clientIp(headers: Headers): string {
  if (process.env.TRUST_PROXY === "true") {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded && isIP(forwarded)) return forwarded;
    const real = headers.get("x-real-ip")?.trim();
    if (real && isIP(real)) return real;
  }
  // Set from the socket by our HTTP server (scripts/serve.ts), which overwrites any client value.
  return headers.get(PEER_ADDRESS_HEADER) ?? "unknown";
}

export function useSecureCookies(): boolean {
  return process.env.NEXTAUTH_URL?.startsWith("https://") ?? false;
}
