/**
 * The pricing page's typical tokens: the job measures the median charged tokens of the last 30 days'
 * whole answers per kind of question; a kind with too few answers keeps the spec's estimate, labelled.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyQuestion, ESTIMATED_TOKENS, MIN_MEASURED_ANSWERS } from "~/lib/question-kinds";
import { JOB_KINDS, periodicJobs, registerJobHandlers } from "~/server/background";
import { enqueueJob, runDueJobs } from "~/server/jobs/runner";
import { computeTypicalTokens, readTypicalTokens } from "~/server/services/chat/typical-tokens.service";
import { callerFor } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.stop());

const DAY = 24 * 3600 * 1000;

function usage(questionKind: string, charged: number, overrides: { daysAgo?: number; charge?: string; aborted?: boolean } = {}) {
  return {
    subject: "address:203.0.113.1",
    route: "chat",
    model: "local-knowledge",
    inputTokens: 20,
    outputTokens: Math.max(0, charged - 20),
    charged,
    aborted: overrides.aborted ?? false,
    charge: overrides.charge ?? "answer",
    questionKind,
    createdAt: new Date(Date.now() - (overrides.daysAgo ?? 1) * DAY),
  };
}

describe("typical tokens per kind of question", () => {
  it("classifies the pricing page's three examples as their kinds", () => {
    expect(classifyQuestion("How much is the student visa fee?")).toBe("simple");
    expect(classifyQuestion("Compare health insurance options for a 31-year-old master's student.")).toBe("detailed");
    expect(classifyQuestion("Plan my steps from admission to arrival for a winter semester start.")).toBe("planning");
  });

  it("shows the spec's estimates, labelled, before the job has measured anything", async () => {
    const figures = await callerFor(t.db, null).chat.typicalTokens();
    expect(figures.computedAt).toBeNull();
    expect(figures.kinds.map((kind) => [kind.kind, kind.measured, kind.tokens])).toEqual([
      ["simple", false, ESTIMATED_TOKENS.simple.high],
      ["detailed", false, ESTIMATED_TOKENS.detailed.high],
      ["planning", false, ESTIMATED_TOKENS.planning.high],
    ]);
  });

  it("measures the median of the last 30 days' whole answers once a kind has enough of them", async () => {
    // Simple: 20 answers of 100..290 tokens (median 195), plus rows that must not count.
    await t.db.tokenUsage.createMany({
      data: [
        ...Array.from({ length: MIN_MEASURED_ANSWERS }, (_, i) => usage("simple", 100 + i * 10)),
        usage("simple", 5000, { daysAgo: 40 }), // too old
        usage("simple", 5000, { aborted: true }), // stopped
        usage("simple", 0, { charge: "none" }), // "I don't know"
        usage("simple", 20, { charge: "question-only" }),
        // Detailed: too few to measure.
        ...Array.from({ length: MIN_MEASURED_ANSWERS - 1 }, () => usage("detailed", 400)),
      ],
    });
    registerJobHandlers();
    expect(periodicJobs()).toContainEqual({ kind: JOB_KINDS.typicalTokens, intervalSeconds: 6 * 3600 });
    await enqueueJob(t.db, JOB_KINDS.typicalTokens, {});
    while ((await runDueJobs(t.db)).done > 0);
    expect(await t.db.job.findMany({ where: { kind: JOB_KINDS.typicalTokens }, select: { status: true, lastError: true } })).toEqual([
      { status: "done", lastError: null },
    ]);

    const figures = await readTypicalTokens(t.db);
    expect(figures.computedAt).not.toBeNull();
    const byKind = Object.fromEntries(figures.kinds.map((kind) => [kind.kind, kind]));
    expect(byKind.simple).toMatchObject({ measured: true, tokens: 195, answers: MIN_MEASURED_ANSWERS });
    expect(byKind.detailed).toMatchObject({
      measured: false,
      tokens: ESTIMATED_TOKENS.detailed.high,
      answers: MIN_MEASURED_ANSWERS - 1,
    });
    expect(byKind.planning).toMatchObject({ measured: false, answers: 0 });

    // One more detailed answer and the next run measures that kind too.
    await t.db.tokenUsage.create({ data: usage("detailed", 400) });
    await computeTypicalTokens(t.db);
    expect((await readTypicalTokens(t.db)).kinds.find((kind) => kind.kind === "detailed")).toMatchObject({
      measured: true,
      tokens: 400,
    });
  });
});
