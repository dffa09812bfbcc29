import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcOffset } from "~/lib/locale";
import { languageSchema, timeZoneSchema } from "~/lib/schemas/locale";
import { readMigrations } from "~/server/db/migrate";
import { createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.stop());

// Applied again to rows written as before it; its statements only touch old-style values.
const { sql } = readMigrations().find((m) => m.name.endsWith("_user_locale"))!;

/** Profiles as they were before the migration: offsets and bare language codes. */
const OLD_TO_NEW = [
  { timeZone: "UTC+00:00", language: "en", expectedZone: "UTC", expectedLanguage: "en-GB" },
  { timeZone: "UTC+01:00", language: "de", expectedZone: "Etc/GMT-1", expectedLanguage: "de-DE" },
  { timeZone: "UTC+14:00", language: "ja", expectedZone: "Etc/GMT-14", expectedLanguage: "ja-JP" },
  { timeZone: "UTC-05:00", language: "sw", expectedZone: "Etc/GMT+5", expectedLanguage: "en-GB" },
  { timeZone: "UTC-12:00", language: "zh", expectedZone: "Etc/GMT+12", expectedLanguage: "zh-CN" },
  { timeZone: "UTC+05:30", language: "hi", expectedZone: "Asia/Kolkata", expectedLanguage: "hi-IN" },
  { timeZone: "UTC+02:15", language: "en", expectedZone: "UTC", expectedLanguage: "en-GB" },
  { timeZone: "America/New_York", language: "en-US", expectedZone: "America/New_York", expectedLanguage: "en-US" },
];

describe("migration user_locale", () => {
  it("turns every old offset into an IANA zone with the same offset, and old language codes into served languages", async () => {
    const users = [];
    for (const row of OLD_TO_NEW) {
      const user = await createUser(t.db);
      await t.db.student.update({
        where: { userId: user.claims.id },
        data: { timeZone: row.timeZone, language: row.language },
      });
      users.push({ ...row, userId: user.claims.id });
    }
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    for (const row of users) {
      const student = await t.db.student.findUniqueOrThrow({ where: { userId: row.userId } });
      expect({ timeZone: student.timeZone, language: student.language }).toEqual({
        timeZone: row.expectedZone,
        language: row.expectedLanguage,
      });
      // Every result passes the settings' own schemas, and a whole offset keeps its offset all year.
      expect(timeZoneSchema.safeParse(student.timeZone).success).toBe(true);
      expect(languageSchema.safeParse(student.language).success).toBe(true);
      if (row.timeZone.startsWith("UTC") && /:00$/.test(row.timeZone))
        expect(utcOffset(student.timeZone)).toBe(row.timeZone.replace("-00:00", "+00:00"));
    }
  });

  it("gives new profiles Europe/Berlin and English (United Kingdom)", async () => {
    const user = await createUser(t.db);
    const student = await t.db.student.findUniqueOrThrow({ where: { userId: user.claims.id } });
    expect({ timeZone: student.timeZone, language: student.language }).toEqual({
      timeZone: "Europe/Berlin",
      language: "en-GB",
    });
  });
});
