import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerBackupRequest, backupEmbeddedDatabase, restoreEmbeddedDatabase } from "~/server/db/backup";
import { type EmbeddedDatabase, startEmbeddedDatabase } from "~/server/db/embedded";
import { embeddedDataFolder, embeddedSocketDir } from "~/server/db/embedded-location";

/** Opens the embedded database of `dataDir` as `npm start` does, runs `work` on it, and closes it. */
async function withApp<T>(dataDir: string, work: (sql: pg.Client, embedded: EmbeddedDatabase) => Promise<T>): Promise<T> {
  const embedded = await startEmbeddedDatabase({
    dataDir: embeddedDataFolder(dataDir),
    socketDir: embeddedSocketDir(dataDir),
  });
  const sql = new pg.Client({ connectionString: embedded.url });
  await sql.connect();
  try {
    return await work(sql, embedded);
  } finally {
    await sql.end();
    await embedded.stop();
  }
}

const rows = async (sql: pg.Client) => (await sql.query<{ id: number; note: string }>(`SELECT id, note FROM "Note" ORDER BY id`)).rows;

describe("npm run db:backup and db:restore (embedded database)", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("brings back the data of a backup after it was changed and deleted", { timeout: 240_000 }, async () => {
    await withApp(dataDir, async (sql) => {
      await sql.query(`CREATE TABLE "Note" (id int PRIMARY KEY, note text NOT NULL)`);
      await sql.query(`INSERT INTO "Note" VALUES (1, 'kept'), (2, 'changed later'), (3, 'deleted later')`);
    });

    const { file, fromRunningApp } = await backupEmbeddedDatabase(dataDir);
    expect(fromRunningApp).toBe(false);
    expect(path.dirname(file)).toBe(path.join(dataDir, "backups"));
    expect(path.basename(file)).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z\.tar\.gz$/);

    await withApp(dataDir, async (sql) => {
      await sql.query(`UPDATE "Note" SET note = 'overwritten' WHERE id = 2`);
      await sql.query(`DELETE FROM "Note" WHERE id = 3`);
      await sql.query(`INSERT INTO "Note" VALUES (4, 'after the backup')`);
    });

    const { previous } = await restoreEmbeddedDatabase(dataDir, file);
    expect(previous).toMatch(/pglite\.before-restore-/);
    expect(fs.existsSync(path.join(previous!, "PG_VERSION"))).toBe(true);

    await withApp(dataDir, async (sql) => {
      expect(await rows(sql)).toEqual([
        { id: 1, note: "kept" },
        { id: 2, note: "changed later" },
        { id: 3, note: "deleted later" },
      ]);
    });
  });

  it("lets a running app write the backup, and refuses to restore while an app runs on the folder", {
    timeout: 240_000,
  }, async () => {
    const socketDir = embeddedSocketDir(dataDir);
    const online = path.join(dataDir, "backups", "online.tar.gz");
    await withApp(dataDir, async (sql, embedded) => {
      await sql.query(`INSERT INTO "Note" VALUES (5, 'written while running')`);
      // What `npm run db:backup` leaves for the app before it sends SIGUSR2 (the signal itself needs another process).
      fs.writeFileSync(path.join(socketDir, "backup-request"), online);
      expect(await answerBackupRequest(dataDir, embedded.dump)).toBe(online);
      await sql.query(`DELETE FROM "Note"`);
    });
    expect(fs.existsSync(online)).toBe(true);

    // Another live process holds the folder, as `npm start` does.
    fs.writeFileSync(path.join(socketDir, "owner.pid"), String(process.ppid));
    try {
      await expect(restoreEmbeddedDatabase(dataDir, online)).rejects.toThrow(/is running on .*: stop it before restoring/);
    } finally {
      fs.rmSync(path.join(socketDir, "owner.pid"), { force: true });
    }

    await restoreEmbeddedDatabase(dataDir, online);
    await withApp(dataDir, async (sql) => {
      expect((await rows(sql)).map((row) => row.id)).toEqual([1, 2, 3, 5]);
    });
  });

  it("refuses a file that is not a backup and keeps the database as it was", async () => {
    const bogus = path.join(dataDir, "not-a-backup.tar.gz");
    fs.writeFileSync(bogus, "hello");
    await expect(restoreEmbeddedDatabase(dataDir, bogus)).rejects.toThrow(/not a gzipped backup/);
    expect(fs.existsSync(path.join(embeddedDataFolder(dataDir), "PG_VERSION"))).toBe(true);
  });
});
