import path from "node:path";
import { env } from "~/env";
import { createDb, type Db } from "./client";
import { runningEmbeddedDatabaseUrl, startEmbeddedDatabase } from "./embedded";
import { embeddedDataFolder, embeddedSocketDir } from "./embedded-location";
import { applyMigrations, withMigrationLock } from "./migrate";

/** Where the embedded database keeps its files (DATA_DIR, default `.data/`). */
export const dataDir = () => path.resolve(process.cwd(), env.DATA_DIR);

export interface DatabaseHandle {
  url: string;
  /** Pool size the app should use against it (1 for the embedded database). */
  poolMax: number;
  embedded: boolean;
  /** The embedded database opened by this process: its folder as a gzipped tar (npm run db:backup). */
  dump?: () => Promise<Blob>;
  stop(): Promise<void>;
}

/** The configured PostgreSQL, or the embedded PGlite in `.data/` when DATABASE_URL is unset. */
export async function openDatabase(databaseUrl = env.DATABASE_URL, options: { shareRunning?: boolean } = {}): Promise<DatabaseHandle> {
  if (databaseUrl) {
    return { url: databaseUrl, poolMax: env.DATABASE_POOL_MAX ?? 10, embedded: false, stop: async () => {} };
  }
  // Command-line tools (shareRunning) use the database a running app serves rather than open its
  // files twice; the app itself refuses to start on a folder another process has open.
  const running = options.shareRunning ? runningEmbeddedDatabaseUrl(embeddedSocketDir(dataDir())) : null;
  if (running) return { url: running, poolMax: 1, embedded: true, stop: async () => {} };
  const embedded = await startEmbeddedDatabase({
    dataDir: embeddedDataFolder(dataDir()),
    socketDir: embeddedSocketDir(dataDir()),
  });
  return { url: embedded.url, poolMax: 1, embedded: true, dump: embedded.dump, stop: embedded.stop };
}

export interface PrepareOptions {
  /** What fills the database after the migrations (src/server/seed.ts), run under the same lock. */
  seed?: (db: Db) => Promise<void>;
  log?: (message: string) => void;
}

/** Applies pending migrations and seeds, under the migration lock, so concurrent starts are safe. */
export async function prepareDatabase(url: string, { seed, log = console.log }: PrepareOptions = {}) {
  return withMigrationLock(url, async (client) => {
    const applied = await applyMigrations(client);
    log(applied.length ? `[db] applied migrations: ${applied.join(", ")}` : "[db] migrations up to date");
    if (seed) {
      const db = createDb({ connectionString: url, poolMax: 1 });
      try {
        await seed(db);
        log("[db] seed data in place");
      } finally {
        await db.$disconnect();
      }
    }
    return applied;
  });
}
