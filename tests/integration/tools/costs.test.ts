import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicError } from "~/server/api/trpc";
import { contentEdited } from "~/server/cache/content-cache";
import { seedTools } from "~/server/content/tools";
import { readCityCostFiles, seedCityCosts } from "~/server/content/tools/costs";
import { UNKNOWN_CITY_MESSAGE } from "~/server/services/tools/costs.service";
import { callerFor, createUser, signInAs } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  await seedTools(test.db);
});
afterAll(async () => {
  await test?.stop();
});

/** The code and the message the browser would see for a failed call. */
async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: publicError(error as TRPCError).message };
}

const munich = { city: "munich", housing: "shared-flat", age: 24, lifestyle: "typical", sharing: 1 } as const;

describe("tools.costs.calculate", () => {
  it("lists every seeded city, at least 30", async () => {
    const cities = await callerFor(test.db, null).tools.costs.cities();
    expect(cities.length).toBe(readCityCostFiles().length);
    expect(cities.length).toBeGreaterThanOrEqual(30);
    expect(cities.map((city) => city.slug)).toContain("munich");
  });

  it("gives Munich, shared flat, age 24 a monthly total with every line sourced and the blocked-account comparison", async () => {
    const result = await callerFor(test.db, null).tools.costs.calculate(munich);
    expect(result.city.name).toBe("Munich");
    expect(result.missingLines).toEqual([]);
    for (const line of result.lines) {
      expect(line.monthlyEur, line.label).not.toBeNull();
      expect(line.sources.length, line.label).toBeGreaterThan(0);
      expect(line.checkedOn, line.label).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const sum = result.lines.reduce((total, line) => total + line.monthlyEur!, 0);
    expect(result.monthlyTotalEur).toBeCloseTo(sum, 2);
    expect(result.blockedAccount.monthlyEur).toBeGreaterThan(0);
    expect(result.blockedAccount.differenceEur).toBeCloseTo(result.blockedAccount.monthlyEur - result.monthlyTotalEur, 2);
    expect(result.blockedAccount.status).toBe(result.blockedAccount.differenceEur < 0 ? "shortfall" : "surplus");
  });

  it.each([22, 27, 31])("includes health insurance in the total at %i, with its sources", async (age) => {
    const result = await callerFor(test.db, null).tools.costs.calculate({ ...munich, age });
    const health = result.lines.find((line) => line.key === "health")!;
    expect(health.monthlyEur).toBeGreaterThan(100);
    expect(health.sources.length).toBeGreaterThan(0);
    expect(result.missingLines).toEqual([]);
    expect(health.label).toMatch(age >= 30 ? /voluntary from 30/ : /student rate/);
  });

  it("accepts the inputs as the query string carries them (text)", async () => {
    const fromText = await callerFor(test.db, null).tools.costs.calculate({
      city: "munich",
      housing: "shared-flat",
      age: "24",
      sharing: "1",
    } as never);
    const fromNumbers = await callerFor(test.db, null).tools.costs.calculate(munich);
    expect(fromText.monthlyTotalEur).toBe(fromNumbers.monthlyTotalEur);
  });

  it("answers an unknown city as not found, with a message that says what to do", async () => {
    expect(await failure(callerFor(test.db, null).tools.costs.calculate({ ...munich, city: "atlantis" }))).toEqual({
      code: "NOT_FOUND",
      message: UNKNOWN_CITY_MESSAGE,
    });
    expect(await failure(callerFor(test.db, null).tools.costs.calculate({ ...munich, city: "../etc/passwd" }))).toEqual({
      code: "BAD_REQUEST",
      message: "Choose a city from the list.",
    });
  });

  it("rejects a bad age, a bad household and missing fields with readable messages", async () => {
    const api = callerFor(test.db, null);
    expect(await failure(api.tools.costs.calculate({ ...munich, age: -1 }))).toEqual({
      code: "BAD_REQUEST",
      message: "Enter an age of 16 or more.",
    });
    expect(await failure(api.tools.costs.calculate({ ...munich, age: "abc" } as never))).toEqual({
      code: "BAD_REQUEST",
      message: "Enter your age in years as a whole number.",
    });
    expect(await failure(api.tools.costs.calculate({ ...munich, age: 24.5 }))).toEqual({
      code: "BAD_REQUEST",
      message: "Enter your age in years as a whole number.",
    });
    expect(await failure(api.tools.costs.calculate({ ...munich, sharing: 0 }))).toEqual({
      code: "BAD_REQUEST",
      message: "A household has at least 1 person (you).",
    });
    expect(await failure(api.tools.costs.calculate({ city: "munich", housing: "shared-flat" } as never))).toEqual({
      code: "BAD_REQUEST",
      message: "Enter your age.",
    });
    expect(await failure(api.tools.costs.calculate({ housing: "shared-flat", age: 24 } as never))).toEqual({
      code: "BAD_REQUEST",
      message: "Choose a city.",
    });
    expect(await failure(api.tools.costs.calculate({ city: "munich", age: 24 } as never))).toEqual({
      code: "BAD_REQUEST",
      message: "Choose a housing type: dorm, shared flat or own flat.",
    });
    expect(await failure(api.tools.costs.calculate({ ...munich, housing: "castle" } as never))).toEqual({
      code: "BAD_REQUEST",
      message: "Choose a housing type: dorm, shared flat or own flat.",
    });
  });

  it("treats a hidden city as unknown", async () => {
    await test.db.cityCost.update({ where: { slug: "kassel" }, data: { hidden: true } });
    contentEdited("tools"); // an edit in this process: read at once, not after the next version check
    try {
      expect(await failure(callerFor(test.db, null).tools.costs.calculate({ ...munich, city: "kassel" }))).toEqual({
        code: "NOT_FOUND",
        message: UNKNOWN_CITY_MESSAGE,
      });
      expect((await callerFor(test.db, null).tools.costs.cities()).map((city) => city.slug)).not.toContain("kassel");
    } finally {
      await test.db.cityCost.update({ where: { slug: "kassel" }, data: { hidden: false } });
      contentEdited("tools");
    }
  });
});

describe("tools.costs.save", () => {
  it("requires a sign-in", async () => {
    expect((await failure(callerFor(test.db, null).tools.costs.save(munich))).code).toBe("UNAUTHORIZED");
    expect(await test.db.savedToolResult.count()).toBe(0);
  });

  it("stores the budget, computed on the server, in the profile's saved results", async () => {
    const user = await createUser(test.db);
    const session = await signInAs(test.db, user.claims);
    const api = callerFor(test.db, session);
    const saved = await api.tools.costs.save({ ...munich, age: "24" } as never);
    const list = await api.tools.saved.list();
    expect(list.map((row) => row.id)).toContain(saved.id);
    const row = await api.tools.saved.get({ id: saved.id });
    expect(row).toMatchObject({
      tool: "cost-calculator",
      title: "Munich, room in a shared flat (WG), age 24",
      input: munich,
    });
    const expected = await api.tools.costs.calculate(munich);
    expect((row.result as { monthlyTotalEur: number }).monthlyTotalEur).toBe(expected.monthlyTotalEur);

    const named = await api.tools.costs.save({ ...munich, title: "My Munich plan" });
    expect((await api.tools.saved.get({ id: named.id })).title).toBe("My Munich plan");
    // Someone else's saved results stay theirs.
    const other = await createUser(test.db);
    expect((await callerFor(test.db, await signInAs(test.db, other.claims)).tools.saved.list()).map((r) => r.id)).not.toContain(saved.id);
  });

  it("refuses to save a budget for an unknown city", async () => {
    const user = await createUser(test.db);
    const api = callerFor(test.db, await signInAs(test.db, user.claims));
    expect(await failure(api.tools.costs.save({ ...munich, city: "atlantis" }))).toEqual({
      code: "NOT_FOUND",
      message: UNKNOWN_CITY_MESSAGE,
    });
  });
});

describe("seeding the cities", () => {
  it("is repeatable and keeps a city staff changed in /admin", async () => {
    const before = await test.db.cityCost.count();
    await test.db.cityCost.update({ where: { slug: "ulm" }, data: { name: "Ulm (edited)", customizedAt: new Date() } });
    contentEdited("tools");
    await seedCityCosts(test.db);
    expect(await test.db.cityCost.count()).toBe(before);
    expect((await test.db.cityCost.findUniqueOrThrow({ where: { slug: "ulm" } })).name).toBe("Ulm (edited)");
    const munichRow = await test.db.cityCost.findUniqueOrThrow({ where: { slug: "munich" } });
    expect(munichRow.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((munichRow.sources as unknown[]).length).toBeGreaterThan(0);
  });
});
