import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, readMigrations, withMigrationLock } from "~/server/db/migrate";
import { prepareDatabase } from "~/server/db/setup";
import { schemaSnapshot } from "../helpers/schema-snapshot";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

describe("migrations", () => {
  let migrated: TestDatabase;
  let fromDatamodel: TestDatabase;

  beforeAll(async () => {
    migrated = await createTestDatabase();
    fromDatamodel = await createTestDatabase();
  });
  afterAll(async () => {
    await migrated?.stop();
    await fromDatamodel?.stop();
  });

  it("applying every migration gives exactly the schema the datamodel describes", async () => {
    // The reference: the SQL Prisma derives from the datamodel alone, applied to an empty schema.
    const { stdout: script } = await promisify(execFile)(
      "npx",
      ["prisma", "migrate", "diff", "--from-empty", "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
      { encoding: "utf8", env: { ...process.env, DATABASE_URL: fromDatamodel.url } },
    );
    const reference = await connect(fromDatamodel.url);
    await reference.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
    await reference.query(script);
    const viaMigrations = await connect(migrated.url);
    try {
      const { triggers: expectedTriggers, ...expected } = await schemaSnapshot(reference);
      const { triggers, indexes, ...rest } = await schemaSnapshot(viaMigrations);
      // Partial indexes cannot be written in a Prisma datamodel: they are compared on their own below.
      const partialIndexes = indexes.filter((index) => index.includes(" WHERE "));
      const actual = { ...rest, indexes: indexes.filter((index) => !partialIndexes.includes(index)) };
      expect(actual.columns.length).toBeGreaterThan(20);
      expect(actual).toEqual(expected);
      // Rules a Prisma datamodel cannot express, written into the migrations by hand: one booked
      // coaching session per coach and start; the audit log refuses UPDATE and DELETE (one row per event).
      expect(partialIndexes.map((index) => JSON.parse(index).indexname)).toEqual(["CoachingBooking_coachId_startsAt_booked_key"]);
      expect(expectedTriggers).toEqual([]);
      // Every write to cached content bumps its scope's version (read as contentVersionQuery in src/server/cache/content-cache.ts, by the content cache and by retrieval).
      const contentVersionTriggers = triggers
        .map((trigger) => JSON.parse(trigger))
        .filter((trigger) => trigger.trigger_name.endsWith("_content_version"));
      expect(
        [...new Set(contentVersionTriggers.map((trigger) => `${trigger.event_object_table}: ${trigger.action_statement}`))].sort(),
      ).toEqual([
        "City: EXECUTE FUNCTION bump_content_version('places')",
        "CityCost: EXECUTE FUNCTION bump_content_version('tools')",
        "Country: EXECUTE FUNCTION bump_content_version('places')",
        "Institution: EXECUTE FUNCTION bump_content_version('tools')",
        "KnowledgeArticle: EXECUTE FUNCTION bump_content_version('knowledge')",
        "KnowledgePassage: EXECUTE FUNCTION bump_content_version('knowledge')",
        "Prompt: EXECUTE FUNCTION bump_content_version('content')",
        "Scholarship: EXECUTE FUNCTION bump_content_version('tools')",
        "Thread: EXECUTE FUNCTION bump_content_version('content')",
        "ThreadQuestion: EXECUTE FUNCTION bump_content_version('content')",
        "ToolFact: EXECUTE FUNCTION bump_content_version('tools')",
      ]);
      expect(triggers.filter((trigger) => !JSON.parse(trigger).trigger_name.endsWith("_content_version"))).toEqual([
        JSON.stringify({
          event_object_table: "AuditLog",
          trigger_name: "AuditLog_append_only",
          action_statement: "EXECUTE FUNCTION audit_log_is_append_only()",
        }),
        JSON.stringify({
          event_object_table: "AuditLog",
          trigger_name: "AuditLog_append_only",
          action_statement: "EXECUTE FUNCTION audit_log_is_append_only()",
        }),
      ]);
    } finally {
      await reference.end();
      await viaMigrations.end();
    }
  });

  it("records each migration once and applies nothing the second time", async () => {
    const names = readMigrations().map((m) => m.name);
    const client = await connect(migrated.url);
    try {
      const { rows } = await client.query(`SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name`);
      expect(rows.map((r) => r.migration_name)).toEqual(names);
      expect(await withMigrationLock(migrated.url, (c) => applyMigrations(c))).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it("lets several instances start at once: migrations are applied exactly once", async () => {
    const fresh = await createTestDatabase();
    try {
      const client = await connect(fresh.url);
      await client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
      await client.end();
      const results = await Promise.all([0, 1, 2].map(() => prepareDatabase(fresh.url, { log: () => {} })));
      expect(results.flat().sort()).toEqual(readMigrations().map((m) => m.name));
      const check = await connect(fresh.url);
      const { rows } = await check.query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`);
      await check.end();
      expect(rows[0].n).toBe(readMigrations().length);
    } finally {
      await fresh.stop();
    }
  });
});

describe("datamodel snapshot", () => {
  it("every change to prisma/schema.prisma has its migration (npm run db:migration:new)", async () => {
    const fs = await import("node:fs");
    expect(fs.readFileSync("prisma/migrations/datamodel.prisma", "utf8")).toBe(fs.readFileSync("prisma/schema.prisma", "utf8"));
  });
});
