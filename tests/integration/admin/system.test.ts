import nextPackage from "next/package.json";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readMigrations } from "~/server/db/migrate";
import { queueMail } from "~/server/mail/outbox";
import { describeDatabase } from "~/server/services/admin/system.service";
import appPackage from "../../../package.json";
import { createStaff } from "../../helpers/admin";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestDatabase();
  admin = await createStaff(t.db, "admin");
  support = await createStaff(t.db, "backoffice");
});
afterAll(() => t.stop());
afterEach(() => {
  delete process.env.SMTP_URL;
});

const template = (name: string) => ({ kind: "verify-email", name, url: "http://localhost:3000/verify-email?token=abc" }) as const;

describe("system health", () => {
  it("tells which database answers, how fast, and its version", async () => {
    const health = await admin.caller.admin.system.health();
    const [{ version }] = (await t.db.$queryRaw<{ version: string }[]>`SELECT version()`) as [{ version: string }];
    expect(health.database).toMatchObject({
      reachable: true,
      version,
      kind: process.env.TEST_DATABASE_URL ? "postgresql" : "pglite",
    });
    if (!health.database.reachable) throw new Error("unreachable");
    expect(health.database.roundTripMs).toBeGreaterThanOrEqual(0);
    expect(version).toContain(`PostgreSQL ${health.database.serverVersion}`);
  });

  it("reads the database kind from its version text", () => {
    expect(describeDatabase("PostgreSQL 16.4 (Debian 16.4-1.pgdg120+2) on x86_64-pc-linux-gnu, compiled by gcc, 64-bit")).toEqual({
      kind: "postgresql",
      label: "PostgreSQL 16.4",
      serverVersion: "16.4",
    });
    expect(describeDatabase("PostgreSQL 18.6 (PGlite 0.5.14) on wasm32-unknown-emscripten, compiled by emcc, 32-bit")).toEqual({
      kind: "pglite",
      label: "Embedded PGlite 0.5.14 (PostgreSQL 18.6)",
      serverVersion: "18.6",
    });
  });

  it("counts the migrations applied, names the latest and finds none pending", async () => {
    const { migrations } = await admin.caller.admin.system.health();
    const shipped = readMigrations().map((migration) => migration.name);
    expect(migrations).toMatchObject({ applied: shipped.length, latest: shipped.at(-1), pending: [] });
    expect(migrations!.latestAt).toBeInstanceOf(Date);
  });

  it("counts jobs and mails by status, as the tables hold them, and lists dead jobs", async () => {
    await t.db.job.createMany({
      data: [
        { kind: "test.queued", payload: {} },
        { kind: "test.done", payload: {}, status: "done", finishedAt: new Date() },
        { kind: "test.dead", payload: {}, status: "dead", attempts: 5, lastError: "gave up", finishedAt: new Date() },
      ],
    });
    const failed = await queueMail(t.db, "failed@example.com", template("F"));
    await t.db.mailMessage.update({ where: { id: failed.id }, data: { status: "failed" } });
    const { jobs, mail } = await admin.caller.admin.system.health();
    const byHand = async (status: "queued" | "running" | "done" | "dead") => t.db.job.count({ where: { status } });
    expect(jobs!.counts).toEqual({
      queued: await byHand("queued"),
      running: await byHand("running"),
      done: await byHand("done"),
      dead: await byHand("dead"),
    });
    expect(jobs!.counts.dead).toBeGreaterThanOrEqual(1);
    expect(jobs!.dead).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "test.dead", lastError: "gave up" })]));
    const mails = async (status: "queued" | "sent" | "failed") => t.db.mailMessage.count({ where: { status } });
    expect(mail!.counts).toEqual({
      queued: await mails("queued"),
      sent: await mails("sent"),
      failed: await mails("failed"),
    });
    expect(mail!.counts.failed).toBeGreaterThanOrEqual(1);
  });

  it("names the mail transport: the log without SMTP_URL, SMTP with it", async () => {
    expect((await admin.caller.admin.system.health()).mail!.transport).toBe("log");
    process.env.SMTP_URL = "smtp://127.0.0.1:2525";
    expect((await admin.caller.admin.system.health()).mail!.transport).toBe("smtp");
  });

  it("names the versions of the app, Node.js, Next.js and Prisma", async () => {
    const { versions } = await admin.caller.admin.system.health();
    expect(versions).toEqual({
      app: appPackage.version,
      node: process.version,
      next: nextPackage.version,
      prisma: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(versions.prisma).toBe(appPackage.dependencies["@prisma/client"]);
  });
});

describe("the outbox", () => {
  it("pages the mails, searched by recipient and filtered by kind and status", async () => {
    const first = await queueMail(t.db, "Lina.Outbox@example.com", template("Lina"));
    const second = await queueMail(t.db, "omar.outbox@example.com", {
      kind: "newsletter-confirm",
      url: "http://localhost:3000/newsletter?token=x",
    });
    await t.db.mailMessage.update({
      where: { id: second.id },
      data: { status: "sent", sentAt: new Date(), transport: "log" },
    });

    const found = await support.caller.admin.system.outbox({ q: "lina.outbox" });
    expect(found.rows.map((row) => row.id)).toEqual([first.id]);
    expect(found.rows[0]).toMatchObject({
      to: "Lina.Outbox@example.com",
      kind: "verify-email",
      status: "queued",
      text: expect.stringContaining("verify-email?token=abc"),
    });
    expect((await support.caller.admin.system.outbox({ q: "outbox@", kind: "newsletter-confirm" })).rows.map((row) => row.id)).toEqual([
      second.id,
    ]);
    expect((await support.caller.admin.system.outbox({ q: "outbox@", status: "sent" })).rows.map((row) => row.id)).toEqual([second.id]);
    expect((await support.caller.admin.system.outbox({ q: "outbox@", sort: "to", dir: "asc" })).rows.map((row) => row.to)).toEqual([
      "Lina.Outbox@example.com",
      "omar.outbox@example.com",
    ]);

    const total = await t.db.mailMessage.count();
    const page = await support.caller.admin.system.outbox({ pageSize: 10, page: 1 });
    expect(page.total).toBe(total);
    expect(page.rows.length).toBe(Math.min(10, total));
    expect(await support.caller.admin.system.outboxKinds()).toEqual(expect.arrayContaining(["newsletter-confirm", "verify-email"]));
  });

  it("lists the failed jobs and retries a dead one with an audit row", async () => {
    const mail = await queueMail(t.db, "retry@example.com", template("R"));
    const job = await t.db.job.findFirstOrThrow({ where: { payload: { equals: { mailId: mail.id } } } });
    await t.db.job.update({
      where: { id: job.id },
      data: { status: "dead", attempts: 6, lastError: "ECONNREFUSED", finishedAt: new Date() },
    });
    await t.db.mailMessage.update({ where: { id: mail.id }, data: { status: "failed" } });
    const retrying = await t.db.job.create({
      data: {
        kind: "test.retrying",
        payload: {},
        attempts: 1,
        lastError: "timeout",
        runAt: new Date(Date.now() + 60_000),
      },
    });

    const troubled = await support.caller.admin.system.troubledJobs();
    expect(troubled.jobs.map((row) => row.id)).toEqual(expect.arrayContaining([job.id, retrying.id]));
    expect(troubled.total).toBe(
      await t.db.job.count({ where: { OR: [{ status: "dead" }, { status: "queued", lastError: { not: null } }] } }),
    );

    expect(await support.caller.admin.system.retryJob({ id: job.id })).toEqual({ id: job.id });
    expect(await t.db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: "queued",
      attempts: 0,
      finishedAt: null,
    });
    expect(await t.db.mailMessage.findUniqueOrThrow({ where: { id: mail.id } })).toMatchObject({ status: "queued" });
    expect(await t.db.auditLog.findMany({ where: { action: "job.retried", targetId: job.id } })).toEqual([
      expect.objectContaining({
        actorId: support.claims.id,
        targetType: "job",
        before: { kind: "mail.send", status: "dead", attempts: 6, lastError: "ECONNREFUSED" },
        after: { status: "queued", attempts: 0 },
      }),
    ]);

    // Only a dead job can be retried; a refusal writes nothing.
    await expect(support.caller.admin.system.retryJob({ id: job.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "That job is not waiting for a retry.",
    });
    await expect(support.caller.admin.system.retryJob({ id: retrying.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(support.caller.admin.system.retryJob({ id: "no-such-job" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await t.db.auditLog.count({ where: { action: "job.retried" } })).toBe(1);
  });
});
