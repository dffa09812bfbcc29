/**
 * `npm run db:migration:new <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with
 * the SQL that turns the committed datamodel into the working prisma/schema.prisma.
 * The committed datamodel is the one the last migration was written for, kept beside the
 * migrations as datamodel.prisma (so that the diff is right whatever is or is not committed yet).
 * Prisma's JS schema engine opens a connection even to diff two datamodels, so it is given a
 * throw-away in-memory PGlite.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startEmbeddedDatabase } from "../src/server/db/embedded";
import { MIGRATIONS_DIR, readMigrations } from "../src/server/db/migrate";

const name = (process.argv[2] ?? "")
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, "_")
  .replace(/^_|_$/g, "");
if (!name) {
  console.error("Usage: npm run db:migration:new <name>");
  process.exit(1);
}

const SNAPSHOT = path.join(MIGRATIONS_DIR, "datamodel.prisma");

const fromArgs = readMigrations().length > 0 && fs.existsSync(SNAPSHOT) ? ["--from-schema-datamodel", SNAPSHOT] : ["--from-empty"];

const scratch = await startEmbeddedDatabase({ socketDir: fs.mkdtempSync(path.join(os.tmpdir(), "pglite-")) });
let sql: string;
try {
  // Asynchronous on purpose: this process serves the scratch database to the child.
  const result = await promisify(execFile)(
    "npx",
    ["prisma", "migrate", "diff", ...fromArgs, "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
    { encoding: "utf8", env: { ...process.env, DATABASE_URL: scratch.url } },
  );
  sql = result.stdout;
} finally {
  await scratch.stop();
}
if (!sql.trim() || sql.includes("This is an empty migration")) {
  console.log("The datamodel has no changes against the committed one: no migration written.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "migration.sql"), sql);
fs.copyFileSync(path.join("prisma", "schema.prisma"), SNAPSHOT);
console.log(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
