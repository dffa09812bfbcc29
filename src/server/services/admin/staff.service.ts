import { randomBytes } from "node:crypto";
import { appUrl } from "~/env";
import { Prisma } from "~/generated/prisma/client";
import type { Role } from "~/lib/permissions";
import { type Paged, pageWindow } from "~/lib/schemas/admin";
import { type AcceptInviteInput, type InviteStaffInput, ROLE_LABELS, type StaffListQuery } from "~/lib/schemas/staff";
import { hashPassword, verifyPassword } from "~/server/auth/password";
import { assertStrongPassword } from "~/server/auth/password-strength";
import { addressKey } from "~/server/auth/request";
import type { Db } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/unique-violation";
import { AppError } from "~/server/errors";
import { queueMail } from "~/server/mail/outbox";
import { loginThrottle } from "~/server/security/login-throttle";
import { hashToken } from "../account-tokens.service";
import { type AuditActor, recordAudit } from "../audit.service";
import { isLoginThrottled, newAccountData } from "../auth.service";
import { accountsById } from "../user.service";

export const LAST_ADMIN_MESSAGE = "This is the last active admin: make another account admin first.";

/**
 * Gives an account a role. The last active admin cannot lose the role, so the installation always
 * has someone who can manage staff. The change and its audit row commit together; the account's
 * sign-ins pick up the new role on their next request (the session is read from the database).
 */
export async function changeRole(db: Db, actor: AuditActor, target: { userId: string } | { email: string }, role: Role) {
  return db.$transaction(
    async (tx) => {
      const user = await tx.user.findUnique({
        where: "userId" in target ? { id: target.userId } : { email: target.email.trim().toLowerCase() },
      });
      if (!user) throw new AppError("NOT_FOUND", "No account has that email address.");
      if (user.role === role) return { id: user.id, email: user.email, role, changed: false };
      if (user.role === "admin") await assertAnotherAdmin(tx, user.id);
      await tx.user.update({ where: { id: user.id }, data: { role } });
      await recordAudit(tx, actor, {
        action: "staff.role_changed",
        targetType: "user",
        targetId: user.id,
        before: { role: user.role },
        after: { role },
      });
      return { id: user.id, email: user.email, role, changed: true };
    },
    // Two admins demoting each other at once must not both succeed.
    { isolationLevel: Prisma.TransactionIsolationLevel.Serializable },
  );
}

/** Refuses when no other active admin would remain. */
async function assertAnotherAdmin(tx: Prisma.TransactionClient, userId: string) {
  const others = await tx.user.count({ where: { role: "admin", status: "active", id: { not: userId } } });
  if (others === 0) throw new AppError("CONFLICT", LAST_ADMIN_MESSAGE);
}

/**
 * Suspends or reactivates any account. A suspended account cannot sign in, and its sign-ins end at
 * once (every request checks the account's status; the session rows are revoked too). The last
 * active admin cannot be suspended, and nobody suspends their own account.
 */
export async function setAccountStatus(db: Db, actor: AuditActor, userId: string, status: "active" | "suspended") {
  if (actor.id === userId && status === "suspended") throw new AppError("BAD_INPUT", "You cannot suspend your own account.");
  return db.$transaction(
    async (tx) => {
      const user = await tx.user.findUnique({
        where: { id: userId },
        select: { id: true, email: true, role: true, status: true },
      });
      if (!user) throw new AppError("NOT_FOUND", "That account does not exist.");
      if (user.status === status) return { id: user.id, status, changed: false };
      if (status === "suspended" && user.role === "admin") await assertAnotherAdmin(tx, user.id);
      await tx.user.update({ where: { id: user.id }, data: { status } });
      if (status === "suspended")
        await tx.authSession.updateMany({
          where: { userId: user.id, revokedAt: null },
          data: { revokedAt: new Date() },
        });
      await recordAudit(tx, actor, {
        action: status === "suspended" ? "account.suspended" : "account.reactivated",
        targetType: "user",
        targetId: user.id,
        before: { status: user.status },
        after: { status },
      });
      return { id: user.id, status, changed: true };
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.Serializable },
  );
}

// ---------------------------------------------------------------------------------------------
// The staff list

export interface StaffRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: "active" | "inactive" | "suspended";
  twoFactor: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
}

/** /admin/staff: the accounts with a staff role, searched by name or email. */
export async function listStaff(db: Db, query: StaffListQuery): Promise<Paged<StaffRow>> {
  const where: Prisma.UserWhereInput = {
    role: query.role ?? { not: "user" },
    ...(query.status ? { status: query.status } : {}),
    ...(query.q
      ? {
          OR: [{ name: { contains: query.q, mode: "insensitive" } }, { email: { contains: query.q, mode: "insensitive" } }],
        }
      : {}),
  };
  const sort = query.sort ?? "name";
  // Accounts that never signed in sort last either way.
  const orderBy: Prisma.UserOrderByWithRelationInput[] = [
    sort === "lastLoginAt" ? { lastLoginAt: { sort: query.dir, nulls: "last" } } : { [sort]: query.dir },
    { id: "asc" },
  ];
  const [users, total] = await Promise.all([
    db.user.findMany({
      where,
      orderBy,
      ...pageWindow(query),
      select: {
        id: true,
        name: true,
        email: true,
        role: true,
        status: true,
        totpEnabledAt: true,
        lastLoginAt: true,
        createdAt: true,
      },
    }),
    db.user.count({ where }),
  ]);
  const rows = users.map(({ totpEnabledAt, ...user }) => ({ ...user, twoFactor: totpEnabledAt !== null }));
  return { rows, total, page: query.page, pageSize: query.pageSize };
}

// ---------------------------------------------------------------------------------------------
// Invitations

/** How long an invitation link works. */
const INVITE_LIFETIME_DAYS = 7;

export const INVITE_MESSAGES = {
  invalid: "This invitation link is not valid. Open it again from the email, or ask the admin who invited you for a new one.",
  expired: "This invitation has expired. Ask the admin who invited you to send it again.",
  revoked: "This invitation was withdrawn. Ask an admin of the team if you should still join.",
  used: "This invitation has already been accepted. Sign in with your account.",
  notPending: "That invitation is no longer pending: it was accepted or withdrawn.",
  alreadyInvited: (email: string) => `${email} already has a pending invitation: send it again or withdraw it.`,
  alreadyStaff: (email: string, role: string) => `${email} is already ${role}.`,
  suspended: (email: string) => `The account of ${email} is suspended: reactivate it before inviting it.`,
  accountExists: "An account with this address exists: enter its current password to accept.",
  noAccount: "No account has this address yet: choose your name and a password to create it.",
  wrongPassword: "That password is not correct.",
  noPassword:
    "This account signs in with Google or LinkedIn only. Set a password with “Forgot password?” first, then open the invitation again.",
  throttled: (minutes: number) => `Too many wrong passwords. Please wait ${minutes} minutes and try again.`,
  accountSuspended: "This account is suspended and cannot join the team.",
} as const;

const inviteUrl = (token: string) => `${appUrl()}/invite?token=${encodeURIComponent(token)}`;
const roleName = (role: Role) => ROLE_LABELS[role].toLowerCase();

/** A new link secret; only its SHA-256 is stored, as for the account links. */
function newInviteToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITE_LIFETIME_DAYS * 86_400_000) };
}

async function inviterName(tx: Prisma.TransactionClient, actor: AuditActor) {
  const inviter = actor.id ? await tx.user.findUnique({ where: { id: actor.id }, select: { name: true } }) : null;
  return inviter?.name || actor.email;
}

const pendingWhere = { acceptedAt: null, revokedAt: null } as const;

/**
 * Invites an address to the staff with a role: the invitation (its link valid for 7 days) and its
 * mail commit together. An address that already holds the role, or has a pending invitation, is
 * refused with 409.
 */
export async function inviteStaff(db: Db, actor: AuditActor, input: InviteStaffInput) {
  const email = input.email.trim().toLowerCase();
  return db.$transaction(async (tx) => {
    const account = await tx.user.findUnique({ where: { email }, select: { id: true, role: true, status: true } });
    if (account?.role === input.role) throw new AppError("CONFLICT", INVITE_MESSAGES.alreadyStaff(email, roleName(input.role)));
    if (account?.status === "suspended") throw new AppError("CONFLICT", INVITE_MESSAGES.suspended(email));
    if (await tx.staffInvite.count({ where: { email, ...pendingWhere, expiresAt: { gt: new Date() } } })) {
      throw new AppError("CONFLICT", INVITE_MESSAGES.alreadyInvited(email));
    }
    const { token, tokenHash, expiresAt } = newInviteToken();
    const invite = await tx.staffInvite.create({
      data: { email, role: input.role, tokenHash, expiresAt, invitedById: actor.id },
    });
    await queueMail(
      tx,
      email,
      {
        kind: "staff-invite",
        inviterName: await inviterName(tx, actor),
        role: roleName(input.role),
        url: inviteUrl(token),
        expiresInDays: INVITE_LIFETIME_DAYS,
      },
      account?.id ?? null,
    );
    await recordAudit(tx, actor, {
      action: "staff.invited",
      targetType: "staff_invite",
      targetId: invite.id,
      after: { email, role: input.role, expiresAt },
    });
    return { id: invite.id, email, role: invite.role, expiresAt };
  });
}

/** The invitations not yet accepted or withdrawn, newest first; expired ones are marked so (send again renews them). */
export async function listPendingInvites(db: Db) {
  const invites = await db.staffInvite.findMany({ where: pendingWhere, orderBy: { createdAt: "desc" }, take: 200 });
  const inviters = await accountsById(
    db,
    invites.map((invite) => invite.invitedById),
  );
  const now = Date.now();
  return invites.map((invite) => ({
    id: invite.id,
    email: invite.email,
    role: invite.role,
    createdAt: invite.createdAt,
    expiresAt: invite.expiresAt,
    expired: invite.expiresAt.getTime() <= now,
    invitedBy: (invite.invitedById && inviters.get(invite.invitedById)?.email) ?? null,
  }));
}

async function pendingInvite(tx: Prisma.TransactionClient, id: string) {
  const invite = await tx.staffInvite.findUnique({ where: { id } });
  if (!invite) throw new AppError("NOT_FOUND", "That invitation does not exist.");
  if (invite.acceptedAt || invite.revokedAt) throw new AppError("CONFLICT", INVITE_MESSAGES.notPending);
  return invite;
}

/** Withdraws a pending invitation: its link stops working. */
export async function revokeInvite(db: Db, actor: AuditActor, id: string) {
  return db.$transaction(async (tx) => {
    const invite = await pendingInvite(tx, id);
    const revokedAt = new Date();
    await tx.staffInvite.update({ where: { id }, data: { revokedAt } });
    await recordAudit(tx, actor, {
      action: "staff.invite_revoked",
      targetType: "staff_invite",
      targetId: id,
      before: { email: invite.email, role: invite.role },
      after: { revokedAt },
    });
    return { id, revokedAt };
  });
}

/** Mails a pending invitation again with a new link, valid 7 days from now; the earlier link stops working. */
export async function resendInvite(db: Db, actor: AuditActor, id: string) {
  return db.$transaction(async (tx) => {
    const invite = await pendingInvite(tx, id);
    const { token, tokenHash, expiresAt } = newInviteToken();
    await tx.staffInvite.update({ where: { id }, data: { tokenHash, expiresAt } });
    const account = await tx.user.findUnique({ where: { email: invite.email }, select: { id: true } });
    await queueMail(
      tx,
      invite.email,
      {
        kind: "staff-invite",
        inviterName: await inviterName(tx, actor),
        role: roleName(invite.role),
        url: inviteUrl(token),
        expiresInDays: INVITE_LIFETIME_DAYS,
      },
      account?.id ?? null,
    );
    await recordAudit(tx, actor, {
      action: "staff.invite_resent",
      targetType: "staff_invite",
      targetId: id,
      before: { expiresAt: invite.expiresAt },
      after: { expiresAt },
    });
    return { id, expiresAt };
  });
}

/** The invitation of a link, or the reason it cannot be used. */
async function usableInvite(db: Db | Prisma.TransactionClient, token: string) {
  const invite = await db.staffInvite.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!invite) throw new AppError("NOT_FOUND", INVITE_MESSAGES.invalid);
  if (invite.acceptedAt) throw new AppError("CONFLICT", INVITE_MESSAGES.used);
  if (invite.revokedAt) throw new AppError("BAD_INPUT", INVITE_MESSAGES.revoked);
  if (invite.expiresAt.getTime() <= Date.now()) throw new AppError("BAD_INPUT", INVITE_MESSAGES.expired);
  return invite;
}

/** What /invite shows before accepting: the address, the role, who invited, and whether the account exists. */
export async function inviteDetails(db: Db, token: string) {
  const invite = await usableInvite(db, token);
  const [account, inviter] = await Promise.all([
    db.user.findUnique({ where: { email: invite.email }, select: { id: true } }),
    invite.invitedById ? db.user.findUnique({ where: { id: invite.invitedById }, select: { name: true } }) : null,
  ]);
  return {
    email: invite.email,
    role: invite.role,
    invitedBy: inviter?.name ?? null,
    expiresAt: invite.expiresAt,
    hasAccount: account !== null,
  };
}

/**
 * Accepts an invitation from its link. A new address gets a verified account (the link reached its
 * mailbox) with the student profile signup creates, its name and password (signup's strength rules);
 * an existing account proves itself with its current password (wrong ones count towards the sign-in
 * throttle). The link is used once: the invitation is marked accepted in the same transaction that
 * gives the role, and the invitee is the actor of the audit row.
 */
export async function acceptInvite(db: Db, input: AcceptInviteInput, ip: string) {
  const invite = await usableInvite(db, input.token);
  const existing = await db.user.findUnique({ where: { email: invite.email } });
  if (existing && input.account === "new") throw new AppError("CONFLICT", INVITE_MESSAGES.accountExists);
  if (!existing && input.account === "existing") throw new AppError("BAD_INPUT", INVITE_MESSAGES.noAccount);

  let passwordHash: string | null = null;
  if (existing) {
    if (existing.status === "suspended") throw new AppError("FORBIDDEN", INVITE_MESSAGES.accountSuspended);
    if (!existing.passwordHash) throw new AppError("BAD_INPUT", INVITE_MESSAGES.noPassword);
    if (await isLoginThrottled(db, existing.email, ip))
      throw new AppError("TOO_MANY_REQUESTS", INVITE_MESSAGES.throttled(loginThrottle().windowMinutes));
    if (!(await verifyPassword(existing.passwordHash, input.password))) {
      await db.loginAttempt.create({ data: { email: existing.email, ip: addressKey(ip), succeeded: false } });
      throw new AppError("BAD_INPUT", INVITE_MESSAGES.wrongPassword);
    }
  } else if (input.account === "new") {
    await assertStrongPassword(input.password, [invite.email, input.firstName, input.lastName]);
    passwordHash = await hashPassword(input.password);
  }

  try {
    return await db.$transaction(
      async (tx) => {
        // Two submits of one link: only the first marks it accepted.
        const claimed = await tx.staffInvite.updateMany({
          where: { id: invite.id, ...pendingWhere, expiresAt: { gt: new Date() } },
          data: { acceptedAt: new Date() },
        });
        if (claimed.count === 0) throw new AppError("CONFLICT", INVITE_MESSAGES.used);

        let user: { id: string; email: string };
        let before: { role: Role } | null = null;
        if (existing) {
          if (existing.role === "admin" && invite.role !== "admin") await assertAnotherAdmin(tx, existing.id);
          before = { role: existing.role };
          user = await tx.user.update({
            where: { id: existing.id },
            data: { role: invite.role, emailVerifiedAt: existing.emailVerifiedAt ?? new Date() },
          });
        } else if (input.account === "new") {
          // Verified: the invitation's link reached this mailbox.
          const account = newAccountData({
            email: invite.email,
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
          });
          user = await tx.user.create({ data: { ...account, role: invite.role, emailVerifiedAt: new Date() } });
        } else {
          throw new AppError("BAD_INPUT", INVITE_MESSAGES.noAccount);
        }
        await recordAudit(
          tx,
          { id: user.id, email: user.email, ip },
          {
            action: "staff.invite_accepted",
            targetType: "staff_invite",
            targetId: invite.id,
            before,
            after: { userId: user.id, role: invite.role, newAccount: !existing },
          },
        );
        return { email: user.email, role: invite.role, newAccount: !existing };
      },
      { isolationLevel: Prisma.TransactionIsolationLevel.Serializable },
    );
  } catch (error) {
    // Someone signed up with the address between the check and the insert.
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", INVITE_MESSAGES.accountExists);
    throw error;
  }
}
