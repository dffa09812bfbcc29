/**
 * Retrieval ("Deep Thinking"): the question's most telling words select candidates on the in-process
 * index, scored by field, cover density and the kind of fact asked for, re-ranked by embeddings with an
 * OpenAI key. Confidence (0..1) is how much of the question's weight the best passage covers.
 */
import { type EmbeddingModel, embed } from "ai";
import { env } from "~/env";
import type { Db } from "~/server/db/client";
import { log } from "~/server/observability/log";
import type { ArticleSource } from "./articles";
import { cosine, embeddingModel, unpackVector } from "./embeddings";
import { analysisStates, currentKnowledgeState } from "./knowledge-state";
import { analyzeQuery, MAX_SYNONYMS_PER_WORD, MIN_SYNONYM_FACTOR, questionMatch, SYNONYM_WEIGHT } from "./query-analysis";
import { AMOUNT, DURATION_OR_DATE, factsAskedFor, LIST_ITEM, listRequest, movementOf, otherDestination } from "./question";
import type { QueryAnalysis, QueryTerm, Retrieval, RetrievedPassage, RetrieveOptions } from "./retrieval-types";
import { MATCHED, type SearchIndex } from "./search-index";

const DEFAULT_MIN_CONFIDENCE = 0.3;
const OTHER_DESTINATION_CONFIDENCE = 0.1;
/** The floor of a question of many telling words (LONG_QUESTION_WORDS or more), such as a long post. */
const LONG_QUESTION_MIN_CONFIDENCE = 0.2;
const SHORT_QUESTION_WORDS = 5;
const LONG_QUESTION_WORDS = 12;

/** How much lower a long question's bars (confidence, best unit) are: one passage cannot cover all a long post says. */
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
/** What a term is worth by where a passage has it; in the title only, the passage may be about another part of the article. */
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
  const ranking = { ...options, limit, perArticle, minConfidence, model, modelId };
  const { retrieval, complete } = await rankPassages(db, await state.index, analysis, ranking);
  // A retrieval whose re-ranking failed is not kept: the next ask may re-rank.
  if (complete) state.results.set(key, structuredClone(retrieval));
  return retrieval;
}

const modelKeys = new WeakMap<object, number>();
let lastModelKey = 0;

/** What a cached retrieval was re-ranked with: nothing, the configured service, or a model passed in (two services may share a name). */
function rerankingKey(requested: RetrieveOptions["embeddings"], model: EmbeddingModel | null): string | null {
  if (model === null) return null;
  if (requested === undefined) return `configured ${env.OPENAI_BASE_URL ?? ""} ${typeof model === "string" ? model : model.modelId}`;
  if (typeof model === "string") return model;
  let key = modelKeys.get(model);
  if (key === undefined) modelKeys.set(model, (key = ++lastModelKey));
  return `model ${key}`;
}

async function rankPassages(
  db: Db,
  index: SearchIndex,
  analysis: QueryAnalysis,
  options: RetrieveOptions & {
    limit: number;
    perArticle: number;
    minConfidence: number;
    model: EmbeddingModel | null;
    modelId: string | null;
  },
): Promise<{ retrieval: Retrieval; complete: boolean }> {
  const { limit, perArticle, minConfidence, model, modelId } = options;
  const { question, words, conceptWeight, documentFrequency: df } = analysis;
  const terms = searchTerms(analysis);
  const termWeights = terms.map((t) => conceptWeight[t.concept]! * t.factor);

  const known = terms.filter((t) => (df.get(t.lexeme) ?? 0) > 0);
  if (!known.length) return { retrieval: { passages: [], confidence: 0 }, complete: true };
  // Candidates use the words carrying most of the weight, rarest first: common words still score but select nothing.
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
  // A rough score (which terms a passage has) picks a few hundred candidates for the finer score by field.
  const count = index.passages.length;
  const roughScores = new Float64Array(count);
  const rough: number[] = [];
  for (let p = 0; p < count; p++) {
    if (!selectingHits.some((hits) => hits[p]! & MATCHED) || (options.topic && index.passages[p]!.topic !== options.topic)) continue;
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
    const lexical = questionMatch(analysis, terms, (term, i) => (row.hits[i] ? fieldValue(row.hits[i]!) * term.factor : 0));
    // A much more common synonym (its factor lowered for that) covers its word only in part.
    const coverage = questionMatch(analysis, terms, (term, i) => (row.hits[i] ? Math.min(1, term.factor / SYNONYM_WEIGHT) : 0));
    // Cover density and the kind of fact asked for add a little: they break near-ties.
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
      // No retries: someone is waiting, and full-text search alone still works.
      const { embedding: queryVector } = await embed({ model, value: question, maxRetries: 0, abortSignal: options.abortSignal });
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
  // Plans for another country ("study in Canada?") are outside a knowledge base about Germany.
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

/** The terms searched: every term costs time per candidate, so a word keeps its best few synonyms and none worth almost nothing. */
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

/**
 * The kinds of fact a question asks for that a passage can be seen to state. An amount question's
 * time words ("per month") ask for no time; a procedure is answered from the articles' own steps.
 */
export function askedFactKinds(question: string) {
  const facts = factsAskedFor(question);
  const list = listRequest(question);
  return { amount: facts.amount, time: facts.time && !facts.amount, list: list !== null && !list.procedural };
}

/** What a section headed for the opposite movement keeps of its score: enough to be found when nothing else is. */
const OPPOSITE_MOVEMENT_FACTOR = 0.85;

/** What stating the asked-for kind of fact adds to a passage's score: modest, it breaks near-ties. */
export const FACT_KIND_BONUS = { amount: 0.05, time: 0.04, list: 0.04 } as const;

export function factKindBonus(asked: ReturnType<typeof askedFactKinds>, text: string): number {
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
