import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "~/server/api/root";
import { createDb } from "~/server/db/client";
import { readMigrations } from "~/server/db/migrate";
import { livenessRoute } from "~/server/http/health";
import { errorResponse } from "~/server/http/rest";
import { readiness } from "~/server/services/health.service";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

describe("health and readiness", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.stop());

  it("answers liveness without touching the database", async () => {
    const response = livenessRoute();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("is ready when the database answers and every migration is applied", async () => {
    expect(await readiness(database.db)).toEqual({ ready: true, migrations: readMigrations().length });
  });

  it("names the migrations still pending", async () => {
    const expected = [...readMigrations().map((m) => m.name), "29991231000000_not_applied"];
    expect(await readiness(database.db, expected)).toEqual({
      ready: false,
      reason: "migrations",
      message: "Database migrations are pending.",
      pending: ["29991231000000_not_applied"],
    });
  });

  it("is not ready when the database cannot be reached", async () => {
    const unreachable = createDb({ connectionString: "postgresql://nobody@127.0.0.1:9/none", poolMax: 1 });
    try {
      expect(await readiness(unreachable)).toEqual({
        ready: false,
        reason: "database",
        message: "The database is not reachable.",
      });
    } finally {
      await unreachable.$disconnect();
    }
  });

  it("answers 503 with a clear message, not a 500, while the database is away", async () => {
    const unreachable = createDb({ connectionString: "postgresql://nobody@127.0.0.1:9/none", poolMax: 1 });
    try {
      const api = createCaller({ db: unreachable, session: null, ip: "127.0.0.1", requestId: "test" });
      const failure = await api.content.threads().catch((error: unknown) => error);
      expect(failure).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        message: "The service is briefly unavailable. Please try again in a moment.",
      });
      const response = errorResponse(failure, "test");
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toEqual({
        success: false,
        error: "The service is briefly unavailable. Please try again in a moment.",
      });
    } finally {
      await unreachable.$disconnect();
    }
  });
});
