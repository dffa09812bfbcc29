import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as studentsMeRoute from "~/app/api/students/me/route";
import * as usersMeRoute from "~/app/api/users/me/route";
import * as signupRoute from "~/app/api/auth/signup/route";
import { AppError } from "~/server/errors";
import { assertLoginAllowed, LOGIN_THROTTLE, signInWithOAuth, verifyCredentials } from "~/server/services/auth.service";
import { callRoute, type RouteHandler } from "../helpers/rest";
import { callerFor, createUser, sessionCookie } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const GET_ME = usersMeRoute.GET as RouteHandler;
const GET_STUDENT = studentsMeRoute.GET as RouteHandler;
const PATCH_STUDENT = studentsMeRoute.PATCH as RouteHandler;

describe("accounts", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.stop());

  it("signs up with trimmed names and email, an argon2id hash and a student profile", async () => {
    const res = await callRoute(signupRoute.POST as RouteHandler, "/api/auth/signup", {
      method: "POST",
      body: { firstName: "  Amir ", lastName: " Haddad ", email: "  Amir.Haddad@Example.COM ", password: "pass-word-99" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ success: true, user: { id: expect.any(String), email: "amir.haddad@example.com", name: "Amir Haddad" } });
    const user = await database.db.user.findUniqueOrThrow({ where: { email: "amir.haddad@example.com" }, include: { student: true } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.student).toMatchObject({ firstName: "Amir", lastName: "Haddad", email: "amir.haddad@example.com", membershipPlan: "free", profileCompletion: 30 });

    const again = await callRoute(signupRoute.POST as RouteHandler, "/api/auth/signup", {
      method: "POST",
      body: { firstName: "A", lastName: "H", email: "AMIR.HADDAD@example.com", password: "another-pass-1" },
    });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ success: false, error: "An account with this email already exists. Please log in instead." });
  });

  it("verifies credentials and records each attempt", async () => {
    const user = await createUser(database.db);
    expect(await verifyCredentials(database.db, { email: user.email, password: user.password }, "10.0.0.1")).toMatchObject({ id: user.claims.id, role: "user" });
    expect(await verifyCredentials(database.db, { email: user.email, password: "wrong-password" }, "10.0.0.1")).toBeNull();
    expect(await verifyCredentials(database.db, { email: "nobody@example.com", password: "whatever-1" }, "10.0.0.1")).toBeNull();
    const attempts = await database.db.loginAttempt.findMany({ where: { email: user.email }, orderBy: { id: "asc" } });
    expect(attempts.map((a) => a.succeeded)).toEqual([true, false]);
    const refreshed = await database.db.user.findUniqueOrThrow({ where: { id: user.claims.id } });
    expect(refreshed.lastLoginAt).toBeInstanceOf(Date);
  });

  it("throttles an account after 10 failures in 15 minutes, whatever the address", async () => {
    const user = await createUser(database.db);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i++) {
      await assertLoginAllowed(database.db, user.email, `192.0.2.${i}`);
      await verifyCredentials(database.db, { email: user.email, password: "wrong-password" }, `192.0.2.${i}`);
    }
    const eleventh = assertLoginAllowed(database.db, user.email, "192.0.2.200");
    await expect(eleventh).rejects.toBeInstanceOf(AppError);
    await expect(eleventh).rejects.toMatchObject({ kind: "TOO_MANY_REQUESTS", message: "Too many failed login attempts. Please wait 15 minutes and try again." });
    // Failures older than the window no longer count.
    await database.db.loginAttempt.updateMany({ where: { email: user.email }, data: { createdAt: new Date(Date.now() - 16 * 60_000) } });
    await expect(assertLoginAllowed(database.db, user.email, "192.0.2.200")).resolves.toBeUndefined();
  });

  it("throttles an address after 50 failures in 15 minutes, whatever the account", async () => {
    expect(LOGIN_THROTTLE.maxFailuresPerAddress).toBe(50);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAddress - 1; i++) {
      await verifyCredentials(database.db, { email: `guess${i}@example.com`, password: "wrong-password" }, "198.51.100.7");
    }
    await expect(assertLoginAllowed(database.db, "someone@example.com", "198.51.100.7")).resolves.toBeUndefined();
    for (let i = LOGIN_THROTTLE.maxFailuresPerAddress - 1; i < LOGIN_THROTTLE.maxFailuresPerAddress; i++) {
      await verifyCredentials(database.db, { email: `guess${i}@example.com`, password: "wrong-password" }, "198.51.100.7");
    }
    await expect(assertLoginAllowed(database.db, "someone@example.com", "198.51.100.7")).rejects.toMatchObject({ kind: "TOO_MANY_REQUESTS" });
    await expect(assertLoginAllowed(database.db, "someone@example.com", "198.51.100.8")).resolves.toBeUndefined();
  });

  it("reads and changes only the signed-in user's own profile", async () => {
    const alice = await createUser(database.db, { firstName: "Alice" });
    const bob = await createUser(database.db, { firstName: "Bob" });
    const aliceCookie = await sessionCookie(database.db, alice.claims);
    const bobCookie = await sessionCookie(database.db, bob.claims);

    const patched = await callRoute(PATCH_STUDENT, "/api/students/me", { method: "PATCH", cookie: aliceCookie, body: { phone: "+49 1", nationality: "Kenyan" } });
    expect(patched.status).toBe(200);
    expect(patched.json.student).toMatchObject({ phone: "+49 1", nationality: "Kenyan", email: alice.email });

    await callRoute(PATCH_STUDENT, "/api/students/me", { method: "PATCH", cookie: bobCookie, body: { phone: "+49 2" } });
    const aliceView = await callRoute(GET_STUDENT, "/api/students/me", { cookie: aliceCookie });
    const bobView = await callRoute(GET_STUDENT, "/api/students/me", { cookie: bobCookie });
    expect(aliceView.json.student).toMatchObject({ firstName: "Alice", phone: "+49 1", nationality: "Kenyan" });
    expect(bobView.json.student).toMatchObject({ firstName: "Bob", phone: "+49 2", nationality: null });
    expect(bobView.json.student).not.toHaveProperty("id");
    expect(bobView.json.student).not.toHaveProperty("userId");
  });

  it("keeps the account name in step with the profile and recomputes completion", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookie(database.db, user.claims);
    const res = await callRoute(PATCH_STUDENT, "/api/students/me", {
      method: "PATCH",
      cookie,
      body: { firstName: "Renamed", phone: "+1 555", dateOfBirth: "2001-02-03", gender: "prefer_not_to_say", country: "India" },
    });
    expect(res.json.student).toMatchObject({ name: `Renamed ${user.lastName}`, profileCompletion: 70, dateOfBirth: "2001-02-03" });
    const me = await callRoute(GET_ME, "/api/users/me", { cookie });
    expect(me.json.user).toMatchObject({ name: `Renamed ${user.lastName}`, role: "user", status: "active" });
    expect(me.json.user).not.toHaveProperty("passwordHash");
  });

  it("ends every session at once on sign-out-everywhere", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookie(database.db, user.claims);
    expect((await callRoute(GET_ME, "/api/users/me", { cookie })).status).toBe(200);
    await callerFor(database.db, user.claims).users.signOutEverywhere();
    expect((await callRoute(GET_ME, "/api/users/me", { cookie })).status).toBe(401);
  });

  it("ends sessions and rejects the old password after a password change", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookie(database.db, user.claims);
    const api = callerFor(database.db, user.claims);
    await expect(api.users.changePassword({ currentPassword: "not-mine-123", newPassword: "new-password-2" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Your current password is not correct.",
    });
    await api.users.changePassword({ currentPassword: user.password, newPassword: "new-password-2" });
    expect((await callRoute(GET_ME, "/api/users/me", { cookie })).status).toBe(401);
    expect(await verifyCredentials(database.db, { email: user.email, password: user.password }, "127.0.0.1")).toBeNull();
    expect(await verifyCredentials(database.db, { email: user.email, password: "new-password-2" }, "127.0.0.1")).not.toBeNull();
  });

  it("deletes the account with its profile; the session and the login stop working", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookie(database.db, user.claims);
    await callerFor(database.db, user.claims).users.deleteAccount();
    expect(await database.db.student.count({ where: { userId: user.claims.id } })).toBe(0);
    expect((await callRoute(GET_STUDENT, "/api/students/me", { cookie })).status).toBe(401);
    expect(await verifyCredentials(database.db, { email: user.email, password: user.password }, "127.0.0.1")).toBeNull();
  });

  it("refuses a suspended account's session and login", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookie(database.db, user.claims);
    await database.db.user.update({ where: { id: user.claims.id }, data: { status: "suspended" } });
    expect((await callRoute(GET_ME, "/api/users/me", { cookie })).status).toBe(401);
    expect(await verifyCredentials(database.db, { email: user.email, password: user.password }, "127.0.0.1")).toBeNull();
  });

  it("creates, then finds, the account of a Google or LinkedIn sign-in, linking an existing email", async () => {
    const first = await signInWithOAuth(database.db, { provider: "google", providerAccountId: "g-1", email: "new.person@example.com", name: "New Person" });
    const second = await signInWithOAuth(database.db, { provider: "google", providerAccountId: "g-1", email: "new.person@example.com", name: "New Person" });
    expect(second?.id).toBe(first?.id);
    const student = await database.db.student.findUniqueOrThrow({ where: { userId: first!.id } });
    expect(student).toMatchObject({ firstName: "New", lastName: "Person" });

    const existing = await createUser(database.db);
    const linked = await signInWithOAuth(database.db, { provider: "linkedin", providerAccountId: "li-9", email: existing.email, name: "Whoever" });
    expect(linked?.id).toBe(existing.claims.id);
    expect(await database.db.oAuthAccount.count({ where: { userId: existing.claims.id, provider: "linkedin" } })).toBe(1);
  });

  it("makes the accounts named in ADMIN_EMAILS admins, at signup and at their next login", async () => {
    const before = process.env.ADMIN_EMAILS;
    process.env.ADMIN_EMAILS = " Boss@Example.com , ops@example.com";
    try {
      const boss = await createUser(database.db, { email: "boss@example.com" });
      expect(boss.claims.role).toBe("admin");
      process.env.ADMIN_EMAILS = "";
      const ops = await createUser(database.db, { email: "ops@example.com" });
      expect(ops.claims.role).toBe("user");
      process.env.ADMIN_EMAILS = "ops@example.com";
      expect(await verifyCredentials(database.db, { email: ops.email, password: ops.password }, "127.0.0.1")).toMatchObject({ role: "admin" });
      const someone = await createUser(database.db);
      expect(someone.claims.role).toBe("user");
    } finally {
      if (before === undefined) delete process.env.ADMIN_EMAILS;
      else process.env.ADMIN_EMAILS = before;
    }
  });
});
