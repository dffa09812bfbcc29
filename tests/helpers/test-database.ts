import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, type Db } from "~/server/db/client";
import { startEmbeddedDatabase } from "~/server/db/embedded";
import { prepareDatabase } from "~/server/db/setup";
import { seed } from "~/server/seed";

export interface TestDatabase {
  db: Db;
  url: string;
  stop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL (created here, dropped in stop()).
 * It also becomes the app's database (DATABASE_URL), so route handlers use it.
 */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let url: string;
  let poolMax: number;
  let dispose: () => Promise<void>;
  if (serverUrl) {
    const name = `test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const parsed = new URL(serverUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    poolMax = 5;
    dispose = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  } else {
    const embedded = await startEmbeddedDatabase({ socketDir: fs.mkdtempSync(path.join(os.tmpdir(), "pglite-test-")) });
    url = embedded.url;
    poolMax = 1;
    dispose = embedded.stop;
  }
  await prepareDatabase(url, { seed: options.seed ? seed : undefined, log: () => {} });
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
