import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { embeddedDatabaseOwner, withEmbeddedFolderLock } from "./embedded";
import { embeddedDataFolder, embeddedSocketDir } from "./embedded-location";

/** Where `npm run db:backup` asks a running app for a backup: the file it should write. */
const BACKUP_REQUEST = "backup-request";
const ONLINE_BACKUP_TIMEOUT_MS = 120_000;

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, "-");

/** `.data/backups/<timestamp>.tar.gz` */
function defaultBackupFile(dataDir: string, now = new Date()): string {
  return path.join(dataDir, "backups", `${stamp(now)}.tar.gz`);
}

/** Written beside its target and renamed: a backup file that exists is whole. */
async function writeDump(dump: Blob, file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
}

/**
 * In the process that serves the embedded database (npm start, on SIGUSR2): writes the backup that
 * `npm run db:backup` asked for, or a `.failed` file with the reason.
 */
export async function answerBackupRequest(dataDir: string, dump: () => Promise<Blob>): Promise<string | null> {
  const requestPath = path.join(embeddedSocketDir(dataDir), BACKUP_REQUEST);
  if (!fs.existsSync(requestPath)) return null;
  const file = fs.readFileSync(requestPath, "utf8").trim();
  fs.rmSync(requestPath, { force: true });
  try {
    await writeDump(await dump(), file);
  } catch (error) {
    fs.writeFileSync(`${file}.failed`, error instanceof Error ? error.message : String(error));
    throw error;
  }
  return file;
}

/**
 * Backs up the embedded database of `dataDir` into a gzipped tar of its folder. While an app runs on
 * it, that app writes the copy between two queries (no second process opens the files); otherwise
 * the folder is opened here, under the same lock an app takes.
 */
export async function backupEmbeddedDatabase(
  dataDir: string,
  file = defaultBackupFile(dataDir),
): Promise<{ file: string; fromRunningApp: boolean }> {
  const target = path.resolve(file);
  const socketDir = embeddedSocketDir(dataDir);
  const owner = embeddedDatabaseOwner(socketDir);
  if (owner) {
    fs.writeFileSync(path.join(socketDir, BACKUP_REQUEST), target);
    process.kill(owner, "SIGUSR2");
    const deadline = Date.now() + ONLINE_BACKUP_TIMEOUT_MS;
    while (!fs.existsSync(target)) {
      if (fs.existsSync(`${target}.failed`))
        throw new Error(`The running app could not write the backup: ${fs.readFileSync(`${target}.failed`, "utf8")}`);
      if (Date.now() > deadline)
        throw new Error(`The running app (process ${owner}) did not write the backup within ${ONLINE_BACKUP_TIMEOUT_MS / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { file: target, fromRunningApp: true };
  }
  const folder = embeddedDataFolder(dataDir);
  if (!fs.existsSync(path.join(folder, "PG_VERSION"))) throw new Error(`There is no embedded database in ${folder} to back up.`);
  await withEmbeddedFolderLock(socketDir, async () => {
    const db = new PGlite(folder);
    try {
      await db.waitReady;
      await writeDump(await db.dumpDataDir("gzip"), target);
    } finally {
      await db.close();
    }
  });
  return { file: target, fromRunningApp: false };
}

/**
 * Replaces the embedded database of `dataDir` with a backup. Refused while an app runs on the
 * folder. The database it replaces is kept beside it (`pglite.before-restore-<timestamp>`) and put
 * back if the backup cannot be opened.
 */
export async function restoreEmbeddedDatabase(dataDir: string, file: string, now = new Date()): Promise<{ previous: string | null }> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Error(`No backup file at ${source}.`);
  const bytes = fs.readFileSync(source);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new Error(`${source} is not a gzipped backup written by npm run db:backup.`);
  const socketDir = embeddedSocketDir(dataDir);
  const owner = embeddedDatabaseOwner(socketDir);
  if (owner) throw new Error(`The app (process ${owner}) is running on ${path.resolve(dataDir)}: stop it before restoring.`);

  return withEmbeddedFolderLock(socketDir, async () => {
    const folder = embeddedDataFolder(dataDir);
    const previous = fs.existsSync(folder) ? `${folder}.before-restore-${stamp(now)}` : null;
    if (previous) fs.renameSync(folder, previous);
    try {
      const db = new PGlite({ dataDir: folder, loadDataDir: new Blob([bytes]) });
      try {
        await db.waitReady;
        await db.query("SELECT 1");
      } finally {
        await db.close();
      }
    } catch (error) {
      fs.rmSync(folder, { recursive: true, force: true });
      if (previous) fs.renameSync(previous, folder);
      throw error;
    }
    return { previous };
  });
}
