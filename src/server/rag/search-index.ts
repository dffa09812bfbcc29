/**
 * The passages' tsvectors as an in-process inverted index: in SQL, scoring each term and weight costs
 * some 100 ms on the embedded database. It answers exactly what `search @@ query` does for retrieval's queries.
 */
import type { Db } from "~/server/db/client";

/** The weights a term is matched with, as in the hit masks: 4 title (A), 2 topic or heading (B), 1 text (C). */
export const WEIGHT_BITS = { A: 4, B: 2, C: 1 } as const;
/** In a term's hits: the unweighted query matches. */
export const MATCHED = 8;

/** PostgreSQL's weight codes in a position: D 0, C 1, B 2, A 3. */
const WEIGHT_CODES: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };
/** A position's weight code to its hit bit (D is never asked for). */
const BIT_OF_CODE = [0, WEIGHT_BITS.C, WEIGHT_BITS.B, WEIGHT_BITS.A];

/** Where one lexeme occurs: passage numbers (ascending), each with its positions. */
interface Postings {
  passages: Int32Array;
  /** Posting k's positions are positions[starts[k]] up to positions[starts[k + 1]]. */
  starts: Int32Array;
  /** position * 4 + weight code. */
  positions: Int32Array;
}

export interface IndexedPassage {
  id: string;
  /** Its article's topic. */
  topic: string;
}

/** A term query: lexemes in order and the distance from each to the next (1 for <->). */
export interface PhraseQuery {
  lexemes: string[];
  distances: number[];
}

export class SearchIndex {
  /** Passages of visible articles, by number, numbered in the order of their ids (see compareIds). */
  readonly passages: IndexedPassage[];
  /** In how many passages each lexeme occurs, in ts_stat's order (PostgreSQL's byte order, reversed). */
  readonly frequencies: Map<string, number>;
  private readonly postings: Map<string, Postings>;

  constructor(passages: IndexedPassage[], postings: Map<string, Postings>) {
    this.passages = passages;
    this.postings = postings;
    const lexemes = [...postings.keys()].map((lexeme) => ({ lexeme, bytes: Buffer.from(lexeme) }));
    lexemes.sort((a, b) => Buffer.compare(b.bytes, a.bytes));
    this.frequencies = new Map(lexemes.map(({ lexeme }) => [lexeme, postings.get(lexeme)!.passages.length]));
  }

  /** Builds the index from passages and their tsvectors in PostgreSQL's text form (null: no vector). */
  static fromVectors(unordered: { id: string; topic: string; search: string | null }[]): SearchIndex {
    const rows = [...unordered].sort((a, b) => compareIds(a.id, b.id));
    const builders = new Map<string, { passages: number[]; starts: number[]; positions: number[] }>();
    rows.forEach((row, passage) => {
      if (!row.search) return;
      scanTsvector(row.search, (lexeme) => {
        let builder = builders.get(lexeme);
        if (!builder) builders.set(lexeme, (builder = { passages: [], starts: [], positions: [] }));
        builder.passages.push(passage);
        builder.starts.push(builder.positions.length);
        return builder.positions;
      });
    });
    const postings = new Map<string, Postings>();
    for (const [lexeme, builder] of builders) {
      postings.set(lexeme, {
        passages: Int32Array.from(builder.passages),
        starts: Int32Array.from([...builder.starts, builder.positions.length]),
        positions: Int32Array.from(builder.positions),
      });
    }
    return new SearchIndex(
      rows.map(({ id, topic }) => ({ id, topic })),
      postings,
    );
  }

  /** Per passage (by number): MATCHED when `search @@ query`, plus the WEIGHT_BITS of each weight it matches with alone. */
  match(query: string): Uint8Array {
    const { lexemes, distances } = parseTermQuery(query);
    const hits = new Uint8Array(this.passages.length);
    const lists = lexemes.map((lexeme) => this.postings.get(lexeme));
    const [first, ...rest] = lists;
    if (!first || rest.some((list) => !list)) return hits;
    for (let k = 0; k < first.passages.length; k++) {
      const passage = first.passages[k]!;
      // The posting of each further lexeme in this passage.
      const others: number[] = [];
      for (const list of rest as Postings[]) {
        const at = findPosting(list.passages, passage);
        if (at < 0) break;
        others.push(at);
      }
      if (others.length < rest.length) continue;
      let value = 0;
      for (let p = first.starts[k]!; p < first.starts[k + 1]!; p++) {
        const start = first.positions[p]!;
        value |= chainAt(start >> 2, start & 3, rest as Postings[], others, distances);
      }
      // A lexeme stored without positions matches, but no phrase or weight can be checked.
      if (first.starts[k] === first.starts[k + 1] || others.some((at, i) => rest[i]!.starts[at] === rest[i]!.starts[at + 1]))
        value |= MATCHED;
      hits[passage] = value;
    }
    return hits;
  }
}

/** MATCHED if each further lexeme is at its distance from `position`, plus the weight bit if all have weight `code`. */
function chainAt(position: number, code: number, rest: Postings[], others: number[], distances: number[]): number {
  let matched = true;
  let sameWeight = true;
  let at = position;
  for (let i = 0; i < rest.length && matched; i++) {
    at += distances[i]!;
    const list = rest[i]!;
    let found = false;
    for (let p = list.starts[others[i]!]!; p < list.starts[others[i]! + 1]!; p++) {
      if (list.positions[p]! >> 2 !== at) continue;
      found = true;
      if ((list.positions[p]! & 3) !== code) sameWeight = false;
      break;
    }
    matched = found;
  }
  if (!matched) return 0;
  return MATCHED | (sameWeight ? BIT_OF_CODE[code]! : 0);
}

function findPosting(passages: Int32Array, passage: number): number {
  let low = 0;
  let high = passages.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = passages[middle]!;
    if (value === passage) return middle;
    if (value < passage) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** ORDER BY id's order, which breaks ties: cuids (lower-case letters and digits) sort by character in every collation. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A tsvector's text form ('accommod':3C,7C 'berlin':1A) as lexemes with their positions (position * 4 + weight code). */
export function parseTsvector(text: string): { lexeme: string; positions: number[] }[] {
  const entries: { lexeme: string; positions: number[] }[] = [];
  scanTsvector(text, (lexeme) => {
    const positions: number[] = [];
    entries.push({ lexeme, positions });
    return positions;
  });
  return entries;
}

/** Reads a tsvector's text form: for each lexeme, `visit` answers the array its positions are added to. */
function scanTsvector(text: string, visit: (lexeme: string) => number[]): void {
  let i = 0;
  while (i < text.length) {
    if (text.charCodeAt(i) === SPACE) {
      i++;
      continue;
    }
    const quoted = readQuoted(text, i);
    i = quoted.end;
    const positions = visit(quoted.value);
    if (text.charCodeAt(i) === COLON) {
      do {
        i++;
        let position = 0;
        const digitsFrom = i;
        for (let c = text.charCodeAt(i); c >= DIGIT_0 && c <= DIGIT_9; c = text.charCodeAt(++i)) position = position * 10 + c - DIGIT_0;
        if (i === digitsFrom) throw new Error(`Unreadable tsvector position at ${i}: ${text.slice(i, i + 20)}`);
        const code = WEIGHT_CODES[text[i]!];
        if (code !== undefined) i++;
        positions.push(position * 4 + (code ?? 0));
      } while (text.charCodeAt(i) === COMMA);
    }
  }
}

const [SPACE, COLON, COMMA, DIGIT_0, DIGIT_9] = [...Buffer.from(" :,09")] as [number, number, number, number, number];

/** A term query as retrieval writes it: quoted lexemes joined by <-> or <N>. Anything else is refused. */
export function parseTermQuery(query: string): PhraseQuery {
  const lexemes: string[] = [];
  const distances: number[] = [];
  let i = 0;
  const skipSpaces = () => {
    while (query[i] === " ") i++;
  };
  skipSpaces();
  for (;;) {
    if (query[i] !== "'") throw new Error(`Unsupported term query: ${query}`);
    const quoted = readQuoted(query, i);
    lexemes.push(quoted.value);
    i = quoted.end;
    skipSpaces();
    if (i >= query.length) break;
    const operator = /^<(-|\d+)>/.exec(query.slice(i));
    if (!operator) throw new Error(`Unsupported term query: ${query}`);
    distances.push(operator[1] === "-" ? 1 : Number(operator[1]));
    i += operator[0].length;
    skipSpaces();
  }
  return { lexemes, distances };
}

/** A quoted lexeme at `start` ('it''s', with \ escaping the next character) and where it ends. */
function readQuoted(text: string, start: number): { value: string; end: number } {
  if (text[start] !== "'") throw new Error(`Expected a quoted lexeme at ${start}: ${text.slice(start, start + 20)}`);
  // Most lexemes have no quote or backslash in them.
  const close = text.indexOf("'", start + 1);
  if (close > start && text[close + 1] !== "'") {
    const value = text.slice(start + 1, close);
    if (!value.includes("\\")) return { value, end: close + 1 };
  }
  let value = "";
  let i = start + 1;
  for (;;) {
    const c = text[i];
    if (c === undefined) throw new Error(`Unterminated lexeme: ${text.slice(start, start + 20)}`);
    if (c === "\\") {
      value += text[i + 1] ?? "";
      i += 2;
    } else if (c === "'") {
      if (text[i + 1] !== "'") return { value, end: i + 1 };
      value += "'";
      i += 2;
    } else {
      value += c;
      i++;
    }
  }
}

/** The passages of visible articles with their search vectors, in a stable order. */
export async function loadSearchIndex(db: Db): Promise<SearchIndex> {
  const rows = await db.$queryRaw<{ id: string; topic: string; search: string | null }[]>`
    SELECT p.id, a.topic, p.search::text AS search
    FROM "KnowledgePassage" p JOIN "KnowledgeArticle" a ON a.id = p."articleId"
    WHERE NOT a.hidden`;
  return SearchIndex.fromVectors(rows);
}
