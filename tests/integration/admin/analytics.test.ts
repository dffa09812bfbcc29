/**
 * /admin/analytics: rows with known times are seeded around a three-day period (1-3 March 2026,
 * UTC), and every figure must equal the count taken by hand below, day by day.
 */
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanId } from "~/lib/plans";
import { publicError } from "~/server/api/trpc";
import type { Db } from "~/server/db/client";
import { createStaff } from "../../helpers/admin";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
let designer: Awaited<ReturnType<typeof createStaff>>;

const at = (iso: string) => new Date(iso);

async function account(
  db: Db,
  fields: {
    createdAt: string;
    verifiedAt?: string;
    plan?: PlanId;
    role?: "user" | "admin";
    status?: "active" | "suspended";
  },
) {
  const id = randomUUID();
  await db.user.create({
    data: {
      id,
      email: `analytics-${id}@example.com`,
      name: "Seeded",
      role: fields.role ?? "user",
      status: fields.status ?? "active",
      createdAt: at(fields.createdAt),
      emailVerifiedAt: fields.verifiedAt ? at(fields.verifiedAt) : null,
      student: {
        create: {
          firstName: "Seeded",
          lastName: "User",
          email: `analytics-${id}@example.com`,
          membershipPlan: fields.plan ?? "free",
        },
      },
    },
  });
  return id;
}

async function session(db: Db, userId: string, createdAt: string, lastSeenAt: string) {
  await db.authSession.create({
    data: {
      id: randomUUID(),
      userId,
      device: "Chrome on Linux",
      userAgent: "test",
      ip: "127.0.0.1",
      createdAt: at(createdAt),
      lastSeenAt: at(lastSeenAt),
      expiresAt: at("2027-01-01T00:00:00Z"),
    },
  });
}

async function answer(db: Db, userId: string | null, createdAt: string, charged: number) {
  await db.tokenUsage.create({
    data: {
      subject: userId ? `user:${userId}` : "address:203.0.113.1",
      userId,
      route: "chat-rag",
      model: "local-knowledge",
      inputTokens: 10,
      outputTokens: charged - 10,
      charged,
      createdAt: at(createdAt),
    },
  });
}

let subscriptionCount = 0;
async function subscription(
  db: Db,
  userId: string,
  planId: PlanId,
  createdAt: string,
  end: {
    status?: "active" | "trialing" | "canceled";
    canceledAt?: string;
    cancelAtPeriodEnd?: boolean;
    periodEnd?: string;
  } = {},
) {
  subscriptionCount += 1;
  await db.subscription.create({
    data: {
      userId,
      gatewaySubscriptionId: `sub_analytics_${subscriptionCount}`,
      customerId: `cus_analytics_${subscriptionCount}`,
      planId,
      status: end.status ?? "active",
      currentPeriodStart: at(createdAt),
      currentPeriodEnd: at(end.periodEnd ?? "2026-12-01T00:00:00Z"),
      cancelAtPeriodEnd: end.cancelAtPeriodEnd ?? false,
      canceledAt: end.canceledAt ? at(end.canceledAt) : null,
      createdAt: at(createdAt),
    },
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  designer = await createStaff(t.db, "designer"); // designer:analytics: the narrowest role with access
  const db = t.db;
  // Customers (role user). The staff account of this file was created today, outside the period.
  const u1 = await account(db, { createdAt: "2026-03-01T10:00:00Z", verifiedAt: "2026-03-01T11:00:00Z", plan: "free" });
  const u2 = await account(db, {
    createdAt: "2026-03-01T23:59:59Z",
    verifiedAt: "2026-03-02T00:00:30Z",
    plan: "unlimited",
  });
  const u3 = await account(db, { createdAt: "2026-03-03T12:00:00Z", plan: "unlimited" });
  const u4 = await account(db, {
    createdAt: "2026-02-28T23:59:59Z",
    verifiedAt: "2026-03-02T08:00:00Z",
    plan: "pro",
    status: "suspended",
  });
  const u5 = await account(db, { createdAt: "2026-03-04T00:00:00Z", plan: "pro" });
  const u6 = await account(db, { createdAt: "2025-12-01T09:00:00Z", verifiedAt: "2025-12-01T09:30:00Z", plan: "pro" });
  // Staff are not customers: left out of every figure.
  const staff = await account(db, {
    createdAt: "2026-03-02T09:00:00Z",
    verifiedAt: "2026-03-02T09:05:00Z",
    role: "admin",
    plan: "pro",
  });

  await session(db, u1, "2026-03-01T10:00:00Z", "2026-03-03T09:00:00Z"); // u1 active on 1 and 3 March
  await session(db, u2, "2026-02-27T10:00:00Z", "2026-03-02T10:00:00Z"); // u2 active on 2 March
  await session(db, staff, "2026-03-02T09:10:00Z", "2026-03-02T09:20:00Z");
  await answer(db, u2, "2026-03-02T11:00:00Z", 100); // u2 again on 2 March
  await answer(db, u3, "2026-03-03T13:00:00Z", 250); // u3 on 3 March
  await answer(db, null, "2026-03-01T05:00:00Z", 40); // an anonymous visitor's answer
  await answer(db, staff, "2026-03-02T12:00:00Z", 10);
  await answer(db, u1, "2026-03-04T00:00:00Z", 999); // after the period
  await answer(db, u1, "2026-02-28T23:59:59Z", 999); // before it

  await subscription(db, u2, "pro", "2026-02-10T00:00:00Z", { status: "canceled", canceledAt: "2026-02-25T00:00:00Z" }); // ended before
  await subscription(db, u2, "unlimited", "2026-03-02T15:00:00Z"); // not u2's first paid subscription
  await subscription(db, u3, "unlimited", "2026-03-03T12:30:00Z", { status: "trialing" }); // converts
  await subscription(db, u1, "pro", "2026-03-01T12:00:00Z", { status: "canceled", canceledAt: "2026-03-02T09:00:00Z" }); // converts, ends
  await subscription(db, u4, "pro", "2026-01-15T00:00:00Z", {
    status: "canceled",
    cancelAtPeriodEnd: true,
    canceledAt: "2026-02-20T00:00:00Z",
    periodEnd: "2026-03-03T10:00:00Z",
  }); // running at start, ends
  await subscription(db, u5, "pro", "2026-03-04T08:00:00Z"); // after the period
  await subscription(db, u6, "pro", "2026-01-01T00:00:00Z"); // running at start, still running
  await subscription(db, staff, "pro", "2026-03-02T10:00:00Z");
});
afterAll(() => t?.stop());

describe("the analytics report", () => {
  it("equals the hand count, day by day and in total", async () => {
    const report = await designer.caller.admin.analytics.report({ from: "2026-03-01", to: "2026-03-03" });
    expect(report.days).toEqual([
      // sign-ups u1 u2; verified u1; active u1; one anonymous answer of 40 tokens
      { day: "2026-03-01", signups: 2, verified: 1, activeUsers: 1, answers: 1, tokens: 40 },
      // verified u2 u4; active u2 (session and answer); answers u2 100 + staff 10
      { day: "2026-03-02", signups: 0, verified: 2, activeUsers: 1, answers: 2, tokens: 110 },
      // sign-up u3; active u1 (last seen) u3 (answer); answer u3 250
      { day: "2026-03-03", signups: 1, verified: 0, activeUsers: 2, answers: 1, tokens: 250 },
    ]);
    expect(report.totals).toEqual({ signups: 3, verified: 3, activeUsers: 3, answers: 4, tokens: 400, conversions: 2 });
    // Active customers now: u1 free; u5 u6 pro; u2 u3 unlimited (u4 is suspended, staff are not customers).
    expect(report.planMix).toEqual([
      { planId: "free", users: 1 },
      { planId: "pro", users: 2 },
      { planId: "unlimited", users: 2 },
    ]);
    // Ended in the period: u1's (cancelled 2 March) and u4's (period ended 3 March); running at the
    // start: u4's and u6's, of which u4's ended.
    expect(report.churn).toEqual({ ended: 2, activeAtStart: 2, endedOfActiveAtStart: 1, rate: 0.5 });
  });

  it("shows every day of the period, empty days as zeros", async () => {
    const report = await designer.caller.admin.analytics.report({ from: "2026-02-26", to: "2026-03-05" });
    expect(report.days.map((day) => day.day)).toEqual([
      "2026-02-26",
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
    ]);
    expect(report.days[0]).toEqual({
      day: "2026-02-26",
      signups: 0,
      verified: 0,
      activeUsers: 0,
      answers: 0,
      tokens: 0,
    });
    // 27 Feb: u2's sign-in; 28 Feb: u4's sign-up and u1's answer just before midnight (UTC); 4 March: u5, and u1's answer.
    expect(report.days[1]).toMatchObject({ activeUsers: 1 });
    expect(report.days[2]).toMatchObject({ signups: 1, activeUsers: 1, answers: 1, tokens: 999 });
    expect(report.days[6]).toMatchObject({ signups: 1, activeUsers: 1, answers: 1, tokens: 999 });
    expect(report.totals).toMatchObject({ signups: 5, activeUsers: 3, answers: 6, tokens: 2398, conversions: 3 }); // u5 converts on 4 March
    // Running at 26 Feb: u4's and u6's (u2's first ended on 25 Feb).
    expect(report.churn).toMatchObject({ ended: 2, activeAtStart: 2, endedOfActiveAtStart: 1 });
  });

  it("agrees with the tables read one by one", async () => {
    const period = { from: "2026-03-01", to: "2026-03-03" };
    const report = await designer.caller.admin.analytics.report(period);
    const start = at("2026-03-01T00:00:00Z");
    const end = at("2026-03-04T00:00:00Z");
    expect(report.totals.signups).toBe(await t.db.user.count({ where: { role: "user", createdAt: { gte: start, lt: end } } }));
    expect(report.totals.verified).toBe(await t.db.user.count({ where: { role: "user", emailVerifiedAt: { gte: start, lt: end } } }));
    expect(report.totals.answers).toBe(await t.db.tokenUsage.count({ where: { createdAt: { gte: start, lt: end } } }));
    expect(report.totals.tokens).toBe(
      (await t.db.tokenUsage.aggregate({ where: { createdAt: { gte: start, lt: end } }, _sum: { charged: true } }))._sum.charged,
    );
  });

  it("refuses a period that ends before it starts, longer than two years, or with a day that does not exist", async () => {
    for (const [period, message] of [
      [{ from: "2026-03-03", to: "2026-03-01" }, "The period must end on or after its first day"],
      [{ from: "2020-01-01", to: "2026-01-01" }, "A period can be at most two years"],
      [{ from: "2026-02-30", to: "2026-03-01" }, "Dates must be real calendar days (YYYY-MM-DD)"],
    ] as const) {
      const error = await designer.caller.admin.analytics.report(period).catch((caught: TRPCError) => caught);
      expect(error).toBeInstanceOf(TRPCError);
      expect(publicError(error as TRPCError).message).toBe(message);
    }
  });
});
