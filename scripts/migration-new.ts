/**
 * `npm run db:migration:new <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with
 * the SQL that turns the committed datamodel (prisma/schema.prisma at HEAD) into the working one.
 * Prisma's JS schema engine opens a connection even to diff two datamodels, so it is given a
 * throw-away in-memory PGlite.
 */
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedDatabase } from "../src/server/db/embedded";
import { MIGRATIONS_DIR, readMigrations } from "../src/server/db/migrate";

const name = (process.argv[2] ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
if (!name) {
  console.error("Usage: npm run db:migration:new <name>");
  process.exit(1);
}

function committedDatamodel(): string | null {
  if (readMigrations().length === 0) return null;
  try {
    return execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return null;
  }
}

const previous = committedDatamodel();
const fromArgs: string[] = [];
if (previous === null) {
  fromArgs.push("--from-empty");
} else {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "datamodel-")), "schema.prisma");
  fs.writeFileSync(file, previous);
  fromArgs.push("--from-schema-datamodel", file);
}

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
console.log(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
