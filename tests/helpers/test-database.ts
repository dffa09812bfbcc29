import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { createDb, type Db } from "~/server/db/client";
import { startEmbeddedDatabase } from "~/server/db/embedded";
import { createServerDatabase, dropServerDatabase } from "./database-templates";

export interface TestDatabase {
  db: Db;
  url: string;
  stop(): Promise<void>;
}

/**
 * A fresh, migrated (and with `seed`, seeded) database for one test file, copied from the run's
 * templates (tests/integration/global-setup.ts): an in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL (created here, dropped in stop()).
 * It also becomes the app's database (DATABASE_URL), so route handlers use it.
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const templates = inject("databaseTemplates");
  const serverUrl = process.env.TEST_DATABASE_URL;
  let url: string;
  let poolMax: number;
  let dispose: () => Promise<void>;
  if (templates.kind === "server" && serverUrl) {
    const name = `test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    url = await createServerDatabase(serverUrl, name, options.seed ? templates.seeded : templates.migrated);
    poolMax = 5;
    dispose = () => dropServerDatabase(serverUrl, name);
  } else if (templates.kind === "embedded") {
    const dump = new Blob([fs.readFileSync(options.seed ? templates.seededDump : templates.migratedDump)]);
    const embedded = await startEmbeddedDatabase({
      socketDir: fs.mkdtempSync(path.join(os.tmpdir(), "pglite-test-")),
      loadDataDir: dump,
    });
    url = embedded.url;
    poolMax = 1;
    dispose = embedded.stop;
  } else {
    throw new Error("The test database templates were made for another database than TEST_DATABASE_URL names.");
  }
  process.env.DATABASE_URL = url;
  process.env.DATABASE_POOL_MAX = String(poolMax);
  const db = createDb({ connectionString: url, poolMax });
  return {
    db,
    url,
    async stop() {
      await db.$disconnect();
      const appDb = (globalThis as { __db?: Db }).__db;
      if (appDb) {
        await appDb.$disconnect();
        delete (globalThis as { __db?: Db }).__db;
      }
      await dispose();
    },
  };
}
