/**
 * `npm start` (and `npm run dev` with --dev): opens the database (DATABASE_URL, or the embedded
 * PGlite in .data/ served on a local socket), applies migrations and seeds under the migration lock,
 * builds when the sources changed since the last build, then serves http://localhost:$PORT.
 * `npm run build` (--build-only) just builds, e.g. once before starting several instances.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env, settingsProblems } from "../src/env";
import { answerBackupRequest } from "../src/server/db/backup";
import { dataDir, openDatabase, prepareDatabase } from "../src/server/db/setup";
import { precompressStaticAssets } from "../src/server/http/precompressed-static";
import { log } from "../src/server/observability/log";
import { seedWhenChanged } from "../src/server/seed-fingerprint";

const dev = process.argv.includes("--dev");
const buildOnly = process.argv.includes("--build-only");
try {
  process.loadEnvFile();
} catch {
  // no .env file: the embedded defaults apply
}
// Every setting is checked before anything else starts: a wrong one stops here with the whole list.
const problems = settingsProblems();
if (problems.length > 0) {
  // Read by the person starting the app, before any server runs: plain text on stderr.
  console.error(`cannot start: fix these settings (see .env.example)\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
log.level = env.LOG_LEVEL; // the logger was made before .env was read
const port = env.PORT;
process.env.NEXTAUTH_URL ??= `http://localhost:${port}`;

const BUILD_INPUTS = [
  "src",
  "public",
  "prisma/schema.prisma",
  "package-lock.json",
  "next.config.js",
  "postcss.config.mjs",
  "tsconfig.json",
];
const BUILD_STAMP = path.join(".next", "source-hash");

function sourceHash(): string {
  const hash = createHash("sha256");
  const visit = (entry: string) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry).sort()) visit(path.join(entry, child));
    } else {
      hash.update(entry).update(fs.readFileSync(entry));
    }
  };
  BUILD_INPUTS.forEach(visit);
  return hash.digest("hex");
}

function buildIfNeeded() {
  const current = sourceHash();
  const built =
    fs.existsSync(path.join(".next", "BUILD_ID")) && fs.existsSync(BUILD_STAMP) && fs.readFileSync(BUILD_STAMP, "utf8") === current;
  if (built) return;
  log.info("building (sources changed since the last build)...");
  // The build never opens the database: it gets no DATABASE_URL.
  const { DATABASE_URL: _omit, ...buildEnv } = process.env;
  const result = spawnSync(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "build"], {
    stdio: "inherit",
    env: { ...buildEnv, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("next build failed");
  const compressed = precompressStaticAssets(path.join(".next", "static"));
  log.info(`${compressed} scripts and styles compressed with Brotli`);
  fs.writeFileSync(BUILD_STAMP, current);
}

if (buildOnly) {
  buildIfNeeded();
  process.exit(0);
}

const database = await openDatabase();
let child: ReturnType<typeof spawn> | undefined;
async function stop(code: number) {
  await database.stop().catch((error: unknown) => log.error({ err: error }, "failed to close the database"));
  process.exit(code);
}
// `npm run db:backup` asks for a copy of the embedded database while the app runs: this process holds it.
const dump = database.dump;
if (dump) {
  process.on("SIGUSR2", () => {
    answerBackupRequest(dataDir(), dump).then(
      (file) => file && log.info("backup of the embedded database written"),
      (error: unknown) => log.error({ err: error }, "backup of the embedded database failed"),
    );
  });
}
// The server finishes its requests (up to 10 s) and exits; the database closes after it. One that
// does not exit in time is killed, so a stop never hangs.
const CHILD_EXIT_TIMEOUT_MS = 20_000;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      setTimeout(() => child?.kill("SIGKILL"), CHILD_EXIT_TIMEOUT_MS).unref();
    } else void stop(0);
  });
}

try {
  if (database.embedded) log.info("using the embedded database in .data/ (set DATABASE_URL to use PostgreSQL)");
  await prepareDatabase(database.url, {
    log: (message) => log.info(message),
    seed: async (db) => {
      if (!(await seedWhenChanged(db))) log.info("seed inputs unchanged since the last seed: seeding skipped");
    },
  });
  if (!dev) buildIfNeeded();
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  await stop(1);
}

child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", ...(dev ? ["--dev"] : [])], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: dev ? "development" : "production",
    PORT: String(port),
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: String(database.poolMax),
  },
});
child.on("exit", (code, signal) => void stop(code ?? (signal ? 1 : 0)));
