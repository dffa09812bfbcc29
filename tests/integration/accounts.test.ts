import type { Account, Profile } from "next-auth";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as signupRoute from "~/app/api/auth/signup/route";
import * as studentsMeRoute from "~/app/api/students/me/route";
import * as usersMeRoute from "~/app/api/users/me/route";
import { OAUTH_ERRORS, SIGN_IN_ERRORS } from "~/lib/sign-in-errors";
import { buildAuthOptions } from "~/server/http/auth-options";
import { signInWithOAuth, signInWithPassword } from "~/server/services/auth.service";
import { endSession } from "~/server/services/sessions.service";
import { callRoute, type RouteHandler } from "../helpers/rest";
import { callerFor, createUser, sessionCookie, signInAs } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const GET_ME = usersMeRoute.GET as RouteHandler;
const GET_STUDENT = studentsMeRoute.GET as RouteHandler;
const PATCH_STUDENT = studentsMeRoute.PATCH as RouteHandler;

/** The link of the newest outbox mail of `kind` to `to`, as the person would click it. */
async function mailedLink(db: TestDatabase["db"], to: string, kind: string) {
  const mail = await db.mailMessage.findFirstOrThrow({ where: { to, kind }, orderBy: { createdAt: "desc" } });
  const link = /https?:\/\/\S+\?token=([^\s"<]+)/.exec(mail.text);
  if (!link) throw new Error(`no link in the ${kind} mail: ${mail.text}`);
  return { url: link[0], token: decodeURIComponent(link[1]!), mail };
}

function totpCode(secret: string, offsetSteps = 0) {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function signInError(promise: Promise<unknown>) {
  return promise.then(
    () => "signed in",
    (error: Error) => error.message,
  );
}

describe("accounts", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.stop());

  it("signs up with trimmed names and email, an argon2id hash, a student profile and a verification mail", async () => {
    const res = await callRoute(signupRoute.POST as RouteHandler, "/api/auth/signup", {
      method: "POST",
      body: {
        firstName: "  Amir ",
        lastName: " Haddad ",
        email: "  Amir.Haddad@Example.COM ",
        password: "pass-word-99",
      },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      success: true,
      user: { id: expect.any(String), email: "amir.haddad@example.com", name: "Amir Haddad" },
    });
    const user = await database.db.user.findUniqueOrThrow({
      where: { email: "amir.haddad@example.com" },
      include: { student: true },
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.student).toMatchObject({
      firstName: "Amir",
      lastName: "Haddad",
      email: "amir.haddad@example.com",
      membershipPlan: "free",
      profileCompletion: 30,
    });
    const { url, mail } = await mailedLink(database.db, "amir.haddad@example.com", "verify-email");
    expect(url).toMatch(/^http:\/\/localhost:\d+\/verify-email\?token=/);
    expect(mail.html).toContain("/verify-email?token=");
    expect(await database.db.job.count({ where: { kind: "mail.send", payload: { equals: { mailId: mail.id } } } })).toBe(1);
    // Only the hash of the link's token is stored.
    const stored = await database.db.accountToken.findFirstOrThrow({
      where: { userId: user.id, purpose: "verify_email" },
    });
    expect(url).not.toContain(stored.tokenHash);

    const again = await callRoute(signupRoute.POST as RouteHandler, "/api/auth/signup", {
      method: "POST",
      body: { firstName: "A", lastName: "H", email: "AMIR.HADDAD@example.com", password: "another-pass-1" },
    });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      success: false,
      error: "An account with this email already exists. Please log in instead.",
    });
  });

  it("gives the new profile the browser's time zone when it is an IANA zone, and the default zone otherwise", async () => {
    const zoneOf = async (email: string, timeZone: unknown) => {
      const res = await callRoute(signupRoute.POST as RouteHandler, "/api/auth/signup", {
        method: "POST",
        body: { firstName: "Priya", lastName: "Sharma", email, password: "pass-word-99", timeZone },
      });
      expect(res.status).toBe(201);
      return (await database.db.student.findFirstOrThrow({ where: { email } })).timeZone;
    };
    expect(await zoneOf("zone-kolkata@example.com", "Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(await zoneOf("zone-offset@example.com", "UTC+05:30")).toBe("Europe/Berlin");
    expect(await zoneOf("zone-made-up@example.com", "Mars/Olympus_Mons")).toBe("Europe/Berlin");
    expect(await zoneOf("zone-number@example.com", 330)).toBe("Europe/Berlin");
    expect(await zoneOf("zone-none@example.com", undefined)).toBe("Europe/Berlin");
  });

  it("refuses common and guessable passwords with a clear message", async () => {
    const res = await callRoute(signupRoute.POST as RouteHandler, "/api/auth/signup", {
      method: "POST",
      headers: { "x-app-peer-address": "203.0.113.9" },
      body: { firstName: "Weak", lastName: "Choice", email: "weak@example.com", password: "password123" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/^This password is too easy to guess\. .*commonly used password/);
    expect(await database.db.user.count({ where: { email: "weak@example.com" } })).toBe(0);
  });

  it("verifies the email with the mailed link once; only then does ADMIN_EMAILS make an admin", async () => {
    const before = process.env.ADMIN_EMAILS;
    process.env.ADMIN_EMAILS = " Boss@Example.com , ops@example.com";
    try {
      const boss = await createUser(database.db, { email: "boss@example.com", verified: false });
      expect(boss.claims).toMatchObject({ role: "user", emailVerified: false });
      // Signing in before verifying does not make an admin either.
      expect(await signInWithPassword(database.db, { email: boss.email, password: boss.password }, "10.0.0.1")).toMatchObject({
        role: "user",
      });
      const { token } = await mailedLink(database.db, "boss@example.com", "verify-email");
      const anonymous = callerFor(database.db, null);
      await expect(anonymous.auth.verifyEmail({ token: "not-a-token" })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/not valid or has expired/),
      });
      expect(await anonymous.auth.verifyEmail({ token })).toEqual({ email: "boss@example.com" });
      const verified = await database.db.user.findUniqueOrThrow({ where: { id: boss.claims.id } });
      expect(verified.emailVerifiedAt).toBeInstanceOf(Date);
      expect(verified.role).toBe("admin");
      await expect(anonymous.auth.verifyEmail({ token })).rejects.toMatchObject({ code: "BAD_REQUEST" }); // single use
    } finally {
      if (before === undefined) delete process.env.ADMIN_EMAILS;
      else process.env.ADMIN_EMAILS = before;
    }
  });

  it("resends the verification link, which replaces the old one, and refuses expired links", async () => {
    const user = await createUser(database.db, { verified: false });
    const first = await mailedLink(database.db, user.email, "verify-email");
    await callerFor(database.db, user.claims).auth.resendVerification();
    const second = await mailedLink(database.db, user.email, "verify-email");
    expect(second.token).not.toBe(first.token);
    const api = callerFor(database.db, null);
    await expect(api.auth.verifyEmail({ token: first.token })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await database.db.accountToken.updateMany({
      where: { userId: user.claims.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expect(api.auth.verifyEmail({ token: second.token })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("records each password sign-in attempt and throttles an account from the 11th, even with the right password", async () => {
    const user = await createUser(database.db);
    expect(await signInWithPassword(database.db, { email: user.email, password: user.password }, "10.0.0.1")).toMatchObject({
      id: user.claims.id,
    });
    expect(await signInError(signInWithPassword(database.db, { email: "nobody@example.com", password: "whatever-1" }, "10.0.0.1"))).toBe(
      SIGN_IN_ERRORS.invalid,
    );
    for (let i = 0; i < 10; i++) {
      expect(await signInError(signInWithPassword(database.db, { email: user.email, password: "wrong-password" }, `192.0.2.${i}`))).toBe(
        SIGN_IN_ERRORS.invalid,
      );
    }
    expect(await signInError(signInWithPassword(database.db, { email: user.email, password: user.password }, "192.0.2.200"))).toBe(
      SIGN_IN_ERRORS.throttled,
    );
    const attempts = await database.db.loginAttempt.findMany({ where: { email: user.email }, orderBy: { id: "asc" } });
    expect(attempts.map((a) => a.succeeded)).toEqual([true, ...Array(10).fill(false)]);
    // Failures older than the window no longer count.
    await database.db.loginAttempt.updateMany({
      where: { email: user.email },
      data: { createdAt: new Date(Date.now() - 16 * 60_000) },
    });
    expect(await signInError(signInWithPassword(database.db, { email: user.email, password: user.password }, "192.0.2.200"))).toBe(
      "signed in",
    );
  });

  it("throttles inside the credentials sign-in itself, for any body the route passes on", async () => {
    const user = await createUser(database.db);
    const options = await buildAuthOptions(database.db, { userAgent: "curl/8", ip: "192.0.2.77", current: null });
    const authorize = (
      options.providers[0] as unknown as {
        options: { authorize: (credentials: unknown, req: unknown) => Promise<unknown> };
      }
    ).options.authorize;
    // What next-auth hands over from a form post, a JSON post, and a post to an odd sub-path alike.
    for (let i = 0; i < 10; i++) {
      expect(await signInError(authorize({ email: user.email, password: `wrong-${i}`, json: "true" }, {}))).toBe(SIGN_IN_ERRORS.invalid);
    }
    expect(await signInError(authorize({ email: user.email, password: user.password }, {}))).toBe(SIGN_IN_ERRORS.throttled);
    expect(await signInError(authorize({ email: user.email.toUpperCase(), password: user.password }, {}))).toBe(SIGN_IN_ERRORS.throttled);
    expect(await signInError(authorize({ email: 42, password: [] }, {}))).toBe(SIGN_IN_ERRORS.invalid);
  });

  it("throttles an address after 50 failures, counting an IPv6 /64 as one address", async () => {
    for (let i = 0; i < 50; i++) {
      await signInError(
        signInWithPassword(
          database.db,
          { email: `guess${i}@example.com`, password: "wrong-password" },
          `2001:db8:1:2::${(i + 1).toString(16)}`,
        ),
      );
    }
    expect(
      await signInError(signInWithPassword(database.db, { email: "someone@example.com", password: "x-password" }, "2001:db8:1:2:ffff::1")),
    ).toBe(SIGN_IN_ERRORS.throttled);
    expect(
      await signInError(signInWithPassword(database.db, { email: "someone@example.com", password: "x-password" }, "2001:db8:1:3::1")),
    ).toBe(SIGN_IN_ERRORS.invalid);
  });

  it("reads and changes only the signed-in user's own profile", async () => {
    const alice = await createUser(database.db, { firstName: "Alice" });
    const bob = await createUser(database.db, { firstName: "Bob" });
    const aliceCookie = await sessionCookie(database.db, alice.claims);
    const bobCookie = await sessionCookie(database.db, bob.claims);

    const patched = await callRoute(PATCH_STUDENT, "/api/students/me", {
      method: "PATCH",
      cookie: aliceCookie,
      body: { phone: "+49 1", nationality: "Kenyan" },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.student).toMatchObject({ phone: "+49 1", nationality: "Kenyan", email: alice.email });

    await callRoute(PATCH_STUDENT, "/api/students/me", {
      method: "PATCH",
      cookie: bobCookie,
      body: { phone: "+49 2" },
    });
    const aliceView = await callRoute(GET_STUDENT, "/api/students/me", { cookie: aliceCookie });
    const bobView = await callRoute(GET_STUDENT, "/api/students/me", { cookie: bobCookie });
    expect(aliceView.json.student).toMatchObject({ firstName: "Alice", phone: "+49 1", nationality: "Kenyan" });
    expect(bobView.json.student).toMatchObject({ firstName: "Bob", phone: "+49 2", nationality: null });
    expect(bobView.json.student).not.toHaveProperty("id");
    expect(bobView.json.student).not.toHaveProperty("userId");
  });

  it("a copied session cookie stops working after logout; other sessions end on request, this one stays", async () => {
    const user = await createUser(database.db);
    const laptop = await signInAs(
      database.db,
      user.claims,
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
    );
    const phone = await signInAs(
      database.db,
      user.claims,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
    );
    const laptopCookie = await sessionCookie(database.db, laptop);
    const phoneCookie = await sessionCookie(database.db, phone);
    expect((await callRoute(GET_ME, "/api/users/me", { cookie: laptopCookie })).status).toBe(200);

    const sessions = await callerFor(database.db, laptop).users.sessions();
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)).toMatchObject({ id: laptop.sessionId, device: "Chrome on macOS" });
    expect(sessions.find((s) => !s.current)).toMatchObject({
      id: phone.sessionId,
      device: "Mobile Safari on iOS (mobile)",
    });
    // A sign-in from a device the account had not used is announced by mail.
    expect(await database.db.mailMessage.count({ where: { to: user.email, kind: "new-sign-in" } })).toBe(1);

    expect(await callerFor(database.db, laptop).users.signOutOtherSessions()).toEqual({ ended: 1 });
    expect((await callRoute(GET_ME, "/api/users/me", { cookie: phoneCookie })).status).toBe(401);
    expect((await callRoute(GET_ME, "/api/users/me", { cookie: laptopCookie })).status).toBe(200);

    // Logout (next-auth's signOut event) revokes the sign-in on the server.
    await endSession(database.db, laptop.sessionId!);
    const copied = await callRoute(GET_ME, "/api/users/me", { cookie: laptopCookie });
    expect(copied.status).toBe(401);
    expect(copied.json).toEqual({ success: false, error: "You need to be signed in to do this." });
  });

  it("revokes one session by id, and never another user's", async () => {
    const alice = await signInAs(database.db, (await createUser(database.db)).claims);
    const bob = await signInAs(database.db, (await createUser(database.db)).claims);
    await expect(callerFor(database.db, alice).users.revokeSession({ sessionId: bob.sessionId! })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await callRoute(GET_ME, "/api/users/me", { cookie: await sessionCookie(database.db, bob) })).status).toBe(200);
    await callerFor(database.db, bob).users.revokeSession({ sessionId: bob.sessionId! });
    expect((await callRoute(GET_ME, "/api/users/me", { cookie: await sessionCookie(database.db, bob) })).status).toBe(401);
  });

  it("a password change keeps this session, ends the others, mails the user and refuses weak passwords", async () => {
    const user = await createUser(database.db);
    const here = await signInAs(database.db, user.claims);
    const elsewhere = await signInAs(database.db, user.claims);
    const api = callerFor(database.db, here);
    await expect(api.users.changePassword({ currentPassword: "not-mine-123", newPassword: "new-password-2" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Your current password is not correct.",
    });
    await expect(api.users.changePassword({ currentPassword: user.password, newPassword: "qwertyuiop" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/^This password is too easy to guess\./),
    });
    await api.users.changePassword({ currentPassword: user.password, newPassword: "violet-harbour-lantern" });
    expect((await callRoute(GET_ME, "/api/users/me", { cookie: await sessionCookie(database.db, here) })).status).toBe(200);
    expect((await callRoute(GET_ME, "/api/users/me", { cookie: await sessionCookie(database.db, elsewhere) })).status).toBe(401);
    expect(await signInError(signInWithPassword(database.db, { email: user.email, password: user.password }, "127.0.0.2"))).toBe(
      SIGN_IN_ERRORS.invalid,
    );
    expect(await signInError(signInWithPassword(database.db, { email: user.email, password: "violet-harbour-lantern" }, "127.0.0.2"))).toBe(
      "signed in",
    );
    expect(await database.db.mailMessage.count({ where: { to: user.email, kind: "password-changed" } })).toBe(1);
  });

  it("resets a forgotten password with the mailed link: one hour, once, every session ended", async () => {
    const user = await createUser(database.db);
    const session = await signInAs(database.db, user.claims);
    const api = callerFor(database.db, null, "203.0.113.50");
    const answer = "If an account exists for this email, we have sent a link to reset the password. It works for one hour.";
    expect(await api.auth.forgotPassword({ email: "nobody-here@example.com" })).toEqual({ message: answer });
    expect(await database.db.mailMessage.count({ where: { to: "nobody-here@example.com" } })).toBe(0);
    expect(await api.auth.forgotPassword({ email: user.email })).toEqual({ message: answer });
    const { url, token } = await mailedLink(database.db, user.email, "password-reset");
    expect(url).toMatch(/\/reset-password\?token=/);
    const issued = await database.db.accountToken.findFirstOrThrow({
      where: { userId: user.claims.id, purpose: "reset_password" },
    });
    expect(Math.abs(issued.expiresAt.getTime() - issued.createdAt.getTime() - 3600_000)).toBeLessThan(1000);

    await expect(api.auth.resetPassword({ token, password: "123456789" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/too easy to guess/),
    });
    expect(await api.auth.resetPassword({ token, password: "copper-meadow-thistle" })).toEqual({ email: user.email });
    await expect(api.auth.resetPassword({ token, password: "another-copper-meadow" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/not valid or has expired/),
    });
    expect((await callRoute(GET_ME, "/api/users/me", { cookie: await sessionCookie(database.db, session) })).status).toBe(401);
    expect(await signInError(signInWithPassword(database.db, { email: user.email, password: "copper-meadow-thistle" }, "127.0.0.3"))).toBe(
      "signed in",
    );
  });

  it("two-factor sign-in: setup with a code, recovery codes once, the code as a second step, each code once", async () => {
    const user = await createUser(database.db);
    const session = await signInAs(database.db, user.claims);
    const api = callerFor(database.db, session);
    const setup = await api.users.twoFactor.begin();
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/SwipeAbroad:.*secret=/);
    expect(setup.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const stored = await database.db.user.findUniqueOrThrow({ where: { id: user.claims.id } });
    expect(stored.totpSecret).not.toContain(setup.secret); // encrypted at rest
    expect(stored.totpEnabledAt).toBeNull();
    await expect(api.users.twoFactor.confirm({ code: "000000" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const { recoveryCodes } = await api.users.twoFactor.confirm({ code: totpCode(setup.secret) });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await database.db.recoveryCode.findMany({ where: { userId: user.claims.id } })).toSatisfy((rows: { codeHash: string }[]) =>
      rows.every((row) => !recoveryCodes.some((code) => row.codeHash.includes(code.replace(/-/g, "")))),
    );

    const credentials = { email: user.email, password: user.password };
    expect(await signInError(signInWithPassword(database.db, credentials, "127.0.0.4"))).toBe(SIGN_IN_ERRORS.codeRequired);
    expect(await signInError(signInWithPassword(database.db, { ...credentials, code: "123456" }, "127.0.0.4"))).toBe(
      SIGN_IN_ERRORS.invalidCode,
    );
    const next = totpCode(setup.secret, 1); // the setup used this step's code: the next one (clock drift allowed)
    expect(await signInWithPassword(database.db, { ...credentials, code: next }, "127.0.0.4")).toMatchObject({
      twoFactorEnabled: true,
    });
    expect(await signInError(signInWithPassword(database.db, { ...credentials, code: next }, "127.0.0.4"))).toBe(
      SIGN_IN_ERRORS.invalidCode,
    ); // replay
    expect(await signInWithPassword(database.db, { ...credentials, code: recoveryCodes[0]!.toUpperCase() }, "127.0.0.4")).toMatchObject({
      id: user.claims.id,
    });
    expect(await signInError(signInWithPassword(database.db, { ...credentials, code: recoveryCodes[0]! }, "127.0.0.4"))).toBe(
      SIGN_IN_ERRORS.invalidCode,
    );
    expect(await api.users.twoFactor.status()).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });

    await expect(api.users.twoFactor.disable({ password: "wrong-password", code: recoveryCodes[1]! })).rejects.toMatchObject({
      message: "Your password is not correct.",
    });
    await api.users.twoFactor.disable({ password: user.password, code: recoveryCodes[1]! });
    expect(await api.users.twoFactor.status()).toMatchObject({ enabled: false });
    expect(await signInError(signInWithPassword(database.db, credentials, "127.0.0.4"))).toBe("signed in");
  });

  it("social sign-in links to an existing account only when both sides verified the email", async () => {
    const identity = (overrides: Partial<Parameters<typeof signInWithOAuth>[1]>) => ({
      provider: "google",
      providerAccountId: `g-${Math.random()}`,
      email: "new.person@example.com",
      name: "New Person",
      emailVerified: true,
      ...overrides,
    });
    const fresh = identity({ providerAccountId: "g-1" });
    const first = await signInWithOAuth(database.db, fresh);
    expect(first).toMatchObject({ emailVerified: true });
    expect((await signInWithOAuth(database.db, fresh)).id).toBe(first.id);
    expect(await database.db.student.findUniqueOrThrow({ where: { userId: first.id } })).toMatchObject({
      firstName: "New",
      lastName: "Person",
    });

    const unverifiedAccount = await createUser(database.db, { verified: false });
    await expect(signInWithOAuth(database.db, identity({ email: unverifiedAccount.email }))).rejects.toMatchObject({
      code: OAUTH_ERRORS.notLinked,
    });
    const verifiedAccount = await createUser(database.db);
    await expect(signInWithOAuth(database.db, identity({ email: verifiedAccount.email, emailVerified: false }))).rejects.toMatchObject({
      code: OAUTH_ERRORS.notLinked,
    });
    expect(
      await database.db.oAuthAccount.count({
        where: { userId: { in: [unverifiedAccount.claims.id, verifiedAccount.claims.id] } },
      }),
    ).toBe(0);
    const linked = await signInWithOAuth(database.db, identity({ provider: "linkedin", email: verifiedAccount.email }));
    expect(linked.id).toBe(verifiedAccount.claims.id);

    // Linking from the Security tab: the signed-in account, once its own email is verified.
    const other = identity({ provider: "linkedin", providerAccountId: "li-2", email: "different@example.com" });
    await expect(signInWithOAuth(database.db, other, unverifiedAccount.claims)).rejects.toMatchObject({
      code: OAUTH_ERRORS.unverified,
    });
    const me = await createUser(database.db);
    expect((await signInWithOAuth(database.db, other, me.claims)).id).toBe(me.claims.id);
    await expect(signInWithOAuth(database.db, other, verifiedAccount.claims)).rejects.toMatchObject({
      code: OAUTH_ERRORS.linkedElsewhere,
    });
  });

  it("gives a new social account the zone of the browser's reader-zone cookie, and leaves an existing account's zone as it is", async () => {
    // What next-auth hands the signIn callback once Google has answered, on a request carrying `readerZone`.
    const socialSignIn = async (email: string, readerZone: string | undefined) => {
      const options = await buildAuthOptions(database.db, { userAgent: "Firefox", ip: "192.0.2.80", current: null, readerZone });
      const user = { id: `g-${email}`, email, name: "Amara Okafor" };
      const account = { type: "oauth", provider: "google", providerAccountId: `g-${email}` } as Account;
      expect(await options.callbacks!.signIn!({ user, account, profile: { email_verified: true } as Profile })).toBe(true);
      return (await database.db.student.findFirstOrThrow({ where: { email } })).timeZone;
    };
    expect(await socialSignIn("oauth-zone-lagos@example.com", "Africa/Lagos")).toBe("Africa/Lagos");
    expect(await socialSignIn("oauth-zone-offset@example.com", "UTC+05:30")).toBe("Europe/Berlin");
    expect(await socialSignIn("oauth-zone-made-up@example.com", "Mars/Olympus_Mons")).toBe("Europe/Berlin");
    expect(await socialSignIn("oauth-zone-none@example.com", undefined)).toBe("Europe/Berlin");
    // Signing in again from a browser in another zone does not move the account's zone.
    expect(await socialSignIn("oauth-zone-lagos@example.com", "America/Chicago")).toBe("Africa/Lagos");

    // An existing account that a provider signs in to (linked by its verified email) keeps its zone.
    const existing = await createUser(database.db);
    await database.db.student.update({ where: { userId: existing.claims.id }, data: { timeZone: "Asia/Tokyo" } });
    expect(await socialSignIn(existing.email, "America/Chicago")).toBe("Asia/Tokyo");
  });

  it("refuses a suspended account's session and sign-in", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookie(database.db, user.claims);
    await database.db.user.update({ where: { id: user.claims.id }, data: { status: "suspended" } });
    expect((await callRoute(GET_ME, "/api/users/me", { cookie })).status).toBe(401);
    expect(await signInError(signInWithPassword(database.db, { email: user.email, password: user.password }, "127.0.0.5"))).toBe(
      SIGN_IN_ERRORS.invalid,
    );
  });
});
