import { createOpenAI } from "@ai-sdk/openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerQuestion, OTHER_COUNTRY_UNKNOWN_TEXT } from "~/server/rag";
import { fileDigestOf, readKnowledgeBase } from "~/server/rag/articles";
import { unpackVector } from "~/server/rag/embeddings";
import { analyzeQuery } from "~/server/rag/query-analysis";
import { retrieve } from "~/server/rag/retrieve";
import { seedKnowledgeBase } from "~/server/rag/seed-knowledge-base";
import { termGroups } from "~/server/rag/terms";
import { evaluate, OUT_OF_SCOPE_QUESTIONS, readEvalSet } from "../../scripts/bench/retrieval";
import { FAKE_EMBEDDING_DIMENSIONS, type FakeOpenAIServer, startFakeOpenAIServer } from "../fakes/openai-server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const BLOCKED_ACCOUNT_QUESTION = "How much money do I need in a blocked account for a German student visa?";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedKnowledgeBase(database.db, { embeddings: null });
});
afterAll(async () => {
  await database?.stop();
});

describe("retrieve (full-text search)", () => {
  it("finds the blocked-account amount with its source and review date, confidently", async () => {
    const { passages, confidence } = await retrieve(database.db, BLOCKED_ACCOUNT_QUESTION, { embeddings: null });
    expect(confidence).toBeGreaterThanOrEqual(0.7);
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.slice(0, 3).map((p) => p.articleSlug)).toContain("finances-blocked-account-amount-2026");
    const amount = passages.find((p) => p.articleSlug === "finances-blocked-account-amount-2026")!;
    expect(amount.articleTitle).toBe("How much money must be in the blocked account for a student visa in 2026?");
    expect(amount.lastReviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(amount.sources[0]).toEqual({
      title: expect.stringContaining("Federal Foreign Office"),
      url: expect.stringMatching(/^https:\/\//),
    });
    for (const passage of passages) expect(passage.score).toBeGreaterThan(0);
    expect(passages.map((p) => p.score)).toEqual([...passages.map((p) => p.score)].sort((a, b) => b - a));
  });

  it("finds nothing, with a low confidence, for questions outside the knowledge base", async () => {
    for (const question of OUT_OF_SCOPE_QUESTIONS) {
      const result = await retrieve(database.db, question, { embeddings: null });
      expect(result.passages, question).toEqual([]);
      expect(result.confidence, question).toBeLessThan(0.3);
    }
    // The knowledge base mentions Canada (visa-free entry), but a plan to study there is not its subject.
    const canada = await retrieve(database.db, "How do I study in Canada?", { embeddings: null });
    expect(canada.passages).toEqual([]);
    expect(canada.confidence).toBeLessThan(0.3);
    expect(await retrieve(database.db, "the and of", { embeddings: null })).toEqual({ passages: [], confidence: 0 });
    expect(await retrieve(database.db, "   ", { embeddings: null })).toEqual({ passages: [], confidence: 0 });
  });

  it("reaches recall@3 of at least 0.85 on the evaluation set", async () => {
    const { recallAt3, mrr } = await evaluate(database.db, readEvalSet());
    expect(recallAt3).toBeGreaterThanOrEqual(0.85);
    expect(mrr).toBeGreaterThanOrEqual(0.7);
  });

  it("honours limit, topic and the per-article cap", async () => {
    const limited = await retrieve(database.db, "how many hours can I work as a student", {
      embeddings: null,
      limit: 2,
    });
    expect(limited.passages).toHaveLength(2);
    const onTopic = await retrieve(database.db, "how much does it cost", {
      embeddings: null,
      topic: "health-insurance",
      minConfidence: 0,
    });
    expect(onTopic.passages.length).toBeGreaterThan(0);
    for (const passage of onTopic.passages) expect(passage.topic).toBe("health-insurance");
    const capped = await retrieve(database.db, "blocked account", { embeddings: null, limit: 10, perArticle: 1 });
    const slugs = capped.passages.map((p) => p.articleSlug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("matches German words typed without umlauts, and parts of 140/280-style tokens", async () => {
    const { passages } = await retrieve(database.db, "wohnungsgeberbestatigung", { embeddings: null });
    expect(passages[0]?.articleSlug).toBe("accommodation-registration-wohnungsgeberbestaetigung");
    const halfDays = await retrieve(database.db, "what counts as a half day for the 280 days rule", {
      embeddings: null,
    });
    expect(halfDays.passages.slice(0, 3).map((p) => p.articleSlug)).toContain("work-student-hour-limits");
  });

  it("takes quotes and minus signs as web search syntax without failing", async () => {
    const { passages } = await retrieve(database.db, '"blocked account" -fees \'; DROP TABLE x; --', {
      embeddings: null,
      minConfidence: 0,
    });
    expect(passages[0]?.articleSlug).toMatch(/^finances-blocked-account/);
    expect(await database.db.knowledgePassage.count()).toBeGreaterThan(100);
  });
});

describe("seedKnowledgeBase", () => {
  it("is idempotent, updates changed articles only and removes deleted ones", async () => {
    const scratch = await createTestDatabase();
    try {
      const articles = readKnowledgeBase();
      const first = await seedKnowledgeBase(scratch.db, { articles, embeddings: null });
      expect(first).toMatchObject({ articles: articles.length, updated: articles.length, removed: 0, embedded: 0 });
      const passages = await scratch.db.knowledgePassage.count();
      expect(passages).toBe(articles.reduce((n, a) => n + a.passages.length, 0));

      expect(await seedKnowledgeBase(scratch.db, { articles, embeddings: null })).toMatchObject({
        updated: 0,
        removed: 0,
      });
      expect(await scratch.db.knowledgePassage.count()).toBe(passages);

      const [changed, ...rest] = articles;
      const edited = { ...changed!, contentHash: "edited", body: "## Only\n\nZebra crossings are rare." };
      expect(await seedKnowledgeBase(scratch.db, { articles: [edited, ...rest.slice(1)], embeddings: null })).toMatchObject({
        updated: 1,
        removed: 1,
      });
      expect(await scratch.db.knowledgeArticle.count()).toBe(articles.length - 1);
      const zebra = await retrieve(scratch.db, "zebra crossings", { embeddings: null });
      expect(zebra.passages.map((p) => p.articleSlug)).toEqual([changed!.slug]);
    } finally {
      await scratch.stop();
    }
  });

  it("indexes the same files again, with no new version, when the search text format changes", async () => {
    const scratch = await createTestDatabase();
    try {
      const articles = readKnowledgeBase().slice(0, 3);
      await seedKnowledgeBase(scratch.db, { articles, embeddings: null });
      const versions = await scratch.db.knowledgeArticleVersion.count();
      // As a database indexed before the format was kept: the stored hash is the file digest alone, the index stale.
      const [first] = articles;
      await scratch.db.knowledgeArticle.update({
        where: { slug: first!.slug },
        data: { contentHash: fileDigestOf(first!.contentHash) },
      });
      await scratch.db.$executeRawUnsafe(`UPDATE "KnowledgePassage" SET "search" = to_tsvector('simple', 'stale')`);

      expect(await seedKnowledgeBase(scratch.db, { articles, embeddings: null })).toMatchObject({ updated: 1 });
      expect(await scratch.db.knowledgeArticleVersion.count()).toBe(versions);
      const row = await scratch.db.knowledgeArticle.findUniqueOrThrow({ where: { slug: first!.slug } });
      expect(row.contentHash).toBe(first!.contentHash);
      const stale = await scratch.db.$queryRawUnsafe<Array<{ slug: string }>>(
        `SELECT a.slug FROM "KnowledgePassage" p JOIN "KnowledgeArticle" a ON a.id = p."articleId" WHERE p."search" = to_tsvector('simple', 'stale') GROUP BY a.slug`,
      );
      expect(stale.map((r) => r.slug).sort()).toEqual(
        articles
          .slice(1)
          .map((a) => a.slug)
          .sort(),
      );
    } finally {
      await scratch.stop();
    }
  });
});

describe("embeddings (OpenAI-compatible server)", () => {
  let fake: FakeOpenAIServer;
  let scratch: TestDatabase;
  beforeAll(async () => {
    fake = await startFakeOpenAIServer();
    scratch = await createTestDatabase();
  });
  afterAll(async () => {
    await scratch?.stop();
    await fake?.close();
  });

  const model = () => createOpenAI({ apiKey: "sk-test", baseURL: fake.url }).embedding("text-embedding-3-large");

  it("embeds every passage once, stores the vectors and re-ranks with them", async () => {
    const articles = readKnowledgeBase().filter((a) => a.topic === "finances" || a.topic === "work");
    const seeded = await seedKnowledgeBase(scratch.db, { articles, embeddings: model() });
    const passages = await scratch.db.knowledgePassage.findMany({ select: { embedding: true, embeddingModel: true } });
    expect(seeded.embedded).toBe(passages.length);
    for (const passage of passages) {
      expect(passage.embeddingModel).toBe("text-embedding-3-large");
      expect(unpackVector(passage.embedding!)).toHaveLength(FAKE_EMBEDDING_DIMENSIONS);
    }
    expect((await seedKnowledgeBase(scratch.db, { articles, embeddings: model() })).embedded).toBe(0);

    const before = fake.embeddingRequests;
    const lexical = await retrieve(scratch.db, BLOCKED_ACCOUNT_QUESTION, { embeddings: null });
    const reranked = await retrieve(scratch.db, BLOCKED_ACCOUNT_QUESTION, { embeddings: model() });
    expect(fake.embeddingRequests).toBe(before + 1);
    expect(reranked.passages.map((p) => p.score)).not.toEqual(lexical.passages.map((p) => p.score));
    expect(reranked.passages.map((p) => p.articleSlug)).toContain("finances-blocked-account-amount-2026");

    // A passage whose embedding equals the question's (same words) is the most similar: it comes first.
    const target = await scratch.db.knowledgePassage.findFirstOrThrow({
      where: { article: { slug: "work-minijob-minimum-wage-2026" }, heading: { not: null } },
      include: { article: true },
    });
    const question = `${target.article.title}\n${target.heading}\n${target.text.replace(/[*#|-]/g, " ")}`;
    const exact = await retrieve(scratch.db, question, { embeddings: model(), limit: 3 });
    expect(exact.passages[0]?.id).toBe(target.id);
  });

  it("falls back to full-text search when the embedding service fails", async () => {
    const unreachable = createOpenAI({ apiKey: "sk-test", baseURL: "http://127.0.0.1:9/v1" }).embedding("text-embedding-3-large");
    const lexical = await retrieve(scratch.db, BLOCKED_ACCOUNT_QUESTION, { embeddings: null });
    const result = await retrieve(scratch.db, BLOCKED_ACCOUNT_QUESTION, { embeddings: unreachable });
    expect(result).toEqual(lexical);
  });
});

// Retrieval reads questions as students type them: typos, umlauts or not, everyday words, follow-ups.
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
    ["how many hours can internatonal studnets work in germny", /^work-/],
    ["where do i get residnce permit after arival", /residence-permit/],
  ])("finds the passages of a question with typos: %s", async (question, slug) => {
    const articles = await topArticles(question);
    expect(
      articles.some((a) => slug.test(a)),
      `${question} -> ${articles.join(", ")}`,
    ).toBe(true);
  });

  it("reads 'what do I bring' as asking for a list, not about bringing someone", async () => {
    const analysis = await analyzeQuery(database.db, "what do i bring to the doctor appointment");
    expect(analysis!.words).not.toContain("bring");
    expect((await analyzeQuery(database.db, "can i bring my wife"))!.words).toContain("bring");
  });

  it("never searches table phrases that stem to one word ('after hours' would stand for every 'hour')", async () => {
    const groups = await termGroups(database.db);
    const phrasesAsWords = groups.flatMap((g) => g.terms).filter((t) => /\s/.test(t.text.trim()) && t.lexemes.length === 1);
    expect(phrasesAsWords.length).toBeGreaterThan(0);
    for (const term of phrasesAsWords) expect(term.typed, term.text).toBeTruthy();
    const analysis = await analyzeQuery(database.db, "how many hours can I work per week");
    expect(analysis!.terms.map((t) => t.lexeme)).not.toContain("116117");
  });

  it("counts a phrase of the term table in a sentence that has its words together ('tourist visa' as 'Schengen visa')", async () => {
    const answer = await answerQuestion(database.db, "can i just go on tourist visa and then change to student visa there?", {
      embeddings: null,
    });
    expect(answer.kind).toBe("answer");
    expect(answer.text).toMatch(/Schengen visa/);
    expect(answer.text).toMatch(/national visa/i);
  });

  it("does not read 'international' as 'intern' (one stem for both) when expanding with the term table", async () => {
    const analysis = await analyzeQuery(database.db, "Which scholarships are available for international students?");
    expect(analysis!.terms.map((t) => t.lexeme)).not.toContain("internship");
  });

  it("reads a typo on the word as typed, not on its stem", async () => {
    // "internatonal" stems to "internaton" and "arival" to "ariv": only the typed words are one letter from known ones.
    const analysis = await analyzeQuery(database.db, "internatonal students arival");
    expect(analysis!.corrections.get("internaton")).toBe("intern");
    expect(analysis!.corrections.get("ariv")).toBe("arriv");
  });

  it("weighs a German word the knowledge base never uses as its English translation, and where the asker is from lightly", async () => {
    const german = await retrieve(database.db, "Lebenshaltungskosten Student pro Monat", { embeddings: null });
    expect(german.passages[0]?.articleSlug).toMatch(/^cost-of-living-/);
    expect(german.confidence).toBeGreaterThanOrEqual(0.55);
    const fromBangladesh = await answerQuestion(database.db, "scholarships for bangladeshi students", {
      embeddings: null,
    });
    expect(fromBangladesh.kind).toBe("answer");
    expect(fromBangladesh.text).toContain("DAAD");
  });

  it("weighs the words it never uses together as one possible subject: a long story does not bury the question", async () => {
    // Three words the knowledge base never uses ("grandmother", "cousin", "Lagos") around a question it answers.
    const story = await retrieve(
      database.db,
      "My grandmother and my cousin in Lagos ask me: how much money has to be in the blocked account?",
      { embeddings: null },
    );
    expect(story.confidence).toBeGreaterThanOrEqual(0.3);
    expect(story.passages.slice(0, 3).map((p) => p.articleSlug)).toContain("finances-blocked-account-amount-2026");
    // A question about one thing it never mentions, or two, is still refused.
    for (const question of ["Which vaccinations does my cat need before the flight?", "Where can I buy a used bicycle and a helmet?"]) {
      const result = await retrieve(database.db, question, { embeddings: null });
      expect(result.passages, question).toEqual([]);
    }
  });

  it("weighs a term the question puts in quotes as the one asked about, above the story around it", async () => {
    const quoted = await retrieve(
      database.db,
      'Someone at the party mentioned the "Blue Card", what is that and who is it interesting for?',
      { embeddings: null },
    );
    expect(quoted.passages.slice(0, 3).map((p) => p.articleSlug)).toContain("after-graduation-eu-blue-card-2026");
  });

  it("reads a phrase of the term table that keeps one word ('runs out') where the question has it as typed", async () => {
    const { passages } = await retrieve(database.db, "My residence permit runs out soon and I have no appointment yet", {
      embeddings: null,
    });
    expect(passages.slice(0, 2).map((p) => p.articleSlug)).toContain("visa-extending-or-changing-residence-permit");
  });

  it("matches German words with umlauts, with ae/oe/ue and without the dots alike", async () => {
    const spellings = [
      "residence permit appointment at the Ausländerbehörde",
      "residence permit appointment at the Auslaenderbehoerde",
      "residence permit appointment at the Auslanderbehorde",
    ];
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
    for (const question of [
      "how do i get a student visa for canada",
      "is blocked account needed for netherlands",
      "study in uk requirements",
    ]) {
      const answer = await answerQuestion(database.db, question, { embeddings: null });
      expect(answer.kind, question).toBe("unknown");
      expect(answer.text, question).toContain("/compare");
      expect(answer.text, question).toContain("My knowledge base is about studying and living in Germany");
    }
    expect(OTHER_COUNTRY_UNKNOWN_TEXT).toContain("{country}");
    const fromAbroad = await answerQuestion(database.db, "I am from Pakistan, how much money do I need in the blocked account?", {
      embeddings: null,
    });
    expect(fromAbroad.kind).toBe("answer");
  });

  it("answers a follow-up as the question it stands for", async () => {
    const history = ["How much does a room in a shared flat cost in Berlin?"];
    const answer = await answerQuestion(database.db, "and in Munich?", { embeddings: null, history });
    expect(answer.kind).toBe("answer");
    expect(answer.text).toMatch(/Munich/);
  });
});
