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
 * something the knowledge base never mentions ("the capital of Peru") has low confidence.
 */

import type { EmbeddingModel } from "ai";
import { LRUCache } from "lru-cache";
import postWords from "~/content/post-words.json";
import { env } from "~/env";
import { contentVersionQuery } from "~/server/cache/content-cache";
import type { Db } from "~/server/db/client";
import { log } from "~/server/observability/log";
import type { ArticleSource } from "./articles";
import { cosine, embeddingModel, embedQuery, unpackVector } from "./embeddings";
import { isCountryStem, originWords, wordsAfterFrom } from "./entities";
import { pointedSubject } from "./follow-up";
import { isGerman, withoutGermanFunctionWords } from "./post";
import {
  AMOUNT,
  DURATION_OR_DATE,
  factsAskedFor,
  LIST_ITEM,
  listRequest,
  movementOf,
  namesGermanyOrItsSteps,
  otherDestination,
  placesAbroadNamed,
} from "./question";
import { loadSearchIndex, MATCHED, type SearchIndex } from "./search-index";
import { matchTerms, namedBesideItsKind, quoteLexeme, type StemmedGroup, termGroups } from "./terms";
import { foldForSearch, isAsciiWord, PG_TRGM_SIMILARITY_THRESHOLD, trigramSimilarity } from "./text";

export interface RetrievedPassage {
  id: string;
  articleSlug: string;
  articleTitle: string;
  topic: string;
  heading: string | null;
  text: string;
  /** Relevance, 0..1. */
  score: number;
  lastReviewed: string;
  /** The sources that back this passage's section (its article's sources when it names none). */
  sources: { title: string; url: string }[];
}

export interface Retrieval {
  passages: RetrievedPassage[];
  /** 0..1: how well the best passage covers the question. */
  confidence: number;
}

export interface RetrieveOptions {
  /** Passages returned at most (default 5). */
  limit?: number;
  /** Only articles of this topic (a thread slug such as "finances"). */
  topic?: string;
  /** Below this confidence no passage is returned (default 0.3): nothing relevant was found. */
  minConfidence?: number;
  /** At most this many passages of one article (default 3), so that several sources can speak. */
  perArticle?: number;
  /** Embedding model for re-ranking; defaults to the configured one (none without OPENAI_API_KEY). */
  embeddings?: EmbeddingModel | null;
  abortSignal?: AbortSignal;
}

export const DEFAULT_MIN_CONFIDENCE = 0.3;
const OTHER_DESTINATION_CONFIDENCE = 0.1;
const MAX_QUERY_CHARS = 500;
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

const SYNONYM_WEIGHT = 0.8;
/** Synonyms a question word keeps at most, and the least a synonym must be worth. */
const MAX_SYNONYMS_PER_WORD = 3;
const MIN_SYNONYM_FACTOR = 0.15;
const SELECTING_SYNONYM_FACTOR = 0.5;
/** Embedding similarity's share of the final score when re-ranking. */
const EMBEDDING_SHARE = 0.4;

/**
 * Stems of words that say nothing about the subject of a question ("please tell me", "I want to
 * know", "btw"), beyond PostgreSQL's English stop words (src/content/post-words.json). They would only
 * dilute the confidence. German function words are left out before the search (./post.ts).
 */
const FILLER_STEMS = new Set(postWords.fillerStems);

/** The verb of a question asking what to bring or hand in: "what do I bring", "what should we submit", "what to prepare". */
const LIST_VERB =
  /\bwhat (?:\w+ )?(?:do|does|should|must|can|shall) (?:i|we|you|they) (?:need to |have to )?(bring|prepare|submit|take|hand in)\b|\bwhat to (bring|prepare|submit|take)\b/i;

/** The verb of a question asking what to bring or hand in ("bring" in "what do I bring?"), if any. */
export function listVerbOf(question: string): string | undefined {
  const match = LIST_VERB.exec(question);
  return (match?.[1] ?? match?.[2])?.toLowerCase();
}

export interface QueryTerm {
  /** The lexeme, or for a phrase of the term table its lexemes joined by spaces. */
  lexeme: string;
  /** The tsquery that matches it: the quoted lexeme, or a phrase ('famili' <-> 'reunif'). */
  query: string;
  /** Index of the question word it stands for (synonyms share their original's concept). */
  concept: number;
  factor: number;
}

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

/** A question as retrieval sees it: its words (stems), their synonyms and how telling each word is. */
export interface QueryAnalysis {
  question: string;
  /** Stems of the question's words, in order, without stop words and filler. */
  words: string[];
  terms: QueryTerm[];
  /** Inverse document frequency of each word (by index in `words`). */
  conceptWeight: number[];
  totalWeight: number;
  /** Passages in the knowledge base, and in how many of them each term occurs. */
  total: number;
  documentFrequency: Map<string, number>;
  /** Typed words read as another word of the knowledge base ("sperkonto" as "sperrkonto"). */
  corrections: Map<string, string>;
}

export async function analyzeQuery(db: Db, query: string): Promise<QueryAnalysis | null> {
  const question = query.replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_CHARS);
  if (!question) return null;
  const [parsed] = await db.$queryRaw<{ tsquery: string; version: string | null }[]>`
    SELECT websearch_to_tsquery('english', ${foldForSearch(withoutGermanFunctionWords(question))})::text AS tsquery, (${KNOWLEDGE_VERSION}) AS version`;
  if (!parsed) return null;
  const state = knowledgeState(db, parsed.version ?? "");
  const cached = state.analyses.get(question);
  if (cached) return cached.analysis;
  const analysis = await analyzeParsed(db, state, question, parsed.tsquery);
  if (analysis) analysisStates.set(analysis, state);
  state.analyses.set(question, { analysis });
  return analysis;
}

async function analyzeParsed(db: Db, state: KnowledgeState, question: string, tsquery: string): Promise<QueryAnalysis | null> {
  const parsed = queryLexemes(tsquery);
  if (!parsed.length) return null;
  const index = await state.index;
  const { frequencies } = index;
  const total = index.passages.length;
  if (!total) return null;
  // "What documents do I bring?": the verb says a list is asked for, not what it is about ("Bringing your children").
  const listVerb = listVerbOf(question);
  // German question words whose stems look like English words ("wie lange": "lang") ask, not name the subject.
  const germanAsking = germanQuestionStems(question);
  const asked = parsed.filter((stem) => !germanAsking.has(stem) && !listVerb?.startsWith(stem));
  const typed = withCompounds(withRepeatedActions(asked, question, frequencies), question, frequencies);
  const groups = await termGroups(db);

  // A word the knowledge base and the term table never use may be a typo of one they do.
  const corrections = await correctTypos(db, typed, state, index, groups, question);
  // A typo of a stop word ("aftr") is read as it, and so dropped.
  const corrected = [...new Set(typed.map((word) => corrections.get(word) ?? word))].filter(Boolean);
  const redundant = namedBesideItsKind(corrected, groups, (lexeme) => Boolean(frequencies.get(lexeme)));
  const words = corrected.filter((word) => !redundant.has(word));
  const terms = expandSynonyms(words, groups, question);
  // A word for people of a country ("Indian", "Vietnamese", "Pakistani") stands for the country
  // the knowledge base names ("India", "Vietnam", "Pakistan").
  words.forEach((word, concept) => {
    if (frequencies.get(word)) return;
    for (const country of countryOfDemonym(word)) {
      if (frequencies.get(country) && !terms.some((t) => t.lexeme === country))
        terms.push({ lexeme: country, query: quoteLexeme(country), concept, factor: 1 });
    }
  });
  // A phrase occurs at most as often as its rarest word.
  const frequencyOf = (term: QueryTerm) => Math.min(...term.lexeme.split(" ").map((lexeme) => frequencies.get(lexeme) ?? 0));
  // Table terms the knowledge base never uses cannot match a passage: they are left out.
  const usable = terms.filter((t) => t.factor === 1 || frequencyOf(t) > 0);
  terms.splice(0, terms.length, ...usable);
  const documentFrequency = new Map(terms.map((t) => [t.lexeme, frequencyOf(t)]));
  // A word weighs by its rarity. A word the knowledge base never uses (nor a synonym of it) weighs
  // double: it is most likely the subject of a question about something else ("bitcoin"). A number
  // it never uses is the asker's own figure ("my salary is 47000"), not a subject: it weighs little.
  const unknown = words.map((_, c) => terms.every((t) => t.concept !== c || !documentFrequency.get(t.lexeme)));
  const origins = originWords(question);
  const afterFrom = wordsAfterFrom(question);
  const german = isGerman(question);
  const someKnown = unknown.some((isUnknown) => !isUnknown);
  const conceptWeight = words.map((word, c) => {
    // A small number ("after 2 months") is a quantity of the asker's, not what the question is about.
    if (/^\d{1,2}$/.test(word)) return Math.min(1, inverseDocumentFrequency(documentFrequency.get(word) ?? 0, total));
    // "aus Indien", "from Ghana": where the asker comes from is said of them, not asked about.
    if (afterFrom.some((typed) => typed.startsWith(word)) && terms.some((t) => t.concept === c && isCountryStem(t.lexeme))) return 1;
    // A word the knowledge base never uses but the term table translates ("Lebenshaltungskosten":
    // "cost of living") is as telling as its most used translation, not as a word never seen.
    const own = documentFrequency.get(word) ?? 0;
    const translations = terms.filter((t) => t.concept === c && t.factor < 1 && documentFrequency.get(t.lexeme));
    if (!own && translations.length)
      return inverseDocumentFrequency(Math.max(...translations.map((t) => documentFrequency.get(t.lexeme)!)), total);
    // A word the knowledge base uses once beside a translation it uses far more
    // ("Kaltmiete" beside "cold rent", "Studium" beside "studies") is a rare spelling of a common
    // subject: it weighs as the subject does.
    const rare = rareSpellingFrequency(
      own,
      translations.map((t) => documentFrequency.get(t.lexeme)!),
    );
    if (rare !== null) return inverseDocumentFrequency(rare, total);
    if (!unknown[c]) return inverseDocumentFrequency(own, total);
    // In a German question, a word neither the knowledge base nor the term table knows may be German the
    // table does not translate ("fahren") as well as the subject of a question about something else: it
    // weighs as a word never seen, not double.
    if (german && someKnown && !/\d/.test(word)) return inverseDocumentFrequency(0, total);
    // Where the asker comes from ("scholarship for Bangladeshi students") is said of them, not asked about.
    if (origins.some((origin) => origin.startsWith(word) && word.length >= origin.length - 3)) return 1;
    return /\d/.test(word) ? 1 : 2 * inverseDocumentFrequency(0, total);
  });
  // "Can I go to Paris with my residence permit?": a place abroad named by a question about Germany
  // or its steps, without plans to study or live there, is another country to travel to, not the
  // subject; it stands for "country". ("The capital of Peru" is about Peru: it keeps its weight.)
  const abroad = placesAbroadNamed(question);
  const countryFrequency = frequencies.get(COUNTRY_STEM) ?? 0;
  if (abroad.length && countryFrequency && namesGermanyOrItsSteps(question) && !otherDestination(question)) {
    words.forEach((word, c) => {
      if (!abroad.some((place) => writtenAs(word, place)) || afterFrom.some((typed) => typed.startsWith(word))) return;
      conceptWeight[c] = Math.min(conceptWeight[c]!, inverseDocumentFrequency(countryFrequency, total));
      if (!terms.some((t) => t.concept === c && t.lexeme === COUNTRY_STEM))
        terms.push({ lexeme: COUNTRY_STEM, query: quoteLexeme(COUNTRY_STEM), concept: c, factor: SYNONYM_WEIGHT });
      documentFrequency.set(COUNTRY_STEM, countryFrequency);
    });
  }
  // "I am 31, can I still get student insurance?": a number said as the asker's age asks about age limits.
  const age = AGE_STATEMENT.exec(question)?.[1];
  const ageConcept = age ? words.indexOf(age) : -1;
  const ageFrequency = frequencies.get(AGE_STEM) ?? 0;
  if (ageConcept >= 0 && ageFrequency) {
    terms.push({ lexeme: AGE_STEM, query: quoteLexeme(AGE_STEM), concept: ageConcept, factor: SYNONYM_WEIGHT });
    documentFrequency.set(AGE_STEM, ageFrequency);
    conceptWeight[ageConcept] = inverseDocumentFrequency(ageFrequency, total);
  }
  // A much more common synonym of a rare word ("cost" for "spend") is not as telling as the word
  // itself: it counts for its own rarity, or every passage with the common word would look like a hit.
  for (const term of terms) {
    if (term.factor === 1) continue;
    const own = inverseDocumentFrequency(documentFrequency.get(term.lexeme) ?? 0, total);
    if (own * 2 < conceptWeight[term.concept]!) term.factor *= own / conceptWeight[term.concept]!;
  }
  // "and do I pay tax on that?" after a question about a student job: the follow-up's own subject
  // (tax) leads, the subject it points to (the job) says which case it is about.
  const pointed = pointedSubject(question);
  if (pointed) {
    const asked = writtenWordsOf(question.slice(0, question.lastIndexOf(`(${pointed})`)));
    words.forEach((word, c) => {
      if (!asked.some((written) => writtenAs(word, written))) conceptWeight[c]! *= POINTED_SUBJECT_SHARE;
    });
  }
  // Words the knowledge base never uses may each be what a question is about, but a post asks about one
  // thing it does not know at most: together they weigh as the heaviest of them. A long post's story
  // ("Montag bis Freitag", "my cousin in Lagos") does not bury what it asks about.
  const isKnown = (c: number) => terms.some((t) => t.concept === c && (documentFrequency.get(t.lexeme) ?? 0) > 0);
  const knownTotal = conceptWeight.reduce((sum, weight, c) => sum + (isKnown(c) ? weight : 0), 0);
  const unknownWeights = conceptWeight.filter((_, c) => !isKnown(c));
  const totalWeight = knownTotal + (unknownWeights.length ? Math.max(...unknownWeights) : 0);
  return { question, words, terms, conceptWeight, totalWeight, total, documentFrequency, corrections };
}

/** German question words as typed, by the stem the English configuration gives them ("lange": "lang"). */
const GERMAN_QUESTION_WORDS = new Map([
  ["lange", "lang"],
  ["weshalb", "weshalb"],
  ["wieso", "wieso"],
  ["wohin", "wohin"],
  ["woher", "woher"],
]);

export function germanQuestionStems(question: string): Set<string> {
  return new Set(writtenWordsOf(question).flatMap((word) => (GERMAN_QUESTION_WORDS.has(word) ? [GERMAN_QUESTION_WORDS.get(word)!] : [])));
}

/** A word used this few times, beside a translation used RARE_SPELLING_RATIO times as often, is a rare spelling. */
const RARE_SPELLING = 1;
const RARE_SPELLING_RATIO = 3;

/**
 * The use a rarely used spelling of a common subject counts for: halfway (geometrically) between its
 * own and its most used translation's, so it stays a telling word without outweighing the rest of
 * the question. Null for a word that is no such spelling.
 */
export function rareSpellingFrequency(own: number, translationFrequencies: number[]): number | null {
  if (own < 1 || own > RARE_SPELLING || !translationFrequencies.length) return null;
  const most = Math.max(...translationFrequencies);
  return most >= own * RARE_SPELLING_RATIO ? Math.sqrt(own * most) : null;
}

const COUNTRY_STEM = "countri";
const AGE_STEM = "age";
/** The asker's age: "I am 31", "I'm 29 years old", "I turn 30 next year". */
export const AGE_STATEMENT =
  /\b(?:i am|i'm|im|i turn|i turned|i will be|aged?)\s+(\d{2})\b(?!\s*(?:€|eur\b|euros?\b|k\b|%|hours?\b|days?\b|weeks?\b|months?\b|semesters?\b|credits?\b|ects\b))/i;

/** What the words of the subject a follow-up points to weigh beside its own words. */
const POINTED_SUBJECT_SHARE = 0.5;

/** Whether a stem is of a word as typed: "regist" of "register", "studi" of "study". */
function writtenAs(stem: string, written: string): boolean {
  return written.startsWith(stem) || (stem.endsWith("i") && stem.length > 3 && written.startsWith(stem.slice(0, -1)));
}

/** The question's words as typed: folded (ä/ae, ß/ss), lower case, ASCII letters only. */
function writtenWordsOf(question: string): string[] {
  return (
    foldForSearch(question)
      .toLowerCase()
      .match(/[a-z]+/g) ?? []
  );
}

/**
 * "register again" is what the knowledge base calls "re-register" (indexed whole, see foldForSearch):
 * a verb followed by "again" reads as the verb with "re", when the knowledge base uses that word.
 */
export function withRepeatedActions(stems: string[], question: string, frequencies: Map<string, number>): string[] {
  const written = writtenWordsOf(question);
  let out = stems;
  for (let i = 0; i + 1 < written.length; i++) {
    if (written[i + 1] !== "again") continue;
    const stem = out.find((s) => s.length >= 3 && written[i]!.startsWith(s));
    if (stem && frequencies.get(`re${stem}`)) out = out.map((s) => (s === stem ? `re${stem}` : s));
  }
  return out;
}

/**
 * German compounds typed apart ("Deutschland Stipendium", "Rundfunk Beitrag") read as the one word
 * the knowledge base uses ("Deutschlandstipendium"): the two words' stems give way to it.
 */
export function withCompounds(stems: string[], question: string, frequencies: Map<string, number>): string[] {
  const written = writtenWordsOf(question);
  let out = stems;
  for (let i = 0; i + 1 < written.length; i++) {
    const [first, second] = [written[i]!, written[i + 1]!];
    if (first.length < 3 || second.length < 3) continue;
    const compound = first + second;
    // "mini-job" is one word already: its hyphenated form stands for it.
    if (!frequencies.get(compound) || out.includes(compound) || out.includes(`${first}-${second}`)) continue;
    const part = (stem: string) => stem.length >= 3 && (first.startsWith(stem) || second.startsWith(stem));
    out = [...out.filter((stem) => !part(stem)), compound];
  }
  return out;
}

/** The knowledge base's content version, which every write to its tables bumps. */
const KNOWLEDGE_VERSION = contentVersionQuery("knowledge");
/** Analyses and results kept per version of the knowledge base (a few kB each). */
const CACHED_QUESTIONS = 1000;

/** What retrieval keeps for one version of a client's knowledge base. */
interface KnowledgeState {
  version: string;
  index: Promise<SearchIndex>;
  /** By question: its analysis (null: nothing to search for; boxed, as the cache holds no null). */
  analyses: LRUCache<string, { analysis: QueryAnalysis | null }>;
  /** By question and options: the retrieval. */
  results: LRUCache<string, Retrieval>;
  /** Words a typo may be read as (see correctTypos), built on first need. */
  vocabulary?: string[];
  /** The words of the passages as written (folded, lower case), with their stems and in how many passages each occurs. */
  writtenWords?: Promise<WrittenWord[]>;
}

// Per database client: tests and tools open several databases in one process.
const knowledgeStates = new WeakMap<Db, KnowledgeState>();
const analysisStates = new WeakMap<QueryAnalysis, KnowledgeState>();

/** This client's index and caches for `version`, read anew when the version moved. */
function knowledgeState(db: Db, version: string): KnowledgeState {
  const current = knowledgeStates.get(db);
  if (current?.version === version) return current;
  const state: KnowledgeState = {
    version,
    index: loadSearchIndex(db),
    analyses: new LRUCache({ max: CACHED_QUESTIONS }),
    results: new LRUCache({ max: CACHED_QUESTIONS }),
  };
  state.index.catch(() => {
    if (knowledgeStates.get(db) === state) knowledgeStates.delete(db);
  });
  knowledgeStates.set(db, state);
  return state;
}

async function currentKnowledgeState(db: Db): Promise<KnowledgeState> {
  const [row] = await db.$queryRaw<{ version: string | null }[]>`SELECT (${KNOWLEDGE_VERSION}) AS version`;
  return knowledgeState(db, row?.version ?? "");
}

/**
 * Drops this client's index and cached retrievals at once. A change to the knowledge base moves its
 * version, which the next question reads anyway: this only spares the editor's process that check.
 */
export function forgetLexemeStatistics(db: Db) {
  knowledgeStates.delete(db);
}

/** Only words of this length or more are corrected: shorter ones are too close to too many words. */
const TYPO_MIN_LENGTH = 5;
/** Trigram similarity (pg_trgm, 0..1) above which a known word replaces a typed one of TYPO_SIMILAR_LENGTH letters or more. */
const TYPO_SIMILARITY = 0.6;
const TYPO_SIMILAR_LENGTH = 6;

/**
 * Typing slips a word of this length may hold. A short word one letter longer than a known one is
 * usually another word ("world" and "word"), so short words are corrected only for a wrong,
 * swapped or missing letter ("blokc" for "block", "helth" for "health").
 */
function allowedEdits(typed: string, known: string): number {
  if (typed.length >= 9) return 2;
  if (typed.length >= 7) return 1;
  // A letter left out ("helth") is the commonest slip; a letter too many in a short word is usually another word.
  return known.length >= typed.length ? 1 : 0;
}

/**
 * The words of the question that neither the knowledge base nor the term table use, read as the
 * nearest word they do use ("sperkonto" as "sperrkonto", "scholaship" as "scholarship"): candidates
 * by trigram similarity (pg_trgm's, see trigramSimilarity), kept when similar enough or one typing slip away.
 */
async function correctTypos(
  db: Db,
  words: string[],
  state: KnowledgeState,
  index: SearchIndex,
  groups: StemmedGroup[],
  question: string,
): Promise<Map<string, string>> {
  const tableWords = new Set(groups.flatMap((g) => g.terms.filter((t) => t.lexemes.length === 1).map((t) => t.lexemes[0]!)));
  const { frequencies } = index;
  const places = placesAbroadNamed(question);
  // Stems are often shorter than the word typed ("arival": "ariv"): the word's length counts.
  const unknown = words.filter(
    (word) =>
      word.length >= TYPO_MIN_LENGTH - 1 &&
      /^\p{L}+$/u.test(word) &&
      !frequencies.get(word) &&
      !tableWords.has(word) &&
      !countryOfDemonym(word).some((country) => frequencies.get(country)) &&
      // A place abroad ("Paris") is not a typo of a word the knowledge base uses ("part").
      !places.some((place) => place.startsWith(word)),
  );
  if (!unknown.length) return new Map();
  // A slip is best read on the word as typed: "internatonal" stems to "internaton", far from
  // "intern", but is one letter from "international", whose stem is "intern".
  const written = await correctWrittenWords(db, unknown, state, index, question);
  if (written.size === unknown.length) return written;
  const stemmed = await correctStems(
    db,
    unknown.filter((word) => !written.has(word) && word.length >= TYPO_MIN_LENGTH),
    state,
    index,
    tableWords,
  );
  return new Map([...written, ...stemmed]);
}

interface WrittenWord {
  word: string;
  /** Null for a stop word. */
  stem: string | null;
  passages: number;
}

/** Words of the question as typed (folded, lower case, ASCII letters), for the stems the knowledge base does not know. */
function typedWordsFor(stems: string[], question: string): Map<string, string> {
  const typed = new Map<string, string>();
  for (const word of writtenWordsOf(question)) {
    if (word.length < TYPO_MIN_LENGTH - 1) continue;
    // English stems are the word's beginning, a final "y" read as "i" ("germny": "germni").
    const stem = stems.find((s) => word.startsWith(s) || (s.endsWith("i") && word.startsWith(s.slice(0, -1)) && word.length === s.length));
    if (stem && !typed.has(stem)) typed.set(stem, word);
  }
  return typed;
}

async function correctWrittenWords(
  db: Db,
  stems: string[],
  state: KnowledgeState,
  index: SearchIndex,
  question: string,
): Promise<Map<string, string>> {
  const typed = typedWordsFor(stems, question);
  if (!typed.size) return new Map();
  state.writtenWords ??= db.$queryRaw<WrittenWord[]>`
    SELECT w.word, (ts_lexize('english_stem', w.word))[1] AS stem, count(*)::int AS passages
    FROM (
      SELECT DISTINCT p.id, t.word
      FROM "KnowledgePassage" p JOIN "KnowledgeArticle" a ON a.id = p."articleId" AND NOT a.hidden,
           regexp_split_to_table(replace(replace(replace(replace(lower(a.title || ' ' || coalesce(p.heading, '') || ' ' || p.text), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss'), '[^a-z]+') AS t(word)
      WHERE length(t.word) >= ${TYPO_MIN_LENGTH - 1}
    ) w
    GROUP BY w.word`;
  const words = await state.writtenWords.catch((error: unknown) => {
    state.writtenWords = undefined;
    throw error;
  });
  const stemOf = new Map(words.map((w) => [w.word, w.stem]));
  const uses = new Map(words.map((w) => [w.word, w.passages]));
  // A known word, or a stop word (no stem): a four-letter typo may only be one letter short of it ("aftr").
  const fits = (word: string, w: WrittenWord) =>
    w.word[0] === word[0] &&
    (w.stem ? index.frequencies.get(w.stem) : true) &&
    (word.length >= TYPO_MIN_LENGTH ? Math.abs(w.word.length - word.length) <= 2 : w.word.length === word.length + 1);
  const candidates = [...typed.values()].flatMap((word) =>
    words.filter((w) => fits(word, w)).map((w) => ({ typed: word, known: w.word, similarity: trigramSimilarity(word, w.word) })),
  );
  const chosen = chooseCorrections(candidates, (word) => uses.get(word) ?? 0);
  const corrections = new Map<string, string>();
  for (const [stem, word] of typed) {
    const known = chosen.get(word);
    // The empty word: a stop word, which the search leaves out.
    if (known) corrections.set(stem, stemOf.get(known) ?? "");
  }
  return corrections;
}

async function correctStems(
  db: Db,
  unknown: string[],
  state: KnowledgeState,
  index: SearchIndex,
  tableWords: Set<string>,
): Promise<Map<string, string>> {
  if (!unknown.length) return new Map();
  const { frequencies } = index;
  state.vocabulary ??= [...new Set([...frequencies.keys(), ...tableWords])].filter(
    (word) => word.length >= TYPO_MIN_LENGTH - 1 && /^\p{L}+$/u.test(word),
  );
  const shortest = Math.min(...unknown.map((w) => w.length)) - 3;
  const longest = Math.max(...unknown.map((w) => w.length)) + 3;
  // A slip rarely hits the first letter: only words starting like a typed one are compared.
  const initials = new Set(unknown.map((w) => w[0]));
  const vocabulary = state.vocabulary.filter((word) => initials.has(word[0]) && word.length >= shortest && word.length <= longest);
  // Words of ASCII letters (all the knowledge base's, in practice) are compared here, as pg_trgm
  // would; other letters, which pg_trgm reads by the database's locale, are left to it.
  const rows = [...unknown, ...vocabulary].every(isAsciiWord)
    ? unknown.flatMap((typed) =>
        vocabulary.flatMap((known) => {
          const similarity = trigramSimilarity(typed, known);
          return similarity >= PG_TRGM_SIMILARITY_THRESHOLD ? [{ typed, known, similarity }] : [];
        }),
      )
    : await db.$queryRaw<{ typed: string; known: string; similarity: number }[]>`
        SELECT u.word AS typed, v.word AS known, similarity(u.word, v.word)::float8 AS similarity
        FROM unnest(${unknown}::text[]) AS u(word) CROSS JOIN unnest(${vocabulary}::text[]) AS v(word)
        WHERE u.word % v.word`;
  return chooseCorrections(rows, (word) => frequencies.get(word) ?? 0);
}

/** For each typed word, the best acceptable candidate: most similar, then fewest edits, then most used. */
export function chooseCorrections(
  candidates: { typed: string; known: string; similarity: number }[],
  frequency: (word: string) => number,
): Map<string, string> {
  const corrections = new Map<string, { known: string; similarity: number; edits: number }>();
  for (const { typed, known, similarity } of candidates) {
    const edits = editDistance(typed, known);
    const similarEnough = similarity >= TYPO_SIMILARITY && typed.length >= TYPO_SIMILAR_LENGTH;
    if (!similarEnough && edits > allowedEdits(typed, known)) continue;
    const best = corrections.get(typed);
    const better =
      !best ||
      edits < best.edits ||
      (edits === best.edits &&
        (similarity > best.similarity || (similarity === best.similarity && frequency(known) > frequency(best.known))));
    if (better) corrections.set(typed, { known, similarity, edits });
  }
  return new Map([...corrections].map(([typed, { known }]) => [typed, known]));
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

export async function retrieve(db: Db, query: string, options: RetrieveOptions = {}): Promise<Retrieval> {
  const analysis = await analyzeQuery(db, query);
  return analysis ? retrieveAnalyzed(db, analysis, options) : { passages: [], confidence: 0 };
}

export async function retrieveAnalyzed(db: Db, analysis: QueryAnalysis, options: RetrieveOptions = {}): Promise<Retrieval> {
  const limit = options.limit ?? 5;
  const perArticle = options.perArticle ?? 3;
  const minConfidence = options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
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

/** Positive lexemes of a tsquery's text form, e.g. `'block' & 'account' & !'fee'` gives block, account. */
export function queryLexemes(tsquery: string): string[] {
  const lexemes: string[] = [];
  for (const match of tsquery.matchAll(/(!?)\s*'((?:[^']|'')+)'/g)) {
    const lexeme = match[2]!.replace(/''/g, "'");
    if (match[1] || FILLER_STEMS.has(lexeme) || lexemes.includes(lexeme)) continue;
    lexemes.push(lexeme);
  }
  return lexemes;
}

/**
 * The question's words (factor 1) and the other terms of the term-table groups its words and
 * phrases belong to, at a lower weight, under the word (or each word of the phrase) they stand for.
 */
export function expandSynonyms(words: string[], groups: StemmedGroup[], question = ""): QueryTerm[] {
  const terms: QueryTerm[] = words.map((lexeme, concept) => ({
    lexeme,
    query: quoteLexeme(lexeme),
    concept,
    factor: 1,
  }));
  // In the order of the question's words: a synonym stands for the first word it could stand for.
  const matches = matchTerms(words, groups, question).sort((a, b) => a.concepts[0]! - b.concepts[0]!);
  for (const match of matches) {
    for (const concept of match.concepts) {
      for (const other of match.others) {
        const lexeme = other.lexemes.join(" ");
        // A phrase's terms stand for each of its words; a word's, only for the first word they expand.
        if (terms.some((t) => t.lexeme === lexeme && (t.concept === concept || t.factor === 1 || match.concepts.length === 1))) continue;
        terms.push({ lexeme, query: other.query, concept, factor: SYNONYM_WEIGHT });
      }
    }
  }
  return terms;
}

/**
 * Stems a demonym may come from, by the usual English endings: indian -> india, nigerian -> nigeria,
 * vietnames(e) -> vietnam, chines(e) -> china, pakistani -> pakistan. Only stems the knowledge base
 * uses are kept by the caller, so a wrong guess costs nothing.
 */
export function countryOfDemonym(stem: string): string[] {
  if (stem.length < 5 || /\d/.test(stem)) return [];
  const candidates = new Set<string>();
  if (stem.endsWith("n")) candidates.add(stem.slice(0, -1));
  if (stem.endsWith("an")) candidates.add(stem.slice(0, -2));
  if (stem.endsWith("ian")) candidates.add(`${stem.slice(0, -3)}y`);
  if (/ese?$/.test(stem)) {
    const base = stem.replace(/ese?$/, "");
    candidates.add(base);
    candidates.add(`${base}a`);
  }
  if (stem.endsWith("i")) candidates.add(stem.slice(0, -1));
  return [...candidates].filter((c) => c.length >= 4);
}

/** BM25's inverse document frequency: rare terms weigh more; never negative. */
export function inverseDocumentFrequency(documentFrequency: number, total: number): number {
  return Math.log(1 + (total - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
