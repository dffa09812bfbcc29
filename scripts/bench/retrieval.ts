/**
 * Retrieval benchmark (`npm run bench`, figures printed, not asserted):
 * - quality: recall@3 and MRR of the articles retrieved for the questions of src/content/eval/*.json;
 * - latency of retrieve(), on the knowledge base and on it replicated to 10,000 passages: each
 *   question of the evaluation sets and the threads asked once (a question not asked before: the
 *   target, p95 <= 30 ms at 10,000 passages, is for these) and again (answered from the cache of
 *   repeated questions), and the first question after a change (the index read anew).
 *
 * Runs on a throw-away in-memory PGlite (the embedded database) and, when BENCH_DATABASE_URL is set
 * (an empty scratch PostgreSQL database that it migrates and fills), on PostgreSQL too, and ends with
 * a table of both. Full-text search only: no key used.
 * `--verbose` lists the questions whose expected article is not in the top 3.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { CONTENT_DIR, readThreadFiles } from "../../src/server/content/files";
import type { Db } from "../../src/server/db/client";
import { forgetLexemeStatistics } from "../../src/server/rag/knowledge-state";
import { retrieve } from "../../src/server/rag/retrieve";
import { seedKnowledgeBase } from "../../src/server/rag/seed-knowledge-base";
import { withBenchDatabase } from "./bench-database";
import { readStudentEvalSet } from "./student-eval";

const TARGET_PASSAGES = 10_000;
/** The target for questions not asked before, at TARGET_PASSAGES. */
const TARGET_P95_MS = 30;
/** Questions asked before timing: the first one reads the index. */
const WARM_UP_QUESTIONS = [
  "Do I need a visa to study in Germany?",
  "What does a student need in the first week?",
  "How do I open a bank account?",
];
const verbose = process.argv.includes("--verbose");

const evalSetSchema = z.array(
  z.object({
    question: z.string().min(1),
    articles: z.array(z.string().min(1)).min(1),
    // Facts a good answer must state (scripts/bench/answers.ts): each entry is one fact, given as
    // the texts that say it ("two weeks" or "14 days").
    mustContain: z.array(z.array(z.string().min(1)).min(1)).optional(),
  }),
);

export interface EvalQuestion {
  topic: string;
  question: string;
  articles: string[];
  mustContain?: string[][];
}

export function readEvalSet(dir = path.join(CONTENT_DIR, "eval")): EvalQuestion[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .flatMap((name) =>
      evalSetSchema
        .parse(JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")))
        .map((q) => ({ topic: name.replace(/\.json$/, ""), ...q })),
    );
}

/** Articles in the order retrieval ranks them (each once, by its best passage). */
async function rankedArticles(db: Db, question: string): Promise<string[]> {
  const { passages } = await retrieve(db, question, { limit: 20, perArticle: 20, minConfidence: 0, embeddings: null });
  return [...new Set(passages.map((p) => p.articleSlug))];
}

export async function evaluate(db: Db, questions: EvalQuestion[]) {
  let recallSum = 0;
  let answered = 0;
  let reciprocalSum = 0;
  const misses: string[] = [];
  for (const q of questions) {
    const ranked = await rankedArticles(db, q.question);
    if ((await retrieve(db, q.question, { embeddings: null })).passages.length) answered++;
    const top3 = ranked.slice(0, 3);
    const found = q.articles.filter((slug) => top3.includes(slug)).length;
    recallSum += found / q.articles.length;
    const firstRank = ranked.findIndex((slug) => q.articles.includes(slug));
    reciprocalSum += firstRank >= 0 ? 1 / (firstRank + 1) : 0;
    if (found < q.articles.length)
      misses.push(`  ${q.question}\n    expected ${q.articles.join(", ")}\n    got      ${top3.join(", ") || "(nothing)"}`);
  }
  return { recallAt3: recallSum / questions.length, mrr: reciprocalSum / questions.length, answered, misses };
}

/** Copies every article and its passages (search vectors included) until there are `target` passages. */
async function replicate(db: Db, target: number) {
  const base = await db.knowledgePassage.count();
  const copies = Math.ceil(target / base) - 1;
  for (let copy = 1; copy <= copies; copy++) {
    const suffix = `-copy-${copy}`;
    await db.$executeRaw`
      INSERT INTO "KnowledgeArticle" (id, slug, title, topic, country, "lastReviewed", sources, "contentHash", "updatedAt")
      SELECT id || ${suffix}, slug || ${suffix}, title, topic, country, "lastReviewed", sources, "contentHash", now()
      FROM "KnowledgeArticle" WHERE slug NOT LIKE '%-copy-%'`;
    await db.$executeRaw`
      INSERT INTO "KnowledgePassage" (id, "articleId", position, heading, text, search)
      SELECT id || ${suffix}, "articleId" || ${suffix}, position, heading, text, search
      FROM "KnowledgePassage" WHERE "articleId" NOT LIKE '%-copy-%'`;
  }
  const extra = (await db.knowledgePassage.count()) - target;
  if (extra > 0) {
    await db.$executeRaw`DELETE FROM "KnowledgePassage" WHERE id IN (
      SELECT id FROM "KnowledgePassage" WHERE id LIKE ${`%-copy-${copies}`} ORDER BY id LIMIT ${extra})`;
  }
  await db.$executeRaw`ANALYZE "KnowledgePassage"`;
  await db.$executeRaw`ANALYZE "KnowledgeArticle"`;
  return db.knowledgePassage.count();
}

/** Questions the knowledge base does not cover: retrieval should find nothing relevant. */
export const OUT_OF_SCOPE_QUESTIONS = [
  "What is the capital of Peru?",
  "Give me a recipe for pancakes",
  "Who won the football world cup in 2014?",
  "How do I change the oil in my car?",
  "What is the price of bitcoin today?",
  "Write a poem about the sea",
  "How tall is Mount Everest?",
  "Which programming language should I learn first?",
];

/**
 * A check beyond the labelled set: the starter questions of the topic threads (written for the
 * product, not for this benchmark) should be answered, from an article of their own topic.
 */
async function threadQuestions(db: Db) {
  let answered = 0;
  let onTopic = 0;
  let total = 0;
  const offTopic: string[] = [];
  for (const thread of readThreadFiles()) {
    for (const question of thread.questions) {
      total++;
      const { passages } = await retrieve(db, question, { embeddings: null });
      if (passages.length) answered++;
      if (passages[0]?.topic === thread.slug) onTopic++;
      else offTopic.push(`  [${thread.slug}] ${question} -> ${passages[0]?.articleSlug ?? "(nothing)"}`);
    }
  }
  return { total, answered, onTopic, offTopic };
}

async function outOfScope(db: Db) {
  const results = await Promise.all(OUT_OF_SCOPE_QUESTIONS.map(async (q) => ({ q, ...(await retrieve(db, q, { embeddings: null })) })));
  return {
    refused: results.filter((r) => !r.passages.length).length,
    maxConfidence: Math.max(...results.map((r) => r.confidence)),
    answered: results.filter((r) => r.passages.length).map((r) => `  ${r.q} (confidence ${r.confidence})`),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Every distinct question of the evaluation sets and the threads (follow-ups' earlier questions too). */
function benchQuestions(): string[] {
  const students = readStudentEvalSet();
  const all = [
    ...readEvalSet().map((q) => q.question),
    ...students.questions.flatMap((q) => [...(q.history ?? []), q.question]),
    ...students.outOfScope.map((q) => q.question),
    ...readThreadFiles().flatMap((thread) => thread.questions),
    ...OUT_OF_SCOPE_QUESTIONS,
  ];
  return [...new Set(all.map((q) => q.replace(/\s+/g, " ").trim()))].filter((q) => !WARM_UP_QUESTIONS.includes(q));
}

interface Timing {
  p50: number;
  p95: number;
  runs: number;
}

function timing(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), runs: sorted.length };
}

/** Wall-clock time, and this process's CPU time, of one run (ms). */
async function timed(run: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  await run();
  const { user, system } = process.cpuUsage(cpuStart);
  return { wall: performance.now() - start, cpu: (user + system) / 1000 };
}

export interface LatencyFigures {
  /** The first question after a change: the index is read anew. */
  firstAfterChange: number;
  uncached: Timing;
  cached: Timing;
  /** This process's CPU time for questions not asked before: with the embedded database, all of their cost. */
  uncachedCpu: Timing;
}

/**
 * retrieve() as the chat calls it: the index and caches are dropped (as after an edit), warm-up
 * questions read the index again, then every question is asked (not asked before) and at once again.
 */
export async function latency(db: Db, questions: string[]): Promise<LatencyFigures> {
  forgetLexemeStatistics(db);
  const { wall: firstAfterChange } = await timed(() => retrieve(db, WARM_UP_QUESTIONS[0]!, { embeddings: null }));
  for (const question of WARM_UP_QUESTIONS.slice(1)) await retrieve(db, question, { embeddings: null });
  const uncached: { wall: number; cpu: number }[] = [];
  const cached: number[] = [];
  for (const question of questions) {
    uncached.push(await timed(() => retrieve(db, question, { embeddings: null })));
    cached.push((await timed(() => retrieve(db, question, { embeddings: null }))).wall);
  }
  return {
    firstAfterChange,
    uncached: timing(uncached.map((time) => time.wall)),
    cached: timing(cached),
    uncachedCpu: timing(uncached.map((time) => time.cpu)),
  };
}

function latencyLine(label: string, figures: LatencyFigures, inProcess: boolean): string {
  const { uncached, cached, firstAfterChange, uncachedCpu } = figures;
  return [
    `Latency, ${label}:`,
    `  questions not asked before: p50 ${uncached.p50.toFixed(1)} ms  p95 ${uncached.p95.toFixed(1)} ms  (${uncached.runs} questions)`,
    // On a shared machine the wall clock counts other processes' turns; the CPU time does not.
    ...(inProcess
      ? [`    CPU time (the embedded database included): p50 ${uncachedCpu.p50.toFixed(1)} ms  p95 ${uncachedCpu.p95.toFixed(1)} ms`]
      : []),
    `  repeated questions (cached): p50 ${cached.p50.toFixed(1)} ms  p95 ${cached.p95.toFixed(1)} ms`,
    `  first question after a change (index read anew): ${firstAfterChange.toFixed(0)} ms`,
    `  load average while measured: ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
  ].join("\n");
}

interface DatabaseFigures {
  where: string;
  /** The database runs in this process (the embedded one). */
  inProcess: boolean;
  small: { passages: number; figures: LatencyFigures };
  large: { passages: number; figures: LatencyFigures };
}

async function benchDatabase(db: Db, where: string, inProcess: boolean): Promise<DatabaseFigures> {
  const seeded = await seedKnowledgeBase(db, { embeddings: null });
  const passages = await db.knowledgePassage.count();
  const questions = readEvalSet();
  console.log(`\nRetrieval benchmark on ${where}`);
  console.log(`Knowledge base: ${seeded.articles} articles, ${passages} passages; evaluation set: ${questions.length} questions`);

  const quality = await evaluate(db, questions);
  console.log(
    `Retrieval quality (full-text search): recall@3 ${quality.recallAt3.toFixed(3)}  MRR ${quality.mrr.toFixed(3)}  (target recall@3 >= 0.85)`,
  );
  console.log(`Evaluation questions answered (confidence at or above the floor): ${quality.answered}/${questions.length}`);
  if (verbose && quality.misses.length) console.log(`Not fully in the top 3:\n${quality.misses.join("\n")}`);

  const threads = await threadQuestions(db);
  console.log(
    `Thread starter questions: ${threads.answered}/${threads.total} answered, ${threads.onTopic}/${threads.total} with a first passage of their own topic`,
  );
  if (verbose && threads.offTopic.length) console.log(threads.offTopic.join("\n"));
  const outside = await outOfScope(db);
  console.log(
    `Out-of-scope questions: ${outside.refused}/${OUT_OF_SCOPE_QUESTIONS.length} found nothing relevant (highest confidence ${outside.maxConfidence.toFixed(2)})`,
  );
  if (verbose && outside.answered.length) console.log(outside.answered.join("\n"));

  const latencyQuestions = benchQuestions();
  const small = await latency(db, latencyQuestions);
  console.log(latencyLine(`${passages} passages`, small, inProcess));
  const replicated = await replicate(db, TARGET_PASSAGES);
  const large = await latency(db, latencyQuestions);
  console.log(latencyLine(`${replicated} passages (replicated)`, large, inProcess));
  return { where, inProcess, small: { passages, figures: small }, large: { passages: replicated, figures: large } };
}

function summary(results: DatabaseFigures[]): string {
  const rows = results.flatMap(({ where, inProcess, small, large }) =>
    [small, large].map(({ passages, figures }) => {
      const { uncached, cached, firstAfterChange, uncachedCpu } = figures;
      const cells = [uncached.p50, uncached.p95, cached.p50, cached.p95].map((ms) => ms.toFixed(1).padStart(8));
      const cpu = inProcess ? uncachedCpu.p95.toFixed(1) : "-";
      return `${where.padEnd(32)} ${String(passages).padStart(8)} ${cells.join(" ")} ${cpu.padStart(8)} ${firstAfterChange.toFixed(0).padStart(10)}`;
    }),
  );
  const target = results
    .map(({ where, large }) => `${where}: ${large.figures.uncached.p95 <= TARGET_P95_MS ? "met" : "NOT met"}`)
    .join("; ");
  const header = ["new p50", "new p95", "rep p50", "rep p95", "cpu p95"].map((name) => name.padStart(8)).join(" ");
  return [
    "\nRetrieval latency in ms: questions not asked before (new) and repeated ones (rep); cpu: this process's CPU time for new",
    "questions where the database runs in it; 1st after: the first question after a change, which reads the index anew",
    `${"database".padEnd(32)} ${"passages".padStart(8)} ${header} ${"1st after".padStart(10)}`,
    ...rows,
    `Target p95 <= ${TARGET_P95_MS} ms for questions not asked before at ${TARGET_PASSAGES} passages: ${target}`,
    `(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores: on a shared machine the wall-clock figures include other processes' turns)`,
  ].join("\n");
}

async function main() {
  const results: DatabaseFigures[] = [];
  await withBenchDatabase(async (db, where) => void results.push(await benchDatabase(db, where, true)), null);
  if (process.env.BENCH_DATABASE_URL) {
    await withBenchDatabase(async (db) => void results.push(await benchDatabase(db, "PostgreSQL (BENCH_DATABASE_URL)", false)));
  }
  console.log(summary(results));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main();
}
