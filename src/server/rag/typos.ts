/** Typo correction: an unknown word is read as the nearest known word, so "sperkonto" finds "Sperrkonto". */
import type { Db } from "~/server/db/client";
import type { KnowledgeState } from "./knowledge-state";
import { placesAbroadNamed } from "./question";
import type { WrittenWord } from "./retrieval-types";
import type { SearchIndex } from "./search-index";
import { countryOfDemonym, isAsciiWord, PG_TRGM_SIMILARITY_THRESHOLD, trigramSimilarity, writtenWordsOf } from "./text";

/** Only words of this length or more are corrected: shorter ones are too close to too many words. */
const TYPO_MIN_LENGTH = 5;
/** Trigram similarity above which a known word replaces a typed one of TYPO_SIMILAR_LENGTH letters or more. */
const TYPO_SIMILARITY = 0.6;
const TYPO_SIMILAR_LENGTH = 6;

/** Typing slips a word may hold; a short word one letter longer than a known one is usually another word ("world"). */
function allowedEdits(typed: string, known: string): number {
  if (typed.length >= 9) return 2;
  if (typed.length >= 7) return 1;
  return known.length >= typed.length ? 1 : 0;
}

/** Unknown words read as the nearest known word: by trigram similarity, kept when similar enough or a slip away. */
export async function correctTypos(
  db: Db,
  words: string[],
  state: KnowledgeState,
  index: SearchIndex,
  tableWords: Set<string>,
  question: string,
): Promise<Map<string, string>> {
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
  // A slip is best read on the word as typed: "internatonal" is one letter from "international".
  const written = await correctWrittenWords(db, unknown, state, index, question);
  if (written.size === unknown.length) return written;
  const rest = unknown.filter((word) => !written.has(word) && word.length >= TYPO_MIN_LENGTH);
  return new Map([...written, ...(await correctStems(db, rest, state, index, tableWords))]);
}

/** The question's words as typed, by the unknown stem they give. */
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
  // Other than ASCII letters, which pg_trgm reads by the database's locale, are left to it.
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
