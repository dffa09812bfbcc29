/**
 * The extractive answerer behind the local model: it quotes only retrieved passages, cited, and when
 * nothing relevant is found it says so and suggests questions it can answer.
 */
import type { EmbeddingModel } from "ai";
import type { ToolLink } from "~/lib/schemas/chat";
import type { Db } from "~/server/db/client";
import { needsTimeLimit, withAmountFirst, withStatedLimit, withTimeLimit } from "./answer-figures";
import { correctedQuestion, selectList, withWholeArticles } from "./answer-lists";
import { greetingText, renderAnswer, suggestedQuestions, unknownText } from "./answer-render";
import { fillShortAnswer, type ScoredUnit, scoreUnits, selectUnits, VAGUE_LIMIT } from "./answer-units";
import { resolveFollowUp } from "./follow-up";
import { analyzeQuery } from "./query-analysis";
import { askedFigure, factAboutAnotherPlace, listRequest, otherDestination } from "./question";
import type { Retrieval } from "./retrieval-types";
import { questionLengthFactor, retrieveAnalyzed } from "./retrieve";

export interface ComposedAnswer {
  /** "no-other": a regenerated answer that would repeat the one it replaces, or has nothing left to quote. */
  kind: "answer" | "unknown" | "greeting" | "no-other";
  text: string;
  retrieval: Retrieval;
  /** The passages the answer quotes. */
  quotedPassageIds?: string[];
  /** The tools' data that leads the answer, when it does (src/server/rag/tool-answer.ts), and the cards of those tools. */
  toolText?: string;
  toolLinks?: ToolLink[];
}

export interface AnswerOptions {
  /** Earlier user messages of the conversation, oldest first, for follow-up questions. */
  history?: string[];
  embeddings?: EmbeddingModel | null;
  abortSignal?: AbortSignal;
  /** Below this confidence (0..1) the answer says it is not sure; default SURE_CONFIDENCE. */
  sureConfidence?: number;
  /** The first paragraph of the "I don't know" answer; default UNKNOWN_TEXT. */
  unknownText?: string;
  /** The same for plans for another country, "{country}" standing for it; default OTHER_COUNTRY_UNKNOWN_TEXT. */
  otherCountryText?: string;
  /** "Regenerate": passages earlier answers quoted (the answer moves on to the next best) and the answer replaced. */
  excludePassageIds?: string[];
  previousAnswer?: string;
}

/** The opening of a regenerated answer that has nothing new to say; the answer it replaces follows it. */
export const NO_OTHER_ANSWER_TEXT =
  "There is no other answer in my knowledge base: a new answer would repeat the one before, shown again below.";

const normalized = (text: string) => text.replace(/\s+/g, " ").trim();

/** Answers from the knowledge base; a "Regenerate" with nothing new repeats the answer as "no-other", not charged again. */
export async function answerQuestion(db: Db, question: string, options: AnswerOptions = {}): Promise<ComposedAnswer> {
  const composed = await composeAnswer(db, question, options);
  // A "no other answer" notice that is regenerated again is not nested.
  const previous = (options.previousAnswer ?? "").replace(NO_OTHER_ANSWER_TEXT, "").trim();
  if (composed.kind !== "no-other" && (!previous || normalized(composed.text) !== normalized(previous))) return composed;
  return {
    kind: "no-other",
    text: previous ? `${NO_OTHER_ANSWER_TEXT}\n\n${previous}` : NO_OTHER_ANSWER_TEXT,
    retrieval: composed.retrieval,
    quotedPassageIds: [],
  };
}

const PASSAGES = 8;

const GREETING =
  /^(?:hi|hello|hey|hallo|moin|servus|good (?:morning|afternoon|evening)|thanks?(?: you)?|thank you(?: very much)?|danke(?: schön)?|ok(?:ay)?|cool|great)\b[\s!.,:)]*(?:there|swipeai|so much)?[\s!.,:)]*$/i;

async function composeAnswer(db: Db, question: string, options: AnswerOptions): Promise<ComposedAnswer> {
  const nothing: Retrieval = { passages: [], confidence: 0 };
  const unknown = async (topics: string[], retrieval: Retrieval, otherCountry: string | null = null): Promise<ComposedAnswer> => ({
    kind: "unknown",
    text: unknownText(await suggestedQuestions(db, topics), options, otherCountry),
    retrieval,
  });
  const trimmed = question.trim();
  if (!trimmed || GREETING.test(trimmed))
    return { kind: "greeting", text: greetingText(await suggestedQuestions(db, [])), retrieval: nothing };
  const retrieveOptions = { limit: PASSAGES, embeddings: options.embeddings, abortSignal: options.abortSignal };
  // A follow-up ("and in Munich?") is first rewritten as the question it stands for.
  const standalone = resolveFollowUp(trimmed, options.history ?? []);
  // "What is the capital of Australia?": words shared with the knowledge base must not make it an answer.
  if (factAboutAnotherPlace(standalone)) return unknown([], nothing);
  const analysis = await analyzeQuery(db, standalone);
  let retrieval = analysis ? await retrieveAnalyzed(db, analysis, retrieveOptions) : nothing;

  const excluded = new Set(options.excludePassageIds ?? []);
  if (excluded.size && retrieval.passages.length) {
    const rest = retrieval.passages.filter((passage) => !excluded.has(passage.id));
    if (!rest.length) return { kind: "no-other", text: "", retrieval };
    retrieval = { ...retrieval, passages: rest };
  }

  if (!analysis || !retrieval.passages.length) {
    const near = analysis ? await retrieveAnalyzed(db, analysis, { ...retrieveOptions, minConfidence: 0 }) : null;
    return unknown([...new Set((near?.passages ?? []).map((p) => p.topic))], retrieval, otherDestination(standalone));
  }

  // The whole text of the best articles, scored, for what the retrieved passages alone may miss.
  const found = retrieval;
  let whole: Promise<{ units: ScoredUnit[]; positions: Map<string, number> }> | undefined;
  const wholeArticles = () =>
    (whole ??= withWholeArticles(db, found.passages, excluded).then(async ({ passages, positions }) => ({
      units: await scoreUnits(db, analysis, passages),
      positions,
    })));

  // A list question gets the whole list in order, not the items sharing most words; read with typos corrected.
  const request = listRequest(correctedQuestion(analysis));
  let chosen: ScoredUnit[] = [];
  if (request) {
    const { units, positions } = await wholeArticles();
    chosen = await selectList(db, analysis, units, request, positions);
  }
  if (!chosen.length) {
    const units = (await wholeArticles()).units;
    chosen = selectUnits(units, questionLengthFactor(analysis));
    if (chosen.length && chosen.every((u) => units.includes(u))) chosen = fillShortAnswer(units, chosen);
  }
  if (!chosen.length) return unknown([retrieval.passages[0]!.topic], retrieval);
  // Only an answer that quotes a duty without its time limit needs the rest of its article.
  if (chosen.some(needsTimeLimit)) chosen = withTimeLimit(chosen, (await wholeArticles()).units);
  const kind = askedFigure(analysis.question);
  if (kind === "amount") chosen = withAmountFirst(chosen, (await wholeArticles()).units);
  // "There are limits on how long you may stay" without the limit: the article's figure comes along.
  const vague = kind ? undefined : chosen.find((u) => VAGUE_LIMIT.test(u.plain) && !/\d/.test(u.plain));
  if (vague) chosen = withStatedLimit(chosen, vague, (await wholeArticles()).units);
  return {
    kind: "answer",
    text: renderAnswer(chosen, retrieval, options.sureConfidence),
    retrieval,
    quotedPassageIds: [...new Set(chosen.map((unit) => unit.passage.id))],
  };
}
