import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as citiesRoute from "~/app/api/data/cities/route";
import * as randomRoute from "~/app/api/settings/random/route";
import * as threadsRoute from "~/app/api/threads/route";
import { seed } from "~/server/seed";
import { callRoute, type RouteHandler } from "../helpers/rest";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

describe("seed data", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(() => database?.stop());

  async function counts() {
    const { db } = database;
    return {
      threads: await db.thread.count(),
      questions: await db.threadQuestion.count(),
      prompts: await db.prompt.count(),
      countries: await db.country.count(),
      cities: await db.city.count(),
    };
  }

  it("holds real topics, prompts, countries and cities", async () => {
    const c = await counts();
    expect(c.threads).toBeGreaterThanOrEqual(8);
    expect(c.prompts).toBeGreaterThanOrEqual(20);
    expect(c.countries).toBeGreaterThanOrEqual(245);
    expect(c.cities).toBeGreaterThanOrEqual(1000);
    const germany = await database.db.country.findUniqueOrThrow({ where: { code: "DE" } });
    expect(germany).toEqual({ code: "DE", name: "Germany", dialCode: "+49", flag: "🇩🇪" });
    const threads = await database.db.thread.findMany({ include: { _count: { select: { questions: true } } } });
    for (const thread of threads) expect(thread._count.questions, thread.slug).toBeGreaterThanOrEqual(6);
  });

  it("is idempotent", async () => {
    const before = await counts();
    await seed(database.db);
    expect(await counts()).toEqual(before);
  });

  it("serves threads in both shapes, random prompts and cities by country", async () => {
    const threads = await callRoute(threadsRoute.GET as RouteHandler, "/api/threads");
    expect(threads.json[0]).toEqual({
      id: expect.any(String),
      slug: expect.any(String),
      title: expect.any(String),
      description: expect.any(String),
      questions: expect.arrayContaining([{ text: expect.any(String) }]),
    });
    const prompts = await callRoute(randomRoute.GET as RouteHandler, "/api/settings/random", { query: { count: "4" } });
    expect(prompts.json).toHaveLength(4);
    expect(new Set(prompts.json.map((p: { text: string }) => p.text)).size).toBe(4);

    const cities = await callRoute(citiesRoute.GET as RouteHandler, "/api/data/cities", {
      query: { country: "Germany" },
    });
    expect(cities.headers.get("cache-control")).toContain("max-age=86400");
    const names = cities.json.map((city: { name: string }) => city.name);
    expect(names.slice(0, 3)).toEqual(["Berlin", "Hamburg", "Munich"]);
    expect(cities.json.every((city: { country_name: string }) => city.country_name === "Germany")).toBe(true);
    const all = await callRoute(citiesRoute.GET as RouteHandler, "/api/data/cities");
    expect(all.json.length).toBeGreaterThanOrEqual(1000);
  });
});
