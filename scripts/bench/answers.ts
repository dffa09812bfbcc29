/**
 * Answer benchmark (figures printed, not asserted): every starter question of the topic threads
 * (src/content/threads/*.json, what users click on the landing and students pages) goes through the
 * local knowledge-base model, and the script prints the answer, the articles it cites and whether the
 * first one belongs to the thread's own topic. The chat's prompt chips (src/content/prompts.json, also
 * one click away) are answered too; they have no topic, so only their answers and citations are shown.
 * The evaluation questions that list the facts a good answer must state (`mustContain` in
 * src/content/eval/*.json) are answered and checked: every fact present, the first citation one of
 * the expected articles. Last, the out-of-scope questions of the retrieval benchmark should get
 * "I don't know". Last, the student evaluation set (src/content/eval/students, scripts/bench/student-eval.ts):
 * answer correctness, recall@3, MRR, "I don't know" rate, out-of-scope refusals and correctness per
 * question style, against the issue's targets.
 *
 * Runs on a throw-away in-memory PGlite (or BENCH_DATABASE_URL, an empty scratch PostgreSQL
 * database). Full-text search only: no key used.
 *
 *   npx tsx scripts/bench/answers.ts            summary and one line per question
 *   npx tsx scripts/bench/answers.ts --verbose  the full answers too
 *   npx tsx scripts/bench/answers.ts --verbose anmeldung   only questions containing "anmeldung"
 *   npx tsx scripts/bench/answers.ts --students            only the student set, with its misses
 *   npx tsx scripts/bench/answers.ts --students --write-baseline   and record its figures as the CI baseline
 *   npx tsx scripts/bench/answers.ts --forum               only the forum set (src/content/eval/forum), with the development half's misses
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateText } from "ai";
import { createLocalKnowledgeModel } from "../../src/server/ai/local-model";
import { readPromptsFile, readThreadFiles } from "../../src/server/content/files";
import { createDb } from "../../src/server/db/client";
import { startEmbeddedDatabase } from "../../src/server/db/embedded";
import { prepareDatabase } from "../../src/server/db/setup";
import { readKnowledgeBase } from "../../src/server/rag/articles";
import { seed } from "../../src/server/seed";
import { answerFromTools } from "../../src/server/services/tools/tool-answers.service";
import { evaluateForumSet, formatForumReport, logPassages, type PassageLog, readForumSet } from "./forum-eval";
import { OUT_OF_SCOPE_QUESTIONS, readEvalSet } from "./retrieval";
import {
  answerCheck,
  evaluateStudentSet,
  formatStudentReport,
  readStudentEvalSet,
  STUDENT_BASELINE_FILE,
  type StudentBaseline,
} from "./student-eval";

for (const name of ["OPENAI_API_KEY", "DEEPSEEK_API_KEY"]) delete process.env[name];

const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const studentsOnly = args.includes("--students");
const writeBaseline = args.includes("--write-baseline");
const forumOnly = args.includes("--forum");
const filter = args.find((a) => !a.startsWith("--"))?.toLowerCase();

async function main() {
  let url = process.env.BENCH_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedDatabase({
      socketDir: fs.mkdtempSync(path.join(os.tmpdir(), "pglite-bench-answers-")),
    });
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  // The full seed (topic threads and knowledge base): the "I don't know" answer suggests thread questions.
  await prepareDatabase(url, { seed, log: () => {} });
  const db = createDb({ connectionString: url, poolMax: stopEmbedded ? 1 : 5 });
  const passageLog: PassageLog = { current: [] };
  const model = createLocalKnowledgeModel(db, {
    embeddings: null,
    toolAnswers: answerFromTools,
    onComposed: logPassages(passageLog),
  });
  const titleToArticle = new Map(readKnowledgeBase().map((a) => [a.title, a]));
  const titleToSlug = new Map([...titleToArticle].map(([title, a]) => [title, a.slug]));
  if (forumOnly) {
    try {
      await forumSet(model, passageLog, titleToSlug);
    } finally {
      await db.$disconnect();
      await stopEmbedded?.();
    }
    return;
  }
  if (studentsOnly) {
    try {
      await studentSet(db, model, titleToSlug);
    } finally {
      await db.$disconnect();
      await stopEmbedded?.();
    }
    return;
  }
  let total = 0;
  let answered = 0;
  let onTopic = 0;
  let unsure = 0;
  let words = 0;
  const offTopic: string[] = [];
  try {
    for (const thread of readThreadFiles()) {
      for (const question of thread.questions) {
        if (filter && !question.toLowerCase().includes(filter) && thread.slug !== filter) continue;
        total++;
        const { text } = await generateText({ model, prompt: question });
        const cited = [...text.matchAll(/^Source: (.+) \(last reviewed [\d-]+\)/gm)].map((m) => titleToArticle.get(m[1]!));
        const first = cited[0];
        const isAnswer = !text.startsWith("I don't know");
        if (isAnswer) answered++;
        if (text.startsWith("I am not fully sure")) unsure++;
        const own = first?.topic === thread.slug;
        if (own) onTopic++;
        else offTopic.push(`  [${thread.slug}] ${question} -> ${first?.slug ?? "(nothing)"}`);
        const quoted = text.split("\n").filter((l) => l.trim() && !l.startsWith("Source: ") && !l.startsWith("I am not fully sure"));
        words += quoted.join(" ").split(/\s+/).filter(Boolean).length;
        const marker = own ? "ok " : isAnswer ? "OFF" : "N/A";
        console.log(`${marker} [${thread.slug}] ${question}\n    cites: ${cited.map((a) => a?.slug ?? "?").join(", ") || "(nothing)"}`);
        if (verbose) console.log(`${text.replace(/^/gm, "    | ")}\n`);
      }
    }
    let promptsAnswered = 0;
    let promptsTotal = 0;
    for (const question of readPromptsFile()) {
      if (filter && !question.toLowerCase().includes(filter)) continue;
      promptsTotal++;
      const { text } = await generateText({ model, prompt: question });
      const cited = [...text.matchAll(/^Source: (.+) \(last reviewed [\d-]+\)/gm)].map((m) => titleToArticle.get(m[1]!)?.slug ?? "?");
      if (!text.startsWith("I don't know")) promptsAnswered++;
      console.log(`    [prompt] ${question}\n    cites: ${cited.join(", ") || "(nothing)"}`);
      if (verbose) console.log(`${text.replace(/^/gm, "    | ")}\n`);
    }
    const checked = readEvalSet().filter((q) => q.mustContain && (!filter || q.question.toLowerCase().includes(filter)));
    const failedChecks: string[] = [];
    for (const q of checked) {
      const { text } = await generateText({ model, prompt: q.question });
      const missing = answerCheck(text, q.mustContain!, q.articles, titleToSlug);
      if (missing.length) failedChecks.push(`  [${q.topic}] ${q.question}: ${missing.join("; ")}`);
      console.log(`${missing.length ? "MISS" : "ok  "} [answer check] ${q.question}`);
      if (verbose) console.log(`${text.replace(/^/gm, "    | ")}\n`);
    }
    let refused = 0;
    const notRefused: string[] = [];
    if (!filter) {
      for (const question of OUT_OF_SCOPE_QUESTIONS) {
        const { text } = await generateText({ model, prompt: question });
        if (text.startsWith("I don't know")) refused++;
        else notRefused.push(`  ${question}`);
      }
    }
    console.log(`\nChat prompt chips answered (not "I don't know"): ${promptsAnswered}/${promptsTotal}`);
    console.log(`Thread starter questions through the local model: ${total}`);
    console.log(`  answered (not "I don't know"):           ${answered}/${total}`);
    console.log(`  first cited article of the thread topic: ${onTopic}/${total}`);
    console.log(`  answers prefaced "I am not fully sure":  ${unsure}/${total}`);
    console.log(`  quoted words per answer (mean):          ${(words / Math.max(1, total)).toFixed(1)}`);
    console.log(
      `Answer checks (key facts stated, expected article cited first): ${checked.length - failedChecks.length}/${checked.length}`,
    );
    if (failedChecks.length) console.log(failedChecks.join("\n"));
    if (!filter) console.log(`Out-of-scope questions answered "I don't know": ${refused}/${OUT_OF_SCOPE_QUESTIONS.length}`);
    if (notRefused.length) console.log(`Out-of-scope questions answered anyway:\n${notRefused.join("\n")}`);
    if (offTopic.length && total) console.log(`First cited article of another topic:\n${offTopic.join("\n")}`);
    if (!filter) await studentSet(db, model, titleToSlug);
    if (!filter) await forumSet(model, passageLog, titleToSlug);
  } finally {
    await db.$disconnect();
    await stopEmbedded?.();
  }
}

/** The student evaluation set through the local model: its figures against the targets, and its misses. */
/** The forum set: both halves' figures; the misses of the development half only (the test half is not tuned on). */
async function forumSet(model: ReturnType<typeof createLocalKnowledgeModel>, log: PassageLog, titleToSlug: Map<string, string>) {
  console.log("");
  const report = await evaluateForumSet(model, log, readForumSet(), titleToSlug, {
    onResult: (r) => {
      if (!verbose || r.question.split !== "dev") return;
      console.log(`${r.missing.length ? "MISS" : "ok  "} [forum ${r.question.id}] ${r.question.question.slice(0, 100)}`);
      console.log(`${r.answer.replace(/^/gm, "    | ")}\n`);
    },
  });
  console.log(formatForumReport(report, { misses: verbose || forumOnly }));
}

async function studentSet(
  db: ReturnType<typeof createDb>,
  model: ReturnType<typeof createLocalKnowledgeModel>,
  titleToSlug: Map<string, string>,
) {
  console.log("");
  const report = await evaluateStudentSet(db, model, readStudentEvalSet(), titleToSlug, (r) => {
    if (verbose || studentsOnly) console.log(`${r.missing.length ? "MISS" : "ok  "} [student set] ${r.question.question}`);
    if (verbose) console.log(`${r.answer.replace(/^/gm, "    | ")}\n`);
  });
  console.log(formatStudentReport(report, { misses: verbose || studentsOnly }));
  if (!verbose && !studentsOnly) {
    const misses = report.results.filter((r) => r.missing.length).length;
    if (misses) console.log(`  (${misses} misses: \`npx tsx scripts/bench/answers.ts --students\` lists them)`);
  }
  if (writeBaseline) {
    const baseline: StudentBaseline = {
      measuredOn: new Date().toISOString().slice(0, 10),
      questions: report.results.length,
      correctness: round(report.correctness),
      recallAt3: round(report.recallAt3),
      refusalRate: round(report.refusalRate),
    };
    fs.writeFileSync(STUDENT_BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);
    console.log(`Baseline written to ${path.relative(process.cwd(), STUDENT_BASELINE_FILE)}`);
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main();
}
