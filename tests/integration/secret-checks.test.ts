/** Secrets checked inside a session are throttled like the sign-in: a stolen session cannot guess them. */
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginThrottle } from "~/server/security/login-throttle";
import { SECRET_CHECKS_LOCKED_MESSAGE } from "~/server/services/secret-checks.service";
import { callerFor, createUser, signInAs } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.stop();
});

const totpCode = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();

/** A signed-in user, with two-factor sign-in on when asked: its caller and its secrets. */
async function signedIn(twoFactor: boolean) {
  const user = await createUser(database.db);
  const api = callerFor(database.db, await signInAs(database.db, user.claims));
  if (!twoFactor) return { user, api, recoveryCodes: [] as string[] };
  const setup = await api.users.twoFactor.begin();
  const { recoveryCodes } = await api.users.twoFactor.confirm({ code: totpCode(setup.secret) });
  return { user, api, recoveryCodes };
}

type Signed = Awaited<ReturnType<typeof signedIn>>;

const CHECKS: [string, boolean, (s: Signed, right: boolean) => Promise<unknown>][] = [
  [
    "users.changePassword",
    false,
    ({ api, user }, right) =>
      api.users.changePassword({ currentPassword: right ? user.password : "not-my-password-1", newPassword: "violet-harbour-lantern-9" }),
  ],
  [
    "users.twoFactor.disable (password)",
    true,
    ({ api, user, recoveryCodes }, right) =>
      api.users.twoFactor.disable({ password: right ? user.password : "not-my-password-1", code: recoveryCodes[0]! }),
  ],
  [
    "users.twoFactor.disable (code)",
    true,
    ({ api, user, recoveryCodes }, right) =>
      api.users.twoFactor.disable({ password: user.password, code: right ? recoveryCodes[1]! : "000000" }),
  ],
  [
    "users.twoFactor.regenerateRecoveryCodes",
    true,
    ({ api, recoveryCodes }, right) => api.users.twoFactor.regenerateRecoveryCodes({ code: right ? recoveryCodes[2]! : "000000" }),
  ],
  [
    "users.deleteAccount",
    false,
    ({ api, user }, right) => api.users.deleteAccount({ password: right ? user.password : "not-my-password-1" }),
  ],
];

describe("secrets checked in a session", () => {
  it.each(CHECKS)(
    "%s: wrong guesses answer 400 up to the limit, then 429 even for the right secret, and the owner is mailed once",
    { timeout: 120_000 },
    async (_name, twoFactor, attempt) => {
      const signed = await signedIn(twoFactor);
      const { maxFailuresPerAccount } = loginThrottle();
      for (let i = 0; i < maxFailuresPerAccount; i++) await expect(attempt(signed, false)).rejects.toMatchObject({ code: "BAD_REQUEST" });
      await expect(attempt(signed, true)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: SECRET_CHECKS_LOCKED_MESSAGE });
      await expect(attempt(signed, false)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
      expect(await database.db.mailMessage.count({ where: { to: signed.user.email, kind: "secret-checks-locked" } })).toBe(1);
      // Nothing was changed by the refused right attempt: the account is still there.
      expect(await database.db.user.count({ where: { id: signed.user.claims.id } })).toBe(1);
    },
  );
});
