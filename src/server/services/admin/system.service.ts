import nextPackage from "next/package.json";
import { Prisma } from "~/generated/prisma/client";
import type { Db } from "~/server/db/client";
import { readMigrations } from "~/server/db/migrate";
import { mailTransport } from "~/server/mail/transport";
import appPackage from "../../../../package.json";

const JOB_STATUSES = ["queued", "running", "done", "dead"] as const;
const MAIL_STATUSES = ["queued", "sent", "failed"] as const;
const DEAD_JOBS_SHOWN = 20;

/** The database's answer to `select version()`, as a kind and a version: PGlite names itself in it. */
export function describeDatabase(version: string) {
  const postgres = version.match(/PostgreSQL ([\d.]+)/)?.[1] ?? null;
  const pglite = version.match(/PGlite ([\d.]+)/)?.[1] ?? null;
  return pglite
    ? {
        kind: "pglite" as const,
        label: `Embedded PGlite ${pglite} (PostgreSQL ${postgres ?? "?"})`,
        serverVersion: postgres,
      }
    : { kind: "postgresql" as const, label: `PostgreSQL ${postgres ?? "?"}`, serverVersion: postgres };
}

async function databaseHealth(db: Db) {
  const started = performance.now();
  try {
    const [{ version }] = (await db.$queryRaw<{ version: string }[]>`SELECT version() AS "version"`) as [{ version: string }];
    const roundTripMs = Math.round((performance.now() - started) * 10) / 10;
    return { reachable: true as const, roundTripMs, version, ...describeDatabase(version) };
  } catch (error) {
    return { reachable: false as const, error: error instanceof Error ? error.message.slice(0, 300) : String(error) };
  }
}

async function migrationHealth(db: Db) {
  const applied = await db.$queryRaw<{ name: string; finishedAt: Date }[]>`
    SELECT "migration_name" AS "name", "finished_at" AS "finishedAt" FROM "_prisma_migrations"
    WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL
    ORDER BY "migration_name"`;
  const latest = applied.at(-1) ?? null;
  // The migrations this build ships with; any not applied yet run at the next start.
  const appliedNames = new Set(applied.map((migration) => migration.name));
  const pending = readMigrations()
    .map((migration) => migration.name)
    .filter((name) => !appliedNames.has(name));
  return { applied: applied.length, latest: latest?.name ?? null, latestAt: latest?.finishedAt ?? null, pending };
}

async function jobHealth(db: Db) {
  const [groups, dead] = await Promise.all([
    db.job.groupBy({ by: ["status"], _count: { _all: true } }),
    db.job.findMany({
      where: { status: "dead" },
      orderBy: { finishedAt: { sort: "desc", nulls: "last" } },
      take: DEAD_JOBS_SHOWN,
      select: {
        id: true,
        kind: true,
        attempts: true,
        maxAttempts: true,
        lastError: true,
        createdAt: true,
        finishedAt: true,
      },
    }),
  ]);
  const counts = Object.fromEntries(
    JOB_STATUSES.map((status) => [status, groups.find((group) => group.status === status)?._count._all ?? 0]),
  ) as Record<(typeof JOB_STATUSES)[number], number>;
  return { counts, dead };
}

async function mailHealth(db: Db) {
  const groups = await db.mailMessage.groupBy({ by: ["status"], _count: { _all: true } });
  const counts = Object.fromEntries(
    MAIL_STATUSES.map((status) => [status, groups.find((group) => group.status === status)?._count._all ?? 0]),
  ) as Record<(typeof MAIL_STATUSES)[number], number>;
  return { counts, transport: mailTransport().name };
}

/**
 * /admin/system: whether the database answers and how fast, which database it is, the migrations
 * applied, the job queue and the dead jobs, the outbox by status and where mail goes, and versions.
 */
export async function systemHealth(db: Db) {
  const database = await databaseHealth(db);
  if (!database.reachable) return { checkedAt: new Date(), database, migrations: null, jobs: null, mail: null, versions: versions() };
  const [migrations, jobs, mail] = await Promise.all([migrationHealth(db), jobHealth(db), mailHealth(db)]);
  return { checkedAt: new Date(), database, migrations, jobs, mail, versions: versions() };
}

function versions() {
  return {
    app: appPackage.version,
    node: process.version,
    next: nextPackage.version,
    prisma: Prisma.prismaVersion.client,
  };
}
