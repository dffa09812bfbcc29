import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { registerJobHandlers } from "~/server/background";
import { createDb, type Db } from "~/server/db/client";
import { enqueueJob, registerJobHandler, retryDelaySeconds, runDueJobs, schedulePeriodicJobs } from "~/server/jobs/runner";
import { queueMail } from "~/server/mail/outbox";
import { log } from "~/server/observability/log";
import { purgeExpiredData } from "~/server/services/retention.service";
import { type SmtpFake, startSmtpFake } from "../fakes/smtp-server";
import { callerFor } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const template = { kind: "verify-email", name: "Lea", url: "http://localhost:3000/verify-email?token=abc" } as const;

describe("mail and the job runner", () => {
  let database: TestDatabase;
  let smtp: SmtpFake;
  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpFake();
    registerJobHandlers();
  });
  afterAll(async () => {
    await smtp?.stop();
    await database?.stop();
  });
  afterEach(() => {
    delete process.env.SMTP_URL;
    vi.restoreAllMocks();
  });

  it("sends a queued mail through SMTP with a text and an HTML part, once", async () => {
    process.env.SMTP_URL = smtp.url;
    process.env.MAIL_FROM = "SwipeAbroad <no-reply@swipeabroad.test>";
    const mail = await queueMail(database.db, "lea@example.com", template);
    expect(mail.status).toBe("queued");
    expect(smtp.messages).toHaveLength(0); // nothing is sent inside the request
    expect(await runDueJobs(database.db)).toMatchObject({ done: 1 });
    const received = await smtp.waitForMessage((message) => message.subject === mail.subject);
    expect(received.from?.text).toContain("no-reply@swipeabroad.test");
    expect(received.text).toContain("http://localhost:3000/verify-email?token=abc");
    expect(received.html).toContain("http://localhost:3000/verify-email?token=abc");
    expect(await database.db.mailMessage.findUniqueOrThrow({ where: { id: mail.id } })).toMatchObject({
      status: "sent",
      transport: "smtp",
    });
    expect(await runDueJobs(database.db)).toEqual({ done: 0, retry: 0, dead: 0 });
    expect(smtp.messages.filter((message) => message.subject === mail.subject)).toHaveLength(1);
    delete process.env.MAIL_FROM;
  });

  it("writes the moments of a mail in the time zone the reader chose in Settings, and in UTC for an address without a profile", async () => {
    const when = new Date("2026-03-05T14:30:00Z");
    const user = await database.db.user.create({ data: { email: `zone-${Date.now()}@example.com`, name: "Zoe Zone" } });
    await database.db.student.create({
      data: { userId: user.id, firstName: "Zoe", lastName: "Zone", email: user.email, timeZone: "Asia/Tokyo" },
    });
    const signIn = {
      kind: "new-sign-in",
      name: "Zoe",
      device: "Firefox on Linux",
      ip: "192.0.2.1",
      when,
      securityUrl: "http://localhost:3000/profile",
    } as const;
    const byAccount = await queueMail(database.db, user.email, signIn, user.id);
    expect(byAccount.text).toContain("5 March 2026 at 23:30 (Asia/Tokyo)");
    const byAddress = await queueMail(database.db, user.email, signIn);
    expect(byAddress.text).toContain("5 March 2026 at 23:30 (Asia/Tokyo)");
    const stranger = await queueMail(database.db, "nobody-here@example.com", signIn);
    expect(stranger.text).toContain("5 March 2026 at 14:30 UTC");
  });

  it("without SMTP keeps the mail in the outbox and logs its links, not the address", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    const mail = await queueMail(database.db, "noor@example.com", template);
    await runDueJobs(database.db);
    expect(await database.db.mailMessage.findUniqueOrThrow({ where: { id: mail.id } })).toMatchObject({
      status: "sent",
      transport: "log",
    });
    const logged = info.mock.calls.map((call) => JSON.stringify(call)).filter((line) => line.includes("mail kept in the outbox"));
    expect(logged.some((line) => line.includes("http://localhost:3000/verify-email?token=abc"))).toBe(true);
    expect(logged.join("\n")).not.toContain("noor@example.com");
  });

  it("retries a failing mail with backoff, then marks it dead and failed for staff to see", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1"; // nothing listens there
    vi.spyOn(log, "error").mockImplementation(() => {});
    const mail = await queueMail(database.db, "omar@example.com", template);
    const job = await database.db.job.findFirstOrThrow({ where: { payload: { equals: { mailId: mail.id } } } });
    expect(await runDueJobs(database.db)).toMatchObject({ retry: 1 });
    const retried = await database.db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(retried).toMatchObject({ status: "queued", attempts: 1 });
    expect(retried.runAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(retried.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect([1, 2, 3, 4, 5].map(retryDelaySeconds)).toEqual([15, 60, 240, 960, 3600]);
    for (let attempt = 2; attempt <= 6; attempt++) {
      await database.db.job.update({ where: { id: job.id }, data: { runAt: new Date(Date.now() - 1000) } });
      await runDueJobs(database.db);
    }
    expect(await database.db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: "dead",
      attempts: 6,
    });
    expect(await database.db.mailMessage.findUniqueOrThrow({ where: { id: mail.id } })).toMatchObject({
      status: "failed",
    });

    // Staff with the support permission see it and send it again; others may not look.
    const staff = callerFor(database.db, {
      id: "staff",
      email: "staff@example.com",
      name: "Staff",
      role: "backoffice",
      sessionId: "s",
      emailVerified: true,
      twoFactorEnabled: true,
    });
    const student = callerFor(database.db, {
      id: "student",
      email: "s@example.com",
      name: "S",
      role: "user",
      sessionId: "s",
      emailVerified: true,
      twoFactorEnabled: true,
    });
    await expect(student.admin.system.outbox({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await staff.admin.system.outbox({ q: "omar@" })).rows).toEqual([
      expect.objectContaining({ id: mail.id, status: "failed", error: expect.any(String) }),
    ]);
    expect((await staff.admin.system.troubledJobs()).jobs).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: job.id, status: "dead" })]),
    );
    delete process.env.SMTP_URL;
    await staff.admin.system.retryJob({ id: job.id });
    await runDueJobs(database.db);
    expect(await database.db.mailMessage.findUniqueOrThrow({ where: { id: mail.id } })).toMatchObject({
      status: "sent",
      transport: "log",
    });
    await expect(staff.admin.system.retryJob({ id: job.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("runs a job once when several runners poll at the same time", async () => {
    const runs: string[] = [];
    registerJobHandler("test.count", async (_db, payload) => {
      runs.push((payload as { n: string }).n);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    for (let n = 0; n < 8; n++) await enqueueJob(database.db, "test.count", { n: String(n) });
    // On PostgreSQL each runner has its own connections, as separate instances do.
    const others: Db[] = process.env.TEST_DATABASE_URL
      ? [createDb({ connectionString: database.url, poolMax: 2 }), createDb({ connectionString: database.url, poolMax: 2 })]
      : [database.db, database.db];
    try {
      await Promise.all([runDueJobs(database.db, { limit: 3 }), ...others.map((db) => runDueJobs(db, { limit: 3 }))]);
      await runDueJobs(database.db);
    } finally {
      if (process.env.TEST_DATABASE_URL) await Promise.all(others.map((db) => db.$disconnect()));
    }
    expect(runs.sort()).toEqual(["0", "1", "2", "3", "4", "5", "6", "7"]);
  });

  it("adds each period's run of a periodic job once, however many instances schedule it", async () => {
    const now = Date.now();
    await Promise.all([1, 2, 3].map(() => schedulePeriodicJobs(database.db, [{ kind: "test.periodic", intervalSeconds: 60 }], now)));
    expect(await database.db.job.count({ where: { kind: "test.periodic" } })).toBe(1);
    await schedulePeriodicJobs(database.db, [{ kind: "test.periodic", intervalSeconds: 60 }], now + 60_000);
    expect(await database.db.job.count({ where: { kind: "test.periodic" } })).toBe(2);
  });

  it("a job whose instance died (lease ran out) runs again", async () => {
    let ran = 0;
    registerJobHandler("test.lease", async () => {
      ran += 1;
    });
    await enqueueJob(database.db, "test.lease", {});
    await database.db.job.updateMany({
      where: { kind: "test.lease" },
      data: { status: "running", attempts: 1, lockedUntil: new Date(Date.now() + 60_000) },
    });
    await runDueJobs(database.db);
    expect(ran).toBe(0);
    await database.db.job.updateMany({
      where: { kind: "test.lease" },
      data: { lockedUntil: new Date(Date.now() - 1000) },
    });
    await runDueJobs(database.db);
    expect(ran).toBe(1);
  });

  it("the retention job purges old sign-in attempts, passed counters and used secrets, and keeps recent ones", async () => {
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    await database.db.loginAttempt.createMany({
      data: [
        { email: "a@example.com", ip: "192.0.2.1", succeeded: false, createdAt: old },
        { email: "b@example.com", ip: "192.0.2.2", succeeded: false },
      ],
    });
    await database.db.rateLimitCounter.createMany({
      data: [
        { key: "contact:192.0.2.1", points: 3, resetAt: old },
        { key: "contact:192.0.2.2", points: 1, resetAt: new Date(Date.now() + 60_000) },
      ],
    });
    const purged = await purgeExpiredData(database.db);
    expect(purged).toMatchObject({ loginAttempts: 1, counters: 1 });
    expect(await database.db.loginAttempt.findMany({ select: { email: true } })).toEqual([{ email: "b@example.com" }]);
    expect(await database.db.rateLimitCounter.findMany({ select: { key: true } })).toEqual([{ key: "contact:192.0.2.2" }]);
  });
});
