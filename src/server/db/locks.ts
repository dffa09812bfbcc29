import pg from "pg";
import { AppError } from "~/server/errors";
import type { Db } from "./client";

/**
 * PostgreSQL advisory locks, held on a connection of their own for as long as the work runs, so
 * that several app instances on one database take turns. Advisory locks belong to a database
 * session, and the embedded PGlite serves a single session to all its connections: callers inside
 * one process are therefore also coordinated here, in memory.
 */

// Any constants work: every instance of the app uses the same ones.
export const LOCK_IDS = { migrations: 7_302_914_551 } as const;

const queues = new Map<string, Promise<unknown>>();
const keyOf = (connectionString: string, lockId: number) => `${lockId}@${connectionString}`;

async function onLockConnection<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Waits for the lock, then runs `work`; callers run one after the other. */
export function withAdvisoryLock<T>(connectionString: string, lockId: number, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const key = keyOf(connectionString, lockId);
  const run = (queues.get(key) ?? Promise.resolve()).then(() =>
    onLockConnection(connectionString, async (client) => {
      await client.query("SELECT pg_advisory_lock($1)", [lockId]);
      try {
        return await work(client);
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [lockId]);
      }
    }),
  );
  queues.set(
    key,
    run.catch(() => {}),
  );
  return run;
}

export interface LockOptions {
  /** How long the lock holds if its holder dies half-way (a crashed request or instance). */
  ttlMs?: number;
  /** How long a caller waits for the lock before giving up with `busyMessage` (409). */
  waitMs?: number;
  busyMessage?: string;
}

async function tryLock(db: Db, key: string, ttlMs: number): Promise<boolean> {
  const expiresAt = new Date(Date.now() + ttlMs);
  const rows = await db.$queryRaw<Array<{ key: string }>>`
    INSERT INTO "BillingLock" ("key", "expiresAt") VALUES (${key}, ${expiresAt})
    ON CONFLICT ("key") DO UPDATE SET "expiresAt" = EXCLUDED."expiresAt" WHERE "BillingLock"."expiresAt" < now()
    RETURNING "key"`;
  return rows.length > 0;
}

/**
 * The app's one lock: a row per key in PostgreSQL, shared by every instance, so that work on one
 * key (a user's checkout, a user's count-then-insert) runs one at a time. The holder keeps no
 * transaction or connection open, so it may call a payment provider meanwhile, and a lock whose
 * holder died expires. (Only the migration lock above is different: it must work before any table exists.)
 */
export async function withLock<T>(db: Db, key: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const { ttlMs = 60_000, waitMs = 30_000, busyMessage = "This is already being done. Please wait a moment and try again." } = options;
  const deadline = Date.now() + waitMs;
  while (!(await tryLock(db, key, ttlMs))) {
    if (Date.now() > deadline) throw new AppError("CONFLICT", busyMessage);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    return await work();
  } finally {
    await db.billingLock.deleteMany({ where: { key } });
  }
}
