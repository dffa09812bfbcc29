import { randomUUID } from "node:crypto";
import type { PlanId } from "~/lib/plans";
import type { Db, DbOrTx } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { readAssistantSettings } from "../assistant-settings";
import { getEffectivePlan } from "../entitlements.service";

/** A reservation older than this belongs to an answer that can no longer be settled (a crashed server). */
const RESERVATION_TTL_MINUTES = 10;

const LIMIT_REACHED_MESSAGE =
  "You have used all the tokens of your plan for this month. Upgrade your plan on the pricing page to keep asking.";
export const ANONYMOUS_LIMIT_MESSAGE =
  "You have used the free tokens for visitors today. Sign up for a free account (30,000 tokens a month) or see the pricing page to keep asking.";

/** One allowance bucket: who pays, for which period, and how many tokens it holds (null = unlimited). */
interface AllowanceBucket {
  subject: string;
  period: string;
  limit: number | null;
  /** The plan behind a signed-in user's bucket. */
  planId?: PlanId;
}

/** Who is asking: a signed-in user, or an anonymous visitor known by browser session and address. */
export type ChatActor = { userId: string } | { userId: null; sessionId: string | null; ip: string };

/** The allowance period of a signed-in user: the calendar month (UTC), as YYYY-MM. */
export const monthOf = (now: Date) => now.toISOString().slice(0, 7);
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

export interface MonthlyLimit {
  planId: PlanId;
  period: string;
  /** The plan's tokens per month (null = unlimited). */
  planLimit: number | null;
  /** Tokens staff granted for this month (TokenGrant rows). */
  granted: number;
  /** What the user may use this month: the plan's tokens plus the grants; null = unlimited. */
  limit: number | null;
}

/** A user's token limit for the month of `now`: the effective plan's allowance plus that month's grants. */
export async function monthlyLimitFor(db: DbOrTx, userId: string, now = new Date()): Promise<MonthlyLimit> {
  const period = monthOf(now);
  // The plan in force now (subscription, grace period, past due), as billing computes it.
  const [{ plan }, grants] = await Promise.all([
    getEffectivePlan(db, userId, now),
    db.tokenGrant.aggregate({ where: { userId, period }, _sum: { amount: true } }),
  ]);
  const granted = grants._sum.amount ?? 0;
  return {
    planId: plan.id,
    period,
    planLimit: plan.tokensPerMonth,
    granted,
    limit: plan.tokensPerMonth === null ? null : plan.tokensPerMonth + granted,
  };
}

/** The buckets an answer is charged to: the user's month, or the visitor's session and address days. */
async function bucketsFor(db: Db, actor: ChatActor, now = new Date()): Promise<AllowanceBucket[]> {
  if (actor.userId !== null) {
    const { period, limit, planId } = await monthlyLimitFor(db, actor.userId, now);
    return [{ subject: `user:${actor.userId}`, period, limit, planId }];
  }
  // The anonymous allowances are settings of /admin/assistant (the environment gives their defaults).
  const { anonymousAddressTokens, anonymousSessionTokens } = await readAssistantSettings(db);
  const buckets: AllowanceBucket[] = [{ subject: `address:${actor.ip}`, period: dayOf(now), limit: anonymousAddressTokens }];
  if (actor.sessionId) {
    buckets.unshift({ subject: `session:${actor.sessionId}`, period: dayOf(now), limit: anonymousSessionTokens });
  }
  return buckets;
}

export interface Reservation {
  ids: string[];
  /** Tokens granted: the most the answer (prompt included) may be charged. */
  amount: number;
  /** Tokens left after this reservation, or null when unlimited. */
  remaining: number | null;
}

async function ensureBucket(db: Db, bucket: AllowanceBucket): Promise<string> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO "TokenAllowance" (id, subject, period) VALUES (${randomUUID()}, ${bucket.subject}, ${bucket.period})
    ON CONFLICT (subject, period) DO UPDATE SET subject = EXCLUDED.subject
    RETURNING id`;
  return rows[0]!.id;
}

/**
 * Reserves up to `wanted` tokens (at least `minimum`) in one bucket with one SQL statement: the row
 * is locked, the grant is computed from its current used + reserved, the bucket is updated and the
 * reservation recorded, so concurrent requests can never reserve more than the limit.
 * Expired reservations of the bucket are released by the same statement.
 */
async function reserveInBucket(db: Db, bucket: AllowanceBucket, wanted: number, minimum: number) {
  const allowanceId = await ensureBucket(db, bucket);
  const id = randomUUID();
  const limit = bucket.limit;
  const rows = await db.$queryRaw<{ amount: number; remaining: number | null }[]>`
    WITH stale AS (
      DELETE FROM "TokenReservation" WHERE "allowanceId" = ${allowanceId} AND "expiresAt" < now() RETURNING amount
    ), locked AS (
      SELECT a.id,
             a.reserved - COALESCE((SELECT SUM(amount) FROM stale), 0)::int AS reserved,
             a.used,
             CASE WHEN ${limit}::int IS NULL THEN ${wanted}::int
                  ELSE LEAST(${wanted}::int, ${limit}::int - a.used - (a.reserved - COALESCE((SELECT SUM(amount) FROM stale), 0)::int)) END AS grant
      FROM "TokenAllowance" a WHERE a.id = ${allowanceId} FOR UPDATE
    ), updated AS (
      UPDATE "TokenAllowance" a
      SET reserved = l.reserved + CASE WHEN l.grant >= ${minimum}::int THEN l.grant ELSE 0 END, "updatedAt" = now()
      FROM locked l WHERE a.id = l.id
      RETURNING a.id, l.grant, a.used, a.reserved
    ), inserted AS (
      INSERT INTO "TokenReservation" (id, "allowanceId", amount, "expiresAt")
      SELECT ${id}, u.id, u.grant, now() + make_interval(mins => ${RESERVATION_TTL_MINUTES}::int)
      FROM updated u WHERE u.grant >= ${minimum}::int
      RETURNING amount
    )
    SELECT (SELECT amount FROM inserted) AS amount,
           CASE WHEN ${limit}::int IS NULL THEN NULL ELSE ${limit}::int - u.used - u.reserved END AS remaining
    FROM updated u`;
  const row = rows[0];
  if (!row || row.amount === null) return null;
  return { id, amount: row.amount, remaining: row.remaining };
}

/**
 * Reserves tokens for one answer in every bucket of the actor, or throws TOO_MANY_REQUESTS with the
 * message the chat shows. `wanted` is the prompt estimate plus the longest answer; `minimum` the
 * prompt estimate plus a short answer.
 */
export async function reserveTokens(db: Db, actor: ChatActor, wanted: number, minimum: number): Promise<Reservation> {
  const buckets = await bucketsFor(db, actor);
  const granted: { id: string; amount: number; remaining: number | null }[] = [];
  for (const bucket of buckets) {
    const reservation = await reserveInBucket(db, bucket, wanted, minimum);
    if (!reservation) {
      // All or nothing: give back what the other buckets already granted.
      await Promise.all(granted.map((done) => settleReservation(db, done.id, 0)));
      throw new AppError("TOO_MANY_REQUESTS", actor.userId ? LIMIT_REACHED_MESSAGE : ANONYMOUS_LIMIT_MESSAGE);
    }
    granted.push(reservation);
    wanted = Math.min(wanted, reservation.amount); // later buckets need not grant more than the first did
  }
  const amount = Math.min(...granted.map((reservation) => reservation.amount));
  const limited = granted.map((reservation) => reservation.remaining).filter((remaining): remaining is number => remaining !== null);
  return {
    ids: granted.map((reservation) => reservation.id),
    amount,
    remaining: limited.length ? Math.min(...limited) : null,
  };
}

/**
 * Settles one reservation in one SQL statement: deletes it and moves the tokens really used (never
 * more than were reserved) from reserved to used. Settling twice is harmless.
 */
async function settleReservation(db: Db, reservationId: string, usedTokens: number) {
  const used = Math.max(0, Math.round(usedTokens));
  await db.$executeRaw`
    WITH released AS (DELETE FROM "TokenReservation" WHERE id = ${reservationId} RETURNING "allowanceId", amount)
    UPDATE "TokenAllowance" a
    SET reserved = a.reserved - r.amount, used = a.used + LEAST(${used}::int, r.amount), "updatedAt" = now()
    FROM released r WHERE a.id = r."allowanceId"`;
}

export async function settleTokens(db: Db, reservation: Reservation, usedTokens: number) {
  await Promise.all(reservation.ids.map((id) => settleReservation(db, id, usedTokens)));
}

export interface AllowanceStatus {
  plan: PlanId | "anonymous";
  limit: number | null;
  used: number;
  remaining: number | null;
  period: string;
}

/** What the chat shows: tokens used and left in the current period. */
export async function getAllowanceStatus(db: Db, actor: ChatActor, now = new Date()): Promise<AllowanceStatus> {
  const buckets = await bucketsFor(db, actor, now);
  const rows = await db.tokenAllowance.findMany({
    where: { OR: buckets.map((bucket) => ({ subject: bucket.subject, period: bucket.period })) },
  });
  const statuses = buckets.map((bucket) => {
    const row = rows.find((candidate) => candidate.subject === bucket.subject && candidate.period === bucket.period);
    const used = (row?.used ?? 0) + (row?.reserved ?? 0);
    return { ...bucket, used, remaining: bucket.limit === null ? null : Math.max(0, bucket.limit - used) };
  });
  // The tightest bucket is the one the visitor meets first.
  const tightest = statuses.reduce((a, b) => (b.remaining !== null && (a.remaining === null || b.remaining < a.remaining) ? b : a));
  const plan = buckets[0]?.planId ?? "anonymous";
  return { plan, limit: tightest.limit, used: tightest.used, remaining: tightest.remaining, period: tightest.period };
}
