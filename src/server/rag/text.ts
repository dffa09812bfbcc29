/** Text helpers of the indexer, the retriever and the answerer: Markdown to plain text, German spellings, sentences. */
import answerWords from "~/content/answer-words.json";

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

/** German spellings as an English keyboard types them (ä to ae, ß to ss, "café" to "cafe"), on both sides of the search. */
export function foldGerman(text: string): string {
  return text
    .replace(/[äöüÄÖÜßẞ]/g, (c) => UMLAUTS[c]!)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .normalize("NFC");
}

/** The version of what searchableText indexes: raise it when that changes, and the next seed indexes every article again. */
export const SEARCH_TEXT_FORMAT = 4;

/**
 * Text as the search reads it on both sides: German spellings folded, contractions' ends dropped, and
 * "re-register" and "uni-assist" kept whole (registering again is not registering; a student's "uni"
 * is a university, not the application service).
 */
export function foldForSearch(text: string): string {
  return foldGerman(text)
    .replace(/(?<=\p{L})['’](?:re|ve|ll|d|m)\b/giu, "")
    .replace(/\b(re)-(?=[a-z])/gi, "$1")
    .replace(/\buni[\s-]?assist\b/gi, "uniassist")
    .replace(/\bunis\b(?!-)/gi, "universities")
    .replace(/\buni\b(?!-)/gi, "university");
}

/** Words with umlauts typed without the dots ("Bestatigung"), where that differs from the folded text. */
export function spellingVariants(text: string): string[] {
  const words = new Set(text.match(/[\p{L}\p{N}-]*[äöüÄÖÜ][\p{L}\p{N}-]*/gu) ?? []);
  const variants = new Set<string>();
  for (const word of words) {
    const plain = foldGerman(word.normalize("NFD").replace(/\p{M}/gu, ""));
    if (plain !== foldGerman(word)) variants.add(plain);
  }
  return [...variants];
}

/** PostgreSQL reads "B2/C1" as one file-path token, which a search for "C1" would miss: the parts are indexed too. */
export function slashVariants(text: string): string[] {
  return [...new Set(text.match(/[\p{L}\p{N}][\p{L}\p{N}.,-]*(?:\/[\p{L}\p{N}][\p{L}\p{N}.,-]*)+/gu) ?? [])].map((token) =>
    token.split("/").join(" "),
  );
}

/** Plain text for the search index: Markdown removed, folded, spelling and slash variants appended. */
export function searchableText(markdown: string): string {
  const plain = stripMarkdown(markdown);
  const variants = [...spellingVariants(plain), ...slashVariants(foldGerman(plain))];
  return variants.length ? `${foldForSearch(plain)}\n${variants.join(" ")}` : foldForSearch(plain);
}

export function isAsciiWord(word: string): boolean {
  return /^[a-z]+$/.test(word);
}

/** pg_trgm's default similarity threshold: `a % b` holds when similarity(a, b) reaches it. */
export const PG_TRGM_SIMILARITY_THRESHOLD = 0.3;

/** pg_trgm's similarity() of two ASCII words (isAsciiWord), as a float4, computed here to spare the typo fallback a query. */
export function trigramSimilarity(a: string, b: string): number {
  const first = trigrams(a);
  const second = trigrams(b);
  const shared = [...first].filter((trigram) => second.has(trigram)).length;
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

/** A bold span over a sentence end is closed and reopened, so each sentence stands alone. */
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

/** Month names, long and short, in English and German. */
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

/** "am 5. Mai": a German ordinal's full stop ends no sentence; "I am 25. Next ..." still ends there. */
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

/** Stems a demonym may come from (indian -> india, chines -> china); callers keep only known stems, so a wrong guess costs nothing. */
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
