import pg from "pg";

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
  queues.set(key, run.catch(() => {}));
  return run;
}
