/**
 * Liveness and readiness. Ready means the database answers within a short time and every migration
 * in the repository is applied, so a load balancer only sends traffic to an instance that can serve it.
 */
import type { Db } from "~/server/db/client";
import { readMigrations } from "~/server/db/migrate";

/** A database that has not answered by then counts as unreachable. */
const DATABASE_TIMEOUT_MS = 2000;

export type Readiness =
  | { ready: true; migrations: number }
  | { ready: false; reason: "database" | "migrations"; message: string; pending?: string[] };

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function readiness(db: Db, expected = readMigrations().map((m) => m.name)): Promise<Readiness> {
  let applied: string[];
  try {
    const rows = await withTimeout(
      db.$queryRaw<
        { name: string }[]
      >`SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      DATABASE_TIMEOUT_MS,
    );
    applied = rows.map((row) => row.name);
  } catch {
    return { ready: false, reason: "database", message: "The database is not reachable." };
  }
  const done = new Set(applied);
  const pending = expected.filter((name) => !done.has(name));
  if (pending.length) return { ready: false, reason: "migrations", message: "Database migrations are pending.", pending };
  return { ready: true, migrations: expected.length };
}
