import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { registerJobHandlers } from "~/server/background";
import { metricsRoute } from "~/server/http/metrics";
import { runDueJobs } from "~/server/jobs/runner";
import { queueMail } from "~/server/mail/outbox";
import { log } from "~/server/observability/log";
import { recordUsage } from "~/server/services/chat/tokens.service";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const TOKEN = "metrics-token-for-tests-0123456789";
const scrape = (authorization?: string) =>
  metricsRoute(new Request("http://localhost/api/metrics", { headers: authorization ? { authorization } : {} }));

/** The value of one sample line of Prometheus' text format, 0 when it is not there yet. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split("\n").find((row) => row.startsWith(`${name}{`) && labels.split(",").every((label) => row.includes(label)));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

describe("GET /api/metrics", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    registerJobHandlers();
  });
  afterAll(() => database?.stop());
  afterEach(() => {
    delete process.env.METRICS_TOKEN;
    vi.restoreAllMocks();
  });

  it("answers 404 while METRICS_TOKEN is not set", async () => {
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(404);
  });

  it("answers 401 without the token or with a wrong one", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, "Basic abc"]) {
      const response = await scrape(authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect(await response.text()).not.toContain("http_requests_total");
    }
  });

  it("serves the counters of requests, chat tokens, jobs and mails to the token's bearer", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    vi.spyOn(log, "info").mockImplementation(() => {});
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();

    await queueMail(database.db, "mila@example.com", {
      kind: "verify-email",
      name: "Mila",
      url: "http://localhost:3000/verify-email?token=t",
    });
    await runDueJobs(database.db);
    await recordUsage(database.db, {
      subject: "user:metrics",
      userId: null,
      route: "chat-rag",
      model: "local",
      inputTokens: 40,
      outputTokens: 80,
      charged: 120,
      aborted: false,
      questionKind: "simple",
      charge: "answer",
    });

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds",
      "chat_tokens_charged_total",
      "jobs_runs_total",
      "mail_deliveries_total",
      "process_cpu_seconds_total",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    const delta = (name: string, labels: string) => sample(text, name, labels) - sample(before, name, labels);
    expect(delta("jobs_runs_total", 'job="mail.send",outcome="done"')).toBe(1);
    expect(delta("mail_deliveries_total", 'transport="log",outcome="sent"')).toBe(1);
    expect(delta("chat_tokens_charged_total", 'route="chat-rag",model="local"')).toBe(120);
    expect(text).not.toContain("mila@example.com");
  });
});
