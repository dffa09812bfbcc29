/**
 * The term table (src/content/terms.json): groups of words for the same thing ("wife", "spouse",
 * "Familiennachzug") that expand a question, stemmed by PostgreSQL once per database client.
 */
import { z } from "zod";
import termsFile from "~/content/terms.json";
import type { Db } from "~/server/db/client";
import { foldForSearch } from "./text";

const termTableSchema = z.object({
  groups: z
    .array(
      z.object({
        /** What the group is about, for the people who maintain it. */
        about: z.string().min(1),
        terms: z.array(z.string().trim().min(1)).min(2),
        /** Products that stand for the group's kind ("Fiverr"): searched, and dropped from a question naming the kind. */
        brands: z.array(z.string().trim().min(1)).optional(),
      }),
    )
    .min(1),
});
export type TermTable = z.infer<typeof termTableSchema>;

/** A term of the table as the search sees it. */
interface StemmedTerm {
  text: string;
  /** Its lexemes in order: one for a word, several for a phrase ("famili", "reunif"). */
  lexemes: string[];
  /** A tsquery matching it: the lexeme, or the phrase ('famili' <-> 'reunif'). */
  query: string;
  /** A phrase of one word and stop words ("runs out"), as typed: recognised as typed, never searched (it would be every "run"). */
  typed?: string;
}

export interface StemmedGroup {
  about: string;
  terms: StemmedTerm[];
  /** The stems of its one-word brand names (also among its terms). */
  brands?: string[];
}

/** The one-word terms of the term table's groups, as stems. */
export function singleWordTerms(groups: StemmedGroup[]): Set<string> {
  return new Set(groups.flatMap((g) => g.terms.filter((t) => t.lexemes.length === 1).map((t) => t.lexemes[0]!)));
}

let table: TermTable | undefined;

/** The term table, validated on first use (a broken file fails loudly, naming the field). */
export function termTable(): TermTable {
  if (!table) {
    const parsed = termTableSchema.safeParse(termsFile);
    if (!parsed.success) throw new Error(`Invalid term table src/content/terms.json: ${z.prettifyError(parsed.error)}`);
    table = parsed.data;
  }
  return table;
}

/** Lexemes of phraseto_tsquery's text; a hyphenated word's parts ('mini-job' <-> 'mini' <-> 'job') give way to it. */
export function phraseLexemes(tsquery: string): string[] {
  const lexemes = [...tsquery.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
  const [first, ...rest] = lexemes;
  if (first?.includes("-") && rest.length && rest.join("-") === first) return [first];
  return lexemes;
}

const stemmedGroups = new WeakMap<Db, Promise<StemmedGroup[]>>();

/** The table's groups with every term stemmed, computed once per database client. */
export function termGroups(db: Db): Promise<StemmedGroup[]> {
  let groups = stemmedGroups.get(db);
  if (!groups) {
    groups = stemGroups(db, termTable());
    stemmedGroups.set(db, groups);
    groups.catch(() => stemmedGroups.delete(db));
  }
  return groups;
}

/** Text as a table phrase and a question are compared as typed: folded, lower case, words apart by one space. */
const typedWords = (text: string) =>
  foldForSearch(text)
    .toLowerCase()
    .replace(/[^\p{L}\d]+/gu, " ")
    .trim();

/** A group's terms and its brand names: both are searched. */
const searchedTexts = (group: TermTable["groups"][number]) => [...group.terms, ...(group.brands ?? [])];

async function stemGroups(db: Db, source: TermTable): Promise<StemmedGroup[]> {
  const texts = [...new Set(source.groups.flatMap(searchedTexts))];
  const rows = await db.$queryRaw<{ i: number; query: string }[]>`
    SELECT (t.i)::int AS i, phraseto_tsquery('english', t.text)::text AS query
    FROM unnest(${texts.map(foldForSearch)}::text[]) WITH ORDINALITY AS t(text, i)`;
  const stemmed = new Map<string, StemmedTerm>();
  for (const row of rows) {
    const text = texts[row.i - 1]!;
    const lexemes = phraseLexemes(row.query);
    if (!lexemes.length) continue; // only stop words
    // A phrase that keeps one word ("after hours": "hour") would stand for every use of it: only recognised as typed.
    const typed = lexemes.length === 1 && /\s/.test(text.trim()) ? typedWords(text) : undefined;
    stemmed.set(text, { text, lexemes, query: lexemes.length === 1 ? quoteLexeme(lexemes[0]!) : row.query, ...(typed ? { typed } : {}) });
  }
  return source.groups.map((group) => {
    const terms: StemmedTerm[] = [];
    for (const text of searchedTexts(group)) {
      const term = stemmed.get(text);
      // Two spellings with one stem ("flat", "flats") are one term.
      if (term && !terms.some((t) => t.query === term.query)) terms.push(term);
    }
    const brands = (group.brands ?? []).flatMap((text) => {
      const lexemes = stemmed.get(text)?.lexemes ?? [];
      return lexemes.length === 1 ? lexemes : [];
    });
    return { about: group.about, terms, ...(brands.length ? { brands } : {}) };
  });
}

/** A lexeme as a tsquery operand: quoted, so that any character in it is taken literally. */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/** A term's query restricted to one weight (A title, B topic and heading, C text). */
export function weightedQuery(query: string, weight: "A" | "B" | "C"): string {
  return query.replace(/('(?:[^']|'')+')/g, `$1:${weight}`);
}

export interface TermMatch {
  /** Indexes of the question's words the matched term covers. */
  concepts: number[];
  /** The other terms of its group. */
  others: StemmedTerm[];
}

/** The groups of the question's stems: a word by a one-word term, consecutive words by a phrase, a typed phrase as typed. */
export function matchTerms(words: string[], groups: StemmedGroup[], question = ""): TermMatch[] {
  const folded = ` ${typedWords(question)} `;
  const matches: TermMatch[] = [];
  for (const group of groups) {
    const searched = group.terms.filter((t) => !t.typed);
    for (const term of group.terms) {
      if (term.typed && !folded.includes(` ${term.typed} `)) continue;
      const at = findSequence(words, term.lexemes);
      if (at < 0) continue;
      const concepts = term.lexemes.map((_, k) => at + k);
      matches.push({ concepts, others: searched.filter((t) => t !== term) });
    }
  }
  return matches;
}

/** Unused brand names beside a word of their group ("freelance ... on Fiverr"): no subject of their own. */
export function namedBesideItsKind(words: string[], groups: StemmedGroup[], isUsed: (lexeme: string) => boolean): Set<string> {
  const redundant = new Set<string>();
  for (const word of words) {
    if (isUsed(word)) continue;
    const ofItsKind = groups.some(
      (group) =>
        group.brands?.includes(word) &&
        group.terms.some((term) => term.lexemes.every((lexeme) => lexeme !== word && words.includes(lexeme) && isUsed(lexeme))),
    );
    if (ofItsKind) redundant.add(word);
  }
  return redundant;
}

function findSequence(words: string[], lexemes: string[]): number {
  for (let i = 0; i + lexemes.length <= words.length; i++) {
    if (lexemes.every((lexeme, k) => words[i + k] === lexeme)) return i;
  }
  return -1;
}
