import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_FINGERPRINT_KEY, seedFingerprint, seedWhenChanged } from "~/server/seed-fingerprint";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

describe("seed fingerprint", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.stop());

  it("seeds once, skips while the inputs are the same and seeds again when they change", async () => {
    const { db } = database;
    expect(await seedWhenChanged(db, "inputs-1")).toBe(true);
    expect(await db.thread.count()).toBeGreaterThan(0);
    expect((await db.appSetting.findUnique({ where: { key: SEED_FINGERPRINT_KEY } }))?.value).toBe("inputs-1");

    // A thread staff removed stays removed while nothing changed: the seed did not run.
    const thread = await db.thread.findFirstOrThrow();
    await db.threadQuestion.deleteMany({ where: { threadId: thread.id } });
    await db.thread.delete({ where: { id: thread.id } });
    const threads = await db.thread.count();
    expect(await seedWhenChanged(db, "inputs-1")).toBe(false);
    expect(await db.thread.count()).toBe(threads);

    expect(await seedWhenChanged(db, "inputs-2")).toBe(true);
    expect((await db.appSetting.findUnique({ where: { key: SEED_FINGERPRINT_KEY } }))?.value).toBe("inputs-2");
    // Two whole seeds (the knowledge base, its index and the measured token figures) on a busy CI machine.
  }, 180_000);

  it("changes with any content file and stays the same otherwise", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "seed-fingerprint-"));
    fs.mkdirSync(path.join(root, "src/content/threads"), { recursive: true });
    fs.writeFileSync(path.join(root, "src/content/threads/visa.json"), '{"slug":"visa"}');
    const first = seedFingerprint(root);
    expect(seedFingerprint(root)).toBe(first);
    fs.writeFileSync(path.join(root, "src/content/threads/visa.json"), '{"slug":"visa2"}');
    expect(seedFingerprint(root)).not.toBe(first);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
