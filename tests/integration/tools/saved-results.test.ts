import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { contentEdited } from "~/server/cache/content-cache";
import { seedTools, TOOLS_SEED_FINGERPRINT_KEY } from "~/server/content/tools";
import { readToolFacts, seedToolFacts } from "~/server/content/tools/facts";
import { toolFilesFingerprint } from "~/server/content/tools/files";
import { readFacts } from "~/server/services/tools/facts.service";
import { MAX_SAVED_PER_TOOL, storeToolResult } from "~/server/services/tools/saved-results.service";
import { callerFor, createUser, signInAs } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("tool facts and saved tool results", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
    await seedToolFacts(database.db);
  });
  afterAll(() => database?.stop());

  it("seeds every fact file and reads a fact with what it is, its sources and checked date", async () => {
    expect(await database.db.toolFact.count()).toBe(readToolFacts().length);
    const { "blocked-account.yearly": yearly } = await readFacts(database.db, {
      "blocked-account.yearly": z.object({ amountEur: z.number() }),
    });
    expect(yearly.value.amountEur).toBe(11904);
    expect(yearly.label).toMatch(/blocked account/i);
    expect(yearly.sources[0]!.url).toMatch(/^https:\/\/www\.auswaertiges-amt\.de\//);
    expect(yearly.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("keeps a fact staff changed when the seed runs again", async () => {
    await database.db.toolFact.update({
      where: { key: "blocked-account.monthly" },
      data: { label: "Edited by staff", customizedAt: new Date() },
    });
    contentEdited("tools");
    await seedToolFacts(database.db);
    expect((await database.db.toolFact.findUniqueOrThrow({ where: { key: "blocked-account.monthly" } })).label).toBe("Edited by staff");
  });

  it("throws on a missing fact rather than answering without it", async () => {
    await expect(readFacts(database.db, { "no.such.fact": z.unknown() })).rejects.toThrow(/missing/);
  });

  it("lists, opens and deletes only the user's own saved results", async () => {
    const owner = await signInAs(database.db, (await createUser(database.db)).claims);
    const other = await signInAs(database.db, (await createUser(database.db)).claims);
    const saved = await storeToolResult(database.db, owner, {
      tool: "cost-calculator",
      title: "Munich, shared flat",
      input: { city: "munich" },
      result: { monthlyEur: 1200 },
    });

    const mine = await callerFor(database.db, owner).tools.saved.list();
    expect(mine.map((entry) => entry.title)).toEqual(["Munich, shared flat"]);
    expect(await callerFor(database.db, other).tools.saved.list()).toEqual([]);

    expect(await failure(callerFor(database.db, other).tools.saved.get({ id: saved.id }))).toEqual({
      code: "NOT_FOUND",
      message: "This saved result does not exist.",
    });
    expect(await failure(callerFor(database.db, other).tools.saved.remove({ id: saved.id }))).toEqual({
      code: "NOT_FOUND",
      message: "This saved result does not exist.",
    });
    expect((await callerFor(database.db, owner).tools.saved.get({ id: saved.id })).input).toEqual({ city: "munich" });

    await callerFor(database.db, owner).tools.saved.remove({ id: saved.id });
    expect(await callerFor(database.db, owner).tools.saved.list()).toEqual([]);
  });

  it("refuses a saved result past the per-tool limit with a message", async () => {
    const user = await signInAs(database.db, (await createUser(database.db)).claims);
    await database.db.savedToolResult.createMany({
      data: Array.from({ length: MAX_SAVED_PER_TOOL }, (_, index) => ({
        userId: user.id,
        tool: "visa-checker",
        title: `Result ${index}`,
        input: {},
        result: {},
      })),
    });
    await expect(storeToolResult(database.db, user, { tool: "visa-checker", title: "One more", input: {}, result: {} })).rejects.toThrow(
      /Delete one in your profile/,
    );
  });

  it("asks for sign-in and validates ids", async () => {
    expect((await failure(callerFor(database.db, null).tools.saved.list())).code).toBe("UNAUTHORIZED");
    const user = await signInAs(database.db, (await createUser(database.db)).claims);
    expect(await failure(callerFor(database.db, user).tools.saved.remove({ id: "" }))).toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await failure(callerFor(database.db, user).tools.saved.get({ id: 42 } as never))).toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("pre-fills nationality and age from the profile", async () => {
    const user = await signInAs(database.db, (await createUser(database.db)).claims);
    await database.db.student.update({
      where: { userId: user.id },
      data: { nationality: "India", dateOfBirth: "2000-06-15" },
    });
    const defaults = await callerFor(database.db, user).tools.saved.defaults();
    expect(defaults.nationality).toBe("IN");
    expect(defaults.age).toBeGreaterThanOrEqual(26);
  });
});

describe("seeding the tools' data", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
  });
  afterAll(() => database?.stop());

  it("fills every tool, records the files' digest, and skips a start whose files are unchanged", async () => {
    await seedTools(database.db);
    expect(await database.db.institution.count()).toBeGreaterThanOrEqual(250);
    expect(await database.db.scholarship.count()).toBeGreaterThanOrEqual(40);
    expect(await database.db.cityCost.count()).toBeGreaterThanOrEqual(30);
    const digest = await database.db.appSetting.findUniqueOrThrow({ where: { key: TOOLS_SEED_FINGERPRINT_KEY } });
    expect(digest.value).toBe(toolFilesFingerprint());

    // Unchanged files: nothing is rewritten (a row removed by hand stays removed) ...
    await database.db.cityCost.delete({ where: { slug: "munich" } });
    await seedTools(database.db);
    expect(await database.db.cityCost.findUnique({ where: { slug: "munich" } })).toBeNull();
    // ... changed files (another digest): the seed runs and the row is back.
    await database.db.appSetting.update({
      where: { key: TOOLS_SEED_FINGERPRINT_KEY },
      data: { value: "an older digest" },
    });
    await seedTools(database.db);
    expect(await database.db.cityCost.findUnique({ where: { slug: "munich" } })).not.toBeNull();
  });
});
