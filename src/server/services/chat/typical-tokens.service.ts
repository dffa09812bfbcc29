/**
 * The pricing page's typical tokens per kind of question, always measured by the product itself:
 * - when the knowledge base is seeded, the local model answers a fixed set of questions of each kind
 *   (src/content/pricing/token-questions.json) and the median of what each answer would be charged is
 *   stored, so a new install shows measured figures from its first start;
 * - once MIN_LIVE_ANSWERS real answers of a kind were charged in the last 30 days, their median
 *   (worked out by a periodic job) replaces the seeded figure.
 * Both are stored in AppSetting, so the page reads rows, not the ledger.
 */

import path from "node:path";
import { generateText } from "ai";
import { z } from "zod";
import { classifyQuestion, MIN_LIVE_ANSWERS, QUESTION_KINDS, type QuestionKind, type TokenFigure } from "~/lib/question-kinds";
import { createLocalKnowledgeModel } from "~/server/ai/local-model";
import { CONTENT_DIR } from "~/server/content/files";
import { readValidatedFile } from "~/server/content/json-file";
import type { Db } from "~/server/db/client";
import { answerFromTools } from "../tools/tool-answers.service";

const LIVE_FIGURES_KEY = "figures:typical-tokens";
const SEEDED_FIGURES_KEY = "figures:typical-tokens:seeded";
const LIVE_WINDOW_DAYS = 30;

interface StoredFigures {
  computedAt: string;
  kinds: Partial<Record<QuestionKind, { median: number; answers: number }>>;
}

export interface TypicalTokens {
  kinds: TokenFigure[];
  windowDays: number;
  minLiveAnswers: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

async function store(db: Db, key: string, figures: StoredFigures) {
  const value = JSON.stringify(figures);
  await db.appSetting.upsert({ where: { key }, create: { key, value }, update: { value } });
}

/** The live medians of the last 30 days' whole answers (not stopped, not "I don't know"); stores and answers them. */
export async function computeTypicalTokens(db: Db, now = new Date()): Promise<StoredFigures> {
  const since = new Date(now.getTime() - LIVE_WINDOW_DAYS * 24 * 3600 * 1000);
  const rows = await db.$queryRaw<{ kind: string; median: number; answers: number }[]>`
    SELECT "questionKind" AS kind,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY charged)::float8 AS median,
           COUNT(*)::int AS answers
    FROM "TokenUsage"
    WHERE "createdAt" >= ${since} AND "createdAt" <= ${now} AND charge = 'answer' AND NOT aborted AND charged > 0 AND "questionKind" IS NOT NULL
    GROUP BY "questionKind"`;
  const kinds: StoredFigures["kinds"] = {};
  for (const row of rows) {
    if ((QUESTION_KINDS as readonly string[]).includes(row.kind))
      kinds[row.kind as QuestionKind] = { median: Math.round(row.median), answers: row.answers };
  }
  const figures: StoredFigures = { computedAt: now.toISOString(), kinds };
  await store(db, LIVE_FIGURES_KEY, figures);
  return figures;
}

const tokenQuestionsSchema = z.object({
  questions: z.array(z.object({ kind: z.enum(QUESTION_KINDS), question: z.string().min(1) })).min(QUESTION_KINDS.length),
});

/** The fixed questions the seed answers, each with the kind the file gives it. */
export function readTokenQuestions(file = path.join(CONTENT_DIR, "pricing", "token-questions.json")) {
  return readValidatedFile(file, tokenQuestionsSchema, "src/content/pricing/token-questions.json").questions;
}

/**
 * Answers the fixed questions with the local model, as a new conversation would, and stores the
 * median tokens an answer of each kind is charged (the question's and the answer's tokens). An
 * answer that found nothing is not charged, so it is not counted.
 */
export async function measureSeededTypicalTokens(db: Db, questions = readTokenQuestions(), now = new Date()): Promise<StoredFigures> {
  const charged: Partial<Record<QuestionKind, number[]>> = {};
  for (const { question } of questions) {
    let answered = true;
    const model = createLocalKnowledgeModel(db, {
      toolAnswers: answerFromTools,
      onComposed: (composed) => {
        answered = composed.kind !== "unknown" && composed.kind !== "no-other";
      },
    });
    const result = await generateText({ model, messages: [{ role: "user", content: question }] });
    if (!answered) continue;
    const kind = classifyQuestion(question);
    (charged[kind] ??= []).push((result.usage.inputTokens ?? 0) + (result.usage.outputTokens ?? 0));
  }
  const kinds: StoredFigures["kinds"] = {};
  for (const kind of QUESTION_KINDS) {
    const values = charged[kind];
    if (values?.length) kinds[kind] = { median: median(values), answers: values.length };
  }
  const figures: StoredFigures = { computedAt: now.toISOString(), kinds };
  await store(db, SEEDED_FIGURES_KEY, figures);
  return figures;
}

function parseStored(value: string | undefined): StoredFigures | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as StoredFigures;
    return parsed && typeof parsed === "object" && parsed.kinds ? parsed : null;
  } catch {
    return null;
  }
}

/** What the pricing page shows: per kind, the live median when there are enough answers, else the seeded one. */
export async function readTypicalTokens(db: Db): Promise<TypicalTokens> {
  const rows = await db.appSetting.findMany({ where: { key: { in: [LIVE_FIGURES_KEY, SEEDED_FIGURES_KEY] } } });
  const live = parseStored(rows.find((row) => row.key === LIVE_FIGURES_KEY)?.value);
  const seeded = parseStored(rows.find((row) => row.key === SEEDED_FIGURES_KEY)?.value);
  return {
    kinds: QUESTION_KINDS.map((kind): TokenFigure => {
      const liveFigure = live?.kinds[kind];
      if (liveFigure && liveFigure.answers >= MIN_LIVE_ANSWERS && liveFigure.median > 0)
        return { kind, tokens: liveFigure.median, basis: "live", answers: liveFigure.answers };
      const seededFigure = seeded?.kinds[kind];
      if (seededFigure && seededFigure.median > 0)
        return { kind, tokens: seededFigure.median, basis: "seed", answers: seededFigure.answers };
      return { kind, tokens: null, basis: null, answers: 0 };
    }),
    windowDays: LIVE_WINDOW_DAYS,
    minLiveAnswers: MIN_LIVE_ANSWERS,
  };
}
