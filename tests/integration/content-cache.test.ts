import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as threadsRoute from "~/app/api/threads/route";
import { VERSION_CHECK_MS } from "~/server/cache/content-cache";
import { createDb, type Db } from "~/server/db/client";
import { listThreads, randomPrompts } from "~/server/services/content.service";
import { listCostCities } from "~/server/services/tools/costs.service";
import { callRoute, type RouteHandler } from "../helpers/rest";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const afterVersionCheck = () => new Promise((resolve) => setTimeout(resolve, VERSION_CHECK_MS + 50));

describe("content cache", () => {
  let database: TestDatabase;
  let otherInstance: Db;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    otherInstance = createDb({ connectionString: database.url, poolMax: 1 });
  });
  afterAll(async () => {
    await otherInstance?.$disconnect();
    await database?.stop();
  });

  it("serves an edit made through another instance within a second", async () => {
    const { db } = database;
    const before = await listThreads(db);
    expect(await listThreads(db)).toBe(before); // the same copy while nothing changed
    const thread = before[0]!;
    await otherInstance.thread.update({ where: { id: thread.id }, data: { title: "Edited in admin" } });
    await afterVersionCheck();
    const after = await listThreads(db);
    expect(after).not.toBe(before);
    expect(after.find((t) => t.id === thread.id)?.title).toBe("Edited in admin");

    await otherInstance.thread.update({ where: { id: thread.id }, data: { hidden: true } });
    await afterVersionCheck();
    expect((await listThreads(db)).some((t) => t.id === thread.id)).toBe(false);
  });

  it("keeps random prompts random and drops hidden ones after an edit", async () => {
    const { db } = database;
    const draws = await Promise.all(Array.from({ length: 8 }, () => randomPrompts(db, 6)));
    expect(new Set(draws.map((draw) => draw.map((p) => p.id).join(","))).size).toBeGreaterThan(1);
    const hidden = draws[0]![0]!;
    await otherInstance.prompt.update({ where: { id: hidden.id }, data: { hidden: true } });
    await afterVersionCheck();
    const all = await randomPrompts(db, 50);
    expect(all.some((p) => p.id === hidden.id)).toBe(false);
  });

  it("follows tool data edits too", async () => {
    const { db } = database;
    const cities = await listCostCities(db);
    await otherInstance.cityCost.update({ where: { slug: cities[0]!.slug }, data: { hidden: true } });
    await afterVersionCheck();
    expect((await listCostCities(db)).map((c) => c.slug)).not.toContain(cities[0]!.slug);
  });

  it("answers a GET the caller already holds with 304 and no body, and a changed one with 200", async () => {
    const first = await callRoute(threadsRoute.GET as RouteHandler, "/api/threads");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await callRoute(threadsRoute.GET as RouteHandler, "/api/threads", {
      headers: { "if-none-match": etag! },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(etag);

    const thread = first.json[0];
    await otherInstance.thread.update({ where: { id: thread.id }, data: { description: "Changed by staff" } });
    await afterVersionCheck();
    const changed = await callRoute(threadsRoute.GET as RouteHandler, "/api/threads", {
      headers: { "if-none-match": etag! },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(changed.json[0].description).toBe("Changed by staff");
  });
});
