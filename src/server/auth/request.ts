import ipaddr from "ipaddr.js";
import { UAParser } from "ua-parser-js";
import { appUrl, env } from "~/env";

export const PEER_ADDRESS_HEADER = "x-app-peer-address";

function normalise(address: string | undefined): string | null {
  if (!address) return null;
  const trimmed = address.trim();
  if (!ipaddr.isValid(trimmed)) return null;
  const parsed = ipaddr.process(trimmed); // IPv4-mapped IPv6 (::ffff:1.2.3.4) becomes IPv4
  return parsed.toString();
}

/**
 * The caller's address. The socket's peer (set by our HTTP server, scripts/serve.ts, which overwrites
 * any client value) unless TRUST_PROXY=N proxies of ours stand in front: then exactly the last N hops
 * of X-Forwarded-For are trusted, and the address the outermost of them saw is the client's. Values a
 * client wrote further left are never used, so nobody can pick their own address.
 */
export function clientIp(headers: Headers, hops = env.TRUST_PROXY): string {
  const peer = normalise(headers.get(PEER_ADDRESS_HEADER) ?? undefined);
  if (hops === 0) return peer ?? "unknown";
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // [client?, ..., proxy N-1 as seen by proxy N, peer]: step back N hops from the peer.
  const hopsSeen = [...chain, peer ?? "unknown"];
  const index = Math.max(0, hopsSeen.length - 1 - hops);
  return normalise(hopsSeen[index]) ?? peer ?? "unknown";
}

/**
 * The key of an address for throttles and limits: IPv4 as it is, IPv6 by its /64 network, since one
 * household or phone gets a whole /64 and could otherwise take a fresh address for every request.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(":")}::/64`;
}

/** A request's cookies by name; a malformed value is left out, like a missing one. */
export function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      // a malformed cookie is ignored, like a missing one
    }
  }
  return cookies;
}

/** "Chrome on macOS" from a user agent; "Unknown device" when it says nothing usable. */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const { browser, os, device } = UAParser(userAgent);
  const client = browser.name ?? (userAgent.startsWith("curl/") ? "curl" : null);
  const system = os.name ? `${os.name}${device.type === "mobile" || device.type === "tablet" ? ` (${device.type})` : ""}` : null;
  if (client && system) return `${client} on ${system}`;
  return client ?? system ?? "Unknown device";
}

/** Served over https: secure cookies and HSTS. */
export function secureCookiesInUse(): boolean {
  return appUrl().startsWith("https://");
}
