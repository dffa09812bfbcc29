import { describe, expect, it } from "vitest";
import { MATCHED, parseTermQuery, parseTsvector, SearchIndex, WEIGHT_BITS } from "~/server/rag/search-index";
import { trigramSimilarity } from "~/server/rag/text";

const { A, B, C } = WEIGHT_BITS;

describe("reading tsvectors and term queries", () => {
  it("reads lexemes with positions and weights (D is written without a letter)", () => {
    expect(parseTsvector("'account':4C,9 'block':3B,8A 'it''s':12C 'back\\\\slash':2")).toEqual([
      { lexeme: "account", positions: [4 * 4 + 1, 9 * 4] },
      { lexeme: "block", positions: [3 * 4 + 2, 8 * 4 + 3] },
      { lexeme: "it's", positions: [12 * 4 + 1] },
      { lexeme: "back\\slash", positions: [2 * 4] },
    ]);
    expect(parseTsvector("'stripped' 'kept':1A")).toEqual([
      { lexeme: "stripped", positions: [] },
      { lexeme: "kept", positions: [7] },
    ]);
    expect(parseTsvector("")).toEqual([]);
  });

  it("reads a quoted lexeme or a phrase, and refuses any other query", () => {
    expect(parseTermQuery("'sperrkonto'")).toEqual({ lexemes: ["sperrkonto"], distances: [] });
    expect(parseTermQuery("'nation' <-> 'visa' <2> 'studi'")).toEqual({
      lexemes: ["nation", "visa", "studi"],
      distances: [1, 2],
    });
    expect(parseTermQuery("'o''brien'")).toEqual({ lexemes: ["o'brien"], distances: [] });
    expect(() => parseTermQuery("'a' & 'b'")).toThrow(/Unsupported/);
    expect(() => parseTermQuery("'a' | 'b'")).toThrow(/Unsupported/);
    expect(() => parseTermQuery("!'a'")).toThrow(/Unsupported/);
  });
});

describe("the in-process search index", () => {
  // Passage ids in another order than their numbers: the index numbers them by id.
  const index = SearchIndex.fromVectors([
    { id: "c3", topic: "finances", search: "'account':2A,5C 'block':1A,4C 'fee':9C" },
    { id: "c1", topic: "visa", search: "'account':7C 'block':3B 'nation':1B 'studi':4B 'visa':2B" },
    { id: "c2", topic: "finances", search: "'account':2C 'block':1B 'germani':6A" },
    { id: "c4", topic: "visa", search: null },
  ]);
  const byId = (hits: Uint8Array) => Object.fromEntries(index.passages.map((p, n) => [p.id, hits[n]]));

  it("numbers passages by id and counts each lexeme's passages, in ts_stat's order", () => {
    expect(index.passages.map((p) => p.id)).toEqual(["c1", "c2", "c3", "c4"]);
    expect([...index.frequencies]).toEqual([
      ["visa", 1],
      ["studi", 1],
      ["nation", 1],
      ["germani", 1],
      ["fee", 1],
      ["block", 3],
      ["account", 3],
    ]);
  });

  it("answers a word with the weights it has in each passage", () => {
    expect(byId(index.match("'account'"))).toEqual({ c1: MATCHED | C, c2: MATCHED | C, c3: MATCHED | A | C, c4: 0 });
    expect(byId(index.match("'unknown'"))).toEqual({ c1: 0, c2: 0, c3: 0, c4: 0 });
  });

  it("answers a phrase by the positions of its words, with a weight only where all of them have it", () => {
    // c3: block:1A account:2A (title) and block:4C account:5C (text); c2: block:1B account:2C; c1: not adjacent.
    expect(byId(index.match("'block' <-> 'account'"))).toEqual({ c1: 0, c2: MATCHED, c3: MATCHED | A | C, c4: 0 });
    expect(byId(index.match("'nation' <-> 'visa' <2> 'studi'"))).toEqual({ c1: MATCHED | B, c2: 0, c3: 0, c4: 0 });
    expect(byId(index.match("'nation' <-> 'visa' <-> 'studi'"))).toEqual({ c1: 0, c2: 0, c3: 0, c4: 0 });
    expect(byId(index.match("'block' <-> 'fee'"))).toEqual({ c1: 0, c2: 0, c3: 0, c4: 0 });
  });
});

describe("pg_trgm's similarity, computed in process", () => {
  it.each([
    ["sperkonto", "sperrkonto", 0.75],
    ["acount", "account", 0.6666666865348816],
    ["acount", "accounts", 0.4545454680919647],
    ["sperkonto", "sperr", 0.3333333432674408],
    ["acount", "acount", 1],
    ["abc", "xyz", 0],
  ])("similarity(%s, %s) = %f", (a, b, expected) => {
    expect(trigramSimilarity(a, b)).toBe(expected);
  });
});
