import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { log } from "~/server/observability/log";
import { LOCK_IDS, withAdvisoryLock } from "./locks";

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma", "migrations");

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Runs `work` while holding the migration advisory lock, so that several app instances starting
 * at once migrate and seed one after the other.
 */
export function withMigrationLock<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withAdvisoryLock(connectionString, LOCK_IDS.migrations, work);
}

/**
 * Applies the pending migrations in order, each in its own transaction, and records them in
 * Prisma's `_prisma_migrations` table (same columns, so Prisma's own tools agree with us).
 * Returns the names of the migrations it applied.
 */
export async function applyMigrations(client: pg.Client, migrations = readMigrations()): Promise<string[]> {
  await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);
  const { rows } = await client.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
  const done: string[] = [];
  for (const migration of migrations) {
    const recorded = applied.get(migration.name);
    if (recorded !== undefined) {
      if (recorded !== migration.checksum) {
        log.warn({ migration: migration.name }, "a migration was changed after it was applied; it is not applied again");
      }
      continue;
    }
    await client.query("BEGIN");
    try {
      await client.query(migration.sql);
      await client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), now(), 1)`,
        [randomUUID(), migration.checksum, migration.name],
      );
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
    }
    done.push(migration.name);
  }
  return done;
}
