/**
 * Known devices: a browser that signed in to an account gets a signed device cookie; while strangers'
 * failures lock the account for unknown devices, that browser still signs in. Its own failures lock
 * only itself. A forged cookie, or another account's, is an unknown device.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_ERRORS } from "~/lib/sign-in-errors";
import { getAuthSecret } from "~/server/auth/secret";
import { deviceCookieValue, knownDevice } from "~/server/security/device-cookie";
import { signInWithPassword } from "~/server/services/auth.service";
import { createUser } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.stop());

/** A password sign-in from a browser that sends `cookie` as its device cookie (or none). */
async function signIn(email: string, password: string, ip: string, cookie?: string) {
  const secret = await getAuthSecret(database.db);
  return signInWithPassword(database.db, { email, password }, ip, (account) => knownDevice(secret, cookie, account)).then(
    () => "signed in",
    (error: Error) => error.message,
  );
}

describe("device cookies", () => {
  it("are signed for one account: a forged or another account's cookie is not a known device", async () => {
    const secret = await getAuthSecret(database.db);
    const value = deviceCookieValue(secret, "Ana@Example.com");
    expect(knownDevice(secret, value, "ana@example.com")).toMatch(/^[\w-]{22}$/);
    expect(knownDevice(secret, value, "bob@example.com")).toBeNull();
    expect(knownDevice("another-secret", value, "ana@example.com")).toBeNull();
    const [account, nonce] = value.split(".");
    expect(knownDevice(secret, `${account}.${nonce}x.${value.split(".")[2]}`, "ana@example.com")).toBeNull();
    expect(knownDevice(secret, undefined, "ana@example.com")).toBeNull();
    expect(knownDevice(secret, "garbage", "ana@example.com")).toBeNull();
  });

  it("let the owner's browser sign in while strangers' failures lock the account for everyone else", async () => {
    const user = await createUser(database.db);
    const secret = await getAuthSecret(database.db);
    const device = deviceCookieValue(secret, user.email);

    // A stranger guesses from many addresses, without the cookie, until the account locks.
    for (let i = 0; i < 10; i++) expect(await signIn(user.email, `guess-${i}`, `192.0.2.${i}`)).toBe(SIGN_IN_ERRORS.invalid);
    expect(await signIn(user.email, user.password, "192.0.2.99")).toBe(SIGN_IN_ERRORS.throttled);

    // The owner's browser is a known device: it signs in.
    expect(await signIn(user.email, user.password, "203.0.113.10", device)).toBe("signed in");
    // Another account's device cookie, or a forged one, does not help.
    const other = await createUser(database.db);
    expect(await signIn(user.email, user.password, "203.0.113.11", deviceCookieValue(secret, other.email))).toBe(SIGN_IN_ERRORS.throttled);
    expect(await signIn(user.email, user.password, "203.0.113.11", deviceCookieValue("forged", user.email))).toBe(SIGN_IN_ERRORS.throttled);

    const attempts = await database.db.loginAttempt.findMany({ where: { email: user.email }, orderBy: { id: "asc" } });
    expect(attempts.filter((attempt) => attempt.device !== null).map((attempt) => attempt.succeeded)).toEqual([true]);
    expect(attempts.filter((attempt) => attempt.device === null).every((attempt) => !attempt.succeeded)).toBe(true);
  });

  it("count a known device's own failures against that device only", async () => {
    const user = await createUser(database.db);
    const device = deviceCookieValue(await getAuthSecret(database.db), user.email);
    for (let i = 0; i < 10; i++) expect(await signIn(user.email, `wrong-${i}`, "203.0.113.20", device)).toBe(SIGN_IN_ERRORS.invalid);
    expect(await signIn(user.email, user.password, "203.0.113.20", device)).toBe(SIGN_IN_ERRORS.throttled);
    // Unknown devices were not the ones failing: they may still sign in.
    expect(await signIn(user.email, user.password, "198.51.100.7")).toBe("signed in");
  });
});
