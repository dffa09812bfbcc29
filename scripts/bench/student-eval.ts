/**
 * The student evaluation set (src/content/eval/students/*.json): questions written from the
 * students' side, in six styles, each with the key facts a correct answer states (`mustContain`)
 * and the articles that may answer it, plus out-of-scope questions the assistant must refuse.
 * Shared by the bench (scripts/bench/answers.ts) and the CI regression guard
 * (tests/integration/assistant-eval.test.ts): loading the set, checking an answer, the metrics.
 */
import fs from "node:fs";
import path from "node:path";
import { generateText, type LanguageModel } from "ai";
import { z } from "zod";
import { CONTENT_DIR } from "../../src/server/content/files";
import type { Db } from "../../src/server/db/client";
import { retrieve } from "../../src/server/rag/retrieve";

export const STUDENT_EVAL_DIR = path.join(CONTENT_DIR, "eval", "students");
export const STUDENT_BASELINE_FILE = path.join(STUDENT_EVAL_DIR, "baseline.json");
const OUT_OF_SCOPE_FILE = "out-of-scope.json";
const BASELINE_FILE = "baseline.json";

export const STYLES = ["formal", "casual", "keywords", "typo", "german", "follow-up"] as const;
export type QuestionStyle = (typeof STYLES)[number];

/** The issue's targets for the student set. */
export const STUDENT_TARGETS = { correctness: 0.92, recallAt3: 0.97, refusal: 1 };

const questionSchema = z.object({
  question: z.string().min(1),
  style: z.enum(STYLES),
  history: z.array(z.string().min(1)).min(1).optional(),
  mustContain: z.array(z.array(z.string().min(1)).min(1)).min(1),
  articles: z.array(z.string().min(1)).min(1),
});
const outOfScopeSchema = z.object({
  question: z.string().min(1),
  outOfScope: z.literal(true),
  reason: z.enum(["other-destination", "unrelated"]),
});

export type StudentQuestion = z.infer<typeof questionSchema> & { topic: string };
export type OutOfScopeQuestion = z.infer<typeof outOfScopeSchema>;

export function readStudentEvalSet(dir = STUDENT_EVAL_DIR): {
  questions: StudentQuestion[];
  outOfScope: OutOfScopeQuestion[];
} {
  const read = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));
  const topicFiles = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json") && name !== OUT_OF_SCOPE_FILE && name !== BASELINE_FILE)
    .sort();
  const questions = topicFiles.flatMap((name) =>
    z
      .array(questionSchema)
      .parse(read(name))
      .map((q) => ({ topic: name.replace(/\.json$/, ""), ...q })),
  );
  return { questions, outOfScope: z.array(outOfScopeSchema).parse(read(OUT_OF_SCOPE_FILE)) };
}

/** Digit groups written "11,904", "11.904" or "11 904" all read "11904"; decimals ("13.90") stay. */
function withPlainNumbers(text: string): string {
  return text.replace(/(\d)[,. \u00a0\u202f](?=\d{3}(?!\d))/g, "$1");
}

const SOURCE_LINE = /^Source: (.+) \(last reviewed [\d-]+\)/gm;

/** The slugs of the articles an answer cites, in order ("?" for a title that is no article). */
export function citedArticles(text: string, titleToSlug: Map<string, string>): string[] {
  return [...text.matchAll(SOURCE_LINE)].map((m) => titleToSlug.get(m[1]!) ?? "?");
}

/** The facts a text does not state: each fact is a list of wordings, any of which states it. */
export function missingFacts(text: string, mustContain: string[][]): string[] {
  const plain = withPlainNumbers(text.replace(/\*\*/g, "").toLowerCase());
  return mustContain
    .filter((fact) => !fact.some((wording) => plain.includes(withPlainNumbers(wording.toLowerCase()))))
    .map((fact) => `no "${fact.join('" or "')}"`);
}

/** What an answer lacks: the facts it does not state, and an expected article if none is cited first. */
export function answerCheck(text: string, mustContain: string[][], articles: string[], titleToSlug: Map<string, string>): string[] {
  const missing = missingFacts(text, mustContain);
  const first = citedArticles(text, titleToSlug)[0];
  if (!first || !articles.includes(first)) missing.push(`cites ${first ?? "nothing"} first`);
  return missing;
}

export const isRefusal = (answer: string) => answer.startsWith("I don't know");

/**
 * The text retrieval is ranked for: a follow-up is read together with the previous question, as the
 * local model reads it today (src/server/rag/answer.ts).
 */
function retrievalQuery(q: StudentQuestion): string {
  const previous = q.history?.at(-1);
  return previous ? `${previous} ${q.question}` : q.question;
}

/** Articles in the order retrieval ranks them (each once, by its best passage). */
async function rankedArticles(db: Db, query: string): Promise<string[]> {
  const { passages } = await retrieve(db, query, { limit: 20, perArticle: 20, minConfidence: 0, embeddings: null });
  return [...new Set(passages.map((p) => p.articleSlug))];
}

export interface QuestionResult {
  question: StudentQuestion;
  answer: string;
  cited: string[];
  missing: string[];
  /** The first acceptable article's rank (1-based) in retrieval, 0 when not among the first 20. */
  rank: number;
}

export interface StudentEvalReport {
  results: QuestionResult[];
  refusals: { question: OutOfScopeQuestion; answer: string }[];
  correctness: number;
  recallAt3: number;
  mrr: number;
  unknownRate: number;
  refusalRate: number;
  byStyle: Record<QuestionStyle, { correct: number; total: number }>;
}

/** Asks one question the way the chat does: earlier user messages first, then the question. */
async function ask(model: LanguageModel, q: { question: string; history?: string[] }): Promise<string> {
  const messages = [...(q.history ?? []), q.question].map((content) => ({ role: "user" as const, content }));
  const { text } = await generateText({ model, messages });
  return text;
}

export async function evaluateStudentSet(
  db: Db,
  model: LanguageModel,
  set: { questions: StudentQuestion[]; outOfScope: OutOfScopeQuestion[] },
  titleToSlug: Map<string, string>,
  onResult?: (result: QuestionResult) => void,
): Promise<StudentEvalReport> {
  const results: QuestionResult[] = [];
  for (const question of set.questions) {
    const answer = await ask(model, question);
    const ranked = await rankedArticles(db, retrievalQuery(question));
    const index = ranked.findIndex((slug) => question.articles.includes(slug));
    const result = {
      question,
      answer,
      cited: citedArticles(answer, titleToSlug),
      missing: answerCheck(answer, question.mustContain, question.articles, titleToSlug),
      rank: index + 1,
    };
    results.push(result);
    onResult?.(result);
  }
  const refusals: StudentEvalReport["refusals"] = [];
  for (const question of set.outOfScope) refusals.push({ question, answer: await ask(model, question) });

  const share = (count: number, total: number) => (total ? count / total : 0);
  const byStyle = Object.fromEntries(STYLES.map((style) => [style, { correct: 0, total: 0 }])) as StudentEvalReport["byStyle"];
  for (const r of results) {
    byStyle[r.question.style].total++;
    if (!r.missing.length) byStyle[r.question.style].correct++;
  }
  return {
    results,
    refusals,
    correctness: share(results.filter((r) => !r.missing.length).length, results.length),
    // Recall@3 counts a question found when an acceptable article is in the top 3: `articles` lists
    // the alternatives that may answer it, not articles that must all appear.
    recallAt3: share(results.filter((r) => r.rank >= 1 && r.rank <= 3).length, results.length),
    mrr: share(
      results.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0),
      results.length,
    ),
    unknownRate: share(results.filter((r) => isRefusal(r.answer)).length, results.length),
    refusalRate: share(refusals.filter((r) => isRefusal(r.answer)).length, refusals.length),
    byStyle,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The report's figures against the targets, one line each, and the misses. */
export function formatStudentReport(report: StudentEvalReport, options: { misses?: boolean } = {}): string {
  const mark = (ok: boolean) => (ok ? "met" : "NOT met");
  const n = report.results.length;
  const lines = [
    `Student evaluation set: ${n} questions, ${report.refusals.length} out of scope`,
    `  answer correctness (all key facts, acceptable article cited first): ${percent(report.correctness)}  (target >= ${percent(STUDENT_TARGETS.correctness)}: ${mark(report.correctness >= STUDENT_TARGETS.correctness)})`,
    `  recall@3 (an acceptable article in the top 3):                        ${report.recallAt3.toFixed(3)}  (target >= ${STUDENT_TARGETS.recallAt3}: ${mark(report.recallAt3 >= STUDENT_TARGETS.recallAt3)})`,
    `  MRR:                                                                  ${report.mrr.toFixed(3)}`,
    `  "I don't know" on in-scope questions:                                 ${percent(report.unknownRate)}`,
    `  out-of-scope questions refused ("I don't know"):                      ${percent(report.refusalRate)}  (target ${percent(STUDENT_TARGETS.refusal)}: ${mark(report.refusalRate >= STUDENT_TARGETS.refusal)})`,
    `  correctness by style: ${STYLES.map((s) => `${s} ${report.byStyle[s].correct}/${report.byStyle[s].total}`).join(", ")}`,
  ];
  if (options.misses) {
    const wrong = report.results.filter((r) => r.missing.length);
    if (wrong.length) lines.push("Answers missing a key fact or citing another article first:", ...wrong.map(describeMiss));
    const answered = report.refusals.filter((r) => !isRefusal(r.answer));
    if (answered.length)
      lines.push("Out-of-scope questions answered anyway:", ...answered.map((r) => `  [${r.question.reason}] ${r.question.question}`));
  }
  return lines.join("\n");
}

export function describeMiss(r: QuestionResult): string {
  const asked = r.question.history ? `${r.question.history.join(" / ")} -> ${r.question.question}` : r.question.question;
  return `  [${r.question.topic}/${r.question.style}] ${asked}: ${r.missing.join("; ")} (retrieval rank ${r.rank || "-"})`;
}

export interface StudentBaseline {
  measuredOn: string;
  questions: number;
  correctness: number;
  recallAt3: number;
  refusalRate: number;
}

export function readStudentBaseline(file = STUDENT_BASELINE_FILE): StudentBaseline {
  return JSON.parse(fs.readFileSync(file, "utf8")) as StudentBaseline;
}

/** The figures that dropped more than `tolerance` (0.02: two points) below the baseline. */
export function regressions(report: StudentEvalReport, baseline: StudentBaseline, tolerance = 0.02): string[] {
  const checks: [string, number, number][] = [
    ["answer correctness", report.correctness, baseline.correctness],
    ["recall@3", report.recallAt3, baseline.recallAt3],
    ["out-of-scope refusal rate", report.refusalRate, baseline.refusalRate],
  ];
  return checks
    .filter(([, now, before]) => now < before - tolerance - 1e-9)
    .map(
      ([name, now, before]) => `${name} ${now.toFixed(3)} is more than ${tolerance * 100} points below the baseline ${before.toFixed(3)}`,
    );
}
