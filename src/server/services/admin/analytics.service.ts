/**
 * /admin/analytics: the product's figures over a period of UTC days, computed by SQL on the real
 * tables (nothing is counted twice or kept aside). Definitions, also shown on the page:
 * - customers are accounts with the role "user" (staff are left out of every figure);
 * - sign-ups: accounts created that day; verified: email addresses verified that day;
 * - active users: customers who, that day, signed in (a session created), were last seen on a
 *   session, or got an answer from the assistant. A session keeps only its last activity, so a user
 *   who stays signed in without chatting counts on the day of the sign-in and of the last visit;
 * - answers: the assistant's answers (one TokenUsage row each, anonymous visitors included), and the
 *   tokens charged for them;
 * - plan mix: the plan of every active customer now;
 * - conversions: customers whose first subscription to a paid plan (a trial included) started in the period;
 * - churn: subscriptions to a paid plan that ended in the period (at the end of their period when
 *   cancelled for then, else when cancelled), and the rate among those running at the period's start.
 */
import { Prisma } from "~/generated/prisma/client";
import { PLAN_IDS, type PlanId } from "~/lib/plans";
import type { Period } from "~/lib/schemas/admin";
import type { Db } from "~/server/db/client";

export interface AnalyticsDay {
  day: string;
  signups: number;
  verified: number;
  activeUsers: number;
  answers: number;
  tokens: number;
}

/** (user, day) pairs of activity within the period: sign-ins, last-seen sessions, answers. */
function activityPairs(period: Period) {
  const within = (column: Prisma.Sql) => Prisma.sql`${column} >= ${period.from}::date AND ${column} < ${period.to}::date + 1`;
  return Prisma.sql`
    SELECT activity."userId", activity.day
    FROM (
      SELECT "userId", "createdAt"::date AS day FROM "AuthSession" WHERE ${within(Prisma.sql`"createdAt"`)}
      UNION
      SELECT "userId", "lastSeenAt"::date FROM "AuthSession" WHERE ${within(Prisma.sql`"lastSeenAt"`)}
      UNION
      SELECT "userId", "createdAt"::date FROM "TokenUsage" WHERE "userId" IS NOT NULL AND ${within(Prisma.sql`"createdAt"`)}
    ) AS activity
    JOIN "User" u ON u.id = activity."userId" AND u.role = 'user'`;
}

async function analyticsByDay(db: Db, period: Period): Promise<AnalyticsDay[]> {
  const rows = await db.$queryRaw<
    { day: string; signups: number; verified: number; activeUsers: number; answers: number; tokens: bigint }[]
  >`
    WITH days AS (
      SELECT d::date AS day FROM generate_series(${period.from}::timestamp, ${period.to}::timestamp, interval '1 day') AS d
    ), signups AS (
      SELECT "createdAt"::date AS day, count(*)::int AS n FROM "User"
      WHERE role = 'user' AND "createdAt" >= ${period.from}::date AND "createdAt" < ${period.to}::date + 1 GROUP BY 1
    ), verified AS (
      SELECT "emailVerifiedAt"::date AS day, count(*)::int AS n FROM "User"
      WHERE role = 'user' AND "emailVerifiedAt" >= ${period.from}::date AND "emailVerifiedAt" < ${period.to}::date + 1 GROUP BY 1
    ), active AS (
      SELECT pairs.day, count(DISTINCT pairs."userId")::int AS n FROM (${activityPairs(period)}) AS pairs GROUP BY 1
    ), answers AS (
      SELECT "createdAt"::date AS day, count(*)::int AS n, coalesce(sum(charged), 0)::bigint AS tokens FROM "TokenUsage"
      WHERE "createdAt" >= ${period.from}::date AND "createdAt" < ${period.to}::date + 1 GROUP BY 1
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
           coalesce(signups.n, 0) AS signups,
           coalesce(verified.n, 0) AS verified,
           coalesce(active.n, 0) AS "activeUsers",
           coalesce(answers.n, 0) AS answers,
           coalesce(answers.tokens, 0)::bigint AS tokens
    FROM days
    LEFT JOIN signups USING (day) LEFT JOIN verified USING (day) LEFT JOIN active USING (day) LEFT JOIN answers USING (day)
    ORDER BY days.day`;
  return rows.map((row) => ({ ...row, tokens: Number(row.tokens) }));
}

/** Customers active on at least one day of the period (each counted once). */
async function activeUsersInPeriod(db: Db, period: Period): Promise<number> {
  const [row] = await db.$queryRaw<
    { n: number }[]
  >`SELECT count(DISTINCT pairs."userId")::int AS n FROM (${activityPairs(period)}) AS pairs`;
  return row?.n ?? 0;
}

/** The plan of every active customer now. */
async function planMix(db: Db): Promise<{ planId: PlanId; users: number }[]> {
  const groups = await db.student.groupBy({
    by: ["membershipPlan"],
    where: { user: { role: "user", status: "active" } },
    _count: { _all: true },
  });
  return PLAN_IDS.map((planId) => ({
    planId,
    users: groups.find((group) => group.membershipPlan === planId)?._count._all ?? 0,
  }));
}

/** Customers whose first subscription to a paid plan started in the period. */
async function conversions(db: Db, period: Period): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (
      SELECT s."userId", min(s."createdAt") AS first_paid
      FROM "Subscription" s JOIN "User" u ON u.id = s."userId" AND u.role = 'user'
      WHERE s."planId" <> 'free'
      GROUP BY s."userId"
    ) AS firsts
    WHERE first_paid >= ${period.from}::date AND first_paid < ${period.to}::date + 1`;
  return row?.n ?? 0;
}

export interface Churn {
  /** Paid subscriptions that ended in the period. */
  ended: number;
  /** Paid subscriptions running when the period started. */
  activeAtStart: number;
  /** Of those, how many ended in the period. */
  endedOfActiveAtStart: number;
  /** endedOfActiveAtStart / activeAtStart, or null when none was running. */
  rate: number | null;
}

async function churn(db: Db, period: Period): Promise<Churn> {
  const [row] = await db.$queryRaw<Omit<Churn, "rate">[]>`
    WITH paid AS (
      SELECT s."createdAt",
             CASE WHEN s.status = 'canceled' THEN
               CASE WHEN s."cancelAtPeriodEnd" THEN s."currentPeriodEnd" ELSE coalesce(s."canceledAt", s."currentPeriodEnd") END
             END AS ended_at
      FROM "Subscription" s JOIN "User" u ON u.id = s."userId" AND u.role = 'user'
      WHERE s."planId" <> 'free' AND s.status <> 'incomplete'
    )
    SELECT
      count(*) FILTER (WHERE ended_at >= ${period.from}::date AND ended_at < ${period.to}::date + 1)::int AS ended,
      count(*) FILTER (WHERE "createdAt" < ${period.from}::date AND (ended_at IS NULL OR ended_at >= ${period.from}::date))::int AS "activeAtStart",
      count(*) FILTER (WHERE "createdAt" < ${period.from}::date AND ended_at >= ${period.from}::date AND ended_at < ${period.to}::date + 1)::int AS "endedOfActiveAtStart"
    FROM paid`;
  const figures = row ?? { ended: 0, activeAtStart: 0, endedOfActiveAtStart: 0 };
  return { ...figures, rate: figures.activeAtStart ? figures.endedOfActiveAtStart / figures.activeAtStart : null };
}

/** Everything /admin/analytics shows for a period. */
export async function analyticsReport(db: Db, period: Period) {
  const days = await analyticsByDay(db, period);
  const sum = (key: "signups" | "verified" | "answers" | "tokens") => days.reduce((total, day) => total + day[key], 0);
  return {
    period,
    days,
    totals: {
      signups: sum("signups"),
      verified: sum("verified"),
      activeUsers: await activeUsersInPeriod(db, period),
      answers: sum("answers"),
      tokens: sum("tokens"),
      conversions: await conversions(db, period),
    },
    planMix: await planMix(db),
    churn: await churn(db, period),
  };
}
