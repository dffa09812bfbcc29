/** Question analysis, retrieval's first stage: the question's stems, their synonyms and how telling each is. */
import postWords from "~/content/post-words.json";
import type { Db } from "~/server/db/client";
import { isCountryStem, originWords, wordsAfterFrom } from "./entities";
import { pointedSubject } from "./follow-up";
import { analysisStates, KNOWLEDGE_VERSION, type KnowledgeState, knowledgeState } from "./knowledge-state";
import { isGerman, withoutGermanFunctionWords } from "./post";
import { namesGermanyOrItsSteps, otherDestination, placesAbroadNamed } from "./question";
import type { QueryAnalysis, QueryTerm } from "./retrieval-types";
import { matchTerms, namedBesideItsKind, quoteLexeme, type StemmedGroup, singleWordTerms, termGroups } from "./terms";
import { countryOfDemonym, foldForSearch, writtenWordsOf } from "./text";
import { correctTypos } from "./typos";

const MAX_QUERY_CHARS = 500;
export const SYNONYM_WEIGHT = 0.8;
/** Synonyms a question word keeps at most, and the least a synonym must be worth. */
export const MAX_SYNONYMS_PER_WORD = 3;
export const MIN_SYNONYM_FACTOR = 0.15;
/** Stems of filler words beyond PostgreSQL's stop words ("please tell me", "btw"): they would only dilute the confidence. */
const FILLER_STEMS = new Set(postWords.fillerStems);

const LIST_VERB =
  /\bwhat (?:\w+ )?(?:do|does|should|must|can|shall) (?:i|we|you|they) (?:need to |have to )?(bring|prepare|submit|take|hand in)\b|\bwhat to (bring|prepare|submit|take)\b/i;

/** The verb of a question asking what to bring or hand in ("bring" in "what do I bring?"), if any. */
export function listVerbOf(question: string): string | undefined {
  const match = LIST_VERB.exec(question);
  return (match?.[1] ?? match?.[2])?.toLowerCase();
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
  // "What do I bring?" asks for a list, not about "Bringing your children".
  const listVerb = listVerbOf(question);
  // German question words whose stems look like English words ("wie lange": "lang") ask, not name the subject.
  const germanAsking = germanQuestionStems(question);
  const asked = parsed.filter((stem) => !germanAsking.has(stem) && !listVerb?.startsWith(stem));
  // "Nicht-EU-Land": a hyphenated word the knowledge base never uses is read as its parts, which the parser also gives.
  const whole = asked.filter((stem) => !stem.includes("-") || frequencies.get(stem));
  const typed = withCompounds(withRepeatedActions(whole, question, frequencies), question, frequencies);
  const groups = await termGroups(db);

  // A word the knowledge base and the term table never use may be a typo of one they do.
  const tableWords = singleWordTerms(groups);
  const corrections = await correctTypos(db, typed, state, index, tableWords, question);
  // A typo of a stop word ("aftr") is dropped; a German inflection the knowledge base lacks ("Monaten") is read as one it has.
  const german = isGerman(question);
  const isKnownStem = (stem: string) => (Boolean(frequencies.get(stem)) || tableWords.has(stem)) && !FILLER_STEMS.has(stem);
  const uninflected = (word: string) => (german && word && !isKnownStem(word) ? (uninflectedGerman(word, isKnownStem) ?? word) : word);
  const corrected = [...new Set(typed.map((word) => uninflected(corrections.get(word) ?? word)))].filter(Boolean);
  const redundant = namedBesideItsKind(corrected, groups, (lexeme) => Boolean(frequencies.get(lexeme)));
  const words = corrected.filter((word) => !redundant.has(word));
  const terms = expandSynonyms(words, groups, question);
  // A demonym ("Indian") stands for the country the knowledge base names ("India").
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
  terms.splice(0, terms.length, ...terms.filter((t) => t.factor === 1 || frequencyOf(t) > 0));
  const documentFrequency = new Map(terms.map((t) => [t.lexeme, frequencyOf(t)]));
  // An unknown word weighs double, likely the subject of another question ("bitcoin"); an unknown number, little.
  const unknown = words.map((_, c) => terms.every((t) => t.concept !== c || !documentFrequency.get(t.lexeme)));
  const origins = originWords(question);
  const afterFrom = wordsAfterFrom(question);
  const askerKind = askerDescriptions(question);
  const someKnown = unknown.some((isUnknown) => !isUnknown);
  const germanNonNouns = german ? lowerCaseWordsOfNounCapitaliser(question) : [];
  const conceptWeight = words.map((word, c) => {
    // A small number ("after 2 months") or how the askers describe themselves ("as an international student") is no subject.
    if (/^\d{1,2}$/.test(word) || askerKind.some((typed) => writtenAs(word, typed)))
      return Math.min(1, inverseDocumentFrequency(documentFrequency.get(word) ?? 0, total));
    // "aus Indien", "from Ghana": where the asker comes from is said of them, not asked about.
    if (afterFrom.some((typed) => typed.startsWith(word)) && terms.some((t) => t.concept === c && isCountryStem(t.lexeme))) return 1;
    // A word only the term table translates ("Lebenshaltungskosten") is as telling as its most used translation.
    const own = documentFrequency.get(word) ?? 0;
    const translations = terms.filter((t) => t.concept === c && t.factor < 1 && documentFrequency.get(t.lexeme));
    if (!own && translations.length)
      return inverseDocumentFrequency(Math.max(...translations.map((t) => documentFrequency.get(t.lexeme)!)), total);
    // A rare spelling of a common subject ("Kaltmiete" beside "cold rent") weighs about as the subject does.
    const rare = rareSpellingFrequency(
      own,
      translations.map((t) => documentFrequency.get(t.lexeme)!),
    );
    if (rare !== null) return inverseDocumentFrequency(rare, total);
    if (!unknown[c]) return inverseDocumentFrequency(own, total);
    // In a German question an unknown word may be untranslated German ("fahren"): it weighs as unseen, not
    // double; written in lower case by someone who capitalises nouns, it is no noun and weighs nothing.
    if (german && someKnown && !/\d/.test(word))
      return germanNonNouns.some((written) => writtenAs(word, written)) ? 0 : inverseDocumentFrequency(0, total);
    // Where the asker comes from ("scholarship for Bangladeshi students") is said of them, not asked about.
    if (origins.some((origin) => origin.startsWith(word) && word.length >= origin.length - 3)) return 1;
    return /\d/.test(word) ? 1 : 2 * inverseDocumentFrequency(0, total);
  });
  // "Can I go to Paris with my residence permit?": a place abroad is a country to travel to, not the subject.
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
  // A much more common synonym ("cost" for "spend") counts for its own rarity, or every passage with it would look like a hit.
  for (const term of terms) {
    if (term.factor === 1) continue;
    const own = inverseDocumentFrequency(documentFrequency.get(term.lexeme) ?? 0, total);
    if (own * 2 < conceptWeight[term.concept]!) term.factor *= own / conceptWeight[term.concept]!;
  }
  // "and do I pay tax on that (student job)?": the follow-up's own subject leads, the one it points to weighs less.
  const pointed = pointedSubject(question);
  if (pointed) {
    const asked = writtenWordsOf(question.slice(0, question.lastIndexOf(`(${pointed})`)));
    words.forEach((word, c) => {
      if (!asked.some((written) => writtenAs(word, written))) conceptWeight[c]! *= POINTED_SUBJECT_SHARE;
    });
  }
  // "The so called 'Blue Card'", "what is a \"Fiktionsbescheinigung\"?": a term put in quotes is the one asked about.
  const quoted = quotedWords(question);
  words.forEach((word, c) => {
    if (quoted.some((written) => writtenAs(word, written))) conceptWeight[c]! *= QUOTED_TERM_WEIGHT;
  });
  // Unknown words weigh together as the heaviest: a post's story ("my cousin in Lagos") must not bury what it asks.
  const isKnown = (c: number) => terms.some((t) => t.concept === c && (documentFrequency.get(t.lexeme) ?? 0) > 0);
  const knownTotal = conceptWeight.reduce((sum, weight, c) => sum + (isKnown(c) ? weight : 0), 0);
  const unknownWeights = conceptWeight.filter((_, c) => !isKnown(c));
  const totalWeight = knownTotal + (unknownWeights.length ? Math.max(...unknownWeights) : 0);
  return { question, words, terms, conceptWeight, totalWeight, total, documentFrequency, corrections };
}

/** The words a German text writes only in lower case (folded), when its writer capitalises nouns. */
export function lowerCaseWordsOfNounCapitaliser(text: string): string[] {
  const inside = [...text.matchAll(/(?<=[\p{L},;)] +)(\p{L}+)/gu)].map((match) => match[1]!);
  if (!inside.some((word) => /^\p{Lu}/u.test(word))) return [];
  const lower = (word: string) => foldForSearch(word).toLowerCase();
  const capitalised = new Set([...text.matchAll(/\p{Lu}\p{L}*/gu)].map((match) => lower(match[0])));
  return [...new Set(inside.filter((word) => /^\p{Ll}/u.test(word)).map(lower))].filter((word) => !capitalised.has(word));
}

const ASKER_KIND =
  /\b(?:as|als|i am|i|im|ich bin|we are|wir sind)\s+(?:an?\s+|eine?\s+)?(international|internationale[rn]?|foreign|auslaendische[rn]?)\s+(?:students?|studentin(?:nen)?|studenten|studierende[rn]?)\b/gi;

/** The words a question describes the asker by ("international" in "as an international student"), folded and in lower case. */
export function askerDescriptions(question: string): string[] {
  return [...foldForSearch(question).toLowerCase().matchAll(ASKER_KIND)].map((match) => match[1]!);
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
  return new Set(writtenWordsOf(question).flatMap((word) => GERMAN_QUESTION_WORDS.get(word) ?? []));
}

/** A word used this few times, beside a translation used RARE_SPELLING_RATIO times as often, is a rare spelling. */
const RARE_SPELLING = 5;
const RARE_SPELLING_RATIO = 3;

/** A rare spelling's use counts halfway (geometrically) to its most used translation's: telling, not outweighing the rest. */
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

const QUOTED_TERM_WEIGHT = 2;
/** Quotes of a few words at most: a term, not a passage the asker copied. */
const QUOTED_TERM_WORDS = 5;
const QUOTED = /(?<=^|[\s(])["'“‘„‚«]([^"'“”‘’„‚«»\n]{2,60}?)["'”’“‘»](?=[\s.,;:!?)]|$)/gu;

/** The words a question puts in quotes, folded. */
export function quotedWords(question: string): string[] {
  return [...question.matchAll(QUOTED)].flatMap((match) => {
    const written = writtenWordsOf(match[1]!);
    return written.length <= QUOTED_TERM_WORDS ? written : [];
  });
}

const POINTED_SUBJECT_SHARE = 0.5;

/** Whether a stem is of a word as typed: "regist" of "register", "studi" of "study". */
function writtenAs(stem: string, written: string): boolean {
  return written.startsWith(stem) || (stem.endsWith("i") && stem.length > 3 && written.startsWith(stem.slice(0, -1)));
}

/** "register again" reads as "reregister" (indexed whole, see foldForSearch) when the knowledge base uses it. */
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

/** German compounds typed apart ("Deutschland Stipendium") read as the one word the knowledge base uses. */
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

/** A German inflection or feminine form the knowledge base does not use ("Monaten", "Werkstudentin") without the ending that leaves a known word ("monat"). */
export function uninflectedGerman(word: string, isKnown: (stem: string) => boolean): string | null {
  for (const ending of GERMAN_ENDINGS) {
    if (!word.endsWith(ending) || word.length - ending.length < 3) continue;
    const base = word.slice(0, -ending.length);
    if (isKnown(base)) return base;
  }
  return null;
}
const GERMAN_ENDINGS = ["innen", "ern", "en", "er", "es", "in", "n", "e", "s"];

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

/** The question's words (factor 1) and, at a lower weight, the other terms of their term-table groups. */
export function expandSynonyms(words: string[], groups: StemmedGroup[], question = ""): QueryTerm[] {
  const terms: QueryTerm[] = words.map((lexeme, concept) => ({ lexeme, query: quoteLexeme(lexeme), concept, factor: 1 }));
  // A synonym stands for the first word it could stand for.
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

/** The share of the question's weight `terms` cover, each word counting its best term's value. */
export function questionMatch(analysis: QueryAnalysis, terms: QueryTerm[], value: (term: QueryTerm, i: number) => number): number {
  const best = analysis.words.map(() => 0);
  terms.forEach((term, i) => {
    best[term.concept] = Math.max(best[term.concept]!, value(term, i));
  });
  return best.reduce((sum, value, c) => sum + value * analysis.conceptWeight[c]!, 0) / analysis.totalWeight;
}

/** BM25's inverse document frequency: rare terms weigh more; never negative. */
export function inverseDocumentFrequency(documentFrequency: number, total: number): number {
  return Math.log(1 + (total - documentFrequency + 0.5) / (documentFrequency + 0.5));
}
