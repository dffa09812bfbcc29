/**
 * Retrieval's in-process search index against PostgreSQL itself: it must match what `search @@
 * query` matches (by weight too), count what ts_stat counts, and compute pg_trgm's similarity; and the
 * index and cached results must follow every write to the knowledge base.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeQuery } from "~/server/rag/query-analysis";
import { retrieve } from "~/server/rag/retrieve";
import { loadSearchIndex, MATCHED, type SearchIndex, WEIGHT_BITS } from "~/server/rag/search-index";
import { seedKnowledgeBase } from "~/server/rag/seed-knowledge-base";
import { termGroups, weightedQuery } from "~/server/rag/terms";
import { isAsciiWord, trigramSimilarity } from "~/server/rag/text";
import { readEvalSet } from "../../scripts/bench/retrieval";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
let index: SearchIndex;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedKnowledgeBase(database.db, { embeddings: null });
  index = await loadSearchIndex(database.db);
});
afterAll(async () => {
  await database?.stop();
});

describe("the in-process search index", () => {
  it("counts the passages and lexemes of visible articles as ts_stat does, in its order", async () => {
    const stat = await database.db.$queryRaw<{ word: string; ndoc: number }[]>`
      SELECT word, ndoc FROM ts_stat('SELECT p.search FROM "KnowledgePassage" p JOIN "KnowledgeArticle" a ON a.id = p."articleId" WHERE p.search IS NOT NULL AND NOT a.hidden')`;
    expect([...index.frequencies]).toEqual(stat.map((row) => [row.word, row.ndoc]));
    const [{ total } = { total: -1 }] = await database.db.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM "KnowledgePassage" p JOIN "KnowledgeArticle" a ON a.id = p."articleId" WHERE NOT a.hidden`;
    expect(index.passages).toHaveLength(total);
  });

  it("matches what search @@ query matches, for every phrase of the term table and every word of the evaluation questions, by weight too", async () => {
    const phrases = (await termGroups(database.db)).flatMap((group) =>
      group.terms.filter((term) => term.lexemes.length > 1).map((term) => term.query),
    );
    const words: string[] = [];
    for (const { question } of readEvalSet())
      words.push(...((await analyzeQuery(database.db, question))?.terms.map((term) => term.query) ?? []));
    const queries = [...new Set([...phrases, ...words])];
    expect(phrases.length).toBeGreaterThan(50);
    expect(queries.length).toBeGreaterThan(300);

    const rows = await database.db.$queryRaw<
      { i: number; any: string[] | null; a: string[] | null; b: string[] | null; c: string[] | null }[]
    >`
      SELECT q.i::int AS i,
             array_agg(p.id) FILTER (WHERE p.search @@ q.query::tsquery) AS any,
             array_agg(p.id) FILTER (WHERE p.search @@ q.a::tsquery) AS a,
             array_agg(p.id) FILTER (WHERE p.search @@ q.b::tsquery) AS b,
             array_agg(p.id) FILTER (WHERE p.search @@ q.c::tsquery) AS c
      FROM unnest(${queries}::text[], ${queries.map((q) => weightedQuery(q, "A"))}::text[], ${queries.map((q) => weightedQuery(q, "B"))}::text[],
                  ${queries.map((q) => weightedQuery(q, "C"))}::text[]) WITH ORDINALITY AS q(query, a, b, c, i)
      CROSS JOIN "KnowledgePassage" p JOIN "KnowledgeArticle" t ON t.id = p."articleId" AND NOT t.hidden
      GROUP BY q.i`;
    const expected = new Map(rows.map((row) => [row.i, row]));
    let matching = 0;
    queries.forEach((query, n) => {
      const hits = index.match(query);
      const ids = (bit: number) =>
        index.passages
          .filter((_, p) => hits[p]! & bit)
          .map((passage) => passage.id)
          .sort();
      const sql = expected.get(n + 1)!;
      const sorted = (list: string[] | null) => [...(list ?? [])].sort();
      expect(ids(MATCHED), query).toEqual(sorted(sql.any));
      expect(ids(WEIGHT_BITS.A), `${query} in titles`).toEqual(sorted(sql.a));
      expect(ids(WEIGHT_BITS.B), `${query} in headings`).toEqual(sorted(sql.b));
      expect(ids(WEIGHT_BITS.C), `${query} in texts`).toEqual(sorted(sql.c));
      matching += ids(MATCHED).length;
    });
    expect(matching).toBeGreaterThan(1000);
  });

  it("computes pg_trgm's similarity for the knowledge base's words and their slips", async () => {
    const words = [...index.frequencies.keys()].filter((word) => isAsciiWord(word) && word.length >= 4).slice(0, 400);
    const pairs = words.flatMap((word, i) => [
      [word, word.slice(0, 2) + word.slice(3)], // a letter left out
      [word, word.slice(0, 1) + word[2] + word[1] + word.slice(3)], // two letters swapped
      [word, `${word}s`],
      [word, words[(i + 1) % words.length]!],
    ]);
    const rows = await database.db.$queryRaw<{ similarity: number }[]>`
      SELECT similarity(a, b)::float8 AS similarity FROM unnest(${pairs.map((p) => p[0]!)}::text[], ${pairs.map((p) => p[1]!)}::text[]) WITH ORDINALITY AS t(a, b, i) ORDER BY i`;
    expect(pairs.map(([a, b]) => trigramSimilarity(a!, b!))).toEqual(rows.map((row) => row.similarity));
  });
});

describe("retrieval's caches follow the knowledge base", () => {
  const QUESTION = "How much money do I need in a blocked account for a German student visa?";

  it("answers a repeated question alike, and a caller changing its copy changes nothing", async () => {
    const first = await retrieve(database.db, QUESTION, { embeddings: null });
    expect(first.passages.length).toBeGreaterThan(0);
    first.passages[0]!.text = "changed by the caller";
    first.passages.pop();
    const again = await retrieve(database.db, QUESTION, { embeddings: null });
    expect(again).toEqual(await retrieve(database.db, `  ${QUESTION.replace(/ /g, "  ")} `, { embeddings: null }));
    expect(again.passages[0]!.text).not.toBe("changed by the caller");
    expect(again.passages.length).toBe(first.passages.length + 1);
  });

  it("retrieves a write to the knowledge base from the next question on, whoever wrote it", async () => {
    const before = await retrieve(database.db, QUESTION, { embeddings: null });
    const top = before.passages[0]!.articleSlug;
    // A direct write, as another app instance or a tool would make it: no call tells retrieval.
    await database.db.$executeRaw`UPDATE "KnowledgeArticle" SET hidden = true WHERE slug = ${top}`;
    try {
      const hidden = await retrieve(database.db, QUESTION, { embeddings: null });
      expect(hidden.passages.map((p) => p.articleSlug)).not.toContain(top);
    } finally {
      await database.db.$executeRaw`UPDATE "KnowledgeArticle" SET hidden = false WHERE slug = ${top}`;
    }
    expect(await retrieve(database.db, QUESTION, { embeddings: null })).toEqual(before);

    const passage = before.passages[0]!;
    await database.db.$executeRaw`UPDATE "KnowledgePassage" SET text = ${`${passage.text} (checked)`} WHERE id = ${passage.id}`;
    expect((await retrieve(database.db, QUESTION, { embeddings: null })).passages[0]!.text).toBe(`${passage.text} (checked)`);
  });
});
