import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerQuestion, OTHER_COUNTRY_UNKNOWN_TEXT } from "~/server/rag/answer";
import { retrieve } from "~/server/rag/retrieve";
import { seedKnowledgeBase } from "~/server/rag/seed-knowledge-base";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

/** Retrieval reads questions as students type them: typos, umlauts or not, everyday words, follow-ups. */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedKnowledgeBase(database.db, { embeddings: null });
});
afterAll(async () => {
  await database?.stop();
});

async function topArticles(question: string, count = 3) {
  const { passages } = await retrieve(database.db, question, { embeddings: null, limit: 10 });
  return [...new Set(passages.map((p) => p.articleSlug))].slice(0, count);
}

describe("retrieval with the students' wording (PGlite)", () => {
  it("loads pg_trgm in the embedded database", async () => {
    const [row] = await database.db.$queryRaw<{ similarity: number }[]>`SELECT similarity('sperkonto', 'sperrkonto')::float8 AS similarity`;
    expect(row!.similarity).toBeGreaterThan(0.6);
  });

  it.each([
    ["how much money in sperkonto", /^finances-blocked-account/],
    ["i got blokced account how much can i take out per month", /^finances-blocked-account/],
    ["anmeldng appointment after moving in", /anmeldung|wohnungsgeber/],
    ["scholaship for masters students", /^scholarships-/],
    ["helth insurence for students how much", /^health-insurance-/],
  ])("finds the passages of a question with typos: %s", async (question, slug) => {
    const articles = await topArticles(question);
    expect(articles.some((a) => slug.test(a)), `${question} -> ${articles.join(", ")}`).toBe(true);
  });

  it("matches German words with umlauts, with ae/oe/ue and without the dots alike", async () => {
    const spellings = ["residence permit appointment at the Ausländerbehörde", "residence permit appointment at the Auslaenderbehoerde", "residence permit appointment at the Auslanderbehorde"];
    const [withUmlauts, ...others] = await Promise.all(spellings.map((q) => topArticles(q, 1)));
    expect(withUmlauts![0]).toMatch(/residence-permit/);
    for (const other of others) expect(other).toEqual(withUmlauts);
    expect((await topArticles("was ist die Wohnungsgeberbestaetigung", 1))[0]).toBe("accommodation-registration-wohnungsgeberbestaetigung");
  });

  it("understands everyday words and abbreviations through the term table", async () => {
    expect(await topArticles("do i have to pay the tv licence in my dorm")).toContain("arrival-rundfunkbeitrag-broadcasting-fee");
    expect(await topArticles("GEZ shared flat")).toContain("arrival-rundfunkbeitrag-broadcasting-fee");
  });

  it("refuses plans for another country, pointing to the comparison, but not questions from students abroad", async () => {
    for (const question of ["how do i get a student visa for canada", "is blocked account needed for netherlands", "study in uk requirements"]) {
      const answer = await answerQuestion(database.db, question, { embeddings: null });
      expect(answer.kind, question).toBe("unknown");
      expect(answer.text, question).toContain("/compare");
      expect(answer.text, question).toContain("My knowledge base is about studying and living in Germany");
    }
    expect(OTHER_COUNTRY_UNKNOWN_TEXT).toContain("{country}");
    const fromAbroad = await answerQuestion(database.db, "I am from Pakistan, how much money do I need in the blocked account?", { embeddings: null });
    expect(fromAbroad.kind).toBe("answer");
  });

  it("answers a follow-up as the question it stands for", async () => {
    const history = ["How much does a room in a shared flat cost in Berlin?"];
    const answer = await answerQuestion(database.db, "and in Munich?", { embeddings: null, history });
    expect(answer.kind).toBe("answer");
    expect(answer.text).toMatch(/Munich/);
  });
});
