/**
 * Regression guard for the student evaluation set (src/content/eval/students): the whole set goes
 * through the local model with no key, and answer correctness, recall@3 and out-of-scope refusals
 * may not drop more than two points below the committed baseline (baseline.json next to the set;
 * `npx tsx scripts/bench/answers.ts --students --write-baseline` records new figures).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalKnowledgeModel } from "~/server/ai/local-model";
import { readKnowledgeBase } from "~/server/rag/articles";
import { answerFromTools } from "~/server/services/tools/tool-answers.service";
import {
  evaluateForumSet,
  formatForumReport,
  forumRegressions,
  logPassages,
  type PassageLog,
  readForumBaseline,
  readForumSet,
} from "../../scripts/bench/forum-eval";
import {
  evaluateStudentSet,
  formatStudentReport,
  readStudentBaseline,
  readStudentEvalSet,
  regressions,
} from "../../scripts/bench/student-eval";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;

beforeAll(async () => {
  // The full seed: the knowledge base, and the topic threads the "I don't know" answer suggests from.
  delete process.env.OPENAI_API_KEY;
  delete process.env.DEEPSEEK_API_KEY;
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.stop();
});

describe("the student evaluation set", () => {
  it("has well-formed questions: enough of them, history exactly on follow-ups, none asked twice", () => {
    const { questions, outOfScope } = readStudentEvalSet();
    expect(questions.length).toBeGreaterThanOrEqual(300);
    expect(outOfScope.length).toBeGreaterThanOrEqual(30);
    for (const q of questions) expect(q.style === "follow-up", q.question).toBe(Boolean(q.history));
    // A follow-up may repeat another's words ("and for a PhD?") after a different question.
    const asked = questions.map((q) => [...(q.history ?? []), q.question].join(" / ").toLowerCase());
    expect(new Set(asked).size).toBe(questions.length);
  });

  it("does not fall more than two points below the baseline", { timeout: 240_000 }, async () => {
    const titleToSlug = new Map(readKnowledgeBase().map((a) => [a.title, a.slug]));
    const model = createLocalKnowledgeModel(database.db, { embeddings: null, toolAnswers: answerFromTools });
    const report = await evaluateStudentSet(database.db, model, readStudentEvalSet(), titleToSlug);
    const baseline = readStudentBaseline();
    const dropped = regressions(report, baseline);
    if (dropped.length) console.log(formatStudentReport(report, { misses: true }));
    expect(dropped, dropped.join("\n")).toEqual([]);
    expect(report.results.length).toBe(baseline.questions);
  });
});

describe("the forum evaluation set", () => {
  it("keeps each question's source and facts, and both halves", () => {
    const { questions, conversations, twins } = readForumSet();
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    expect(questions.filter((q) => q.split === "test").length).toBeGreaterThan(0);
    expect(questions.filter((q) => q.split === "dev").length).toBeGreaterThan(0);
    const slugs = new Set(readKnowledgeBase().map((a) => a.slug));
    for (const turn of conversations.flatMap((c) => c.turns)) for (const slug of turn.articles) expect(slugs.has(slug), slug).toBe(true);
    for (const slug of twins.flatMap((t) => t.articles)) expect(slugs.has(slug), slug).toBe(true);
  });

  it("does not fall more than three points below the test half's baseline, and leaks no more follow-ups", {
    timeout: 240_000,
  }, async () => {
    const log: PassageLog = { current: [] };
    const model = createLocalKnowledgeModel(database.db, { embeddings: null, toolAnswers: answerFromTools, onComposed: logPassages(log) });
    const titleToSlug = new Map(readKnowledgeBase().map((a) => [a.title, a.slug]));
    const report = await evaluateForumSet(model, log, readForumSet(), titleToSlug);
    const baseline = readForumBaseline();
    const dropped = forumRegressions(report, baseline);
    if (dropped.length) console.log(formatForumReport(report));
    expect(dropped, dropped.join("\n")).toEqual([]);
    expect(report.halves.test.questions).toBe(baseline.testQuestions);
  });
});
