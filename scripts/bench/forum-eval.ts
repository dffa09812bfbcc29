/**
 * The forum evaluation (src/content/eval/forum): questions copied verbatim from public forums, with
 * the facts a correct answer states (written from official pages); two- and three-turn conversations
 * whose later turns change subject or depend on the earlier one; German questions with English twins.
 *
 * - correctness: every expected fact is stated in the answer;
 * - facts recall@5: every expected fact is in the passages handed to the composer (at most 5 per question
 *   of the post);
 * - "I don't know" on covered questions: the share of refusals among questions whose facts the knowledge
 *   base states somewhere;
 * - follow-up leaks: turns that name a new subject but are answered from the previous turn's articles;
 * - German twins: the German question is answered from one of the articles that answer its English twin.
 *
 * The test half is only reported: nothing is tuned on it (README.md beside the set).
 */
import fs from "node:fs";
import path from "node:path";
import { generateText, type LanguageModel } from "ai";
import { z } from "zod";
import { readKnowledgeBase } from "../../src/server/rag/articles";
import type { RetrievedPassage } from "../../src/server/rag/retrieval-types";
import { citedArticles, isRefusal, missingFacts } from "./student-eval";

const FORUM_DIR = path.join(process.cwd(), "src", "content", "eval", "forum");
export const FORUM_BASELINE_FILE = path.join(FORUM_DIR, "baseline.json");
export const FORUM_TARGETS = { correctness: 0.8, factsRecallAt5: 0.9, german: 0.75, leaks: 0 };
const PASSAGES_PER_QUESTION = 5;

const factSchema = z.object({ fact: z.string(), mustContain: z.array(z.array(z.string()).min(1)).min(1), source: z.string().url() });
const forumQuestionSchema = z.object({
  id: z.string(),
  source: z.string().url(),
  language: z.enum(["en", "de", "mixed"]),
  question: z.string().min(1),
  facts: z.array(factSchema),
  split: z.enum(["dev", "test"]),
});
const conversationSchema = z.object({
  id: z.string(),
  turns: z.array(z.object({ message: z.string(), articles: z.array(z.string()).min(1), dependsOnPrevious: z.boolean() })).min(2),
});
const twinSchema = z.object({ de: z.string(), en: z.string(), articles: z.array(z.string()).min(1) });

export type ForumQuestion = z.infer<typeof forumQuestionSchema>;
export type Conversation = z.infer<typeof conversationSchema>;
export type Twin = z.infer<typeof twinSchema>;
export type Split = ForumQuestion["split"];

const readJson = <T>(file: string, schema: z.ZodType<T>): T =>
  schema.parse(JSON.parse(fs.readFileSync(path.join(FORUM_DIR, file), "utf8")));

export function readForumSet(): { questions: ForumQuestion[]; conversations: Conversation[]; twins: Twin[] } {
  return {
    questions: readJson("questions.json", z.array(forumQuestionSchema)),
    conversations: readJson("conversations.json", z.array(conversationSchema)),
    twins: readJson("german-twins.json", z.array(twinSchema)),
  };
}

/** What the local model composed from: it reports the passages of each answered question. */
export type PassageLog = { current: RetrievedPassage[][] };

/** The local model's `onComposed` that keeps, in `log`, the passages each question of the post was answered from. */
export const logPassages =
  (log: PassageLog) =>
  (composed: { parts: { retrieval: { passages: RetrievedPassage[] } }[] }): void => {
    log.current = composed.parts.map((part) => part.retrieval.passages);
  };

async function ask(model: LanguageModel, messages: string[]): Promise<string> {
  const { text } = await generateText({ model, messages: messages.map((content) => ({ role: "user" as const, content })) });
  return text;
}

export interface ForumResult {
  question: ForumQuestion;
  answer: string;
  missing: string[];
  missingInPassages: string[];
  covered: boolean;
}

export interface HalfReport {
  questions: number;
  withFacts: number;
  correctness: number;
  factsRecallAt5: number;
  unknownOnCovered: number;
  german: { correct: number; total: number };
}

export interface ForumReport {
  results: ForumResult[];
  halves: Record<Split, HalfReport>;
  leaks: { conversation: string; turn: number; message: string; cited: string[] }[];
  newSubjectTurns: number;
  twins: { agreed: number; total: number; misses: string[] };
}

const share = (count: number, total: number) => (total ? count / total : 0);

function half(results: ForumResult[]): HalfReport {
  const withFacts = results.filter((r) => r.question.facts.length);
  const covered = withFacts.filter((r) => r.covered);
  const german = withFacts.filter((r) => r.question.language !== "en");
  return {
    questions: results.length,
    withFacts: withFacts.length,
    correctness: share(withFacts.filter((r) => !r.missing.length).length, withFacts.length),
    factsRecallAt5: share(withFacts.filter((r) => !r.missingInPassages.length).length, withFacts.length),
    unknownOnCovered: share(covered.filter((r) => isRefusal(r.answer)).length, covered.length),
    german: { correct: german.filter((r) => !r.missing.length).length, total: german.length },
  };
}

export async function evaluateForumSet(
  model: LanguageModel,
  log: PassageLog,
  set: ReturnType<typeof readForumSet>,
  titleToSlug: Map<string, string>,
  options: { splits?: Split[]; onResult?: (result: ForumResult) => void } = {},
): Promise<ForumReport> {
  const splits = options.splits ?? ["dev", "test"];
  // A question is covered when the knowledge base states all its facts somewhere.
  const knowledgeText = readKnowledgeBase()
    .map((a) => `${a.title}\n${a.body}`)
    .join("\n");
  const results: ForumResult[] = [];
  for (const question of set.questions.filter((q) => splits.includes(q.split))) {
    log.current = [];
    const answer = await ask(model, [question.question]);
    const handed = log.current.flatMap((passages) => passages.slice(0, PASSAGES_PER_QUESTION).map((p) => `${p.heading ?? ""} ${p.text}`));
    const mustContain = question.facts.flatMap((fact) => fact.mustContain);
    const result = {
      question,
      answer,
      missing: missingFacts(answer, mustContain),
      missingInPassages: missingFacts(handed.join("\n"), mustContain),
      covered: missingFacts(knowledgeText, mustContain).length === 0,
    };
    results.push(result);
    options.onResult?.(result);
  }

  const leaks: ForumReport["leaks"] = [];
  let newSubjectTurns = 0;
  for (const conversation of set.conversations) {
    const said: string[] = [];
    for (const [index, turn] of conversation.turns.entries()) {
      said.push(turn.message);
      const answer = await ask(model, said);
      if (index === 0 || turn.dependsOnPrevious) continue;
      newSubjectTurns++;
      const previous = conversation.turns[index - 1]!.articles;
      const cited = citedArticles(answer, titleToSlug);
      const first = cited[0];
      if (first && previous.includes(first) && !turn.articles.includes(first))
        leaks.push({ conversation: conversation.id, turn: index + 1, message: turn.message, cited });
    }
  }

  const twinMisses: string[] = [];
  for (const twin of set.twins) {
    const first = citedArticles(await ask(model, [twin.de]), titleToSlug)[0];
    if (!first || !twin.articles.includes(first)) twinMisses.push(`${twin.de} -> ${first ?? "no source"}`);
  }
  return {
    results,
    halves: {
      dev: half(results.filter((r) => r.question.split === "dev")),
      test: half(results.filter((r) => r.question.split === "test")),
    },
    leaks,
    newSubjectTurns,
    twins: { agreed: set.twins.length - twinMisses.length, total: set.twins.length, misses: twinMisses },
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

export function formatForumReport(report: ForumReport, options: { misses?: boolean } = {}): string {
  const lines: string[] = ["Forum set (questions copied from public forums; facts from official pages):"];
  for (const split of ["dev", "test"] as const) {
    const h = report.halves[split];
    if (!h.questions) continue;
    lines.push(
      `  ${split} half: ${h.questions} questions (${h.withFacts} with facts): correctness ${h.correctness.toFixed(3)} (target >= ${FORUM_TARGETS.correctness}), ` +
        `facts recall@5 ${h.factsRecallAt5.toFixed(3)} (target >= ${FORUM_TARGETS.factsRecallAt5}), "I don't know" on covered ${percent(h.unknownOnCovered)}, ` +
        `German ${h.german.correct}/${h.german.total}`,
    );
  }
  lines.push(`  follow-up leaks: ${report.leaks.length} of ${report.newSubjectTurns} new-subject turns (target ${FORUM_TARGETS.leaks})`);
  lines.push(`  German questions answered from their English twin's articles: ${report.twins.agreed}/${report.twins.total}`);
  if (options.misses) {
    for (const r of report.results.filter((r) => r.question.split === "dev" && r.missing.length))
      lines.push(`  miss ${r.question.id}: ${r.missing.join("; ")}${r.missingInPassages.length ? " (not in passages)" : ""}`);
    for (const leak of report.leaks)
      lines.push(`  leak ${leak.conversation} turn ${leak.turn}: "${leak.message}" -> ${leak.cited.join(", ")}`);
    for (const miss of report.twins.misses) lines.push(`  twin: ${miss}`);
  }
  return lines.join("\n");
}

export interface ForumBaseline {
  measuredOn: string;
  testQuestions: number;
  correctness: number;
  factsRecallAt5: number;
  leaks: number;
  /** German questions answered from one of their English twin's articles. */
  twinsAgreed: number;
}

export function readForumBaseline(): ForumBaseline {
  return JSON.parse(fs.readFileSync(FORUM_BASELINE_FILE, "utf8")) as ForumBaseline;
}

/** The test half's drops beyond the tolerance, and any new follow-up leak. */
export function forumRegressions(report: ForumReport, baseline: ForumBaseline, tolerance = 0.03): string[] {
  const test = report.halves.test;
  const out: string[] = [];
  if (test.correctness < baseline.correctness - tolerance) out.push(`correctness ${test.correctness.toFixed(3)} < ${baseline.correctness}`);
  if (test.factsRecallAt5 < baseline.factsRecallAt5 - tolerance)
    out.push(`facts recall@5 ${test.factsRecallAt5.toFixed(3)} < ${baseline.factsRecallAt5}`);
  if (report.leaks.length > baseline.leaks) out.push(`follow-up leaks ${report.leaks.length} > ${baseline.leaks}`);
  // The twins are few: a drop of more than the tolerance's share of them fails.
  const twinsFloor = baseline.twinsAgreed - Math.floor(tolerance * report.twins.total);
  if (report.twins.agreed < twinsFloor) out.push(`German twins agreeing ${report.twins.agreed} < ${twinsFloor}`);
  return out;
}
