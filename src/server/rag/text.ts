/**
 * Text helpers shared by the indexer, the retriever and the local answerer: Markdown to plain text,
 * spelling variants of German words, and sentence splitting.
 */
import answerWords from "~/content/answer-words.json";

/** A literal text as a regular expression source. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Markdown inline syntax removed, link texts kept: the text people read. */
export function stripMarkdown(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, "$1$2")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/^\s*>\s?/gm, "")
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, "")
    .replace(/[ \t]+/g, " ")
    .trim();
}

const UMLAUTS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss", ẞ: "SS" };

/**
 * German spellings folded to what an English keyboard types: ä/ö/ü to ae/oe/ue, ß to ss, other
 * accents dropped ("café" to "cafe"). The indexer and the retriever fold both sides the same way,
 * so "Ausländerbehörde", "Auslaenderbehoerde" and "Straße"/"Strasse" are one word to the search.
 */
export function foldGerman(text: string): string {
  return text
    .replace(/[äöüÄÖÜßẞ]/g, (c) => UMLAUTS[c]!)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .normalize("NFC");
}

/**
 * The version of what searchableText puts in the index. Raise it when that changes (folding, kept
 * words): the next seed then indexes every article from the repository again, without a new version
 * in its history. An article staff edited keeps its index until it is next saved.
 */
export const SEARCH_TEXT_FORMAT = 4;

/**
 * Text as the search reads it, on both sides (passages, questions, the term table): German
 * spellings folded (foldGerman), contractions' ends dropped ("they're" as "they"), and a word
 * with the prefix "re-" kept whole ("re-register" as "reregister"): registering again is not
 * registering, though PostgreSQL's parser would index
 * the hyphenated word's parts too. So is "uni-assist", also typed "uni assist" ("uniassist"): a
 * student's "uni" means a university, not the application service, and is read as "university",
 * the word the articles use.
 */
export function foldForSearch(text: string): string {
  return (
    foldGerman(text)
      // "they're", "I've", "we'll": the parser would read the contraction's end as a word of its own.
      .replace(/(?<=\p{L})['’](?:re|ve|ll|d|m)\b/giu, "")
      .replace(/\b(re)-(?=[a-z])/gi, "$1")
      .replace(/\buni[\s-]?assist\b/gi, "uniassist")
      .replace(/\bunis\b(?!-)/gi, "universities")
      .replace(/\buni\b(?!-)/gi, "university")
  );
}

/**
 * The other way people type a word with umlauts on an English keyboard: the vowel without its dots
 * ("Bestätigung" as "Bestatigung", beside the folded "Bestaetigung"). Returns only the variants
 * that differ from the folded text.
 */
export function spellingVariants(text: string): string[] {
  const words = new Set(text.match(/[\p{L}\p{N}-]*[äöüÄÖÜ][\p{L}\p{N}-]*/gu) ?? []);
  const variants = new Set<string>();
  for (const word of words) {
    const plain = foldGerman(word.normalize("NFD").replace(/\p{M}/gu, ""));
    if (plain !== foldGerman(word)) variants.add(plain);
  }
  return [...variants];
}

/**
 * PostgreSQL's parser reads "140/280-day" or "B2/C1" as one file-path token, so a search for "280"
 * or "C1" would miss it: the parts are indexed too.
 */
export function slashVariants(text: string): string[] {
  return [...new Set(text.match(/[\p{L}\p{N}][\p{L}\p{N}.,-]*(?:\/[\p{L}\p{N}][\p{L}\p{N}.,-]*)+/gu) ?? [])].map((token) =>
    token.split("/").join(" "),
  );
}

/**
 * Plain text for the search index (and for a search's query): Markdown removed, German spellings
 * folded, umlauts typed without dots and slash parts appended.
 */
export function searchableText(markdown: string): string {
  const plain = stripMarkdown(markdown);
  const variants = [...spellingVariants(plain), ...slashVariants(foldGerman(plain))];
  return variants.length ? `${foldForSearch(plain)}\n${variants.join(" ")}` : foldForSearch(plain);
}

/** A word of lower-case ASCII letters only. */
export function isAsciiWord(word: string): boolean {
  return /^[a-z]+$/.test(word);
}

/** pg_trgm's default similarity threshold: `a % b` holds when similarity(a, b) reaches it. */
export const PG_TRGM_SIMILARITY_THRESHOLD = 0.3;

/**
 * pg_trgm's similarity() of two words of lower-case ASCII letters (isAsciiWord), computed here to spare
 * the typo fallback a query: the shared share of their trigrams, each word padded with two spaces
 * before and one after ("  word "), as a float4 like pg_trgm's.
 */
export function trigramSimilarity(a: string, b: string): number {
  const first = trigrams(a);
  const second = trigrams(b);
  let shared = 0;
  for (const trigram of first) if (second.has(trigram)) shared++;
  return Math.fround(shared / (first.size + second.size - shared));
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

// Abbreviations after which a full stop does not end a sentence ("Abs. 1", "approx. 75 EUR"): src/content/answer-words.json.
const ABBREVIATIONS = new Set(answerWords.abbreviations);

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** Sentences of a paragraph, without breaking after common abbreviations. */
export function splitSentences(paragraph: string): string[] {
  const out: string[] = [];
  for (const { segment } of segmenter.segment(paragraph)) {
    const previous = out[out.length - 1];
    if (
      previous !== undefined &&
      (endsWithAbbreviation(previous) || isGermanOrdinal(previous, segment) || isAsideInBrackets(previous, segment))
    )
      out[out.length - 1] = previous + segment;
    else out.push(segment);
  }
  return balanceBold(out.map((s) => s.trim()).filter(Boolean));
}

/** A bold span that runs over a sentence end is closed and reopened, so each sentence stands alone. */
function balanceBold(sentences: string[]): string[] {
  const out = [...sentences];
  for (let i = 0; i < out.length; i++) {
    if ((out[i]!.match(/\*\*/g) ?? []).length % 2 === 0) continue;
    const next = out[i + 1];
    if (next?.startsWith("**")) {
      out[i] += "**";
      out[i + 1] = next.slice(2).trim();
    } else {
      out[i] = out[i]!.endsWith("**") ? out[i]!.slice(0, -2).trim() : `${out[i]}**`;
      if (next !== undefined) out[i + 1] = `**${next}`;
    }
  }
  return out.filter((s) => s.replace(/\*/g, "").trim());
}

/** Month names, long and short, in English and German, as the platform's calendar data spells them. */
const MONTH_NAMES = new Set(
  ["en", "de"].flatMap((locale) =>
    (["long", "short"] as const).flatMap((month) =>
      Array.from({ length: 12 }, (_, m) =>
        new Intl.DateTimeFormat(locale, { month })
          .format(new Date(2020, m, 1))
          .replace(/\.$/, "")
          .toLowerCase(),
      ),
    ),
  ),
);
/** German words that stand before an ordinal number ("im 5. Semester", "ab dem 1. Oktober"). */
const BEFORE_ORDINAL = /(?:^|\s)(?:im|vom|zum|beim|ins|dem|den|der|das|des|ab|seit|bis)\s+\d{1,2}\.\s*$/i;

/**
 * "am 5. Mai", "im 5. Semester": a German ordinal number, whose full stop ends no sentence. Known by
 * the month name or lower-case word after it, or by the article or preposition before it; "I am 25.
 * Next ..." still ends there.
 */
function isGermanOrdinal(previous: string, next: string): boolean {
  if (!/(?:^|\s)\d{1,2}\.\s*$/.test(previous)) return false;
  const nextWord = /^\p{L}+/u.exec(next)?.[0] ?? "";
  return MONTH_NAMES.has(nextWord.toLowerCase()) || /^\p{Ll}/u.test(nextWord) || BEFORE_ORDINAL.test(previous);
}

/** "Which rules (student privilege?) apply ...": a question mark inside brackets, the sentence going on in lower case. */
const isAsideInBrackets = (previous: string, next: string) => /[?!]\)\s*$/.test(previous) && /^\p{Ll}/u.test(next);

function endsWithAbbreviation(sentence: string): boolean {
  const match = /(?:^|[\s(])((?:[A-Za-z]\.\s?)*[A-Za-z]+)\.\s*$/.exec(sentence.replace(/\*+/g, ""));
  if (!match?.[1]) return false;
  return ABBREVIATIONS.has(match[1].toLowerCase()) || /^(?:[A-Za-z]\.\s?)+[A-Za-z]$/.test(match[1]);
}

/** The question's words as typed: folded (ä/ae, ß/ss), lower case, ASCII letters only. */
export function writtenWordsOf(question: string): string[] {
  return (
    foldForSearch(question)
      .toLowerCase()
      .match(/[a-z]+/g) ?? []
  );
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
