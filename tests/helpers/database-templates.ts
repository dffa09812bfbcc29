import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedDatabase } from "~/server/db/embedded";
import { prepareDatabase } from "~/server/db/setup";
import { seed } from "~/server/seed";

/**
 * Where each test file's database starts from, made once per test run: a migrated database and a
 * migrated and seeded one. On the embedded database they are dump files a new PGlite loads; on
 * PostgreSQL (TEST_DATABASE_URL) they are template databases a new one is copied from. Migrating
 * and seeding every file's database anew took most of the integration suite's time.
 */
export type DatabaseTemplates =
  | { kind: "embedded"; migratedDump: string; seededDump: string }
  | { kind: "server"; migrated: string; seeded: string };

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Creates database `name` on the server of `serverUrl` (a copy of `template`, if given) and returns its URL. */
export async function createServerDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropServerDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Makes both templates; `dispose` removes them. */
export async function createDatabaseTemplates(): Promise<{ templates: DatabaseTemplates; dispose(): Promise<void> }> {
  const quiet = { log: () => {} };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const stamp = `${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    const migrated = `template_migrated_${stamp}`;
    const seeded = `template_seeded_${stamp}`;
    await prepareDatabase(await createServerDatabase(serverUrl, migrated), quiet);
    await prepareDatabase(await createServerDatabase(serverUrl, seeded), { ...quiet, seed });
    return {
      templates: { kind: "server", migrated, seeded },
      async dispose() {
        await dropServerDatabase(serverUrl, migrated);
        await dropServerDatabase(serverUrl, seeded);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-templates-"));
  const embedded = await startEmbeddedDatabase({ socketDir: path.join(dir, "socket") });
  try {
    const migratedDump = path.join(dir, "migrated.tar.gz");
    const seededDump = path.join(dir, "seeded.tar.gz");
    await prepareDatabase(embedded.url, quiet);
    fs.writeFileSync(migratedDump, Buffer.from(await (await embedded.dump()).arrayBuffer()));
    await prepareDatabase(embedded.url, { ...quiet, seed });
    fs.writeFileSync(seededDump, Buffer.from(await (await embedded.dump()).arrayBuffer()));
    return {
      templates: { kind: "embedded", migratedDump, seededDump },
      dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  } finally {
    await embedded.stop();
  }
}
