/**
 * The pricing page's typical tokens: the seed measures the product's own answers to a fixed question
 * set, so a fresh install shows measured figures; the job measures the median charged tokens of the
 * last 30 days' whole answers per kind, which replace the seeded figure once a kind has enough.
 */
import { generateText } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyQuestion, MIN_LIVE_ANSWERS } from "~/lib/question-kinds";
import { createLocalKnowledgeModel } from "~/server/ai/local-model";
import { JOB_KINDS, periodicJobs, registerJobHandlers } from "~/server/background";
import { enqueueJob, runDueJobs } from "~/server/jobs/runner";
import {
  computeTypicalTokens,
  measureSeededTypicalTokens,
  readTokenQuestions,
  readTypicalTokens,
} from "~/server/services/chat/typical-tokens.service";
import { answerFromTools } from "~/server/services/tools/tool-answers.service";
import { callerFor } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
let unseeded: TestDatabase;
beforeAll(async () => {
  [t, unseeded] = await Promise.all([createTestDatabase({ seed: true }), createTestDatabase()]);
});
afterAll(async () => {
  await t?.stop();
  await unseeded?.stop();
});

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

  it("the fixed question set gives each question the kind the classifier gives it, with several of each kind", () => {
    const questions = readTokenQuestions();
    for (const { kind, question } of questions) expect([question, classifyQuestion(question)]).toEqual([question, kind]);
    for (const kind of ["simple", "detailed", "planning"])
      expect(questions.filter((q) => q.kind === kind).length).toBeGreaterThanOrEqual(10);
  });

  it("a fresh seeded database has measured figures for every kind: the medians of its own answers' question and answer tokens", async () => {
    const figures = await callerFor(t.db, null).chat.typicalTokens();
    for (const figure of figures.kinds) {
      expect(figure).toMatchObject({ basis: "seed" });
      expect(figure.tokens).toBeGreaterThan(50);
      expect(figure.answers).toBeGreaterThanOrEqual(8);
    }
    // The seeded simple figure is the median of what those answers are charged, recomputed here.
    const charged: number[] = [];
    for (const { kind, question } of readTokenQuestions()) {
      if (kind !== "simple") continue;
      let found = true;
      const model = createLocalKnowledgeModel(t.db, {
        toolAnswers: answerFromTools,
        onComposed: (composed) => (found = composed.kind !== "unknown"),
      });
      const { usage } = await generateText({ model, messages: [{ role: "user", content: question }] });
      if (found) charged.push(usage.inputTokens! + usage.outputTokens!);
    }
    charged.sort((a, b) => a - b);
    const middle = Math.floor(charged.length / 2);
    const median = charged.length % 2 ? charged[middle] : Math.round((charged[middle - 1]! + charged[middle]!) / 2);
    expect(figures.kinds.find((figure) => figure.kind === "simple")!.tokens).toBe(median);
  });

  it("without any measurement a kind shows no figure at all", async () => {
    const figures = await readTypicalTokens(unseeded.db);
    expect(figures.kinds.map((figure) => [figure.kind, figure.tokens, figure.basis])).toEqual([
      ["simple", null, null],
      ["detailed", null, null],
      ["planning", null, null],
    ]);
    // Measuring on a database with no articles finds no answers: still no figure.
    await measureSeededTypicalTokens(unseeded.db, readTokenQuestions().slice(0, 3));
    expect((await readTypicalTokens(unseeded.db)).kinds.every((figure) => figure.tokens === null)).toBe(true);
  });

  it("measures the median of the last 30 days' whole answers once a kind has enough of them", async () => {
    // Simple: 20 answers of 100..290 tokens (median 195), plus rows that must not count.
    await t.db.tokenUsage.createMany({
      data: [
        ...Array.from({ length: MIN_LIVE_ANSWERS }, (_, i) => usage("simple", 100 + i * 10)),
        usage("simple", 5000, { daysAgo: 40 }), // too old
        usage("simple", 5000, { aborted: true }), // stopped
        usage("simple", 0, { charge: "none" }), // "I don't know"
        usage("simple", 20, { charge: "question-only" }),
        // Detailed: too few to measure.
        ...Array.from({ length: MIN_LIVE_ANSWERS - 1 }, () => usage("detailed", 400)),
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
    const byKind = Object.fromEntries(figures.kinds.map((kind) => [kind.kind, kind]));
    expect(byKind.simple).toMatchObject({ basis: "live", tokens: 195, answers: MIN_LIVE_ANSWERS });
    // Too few live answers: the seeded figure stays.
    expect(byKind.detailed).toMatchObject({ basis: "seed" });
    expect(byKind.detailed!.tokens).not.toBe(400);
    expect(byKind.planning).toMatchObject({ basis: "seed" });

    // One more detailed answer and the next run measures that kind too.
    await t.db.tokenUsage.create({ data: usage("detailed", 400) });
    await computeTypicalTokens(t.db);
    expect((await readTypicalTokens(t.db)).kinds.find((kind) => kind.kind === "detailed")).toMatchObject({ basis: "live", tokens: 400 });
  });
});
