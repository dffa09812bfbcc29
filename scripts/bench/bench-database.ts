import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb, type Db } from "../../src/server/db/client";
import { startEmbeddedDatabase } from "../../src/server/db/embedded";
import { prepareDatabase } from "../../src/server/db/setup";

/**
 * Runs a benchmark on a migrated scratch database: a throw-away in-memory PGlite, or
 * BENCH_DATABASE_URL (an empty scratch PostgreSQL database; `null`: PGlite all the same). `where`
 * names it for the printout.
 */
export async function withBenchDatabase(
  run: (db: Db, where: string) => Promise<void>,
  scratchUrl = process.env.BENCH_DATABASE_URL || null,
) {
  const embedded = scratchUrl ? null : await startEmbeddedDatabase({ socketDir: fs.mkdtempSync(path.join(os.tmpdir(), "pglite-bench-")) });
  const url = scratchUrl ?? embedded!.url;
  const db = createDb({ connectionString: url, poolMax: embedded ? 1 : 5 });
  try {
    await prepareDatabase(url, { log: () => {} });
    await run(db, embedded ? "embedded PGlite (in memory)" : "BENCH_DATABASE_URL");
  } finally {
    await db.$disconnect();
    await embedded?.stop();
  }
}
