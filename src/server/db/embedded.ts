import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { embeddedDatabaseUrl } from "./embedded-location";

export interface EmbeddedDatabase {
  /** A postgres:// URL that reaches the embedded database over its unix socket. */
  url: string;
  /** The whole data folder as a gzipped tar (PGlite's dumpDataDir), taken between two queries. */
  dump(): Promise<Blob>;
  stop(): Promise<void>;
}

/**
 * Opens PGlite (PostgreSQL compiled to WebAssembly) on a data folder and serves it on a unix
 * socket, so the app and its tools reach it with the same driver as a real PostgreSQL.
 * `dataDir` undefined keeps the database in memory (tests). `loadDataDir`, a dump of another
 * database (EmbeddedDatabase.dump), is what a new database starts from instead of an empty one.
 */
export async function startEmbeddedDatabase(options: {
  dataDir?: string;
  socketDir: string;
  loadDataDir?: Blob;
}): Promise<EmbeddedDatabase> {
  const socketDir = path.resolve(options.socketDir);
  fs.mkdirSync(socketDir, { recursive: true });
  // libpq and node-postgres look for "<dir>/.s.PGSQL.<port>".
  const socketPath = path.join(socketDir, ".s.PGSQL.5432");
  const lockPath = path.join(socketDir, "owner.pid");
  assertNotRunningElsewhere(lockPath);
  fs.rmSync(socketPath, { force: true });

  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // The contrib extensions the migrations create (CREATE EXTENSION) must be loaded into PGlite first.
  const extensions = { pg_trgm };
  const { loadDataDir } = options;
  const db = options.dataDir
    ? new PGlite(path.resolve(options.dataDir), { extensions, loadDataDir })
    : new PGlite({ extensions, loadDataDir });
  await db.waitReady;
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 8 });
  await server.start();
  fs.writeFileSync(lockPath, String(process.pid));

  let stopped = false;
  return {
    url: embeddedDatabaseUrl(socketDir),
    dump: () => db.dumpDataDir("gzip"),
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
      fs.rmSync(lockPath, { force: true });
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/** The live process (not this one) serving the embedded database of `socketDir`, if any. */
export function embeddedDatabaseOwner(socketDir: string): number | null {
  return ownerElsewhere(path.join(path.resolve(socketDir), "owner.pid"));
}

/**
 * Runs `work` while this process holds the folder's lock, as a running app does: no app starts on
 * the folder meanwhile. Throws when another process holds it.
 */
export async function withEmbeddedFolderLock<T>(socketDir: string, work: () => Promise<T>): Promise<T> {
  const dir = path.resolve(socketDir);
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "owner.pid");
  assertNotRunningElsewhere(lockPath);
  fs.writeFileSync(lockPath, String(process.pid));
  try {
    return await work();
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}

function ownerElsewhere(lockPath: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lockPath, "utf8"));
  } catch {
    return null;
  }
  if (!pid || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null; // stale lock from a process that is gone
  }
  return pid;
}

// Two processes writing one PGlite folder would corrupt it.
function assertNotRunningElsewhere(lockPath: string) {
  const pid = ownerElsewhere(lockPath);
  if (pid) throw new Error(`The embedded database is already in use by process ${pid}. Stop it first.`);
}

/**
 * The URL of the embedded database a running app serves on `socketDir`, or null when no other
 * process serves it: command-line tools then talk to the running app's database instead of
 * opening its folder a second time.
 */
export function runningEmbeddedDatabaseUrl(socketDir: string): string | null {
  const dir = path.resolve(socketDir);
  if (!ownerElsewhere(path.join(dir, "owner.pid")) || !fs.existsSync(path.join(dir, ".s.PGSQL.5432"))) return null;
  return embeddedDatabaseUrl(dir);
}
