/**
 * Retrieval over the knowledge base ("Deep Thinking").
 *
 * 1. The question, its German spellings folded (ä/ae, ß/ss, as the passages are), is parsed with
 *    websearch_to_tsquery (English stemming, stop words, quotes, -not). Its words and phrases are
 *    expanded with the term table (src/content/terms.json: everyday words, German official terms,
 *    abbreviations), and a word the knowledge base never uses is read as the nearest word it does
 *    use by trigram similarity (pg_trgm), so typos ("sperkonto", "anmeldng") still find their passages.
 * 2. Each query term gets an inverse document frequency (in how many passages it occurs), so rare,
 *    telling words ("Sperrkonto", "APS") weigh more than words found everywhere ("Germany",
 *    "student"). Hidden articles are never retrieved.
 * 3. Candidates are the passages using the question's most telling words; each is scored by the
 *    weighted terms it contains, better in the article title (A) or topic and heading (B) than in the
 *    text (C), plus ts_rank_cd's cover density, plus a little when it states the kind of fact asked
 *    for (an amount for "how much", a duration or date for "how long", a list for "which documents"),
 *    and a little less when its heading is about the opposite movement (moving out, for moving in).
 *    Matching and scoring run on an in-process index of the passages' search vectors (search-index.ts),
 *    so their cost does not grow with the candidates a common word brings; only the best few
 *    candidates are read from the database.
 * 4. With an OpenAI key, the candidates are re-ranked with text-embedding-3-large similarity.
 *
 * The index, and the analyses and results of questions already asked, are kept per version of the
 * knowledge base: triggers bump its version on every write to its tables (whoever writes, whichever
 * app instance), and each question reads that version with its own parsing, so an edit in /admin is
 * retrieved from the next question on, and a repeated question costs that one query.
 *
 * Confidence (0..1) is how much of the question's weight the best passage covers: a question about
 * something the knowledge base never mentions ("the capital of Peru") has low confidence. Its floor
 * is lower for a long post than for a short question (confidenceFloor).
 */

import type { EmbeddingModel } from "ai";
import { env } from "~/env";
import type { Db } from "~/server/db/client";
import { log } from "~/server/observability/log";
import type { ArticleSource } from "./articles";
import { cosine, embeddingModel, embedQuery, unpackVector } from "./embeddings";
import { analysisStates, currentKnowledgeState } from "./knowledge-state";
import { analyzeQuery, MAX_SYNONYMS_PER_WORD, MIN_SYNONYM_FACTOR, SYNONYM_WEIGHT } from "./query-analysis";
import { AMOUNT, DURATION_OR_DATE, factsAskedFor, LIST_ITEM, listRequest, movementOf, otherDestination } from "./question";
import type { QueryAnalysis, QueryTerm, Retrieval, RetrievedPassage, RetrieveOptions } from "./retrieval-types";
import { MATCHED, type SearchIndex } from "./search-index";

const DEFAULT_MIN_CONFIDENCE = 0.3;
const OTHER_DESTINATION_CONFIDENCE = 0.1;
/** The floor of a question of many telling words (LONG_QUESTION_WORDS or more), such as a long post. */
const LONG_QUESTION_MIN_CONFIDENCE = 0.2;
const SHORT_QUESTION_WORDS = 5;
const LONG_QUESTION_WORDS = 12;

/**
 * How much lower a question's bars are than a short question's: the confidence below which it is not
 * answered (confidenceFloor) and the least an answer's best sentence must match (answer-units.ts).
 * A question of few telling words must be mostly covered by its best passage. One of many (a post that
 * tells its story, its city, its dates) cannot be: one passage states what it asks, not all it says.
 * So the bars fall, linearly, with each telling word beyond SHORT_QUESTION_WORDS, to the long question's.
 */
export function questionLengthFactor(analysis: QueryAnalysis): number {
  const telling = analysis.conceptWeight.filter((weight) => weight > 0).length;
  const longness = Math.min(1, Math.max(0, (telling - SHORT_QUESTION_WORDS) / (LONG_QUESTION_WORDS - SHORT_QUESTION_WORDS)));
  return 1 - longness * (1 - LONG_QUESTION_MIN_CONFIDENCE / DEFAULT_MIN_CONFIDENCE);
}

/** Below which confidence a question is not answered: lower for a long post than for a short question. */
export const confidenceFloor = (analysis: QueryAnalysis) => DEFAULT_MIN_CONFIDENCE * questionLengthFactor(analysis);

const CANDIDATES = 60;
const ROUGH_CANDIDATES = 300;
/** Share of the question's weight whose words select the candidate passages. */
const SELECTING_SHARE = 0.6;
/**
 * What a term is worth by where a passage has it. In the title and the passage itself is best; in
 * the title only, the passage may be about another part of the article.
 */
const FIELD_VALUE = { titleAndPassage: 1, titleOnly: 0.95, heading: 0.85, text: 0.7 } as const;

/** The value of a hit mask (bits: 4 title, 2 topic or heading, 1 text). */
function fieldValue(mask: number): number {
  if (mask & 4) return mask & 3 ? FIELD_VALUE.titleAndPassage : FIELD_VALUE.titleOnly;
  return mask & 2 ? FIELD_VALUE.heading : mask & 1 ? FIELD_VALUE.text : 0;
}

const SELECTING_SYNONYM_FACTOR = 0.5;
/** Embedding similarity's share of the final score when re-ranking. */
const EMBEDDING_SHARE = 0.4;

interface CandidateRow {
  id: string;
  heading: string | null;
  text: string;
  slug: string;
  title: string;
  topic: string;
  lastReviewed: string;
  sources: unknown;
  passageSources: unknown;
  density: number;
  embedding: Uint8Array | null;
}

export async function retrieve(db: Db, query: string, options: RetrieveOptions = {}): Promise<Retrieval> {
  const analysis = await analyzeQuery(db, query);
  return analysis ? retrieveAnalyzed(db, analysis, options) : { passages: [], confidence: 0 };
}

export async function retrieveAnalyzed(db: Db, analysis: QueryAnalysis, options: RetrieveOptions = {}): Promise<Retrieval> {
  const limit = options.limit ?? 5;
  const perArticle = options.perArticle ?? 3;
  const minConfidence = options.minConfidence ?? confidenceFloor(analysis);
  if (limit <= 0) return { passages: [], confidence: 0 };
  const model = options.embeddings === undefined ? embeddingModel() : options.embeddings;
  // Only vectors of the same model are comparable.
  const modelId = model === null ? null : typeof model === "string" ? model : model.modelId;
  const state = analysisStates.get(analysis) ?? (await currentKnowledgeState(db));
  const key = JSON.stringify([
    analysis.question,
    limit,
    perArticle,
    minConfidence,
    options.topic ?? null,
    rerankingKey(options.embeddings, model),
  ]);
  const cached = state.results.get(key);
  if (cached) return structuredClone(cached);
  const { retrieval, complete } = await rankPassages(db, await state.index, analysis, {
    limit,
    perArticle,
    minConfidence,
    topic: options.topic,
    model,
    modelId,
    abortSignal: options.abortSignal,
  });
  // A retrieval whose re-ranking failed is not kept: the next ask may re-rank.
  if (complete) state.results.set(key, structuredClone(retrieval));
  return retrieval;
}

const modelKeys = new WeakMap<object, number>();
let lastModelKey = 0;

/**
 * What a cached retrieval was re-ranked with: nothing, the configured service (the same settings
 * give the same vectors), or a model passed in (itself: two services may share a model name).
 */
function rerankingKey(requested: RetrieveOptions["embeddings"], model: EmbeddingModel | null): string | null {
  if (model === null) return null;
  if (requested === undefined) return `configured ${env.OPENAI_BASE_URL ?? ""} ${typeof model === "string" ? model : model.modelId}`;
  if (typeof model === "string") return model;
  let key = modelKeys.get(model);
  if (key === undefined) modelKeys.set(model, (key = ++lastModelKey));
  return `model ${key}`;
}

interface RankOptions {
  limit: number;
  perArticle: number;
  minConfidence: number;
  topic?: string;
  model: EmbeddingModel | null;
  modelId: string | null;
  abortSignal?: AbortSignal;
}

async function rankPassages(
  db: Db,
  index: SearchIndex,
  analysis: QueryAnalysis,
  options: RankOptions,
): Promise<{ retrieval: Retrieval; complete: boolean }> {
  const { limit, perArticle, minConfidence, model, modelId } = options;
  const { question, words, conceptWeight, totalWeight, documentFrequency: df } = analysis;
  const terms = searchTerms(analysis);
  const termWeights = terms.map((t) => conceptWeight[t.concept]! * t.factor);

  const known = terms.filter((t) => (df.get(t.lexeme) ?? 0) > 0);
  if (!known.length) return { retrieval: { passages: [], confidence: 0 }, complete: true };
  // Candidates are the passages using the question's most telling words: the words that carry
  // most of its weight (SELECTING_SHARE), rarest first. Common words ("student", "Germany") still score
  // but do not pull in half of the knowledge base.
  const knownConcepts = words.map((_, c) => c).filter((c) => known.some((t) => t.concept === c));
  const knownWeight = knownConcepts.reduce((sum, c) => sum + conceptWeight[c]!, 0);
  const selectingConcepts = new Set<number>();
  let selectedWeight = 0;
  for (const c of [...knownConcepts].sort((a, b) => conceptWeight[b]! - conceptWeight[a]!)) {
    if (selectedWeight >= knownWeight * SELECTING_SHARE) break;
    selectingConcepts.add(c);
    selectedWeight += conceptWeight[c]!;
  }
  // A synonym much more common than its word would pull in passages by the hundred: it scores, but does not select.
  const selecting = [
    ...new Set(
      [...selectingConcepts].flatMap((c) => {
        const own = known.filter((t) => t.concept === c);
        const strong = own.filter((t) => t.factor >= SELECTING_SYNONYM_FACTOR);
        return (strong.length ? strong : own).map((t) => t.query);
      }),
    ),
  ];

  // Per passage and term, whether it matches and with which weights (see SearchIndex.match).
  const matches = new Map<string, Uint8Array>();
  const hitsOf = (query: string) => {
    let hits = matches.get(query);
    if (!hits) matches.set(query, (hits = index.match(query)));
    return hits;
  };
  const termHits = terms.map((term) => hitsOf(term.query));
  const selectingHits = selecting.map(hitsOf);
  // A rough score (which terms a passage has, by weight) picks the best few hundred candidates; only
  // those get the finer score by field (title, heading, text). Ties go to the smaller id, as in SQL.
  const count = index.passages.length;
  const roughScores = new Float64Array(count);
  const rough: number[] = [];
  for (let p = 0; p < count; p++) {
    let selected = false;
    for (const hits of selectingHits) {
      if (hits[p]! & MATCHED) {
        selected = true;
        break;
      }
    }
    if (!selected || (options.topic && index.passages[p]!.topic !== options.topic)) continue;
    let score = 0;
    for (let i = 0; i < termHits.length; i++) score += termWeights[i]! * (termHits[i]![p]! & MATCHED ? 1 : 0);
    roughScores[p] = score;
    rough.push(p);
  }
  // Passages are numbered in the order of their ids: ties go to the smaller id, as ORDER BY id would.
  rough.sort((a, b) => roughScores[b]! - roughScores[a]! || a - b);
  const ranked = rough
    .slice(0, ROUGH_CANDIDATES)
    .map((passage) => {
      // Per term, where the passage has it: bits 4 title, 2 topic or heading, 1 text (0: absent).
      const hits = termHits.map((termHit) => termHit[passage]! & 7);
      let lexical = 0;
      for (let i = 0; i < hits.length; i++) lexical += termWeights[i]! * fieldValue(hits[i]!);
      return { passage, hits, lexical };
    })
    .sort((a, b) => b.lexical - a.lexical || a.passage - b.passage)
    .slice(0, CANDIDATES);

  const selectingQuery = selecting.map((query) => `(${query})`).join(" | ");
  const fetched = await db.$queryRaw<CandidateRow[]>`
    SELECT p.id, p.heading, p.text,
           ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', p.search, ${selectingQuery}::tsquery, 1)::float8 AS density,
           CASE WHEN ${modelId}::text IS NOT NULL AND p."embeddingModel" = ${modelId}::text THEN p.embedding END AS embedding,
           a.slug, a.title, a.topic, a."lastReviewed", a.sources, p.sources AS "passageSources"
    FROM "KnowledgePassage" p JOIN "KnowledgeArticle" a ON a.id = p."articleId" AND NOT a.hidden
    WHERE p.id = ANY(${ranked.map(({ passage }) => index.passages[passage]!.id)}::text[])`;
  const fetchedById = new Map(fetched.map((row) => [row.id, row]));
  // A passage removed since the index was read is left out (the next question reads the new version).
  const rows = ranked.flatMap(({ passage, hits }) => {
    const row = fetchedById.get(index.passages[passage]!.id);
    return row ? [{ ...row, hits }] : [];
  });

  const asked = askedFactKinds(question);
  const movement = movementOf(question);
  let scored = rows.map((row) => {
    const best = words.map(() => 0);
    // How fully each word is covered: by itself or a close synonym wholly, by a much more common
    // synonym (a factor lowered for its rarity) only in part.
    const covered = words.map(() => 0);
    terms.forEach((term, i) => {
      const hit = row.hits[i] ?? 0;
      if (!hit) return;
      const field = fieldValue(hit);
      best[term.concept] = Math.max(best[term.concept]!, field * term.factor);
      covered[term.concept] = Math.max(covered[term.concept]!, Math.min(1, term.factor / SYNONYM_WEIGHT));
    });
    const lexical = best.reduce((sum, value, c) => sum + value * conceptWeight[c]!, 0) / totalWeight;
    const coverage = covered.reduce((sum, share, c) => sum + share * conceptWeight[c]!, 0) / totalWeight;
    // Cover density adds a little for passages that use the terms often and close together, and
    // a passage stating the kind of fact asked for ("how much": an amount) a little more.
    const relevance = Math.min(1, lexical + 0.05 * Math.min(1, row.density) + factKindBonus(asked, row.text));
    // A section headed for the opposite movement (moving out, for a question on moving in) is about something else.
    const opposite =
      movement !== null && row.heading !== null && movementOf(row.heading) === (movement === "arriving" ? "leaving" : "arriving");
    const score = opposite ? relevance * OPPOSITE_MOVEMENT_FACTOR : relevance;
    return { row, score, coverage };
  });

  let complete = true;
  if (model && scored.some((s) => s.row.embedding)) {
    try {
      const queryVector = await embedQuery(model, question, options.abortSignal);
      scored = scored.map((s) => {
        if (!s.row.embedding) return s;
        const similarity = Math.max(0, cosine(queryVector, unpackVector(s.row.embedding)));
        return { ...s, score: (1 - EMBEDDING_SHARE) * s.score + EMBEDDING_SHARE * similarity };
      });
    } catch (error) {
      complete = false;
      log.warn({ error: error instanceof Error ? error.message : String(error) }, "embedding re-rank skipped");
    }
  }

  scored.sort((a, b) => b.score - a.score || a.row.id.localeCompare(b.row.id));
  const top = scored[0];
  const coverageConfidence = top ? round(Math.min(1, Math.max(top.coverage * 0.75 + top.score * 0.25, 0))) : 0;
  // Plans for another country ("How do I study in Canada?") are outside a knowledge base about
  // Germany, whatever words they share with it.
  const confidence = otherDestination(question) ? Math.min(coverageConfidence, OTHER_DESTINATION_CONFIDENCE) : coverageConfidence;
  if (!top || confidence < minConfidence) return { retrieval: { passages: [], confidence }, complete };

  const perArticleCount = new Map<string, number>();
  const passages: RetrievedPassage[] = [];
  for (const { row, score } of scored) {
    if (passages.length >= limit) break;
    // Passages much weaker than the best one would only add noise.
    if (score < top.score * 0.45) break;
    const count = perArticleCount.get(row.slug) ?? 0;
    if (count >= perArticle) continue;
    perArticleCount.set(row.slug, count + 1);
    passages.push({
      id: row.id,
      articleSlug: row.slug,
      articleTitle: row.title,
      topic: row.topic,
      heading: row.heading,
      text: row.text,
      score: round(score),
      lastReviewed: row.lastReviewed,
      sources: sourcesOfPassage(row.passageSources, row.sources),
    });
  }
  return { retrieval: { passages, confidence }, complete };
}

/**
 * The terms the search looks for. Every term costs time in every candidate passage: a word keeps
 * its best few synonyms (the most telling, then the most used), and synonyms worth almost nothing
 * are left out. (The answerer still weighs all of them in the passages it quotes.)
 */
function searchTerms({ terms, documentFrequency }: QueryAnalysis): QueryTerm[] {
  const usable = terms.filter((t) => t.factor === 1 || t.factor >= MIN_SYNONYM_FACTOR);
  const better = (a: QueryTerm, b: QueryTerm) =>
    a.factor > b.factor ||
    (a.factor === b.factor &&
      (documentFrequency.get(a.lexeme)! > documentFrequency.get(b.lexeme)! ||
        (documentFrequency.get(a.lexeme) === documentFrequency.get(b.lexeme) && usable.indexOf(a) < usable.indexOf(b))));
  return usable.filter(
    (term) =>
      term.factor === 1 ||
      usable.filter((t) => t.concept === term.concept && t.factor < 1 && better(t, term)).length < MAX_SYNONYMS_PER_WORD,
  );
}

/** The kinds of fact a question asks for that a passage can be seen to state. */
export interface AskedFactKinds {
  amount: boolean;
  time: boolean;
  list: boolean;
}

export function askedFactKinds(question: string): AskedFactKinds {
  const facts = factsAskedFor(question);
  const list = listRequest(question);
  // "How long does it take" asks for a duration, "when is the deadline" for a date; a question
  // asking for an amount mentions time words too ("per month"): the amount is what it wants.
  // A list of documents or requirements ("what do I need?"); a procedure ("how do I apply?") is
  // answered from the best articles' own steps, which the answerer finds.
  return { amount: facts.amount, time: facts.time && !facts.amount, list: list !== null && !list.procedural };
}

/** What a section headed for the opposite movement keeps of its score: enough to be found when nothing else is. */
const OPPOSITE_MOVEMENT_FACTOR = 0.85;

/** What stating the asked-for kind of fact adds to a passage's score: modest, it breaks near-ties. */
export const FACT_KIND_BONUS = { amount: 0.05, time: 0.04, list: 0.04 } as const;

export function factKindBonus(asked: AskedFactKinds, text: string): number {
  let bonus = 0;
  if (asked.amount && AMOUNT.test(text)) bonus += FACT_KIND_BONUS.amount;
  if (asked.time && DURATION_OR_DATE.test(text)) bonus += FACT_KIND_BONUS.time;
  if (asked.list && LIST_ITEM.test(text)) bonus += FACT_KIND_BONUS.list;
  return bonus;
}

/** A passage's own sources (stored when it was indexed), else its article's: title and address. */
export function sourcesOfPassage(passageSources: unknown, articleSources: unknown): { title: string; url: string }[] {
  const own = Array.isArray(passageSources) && passageSources.length ? passageSources : articleSources;
  return ((own ?? []) as ArticleSource[]).map(({ title, url }) => ({ title, url }));
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
