/**
 * `npm run db:migrate` and `npm run db:seed`: on DATABASE_URL, or on the embedded database in .data/.
 * `npm run db:backup [file]` and `npm run db:restore <file>`: the embedded database (PostgreSQL has
 * pg_dump and pg_restore, see the README).
 */

import { env } from "../src/env";
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from "../src/server/db/backup";
import { dataDir, openDatabase, prepareDatabase } from "../src/server/db/setup";
import { seed } from "../src/server/seed";

const USAGE = "Usage: tsx scripts/db.ts migrate | seed | backup [file] | restore <file>";
const [command, file] = process.argv.slice(2);
if (!command || !["migrate", "seed", "backup", "restore"].includes(command) || (command === "restore" && !file)) {
  console.error(USAGE);
  process.exit(1);
}
try {
  process.loadEnvFile();
} catch {
  // no .env file: the embedded defaults apply
}

if (command === "backup" || command === "restore") {
  if (env.DATABASE_URL) {
    console.error(`DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (README, "Backups").`);
    process.exit(1);
  }
  try {
    if (command === "backup") {
      const { file: written, fromRunningApp } = await backupEmbeddedDatabase(dataDir(), file);
      console.log(`Backup written to ${written}${fromRunningApp ? " (by the running app)" : ""}.`);
    } else {
      const { previous } = await restoreEmbeddedDatabase(dataDir(), file!);
      console.log(
        `Restored ${file}.${previous ? ` The database it replaced is kept in ${previous}; delete it once you no longer need it.` : ""}`,
      );
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  process.exit(0);
}

const database = await openDatabase(undefined, { shareRunning: true });
try {
  await prepareDatabase(database.url, { seed: command === "seed" ? seed : undefined });
} finally {
  await database.stop();
}
