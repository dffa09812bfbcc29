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

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of a process's start time in /proc. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * When a process started (ms since the epoch), from Linux's /proc; null where there is no /proc.
 * The fields after the command name (in parentheses, which may hold spaces): the 20th is the start time.
 */
function processStartedAt(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(fs.readFileSync("/proc/stat", "utf8"))?.[1]);
    if (!Number.isFinite(ticks) || !bootSeconds) return null;
    return bootSeconds * 1000 + (ticks / CLOCK_TICKS_PER_SECOND) * 1000;
  } catch {
    return null;
  }
}

/** A process may start this much after the lock it writes is dated (clock ticks, file time rounding). */
const LOCK_CLOCK_SLACK_MS = 2000;

/** The live process (not this one) that holds the lock, or null for no lock or a stale one. */
export function ownerElsewhere(lockPath: string): number | null {
  let pid: number;
  let writtenAt: number;
  try {
    pid = Number(fs.readFileSync(lockPath, "utf8"));
    writtenAt = fs.statSync(lockPath).mtimeMs;
  } catch {
    return null;
  }
  if (!pid || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null; // stale lock from a process that is gone
  }
  // Process ids are reused: a process started after the lock was written is not the one that wrote it.
  const startedAt = processStartedAt(pid);
  if (startedAt !== null && startedAt > writtenAt + LOCK_CLOCK_SLACK_MS) return null;
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
