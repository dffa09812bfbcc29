/** `npm run db:migrate` and `npm run db:seed`: on DATABASE_URL, or on the embedded database in .data/. */
import { openDatabase, prepareDatabase } from "../src/server/db/setup";
import { seed } from "../src/server/seed";

const command = process.argv[2];
if (command !== "migrate" && command !== "seed") {
  console.error("Usage: tsx scripts/db.ts migrate|seed");
  process.exit(1);
}
try {
  process.loadEnvFile();
} catch {
  // no .env file: the embedded defaults apply
}
const database = await openDatabase(undefined, { shareRunning: true });
try {
  await prepareDatabase(database.url, { seed: command === "seed" ? seed : undefined });
} finally {
  await database.stop();
}
