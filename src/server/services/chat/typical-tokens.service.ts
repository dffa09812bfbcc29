/**
 * The pricing page's typical tokens per kind of question: the median of what answers of each kind
 * were charged over the last 30 days (whole answers only: not stopped, not "I don't know"), worked out
 * by a periodic job and stored in AppSetting, so the page reads one row. A kind with fewer than
 * MIN_MEASURED_ANSWERS answers shows the spec's estimate, labelled as such.
 */

import { ESTIMATED_TOKENS, MIN_MEASURED_ANSWERS, QUESTION_KINDS, type QuestionKind } from "~/lib/question-kinds";
import type { Db } from "~/server/db/client";

const TYPICAL_TOKENS_KEY = "figures:typical-tokens";
const TYPICAL_TOKENS_WINDOW_DAYS = 30;

interface StoredFigures {
  computedAt: string;
  kinds: Partial<Record<QuestionKind, { median: number; answers: number }>>;
}

interface KindFigure {
  kind: QuestionKind;
  /** True when `tokens` is the median of at least MIN_MEASURED_ANSWERS answers; false: the spec's estimate. */
  measured: boolean;
  /** The measured median, or the estimate's upper bound (what a plan's allowance is divided by). */
  tokens: number;
  /** The estimate's range, shown while not measured. */
  estimate: { low: number; high: number };
  /** Answers of this kind in the window. */
  answers: number;
}

export interface TypicalTokens {
  kinds: KindFigure[];
  /** When the job last measured; null before its first run. */
  computedAt: Date | null;
  windowDays: number;
  minAnswers: number;
}

/** Measures the medians and stores them; answers what was stored. */
export async function computeTypicalTokens(db: Db, now = new Date()): Promise<StoredFigures> {
  const since = new Date(now.getTime() - TYPICAL_TOKENS_WINDOW_DAYS * 24 * 3600 * 1000);
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
  const value = JSON.stringify(figures);
  await db.appSetting.upsert({
    where: { key: TYPICAL_TOKENS_KEY },
    create: { key: TYPICAL_TOKENS_KEY, value },
    update: { value },
  });
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

/** What the pricing page shows: per kind, the measured median or the labelled estimate. */
export async function readTypicalTokens(db: Db): Promise<TypicalTokens> {
  const row = await db.appSetting.findUnique({ where: { key: TYPICAL_TOKENS_KEY } });
  const stored = parseStored(row?.value);
  return {
    kinds: QUESTION_KINDS.map((kind) => {
      const figure = stored?.kinds[kind];
      const estimate = ESTIMATED_TOKENS[kind];
      const measured = Boolean(figure && figure.answers >= MIN_MEASURED_ANSWERS && figure.median > 0);
      return {
        kind,
        measured,
        tokens: measured ? figure!.median : estimate.high,
        estimate,
        answers: figure?.answers ?? 0,
      };
    }),
    computedAt: stored ? new Date(stored.computedAt) : null,
    windowDays: TYPICAL_TOKENS_WINDOW_DAYS,
    minAnswers: MIN_MEASURED_ANSWERS,
  };
}
