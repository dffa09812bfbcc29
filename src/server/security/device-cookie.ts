/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account gets a signed cookie naming that account and a random nonce. A sign-in that
 * shows a valid one for the account it tries is counted on its own, so failures from elsewhere (a
 * stranger guessing) do not lock the owner out; only that device's own failures lock that device.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEVICE_COOKIE = "swipeabroad.device";
/** A year: the device stays known as long as it keeps signing in now and then. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

function signature(secret: string, payload: string): Buffer {
  // Its own purpose in the HMAC: the same secret also signs session tokens.
  return createHmac("sha256", secret).update(`device-cookie:${payload}`).digest();
}

/** A new device cookie's value for this account. */
export function deviceCookieValue(secret: string, email: string): string {
  const payload = `${Buffer.from(email.toLowerCase()).toString("base64url")}.${randomBytes(16).toString("base64url")}`;
  return `${payload}.${signature(secret, payload).toString("base64url")}`;
}

/** The nonce of a valid device cookie for this account, or null (absent, forged, or another account's). */
export function knownDevice(secret: string, value: string | undefined, email: string): string | null {
  const parts = value?.split(".");
  if (parts?.length !== 3) return null;
  const [account, nonce, signed] = parts as [string, string, string];
  const payload = `${account}.${nonce}`;
  const expected = signature(secret, payload);
  const given = Buffer.from(signed, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Buffer.from(account, "base64url").toString() === email.toLowerCase() ? nonce : null;
}

/** The Set-Cookie header of a device cookie: not readable by scripts, sent only to this site. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${value}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
