import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "~/server/auth/password";
import { WEAK_PASSWORD_MESSAGE } from "~/server/auth/password-strength";
import { loginThrottle } from "~/server/security/login-throttle";
import { changeRole, INVITE_MESSAGES, LAST_ADMIN_MESSAGE, setAccountStatus } from "~/server/services/admin/staff.service";
import { signInWithPassword } from "~/server/services/auth.service";
import { resolveSession } from "~/server/services/sessions.service";
import { createStaff } from "../../helpers/admin";
import { callerFor, createUser, signInAs } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
let admin: Awaited<ReturnType<typeof createStaff>>;
const anonymous = () => callerFor(t.db, null, "203.0.113.50");
const STRONG_PASSWORD = "copper lantern drifts north";
let counter = 0;
const newAddress = (name: string) => `${name}-${Date.now()}-${++counter}@example.com`;

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createStaff(t.db, "admin");
});
afterAll(() => t.stop());

/** The token of the newest invitation mail to `email`, read from the outbox as the invitee would. */
async function inviteToken(email: string) {
  const mail = await t.db.mailMessage.findFirstOrThrow({
    where: { to: email, kind: "staff-invite" },
    orderBy: { createdAt: "desc" },
  });
  const match = mail.text.match(/https?:\/\/\S+\/invite\?token=([^\s&]+)/);
  expect(match, "the mail holds the /invite link").not.toBeNull();
  return decodeURIComponent(match![1]!);
}

async function auditRows(action: string, targetId?: string) {
  return t.db.auditLog.findMany({
    where: { action, ...(targetId ? { targetId } : {}) },
    orderBy: { createdAt: "asc" },
  });
}

describe("the staff list", () => {
  it("lists staff accounts only, with role, status, two-factor and last sign-in, searched and filtered", async () => {
    const designer = await createStaff(t.db, "designer", { twoFactor: false });
    const backoffice = await createStaff(t.db, "backoffice");
    const student = await createUser(t.db);
    await t.db.user.update({
      where: { id: backoffice.claims.id },
      data: { lastLoginAt: new Date("2026-01-02T10:00:00Z"), status: "suspended" },
    });

    const all = await admin.caller.admin.staff.list({ pageSize: 100 });
    const ids = all.rows.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([admin.claims.id, designer.claims.id, backoffice.claims.id]));
    expect(ids).not.toContain(student.claims.id);
    expect(all.rows.find((row) => row.id === designer.claims.id)).toMatchObject({
      role: "designer",
      status: "active",
      twoFactor: false,
      lastLoginAt: null,
    });
    expect(all.rows.find((row) => row.id === backoffice.claims.id)).toMatchObject({
      role: "backoffice",
      status: "suspended",
      twoFactor: true,
    });

    expect((await admin.caller.admin.staff.list({ q: designer.email.toUpperCase() })).rows.map((row) => row.id)).toEqual([
      designer.claims.id,
    ]);
    expect((await admin.caller.admin.staff.list({ q: designer.lastName })).rows.map((row) => row.id)).toEqual([designer.claims.id]);
    expect((await admin.caller.admin.staff.list({ role: "backoffice" })).rows.every((row) => row.role === "backoffice")).toBe(true);
    expect((await admin.caller.admin.staff.list({ status: "suspended" })).rows.map((row) => row.id)).toEqual([backoffice.claims.id]);
    // Sorted by last sign-in, newest first; those who never signed in come last.
    const bySignIn = await admin.caller.admin.staff.list({ sort: "lastLoginAt", dir: "desc", pageSize: 100 });
    expect(bySignIn.rows[0]!.id).toBe(backoffice.claims.id);
    // Paged: the total counts every page.
    const firstPage = await admin.caller.admin.staff.list({ pageSize: 10, page: 1 });
    expect(firstPage.total).toBe(all.total);
    await t.db.user.update({ where: { id: backoffice.claims.id }, data: { status: "active" } });
  });
});

describe("invitations", () => {
  it("invites a new address: the mail's link creates a verified account with the role, and each step is audited", async () => {
    const email = newAddress("nadia");
    const invite = await admin.caller.admin.staff.invite({ email: email.toUpperCase(), role: "designer" });
    expect(invite).toMatchObject({ email, role: "designer" });
    expect(invite.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await admin.caller.admin.staff.invites()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: invite.id, email, role: "designer", expired: false, invitedBy: admin.email })]),
    );

    const token = await inviteToken(email);
    const stored = await t.db.staffInvite.findUniqueOrThrow({ where: { id: invite.id } });
    expect(stored.tokenHash).not.toContain(token); // only the hash is kept
    expect(await anonymous().invites.details({ token })).toMatchObject({
      email,
      role: "designer",
      hasAccount: false,
      invitedBy: `${admin.firstName} ${admin.lastName}`,
    });

    const accepted = await anonymous().invites.accept({
      account: "new",
      token,
      firstName: "Nadia",
      lastName: "Haddad",
      password: STRONG_PASSWORD,
    });
    expect(accepted).toEqual({ email, role: "designer", newAccount: true });
    const user = await t.db.user.findUniqueOrThrow({ where: { email }, include: { student: true } });
    expect(user).toMatchObject({ role: "designer", name: "Nadia Haddad", status: "active" });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.student).toMatchObject({ firstName: "Nadia", lastName: "Haddad", email });
    expect(await verifyPassword(user.passwordHash, STRONG_PASSWORD)).toBe(true);
    // The new staff member signs in with the password (two-factor comes next, on /admin).
    expect(await signInWithPassword(t.db, { email, password: STRONG_PASSWORD }, "203.0.113.50")).toMatchObject({
      role: "designer",
      twoFactorEnabled: false,
    });
    expect((await admin.caller.admin.staff.invites()).map((row) => row.id)).not.toContain(invite.id);

    const [invited] = await auditRows("staff.invited", invite.id);
    expect(invited).toMatchObject({
      actorId: admin.claims.id,
      actorEmail: admin.email,
      targetType: "staff_invite",
      after: expect.objectContaining({ email, role: "designer" }),
    });
    const [acceptRow] = await auditRows("staff.invite_accepted", invite.id);
    expect(acceptRow).toMatchObject({
      actorId: user.id,
      actorEmail: email,
      ip: "203.0.113.50",
      after: { userId: user.id, role: "designer", newAccount: true },
    });

    // The link is used once.
    await expect(
      anonymous().invites.accept({ account: "new", token, firstName: "N", lastName: "H", password: STRONG_PASSWORD }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: INVITE_MESSAGES.used });
    await expect(anonymous().invites.details({ token })).rejects.toMatchObject({
      code: "CONFLICT",
      message: INVITE_MESSAGES.used,
    });
  });

  it("lets an existing account accept with its current password only", async () => {
    const student = await createUser(t.db, { verified: false });
    const invite = await admin.caller.admin.staff.invite({ email: student.email, role: "backoffice" });
    const token = await inviteToken(student.email);
    expect(await anonymous().invites.details({ token })).toMatchObject({ hasAccount: true, role: "backoffice" });

    await expect(
      anonymous().invites.accept({ account: "new", token, firstName: "A", lastName: "B", password: STRONG_PASSWORD }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: INVITE_MESSAGES.accountExists });
    await expect(anonymous().invites.accept({ account: "existing", token, password: "not-the-password" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: INVITE_MESSAGES.wrongPassword,
    });
    expect(await t.db.loginAttempt.count({ where: { email: student.email, succeeded: false } })).toBe(1);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: student.claims.id } })).role).toBe("user");

    expect(await anonymous().invites.accept({ account: "existing", token, password: student.password })).toEqual({
      email: student.email,
      role: "backoffice",
      newAccount: false,
    });
    const user = await t.db.user.findUniqueOrThrow({ where: { id: student.claims.id } });
    expect(user.role).toBe("backoffice");
    expect(user.emailVerifiedAt).not.toBeNull(); // the link reached the mailbox
    const [acceptRow] = await auditRows("staff.invite_accepted", invite.id);
    expect(acceptRow).toMatchObject({
      actorId: user.id,
      before: { role: "user" },
      after: { userId: user.id, role: "backoffice", newAccount: false },
    });
  });

  it("counts wrong passwords towards the sign-in throttle, which then refuses even the right one", async () => {
    const student = await createUser(t.db);
    await admin.caller.admin.staff.invite({ email: student.email, role: "designer" });
    const token = await inviteToken(student.email);
    const { maxFailuresPerAccount, windowMinutes } = loginThrottle();
    await t.db.loginAttempt.createMany({
      data: Array.from({ length: maxFailuresPerAccount }, () => ({
        email: student.email,
        ip: "198.51.100.1",
        succeeded: false,
      })),
    });
    await expect(anonymous().invites.accept({ account: "existing", token, password: student.password })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: INVITE_MESSAGES.throttled(windowMinutes),
    });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: student.claims.id } })).role).toBe("user");
  });

  it("a new address must choose a strong password, and the link stays usable after a refusal", async () => {
    const email = newAddress("weak");
    await admin.caller.admin.staff.invite({ email, role: "designer" });
    const token = await inviteToken(email);
    await expect(
      anonymous().invites.accept({
        account: "new",
        token,
        firstName: "Weak",
        lastName: "Choice",
        password: "password123",
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining(WEAK_PASSWORD_MESSAGE),
    });
    await expect(
      anonymous().invites.accept({ account: "new", token, firstName: "Weak", lastName: "Choice", password: "short" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(anonymous().invites.accept({ account: "existing", token, password: STRONG_PASSWORD })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: INVITE_MESSAGES.noAccount,
    });
    expect(await t.db.user.count({ where: { email } })).toBe(0);
    expect(await anonymous().invites.details({ token })).toMatchObject({ email, hasAccount: false });
  });

  it("refuses expired, withdrawn and unknown links with clear messages", async () => {
    const expiredEmail = newAddress("late");
    const expired = await admin.caller.admin.staff.invite({ email: expiredEmail, role: "designer" });
    const expiredToken = await inviteToken(expiredEmail);
    await t.db.staffInvite.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(anonymous().invites.details({ token: expiredToken })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: INVITE_MESSAGES.expired,
    });
    await expect(
      anonymous().invites.accept({
        account: "new",
        token: expiredToken,
        firstName: "A",
        lastName: "B",
        password: STRONG_PASSWORD,
      }),
    ).rejects.toMatchObject({ message: INVITE_MESSAGES.expired });
    expect(await admin.caller.admin.staff.invites()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: expired.id, expired: true })]),
    );

    const revokedEmail = newAddress("withdrawn");
    const revoked = await admin.caller.admin.staff.invite({ email: revokedEmail, role: "backoffice" });
    const revokedToken = await inviteToken(revokedEmail);
    await admin.caller.admin.staff.revokeInvite({ id: revoked.id });
    await expect(anonymous().invites.details({ token: revokedToken })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: INVITE_MESSAGES.revoked,
    });
    await expect(
      anonymous().invites.accept({
        account: "new",
        token: revokedToken,
        firstName: "A",
        lastName: "B",
        password: STRONG_PASSWORD,
      }),
    ).rejects.toMatchObject({ message: INVITE_MESSAGES.revoked });
    expect(await t.db.user.count({ where: { email: revokedEmail } })).toBe(0);
    expect((await admin.caller.admin.staff.invites()).map((row) => row.id)).not.toContain(revoked.id);
    expect(await auditRows("staff.invite_revoked", revoked.id)).toEqual([
      expect.objectContaining({ actorId: admin.claims.id, before: { email: revokedEmail, role: "backoffice" } }),
    ]);
    // A withdrawn invitation cannot be withdrawn or sent again.
    await expect(admin.caller.admin.staff.revokeInvite({ id: revoked.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: INVITE_MESSAGES.notPending,
    });
    await expect(admin.caller.admin.staff.resendInvite({ id: revoked.id })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(admin.caller.admin.staff.revokeInvite({ id: "no-such-invite" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    await expect(anonymous().invites.details({ token: "made-up-token" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: INVITE_MESSAGES.invalid,
    });
    await expect(anonymous().invites.details({ token: "" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("sends an invitation again with a new link; the old link stops working", async () => {
    const email = newAddress("again");
    const invite = await admin.caller.admin.staff.invite({ email, role: "designer" });
    const oldToken = await inviteToken(email);
    await t.db.staffInvite.update({ where: { id: invite.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const resent = await admin.caller.admin.staff.resendInvite({ id: invite.id });
    expect(resent.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    const newToken = await inviteToken(email);
    expect(newToken).not.toBe(oldToken);
    expect(await t.db.mailMessage.count({ where: { to: email, kind: "staff-invite" } })).toBe(2);
    await expect(anonymous().invites.details({ token: oldToken })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: INVITE_MESSAGES.invalid,
    });
    expect(await anonymous().invites.details({ token: newToken })).toMatchObject({ email, role: "designer" });
    expect(await auditRows("staff.invite_resent", invite.id)).toEqual([
      expect.objectContaining({ actorId: admin.claims.id, after: { expiresAt: resent.expiresAt.toISOString() } }),
    ]);
  });

  it("refuses to invite an address that already has the role or a pending invitation (409)", async () => {
    const designer = await createStaff(t.db, "designer");
    await expect(admin.caller.admin.staff.invite({ email: designer.email, role: "designer" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `${designer.email} is already designer.`,
    });
    // The same account may be invited to another role.
    await admin.caller.admin.staff.invite({ email: designer.email, role: "admin" });
    await expect(admin.caller.admin.staff.invite({ email: designer.email, role: "backoffice" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: INVITE_MESSAGES.alreadyInvited(designer.email),
    });
    const suspended = await createUser(t.db);
    await t.db.user.update({ where: { id: suspended.claims.id }, data: { status: "suspended" } });
    await expect(admin.caller.admin.staff.invite({ email: suspended.email, role: "designer" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: INVITE_MESSAGES.suspended(suspended.email),
    });
    expect(await t.db.staffInvite.count({ where: { email: suspended.email } })).toBe(0);
  });
});

describe("roles and account status", () => {
  const commandLine = { id: null, email: "command line (test)", ip: null };

  it("changes a role by email, as `npm run user:role` does, and records the command line as the actor", async () => {
    const user = await createUser(t.db);
    const result = await changeRole(t.db, commandLine, { email: `  ${user.email.toUpperCase()} ` }, "admin");
    expect(result).toEqual({ id: user.claims.id, email: user.email, role: "admin", changed: true });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.claims.id } })).role).toBe("admin");
    expect(await auditRows("staff.role_changed", user.claims.id)).toEqual([
      expect.objectContaining({
        actorId: null,
        actorEmail: "command line (test)",
        before: { role: "user" },
        after: { role: "admin" },
      }),
    ]);
    expect(await changeRole(t.db, commandLine, { email: user.email }, "admin")).toMatchObject({ changed: false });
    await expect(changeRole(t.db, commandLine, { email: "nobody@example.com" }, "admin")).rejects.toMatchObject({
      kind: "NOT_FOUND",
    });
    await changeRole(t.db, commandLine, { email: user.email }, "user");
  });

  it("changes a role from /admin/staff with an audit row", async () => {
    const user = await createUser(t.db);
    expect(await admin.caller.admin.staff.changeRole({ userId: user.claims.id, role: "backoffice" })).toMatchObject({
      role: "backoffice",
      changed: true,
    });
    expect(await auditRows("staff.role_changed", user.claims.id)).toEqual([
      expect.objectContaining({ actorId: admin.claims.id, before: { role: "user" }, after: { role: "backoffice" } }),
    ]);
    await expect(admin.caller.admin.staff.changeRole({ userId: "no-such-user", role: "designer" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("suspending ends the account's sign-ins at once; reactivating lets it sign in again; both are audited", async () => {
    const user = await createUser(t.db);
    const signedIn = await signInAs(t.db, user.claims);
    expect(await resolveSession(t.db, user.claims.id, signedIn.sessionId)).not.toBeNull();

    expect(await admin.caller.admin.staff.setStatus({ userId: user.claims.id, status: "suspended" })).toMatchObject({
      status: "suspended",
      changed: true,
    });
    expect(await resolveSession(t.db, user.claims.id, signedIn.sessionId)).toBeNull();
    expect((await t.db.authSession.findUniqueOrThrow({ where: { id: signedIn.sessionId } })).revokedAt).not.toBeNull();
    await expect(signInWithPassword(t.db, { email: user.email, password: user.password }, "203.0.113.60")).rejects.toMatchObject({
      name: "SignInError",
    });

    await admin.caller.admin.staff.setStatus({ userId: user.claims.id, status: "active" });
    expect(await signInWithPassword(t.db, { email: user.email, password: user.password }, "203.0.113.60")).toMatchObject({
      id: user.claims.id,
    });
    const rows = await t.db.auditLog.findMany({
      where: { targetId: user.claims.id, action: { startsWith: "account." } },
      orderBy: { createdAt: "asc" },
    });
    expect(rows).toEqual([
      expect.objectContaining({
        action: "account.suspended",
        actorId: admin.claims.id,
        before: { status: "active" },
        after: { status: "suspended" },
      }),
      expect.objectContaining({
        action: "account.reactivated",
        actorId: admin.claims.id,
        before: { status: "suspended" },
        after: { status: "active" },
      }),
    ]);
    await expect(admin.caller.admin.staff.setStatus({ userId: admin.claims.id, status: "suspended" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "You cannot suspend your own account.",
    });
  });

  it("never removes the last active admin: not by a role change, a suspension or an accepted invitation", async () => {
    // Only `admin` stays an active admin.
    await t.db.user.updateMany({ where: { role: "admin", id: { not: admin.claims.id } }, data: { role: "designer" } });
    const auditBefore = await t.db.auditLog.count();

    await expect(admin.caller.admin.staff.changeRole({ userId: admin.claims.id, role: "designer" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: LAST_ADMIN_MESSAGE,
    });
    await expect(changeRole(t.db, commandLine, { email: admin.email }, "user")).rejects.toMatchObject({
      kind: "CONFLICT",
      message: LAST_ADMIN_MESSAGE,
    });
    await expect(setAccountStatus(t.db, commandLine, admin.claims.id, "suspended")).rejects.toMatchObject({
      kind: "CONFLICT",
      message: LAST_ADMIN_MESSAGE,
    });

    // An admin invited to another role would step down on accepting: refused while no other admin exists.
    const invite = await admin.caller.admin.staff.invite({ email: admin.email, role: "designer" });
    const token = await inviteToken(admin.email);
    await expect(anonymous().invites.accept({ account: "existing", token, password: admin.password })).rejects.toMatchObject({
      code: "CONFLICT",
      message: LAST_ADMIN_MESSAGE,
    });
    expect((await t.db.staffInvite.findUniqueOrThrow({ where: { id: invite.id } })).acceptedAt).toBeNull();

    expect((await t.db.user.findUniqueOrThrow({ where: { id: admin.claims.id } })).role).toBe("admin");
    expect(
      await t.db.auditLog.count({
        where: {
          action: { in: ["staff.role_changed", "account.suspended", "staff.invite_accepted"] },
          createdAt: { gte: new Date(Date.now() - 60_000) },
          targetId: admin.claims.id,
        },
      }),
    ).toBe(0);
    expect(await t.db.auditLog.count()).toBe(auditBefore + 1); // only the invitation itself

    // With a second admin, the first may step down.
    const second = await createStaff(t.db, "admin");
    expect(await second.caller.admin.staff.changeRole({ userId: admin.claims.id, role: "designer" })).toMatchObject({
      changed: true,
    });
    await second.caller.admin.staff.changeRole({ userId: admin.claims.id, role: "admin" });
  });
});
