/**
 * /admin/customers: the student list (search, filters, sort, paging), a student's page with real
 * numbers, and the account actions (suspend, reactivate, sign out everywhere, grant tokens, resend
 * verification), each audited; a grant raises the monthly allowance so a user at the limit can chat again.
 */
import { addDays, subDays } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALREADY_VERIFIED_MESSAGE, CUSTOMER_NOT_FOUND } from "~/server/services/admin/customers.service";
import { resolveSession } from "~/server/services/sessions.service";
import { createStaff } from "../../helpers/admin";
import { callerFor, createUser, sessionCookie, signInAs } from "../../helpers/session";
import type { TestDatabase } from "../../helpers/test-database";
import { ask, postChat, type StreamRoute, settled, setUpChat } from "../chat-helpers";
import { createCoachRecord, createServiceRequest, rejection } from "./fixtures";

let t: TestDatabase;
let chat: StreamRoute;
let backoffice: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "DEEPSEEK_API_KEY"]) delete process.env[name];
  ({ database: t, chat } = await setUpChat());
  backoffice = await createStaff(t.db, "backoffice");
});
afterAll(() => t?.stop());

const admin = () => backoffice.caller.admin.customers;
const month = () => new Date().toISOString().slice(0, 7);

function auditRows(action: string, targetId: string) {
  return t.db.auditLog.findMany({ where: { action, targetId }, orderBy: { createdAt: "asc" } });
}

async function subscribe(
  userId: string,
  planId: "pro" | "unlimited",
  overrides: { createdAt?: Date; status?: "active" | "canceled" } = {},
) {
  const now = new Date();
  await t.db.student.update({ where: { userId }, data: { membershipPlan: planId } });
  return t.db.subscription.create({
    data: {
      userId,
      gatewaySubscriptionId: `sub_${planId}_${userId}_${Math.random()}`,
      customerId: `cus_${userId}`,
      planId,
      status: overrides.status ?? "active",
      currentPeriodStart: subDays(now, 1),
      currentPeriodEnd: addDays(now, 29),
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    },
  });
}

describe("the customer list", () => {
  it("searches name and email in any case, filters plan, status and verification, sorts and pages; staff are not customers", async () => {
    const tag = `zq${Date.now()}`;
    const lena = await createUser(t.db, {
      firstName: "Lena",
      lastName: `Schmidt${tag}`,
      email: `lena.${tag}@example.com`,
    });
    const omar = await createUser(t.db, {
      firstName: "Omar",
      lastName: `Haddad${tag}`,
      email: `omar.${tag}@example.com`,
      verified: false,
    });
    const ana = await createUser(t.db, { firstName: "Ana", lastName: `Lima${tag}`, email: `ana.${tag}@example.com` });
    await subscribe(ana.claims.id, "pro");
    await t.db.user.update({ where: { id: omar.claims.id }, data: { status: "suspended", lastLoginAt: new Date() } });
    await createStaff(t.db, "designer"); // a staff account is never listed
    await t.db.user.update({ where: { id: lena.claims.id }, data: { name: `Lena Schmidt${tag}` } });

    const all = await admin().list({ q: tag.toUpperCase(), sort: "name", dir: "asc" });
    expect(all.total).toBe(3);
    expect(all.rows.map((row) => row.email)).toEqual([ana.email, lena.email, omar.email]);
    expect(all.rows[0]).toMatchObject({ plan: "pro", status: "active", verified: true });

    expect((await admin().list({ q: `LENA.${tag}` })).rows.map((row) => row.id)).toEqual([lena.claims.id]);
    expect((await admin().list({ q: `haddad${tag}` })).rows.map((row) => row.id)).toEqual([omar.claims.id]);
    expect((await admin().list({ q: tag, plan: "pro" })).rows.map((row) => row.id)).toEqual([ana.claims.id]);
    expect((await admin().list({ q: tag, plan: "free" })).total).toBe(2);
    expect((await admin().list({ q: tag, status: "suspended" })).rows.map((row) => row.id)).toEqual([omar.claims.id]);
    expect((await admin().list({ q: tag, verified: "no" })).rows.map((row) => row.id)).toEqual([omar.claims.id]);
    expect((await admin().list({ q: tag, verified: "yes", status: "active" })).total).toBe(2);
    // Never signed in sorts last either way.
    expect((await admin().list({ q: tag, sort: "lastLoginAt", dir: "desc" })).rows[0]!.id).toBe(omar.claims.id);
    expect((await admin().list({ q: tag, sort: "lastLoginAt", dir: "asc" })).rows[0]!.id).toBe(omar.claims.id);

    const page2 = await admin().list({ q: tag, sort: "name", dir: "asc", page: 2, pageSize: 10 });
    expect(page2).toMatchObject({ rows: [], total: 3, page: 2 });
    const everyone = await admin().list({ pageSize: 100 });
    expect(everyone.rows.every((row) => row.email !== backoffice.email)).toBe(true);

    expect((await rejection(admin().list({ plan: "gold" as "pro" }))).message).toBe("Choose a plan: free, pro or unlimited");
  });
});

describe("a customer's page", () => {
  it("shows profile, plan history, tokens with grants, payments, requests, applications, conversations and live sessions", async () => {
    const user = await createUser(t.db, { firstName: "Mira", lastName: "Kaya" });
    const id = user.claims.id;
    await t.db.student.update({
      where: { userId: id },
      data: { phone: "+49 30 1234567", nationality: "Turkey", country: "Germany" },
    });
    const older = await subscribe(id, "pro", { createdAt: subDays(new Date(), 60), status: "canceled" });
    const current = await subscribe(id, "unlimited");
    await t.db.billingTransaction.create({
      data: {
        userId: id,
        gatewayObjectId: `in_${id}`,
        description: "Unlimited plan",
        planId: "unlimited",
        amountCents: 2900,
        currency: "eur",
        status: "succeeded",
        paidAt: new Date(),
      },
    });
    const coach = await createCoachRecord(t.db, { displayName: "Jonas Berger" });
    const request = await createServiceRequest(t.db, id, { service: "document-review" });
    await t.db.serviceRequest.update({ where: { id: request.id }, data: { assignedCoachId: coach.id } });
    await t.db.universityApplication.create({
      data: {
        userId: id,
        university: "TU Berlin",
        programme: "Computer Science",
        programType: "master",
        deadline: new Date("2027-01-15"),
      },
    });
    await t.db.conversation.createMany({
      data: [
        { id: `c1-${id}`, userId: id, title: "Visa" },
        { id: `c2-${id}`, userId: id, title: "Housing" },
      ],
    });
    const live = await signInAs(t.db, user.claims);
    const ended = await signInAs(t.db, user.claims, "Mozilla/5.0 (iPhone) Safari/605.1.15");
    await t.db.authSession.update({ where: { id: ended.sessionId! }, data: { revokedAt: new Date() } });
    await t.db.tokenAllowance.create({ data: { subject: `user:${id}`, period: month(), used: 1234 } });
    await t.db.tokenGrant.create({ data: { userId: id, period: "2000-01", amount: 999, reason: "Another month" } });

    const detail = await admin().get({ id });
    expect(detail.account).toMatchObject({ id, email: user.email, status: "active", twoFactorEnabled: false });
    expect(detail.profile).toMatchObject({
      firstName: "Mira",
      lastName: "Kaya",
      phone: "+49 30 1234567",
      nationality: "Turkey",
      country: "Germany",
    });
    expect(detail.plan).toMatchObject({ membershipPlan: "unlimited", effectivePlan: "unlimited", state: "active" });
    expect(detail.plan.history.map((row) => row.id)).toEqual([current.id, older.id]);
    expect(detail.plan.history[1]).toMatchObject({ planId: "pro", status: "canceled" });
    // Unlimited stays unlimited; grants of other months do not count.
    expect(detail.tokens).toMatchObject({
      period: month(),
      used: 1234,
      planLimit: null,
      granted: 0,
      limit: null,
      remaining: null,
    });
    expect(detail.grants).toEqual([]);
    expect(detail.transactions).toMatchObject([{ description: "Unlimited plan", amountCents: 2900, status: "succeeded" }]);
    expect(detail.serviceRequests).toMatchObject([
      { id: request.id, service: "document-review", status: "pending", coach: { displayName: "Jonas Berger" } },
    ]);
    expect(detail.applications).toMatchObject([{ university: "TU Berlin", deadline: "2027-01-15", status: "not_applied" }]);
    expect(detail.conversations).toBe(2);
    expect(detail.sessions.map((session) => session.id)).toEqual([live.sessionId]);
  });

  it("answers 404 for an unknown id and for a staff account", async () => {
    for (const id of ["no-such-user", backoffice.claims.id]) {
      const error = await rejection(admin().get({ id }));
      expect(error.code).toBe("NOT_FOUND");
      expect(error.message).toBe(CUSTOMER_NOT_FOUND);
    }
    expect((await rejection(admin().get({ id: "" }))).code).toBe("BAD_REQUEST");
  });
});

describe("account actions", () => {
  it("suspends (sessions end at once) and reactivates, with an audit row each; 404 for unknown and staff ids", async () => {
    const user = await createUser(t.db);
    const signedIn = await signInAs(t.db, user.claims);
    expect(await admin().suspend({ userId: user.claims.id })).toMatchObject({ status: "suspended", changed: true });
    expect(await resolveSession(t.db, user.claims.id, signedIn.sessionId!)).toBeNull();
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.claims.id } })).status).toBe("suspended");
    expect((await admin().get({ id: user.claims.id })).sessions).toEqual([]);
    const [suspended] = await auditRows("account.suspended", user.claims.id);
    expect(suspended).toMatchObject({
      actorId: backoffice.claims.id,
      actorEmail: backoffice.email,
      targetType: "user",
      before: { status: "active" },
      after: { status: "suspended" },
    });

    // A second click changes nothing and writes nothing.
    expect(await admin().suspend({ userId: user.claims.id })).toMatchObject({ changed: false });
    expect(await auditRows("account.suspended", user.claims.id)).toHaveLength(1);

    expect(await admin().reactivate({ userId: user.claims.id })).toMatchObject({ status: "active", changed: true });
    expect(await auditRows("account.reactivated", user.claims.id)).toHaveLength(1);

    const admins = await createStaff(t.db, "admin");
    for (const userId of ["missing", admins.claims.id]) {
      expect((await rejection(admin().suspend({ userId }))).code).toBe("NOT_FOUND");
    }
    expect((await t.db.user.findUniqueOrThrow({ where: { id: admins.claims.id } })).status).toBe("active");
  });

  it("signs a student out everywhere: every live session ends, the audit row counts them", async () => {
    const user = await createUser(t.db);
    const first = await signInAs(t.db, user.claims);
    const second = await signInAs(t.db, user.claims, "Mozilla/5.0 (Macintosh) Firefox/140.0");
    expect(await admin().signOutEverywhere({ userId: user.claims.id })).toEqual({ sessionsEnded: 2 });
    expect(await resolveSession(t.db, user.claims.id, first.sessionId!)).toBeNull();
    expect(await resolveSession(t.db, user.claims.id, second.sessionId!)).toBeNull();
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.claims.id } })).status).toBe("active");
    expect(await auditRows("customer.signed_out_everywhere", user.claims.id)).toMatchObject([{ after: { sessionsEnded: 2 } }]);
    expect((await rejection(admin().signOutEverywhere({ userId: "missing" }))).code).toBe("NOT_FOUND");
  });

  it("a token grant raises the month's allowance: a Free user at the limit can chat again", async () => {
    const user = await createUser(t.db);
    const cookie = await sessionCookie(t.db, user.claims);
    await t.db.tokenAllowance.create({ data: { subject: `user:${user.claims.id}`, period: month(), used: 30_000 } });
    const refused = await postChat(chat, { messages: ask("How much money do I need in a blocked account?") }, { cookie });
    expect(refused.status).toBe(429);
    await refused.text();

    const result = await admin().grantTokens({
      userId: user.claims.id,
      amount: 20_000,
      reason: "  Outage on the 3rd  ",
    });
    expect(result).toMatchObject({
      limit: 50_000,
      planLimit: 30_000,
      granted: 20_000,
      grant: { period: month(), amount: 20_000, reason: "Outage on the 3rd", grantedById: backoffice.claims.id },
    });
    expect(await callerFor(t.db, user.claims).chat.allowance()).toMatchObject({
      plan: "free",
      limit: 50_000,
      used: 30_000,
      remaining: 20_000,
    });
    const [audit] = await auditRows("customer.tokens_granted", user.claims.id);
    expect(audit).toMatchObject({
      actorEmail: backoffice.email,
      after: { grantId: result.grant.id, period: month(), amount: 20_000, reason: "Outage on the 3rd" },
    });

    const answered = await postChat(chat, { messages: ask("How much money do I need in a blocked account?") }, { cookie });
    expect(answered.status).toBe(200);
    await answered.text();
    await settled(t.db);

    const detail = await admin().get({ id: user.claims.id });
    expect(detail.tokens.limit).toBe(50_000);
    expect(detail.tokens.used).toBeGreaterThan(30_000);
    expect(detail.grants).toMatchObject([
      { amount: 20_000, reason: "Outage on the 3rd", grantedBy: `${backoffice.claims.name} <${backoffice.email}>` },
    ]);
  });

  it("refuses a grant without a reason, out of range, or for an unknown account", async () => {
    const user = await createUser(t.db);
    expect((await rejection(admin().grantTokens({ userId: user.claims.id, amount: 100, reason: "   " }))).message).toBe(
      "Give a reason for the grant",
    );
    expect((await rejection(admin().grantTokens({ userId: user.claims.id, amount: 1_000_001, reason: "Too much" }))).message).toBe(
      "Grant between 1 and 1,000,000 tokens",
    );
    expect((await rejection(admin().grantTokens({ userId: user.claims.id, amount: 1.5, reason: "Half" }))).code).toBe("BAD_REQUEST");
    expect((await rejection(admin().grantTokens({ userId: "missing", amount: 100, reason: "Nobody" }))).code).toBe("NOT_FOUND");
    expect(await t.db.tokenGrant.count({ where: { userId: user.claims.id } })).toBe(0);
  });

  it("resends the verification mail to an unverified address (the old link stops working); refuses a verified one with 409", async () => {
    const user = await createUser(t.db, { verified: false });
    const before = await t.db.accountToken.findFirstOrThrow({
      where: { userId: user.claims.id, purpose: "verify_email" },
    });
    expect(await admin().resendVerification({ userId: user.claims.id })).toEqual({ email: user.email });
    const mails = await t.db.mailMessage.findMany({
      where: { to: user.email, kind: "verify-email" },
      orderBy: { createdAt: "asc" },
    });
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("/verify-email?token=");
    expect(await t.db.accountToken.findUnique({ where: { id: before.id } })).toBeNull();
    expect(await auditRows("customer.verification_resent", user.claims.id)).toMatchObject([{ after: { mailId: mails[1]!.id } }]);

    const verified = await createUser(t.db);
    const error = await rejection(admin().resendVerification({ userId: verified.claims.id }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(ALREADY_VERIFIED_MESSAGE);
    expect(await t.db.mailMessage.count({ where: { to: verified.email, kind: "verify-email" } })).toBe(1);
    expect((await rejection(admin().resendVerification({ userId: "missing" }))).code).toBe("NOT_FOUND");
  });
});
