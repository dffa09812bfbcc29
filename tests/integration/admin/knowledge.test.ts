/**
 * /admin/knowledge: saving an article writes a version and an audit row and changes what the
 * assistant retrieves and answers at once; versions compare and restore; hidden articles are not
 * retrieved; invalid articles are refused with clear texts; the seed step keeps staff edits.
 */
import { createOpenAI } from "@ai-sdk/openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWLEDGE_MESSAGES } from "~/lib/schemas/knowledge";
import { answerQuestion } from "~/server/rag/answer";
import { readKnowledgeBase } from "~/server/rag/articles";
import { retrieve } from "~/server/rag/retrieve";
import { REPOSITORY_VERSION_NOTE, seedKnowledgeBase } from "~/server/rag/seed-knowledge-base";
import { saveArticle } from "~/server/services/admin/knowledge-admin.service";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../../fakes/openai-server";
import { createStaff } from "../../helpers/admin";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";
import { rejection } from "./fixtures";

const SLUG = "finances-blocked-account-amount-2026";
const QUESTION = "How much money do I need in a blocked account for a German student visa?";

let t: TestDatabase;
let staff: Awaited<ReturnType<typeof createStaff>>;
let fake: FakeOpenAIServer;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedKnowledgeBase(t.db, { embeddings: null });
  staff = await createStaff(t.db, "admin");
  fake = await startFakeOpenAIServer();
});
afterAll(async () => {
  await t.stop();
  await fake?.close();
});

const knowledge = () => staff.caller.admin.knowledge;
const answer = async (question = QUESTION) => (await answerQuestion(t.db, question, { embeddings: null })).text;
const retrievedSlugs = async (question = QUESTION) =>
  (await retrieve(t.db, question, { embeddings: null, limit: 8 })).passages.map((p) => p.articleSlug);

/** The editor's form for an article: what `get` answers, in the shape `save` takes. */
async function formOf(slug: string) {
  const article = await knowledge().get({ slug });
  return {
    slug,
    title: article.title,
    topic: article.topic,
    country: article.country,
    lastReviewed: article.lastReviewed,
    sources: article.sources,
    body: article.body,
    baseVersion: article.version,
  };
}

describe("saving an article", () => {
  it("writes a version and an audit row, and the assistant answers with the new text at once", async () => {
    expect(await answer()).toContain("11,904 EUR");
    const form = await formOf(SLUG);
    expect(form.baseVersion).toBe(1);
    const body = form.body.replaceAll("11,904", "12,324");
    const saved = await knowledge().save({ ...form, body, note: "New amount for 2027" });
    expect(saved).toMatchObject({ slug: SLUG, version: 2 });
    expect(saved.passages).toBeGreaterThan(0);

    const text = await answer();
    expect(text).toContain("12,324 EUR");
    expect(text).not.toContain("11,904 EUR per year");
    // Retrieval reads the saved text: the article's passage that states the amount has the new one.
    const passages = (await retrieve(t.db, QUESTION, { embeddings: null })).passages.filter((p) => p.articleSlug === SLUG);
    expect(passages.some((p) => p.text.includes("12,324"))).toBe(true);
    expect(passages.some((p) => p.text.includes("11,904"))).toBe(false);

    const versions = await knowledge().versions({ slug: SLUG });
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions[0]).toMatchObject({
      authorId: staff.claims.id,
      authorEmail: staff.claims.email,
      note: "New amount for 2027",
      fromRepository: false,
    });
    expect(versions[1]).toMatchObject({ authorId: null, note: REPOSITORY_VERSION_NOTE, fromRepository: true });

    const article = await t.db.knowledgeArticle.findUniqueOrThrow({ where: { slug: SLUG } });
    expect(article.customizedAt).not.toBeNull();
    expect(article.body).toBe(body);

    const audit = await t.db.auditLog.findFirstOrThrow({
      where: { action: "knowledge.article_saved", targetId: SLUG },
    });
    expect(audit).toMatchObject({
      actorId: staff.claims.id,
      actorEmail: staff.claims.email,
      targetType: "knowledge_article",
    });
    const before = audit.before as { bodyHash: string; title: string; sources: unknown[] };
    const after = audit.after as {
      bodyHash: string;
      version: number;
      linesAdded: number;
      linesRemoved: number;
      note: string;
    };
    expect(before.bodyHash).not.toBe(after.bodyHash);
    expect(before.sources.length).toBeGreaterThan(0);
    expect(after).toMatchObject({ version: 2, note: "New amount for 2027" });
    expect(after.linesAdded).toBeGreaterThan(0);
    expect(after.linesRemoved).toBe(after.linesAdded);
  });

  it("shows what changed between versions, and restores an earlier version as a new version", async () => {
    const [current, first] = await knowledge().versions({ slug: SLUG });
    const diff = await knowledge().diff({ slug: SLUG, from: first!.id, to: current!.id });
    expect(diff.changes.find((c) => c.kind === "removed")?.value).toContain("11,904");
    expect(diff.changes.find((c) => c.kind === "added")?.value).toContain("12,324");
    expect(
      diff.changes
        .filter((c) => c.kind === "same")
        .map((c) => c.value)
        .join(""),
    ).toContain("Title: How much money must be in the blocked account");
    // Against the article as it is now.
    expect((await knowledge().diff({ slug: SLUG, from: current!.id })).linesAdded).toBe(0);

    const restored = await knowledge().restore({ versionId: first!.id });
    expect(restored.version).toBe(3);
    expect(await answer()).toContain("11,904 EUR");
    const versions = await knowledge().versions({ slug: SLUG });
    expect(versions[0]).toMatchObject({ version: 3, note: "Restored version 1", authorId: staff.claims.id });
    const audit = await t.db.auditLog.findFirstOrThrow({
      where: { action: "knowledge.version_restored", targetId: SLUG },
    });
    expect(audit.after).toMatchObject({ version: 3, restoredVersion: 1 });

    // A version of another article is not one of this one.
    const other = await t.db.knowledgeArticleVersion.findFirstOrThrow({ where: { article: { slug: { not: SLUG } } } });
    expect((await rejection(knowledge().diff({ slug: SLUG, from: other.id }))).code).toBe("NOT_FOUND");
  });

  it("refuses a save over someone else's newer version with 409", async () => {
    const form = await formOf(SLUG);
    await knowledge().save({ ...form, note: "first" });
    const stale = await rejection(knowledge().save({ ...form, note: "second" }));
    expect(stale.code).toBe("CONFLICT");
    expect(stale.message).toBe(KNOWLEDGE_MESSAGES.changedMeanwhile);
  });

  it("refuses an article without a source, with a bad address, a future review date or no text", async () => {
    const form = await formOf("visa-documents-checklist");
    const noSource = await rejection(knowledge().save({ ...form, sources: [] }));
    expect(noSource.code).toBe("BAD_REQUEST");
    expect(noSource.message).toBe("Add at least one source: its title and address");
    expect((await rejection(knowledge().save({ ...form, sources: [{ title: "A page", url: "javascript:alert(1)" }] }))).message).toBe(
      KNOWLEDGE_MESSAGES.sourceUrl,
    );
    expect((await rejection(knowledge().save({ ...form, sources: [{ title: "", url: "https://example.org" }] }))).message).toBe(
      "The source's title is required",
    );
    expect((await rejection(knowledge().save({ ...form, lastReviewed: "2999-01-01" }))).message).toBe(KNOWLEDGE_MESSAGES.futureReview);
    expect((await rejection(knowledge().save({ ...form, lastReviewed: "2026-02-30" }))).message).toBe("Dates must be written YYYY-MM-DD");
    expect((await rejection(knowledge().save({ ...form, body: "  " }))).message).toBe(KNOWLEDGE_MESSAGES.bodyRequired);
    expect((await rejection(knowledge().save({ ...form, body: "## Only a heading" }))).message).toBe(KNOWLEDGE_MESSAGES.noPassages);
    // A section's sources marker may only name sources the article lists.
    const marker = await rejection(
      knowledge().save({ ...form, body: `## Fees\n<!-- sources: ${form.sources.length + 1} -->\nThe fee is 75 EUR.` }),
    );
    expect(marker.code).toBe("BAD_REQUEST");
    expect(marker.message).toContain(
      `Section “Fees” names source ${form.sources.length + 1}, but the article lists ${form.sources.length} sources`,
    );
    expect((await rejection(knowledge().save({ ...form, slug: "no-such-article" }))).code).toBe("NOT_FOUND");
    // Nothing was written by the refused saves.
    expect(await t.db.knowledgeArticleVersion.count({ where: { article: { slug: "visa-documents-checklist" } } })).toBe(1);
  });
});

describe("per-section sources", () => {
  it("stores the sources a section's marker names with its passages, and cites them in answers", async () => {
    const first = {
      title: "Police crime prevention - Bicycle coding",
      url: "https://www.polizei-beratung.de/themen-und-tipps/diebstahl/fahrraddiebstahl/",
    };
    const second = {
      title: "ADFC - Bicycle coding (FEIN-Codierung)",
      url: "https://www.adfc.de/artikel/fahrrad-codierung",
    };
    await knowledge().create({
      slug: "arrival-bicycle-coding-test",
      title: "Bicycle coding (Fahrradcodierung) against theft",
      topic: "arrival",
      country: "DE",
      lastReviewed: "2026-11-01",
      sources: [
        { ...first, accessed: "" },
        { ...second, accessed: "" },
      ],
      body: "## What the code is\n<!-- sources: 2 -->\nThe Fahrradcodierung engraves an owner code into the bicycle frame.\n\n## Where to get it\nAsk your local police or cycling club.",
      note: "",
    });
    const passages = await t.db.knowledgePassage.findMany({
      where: { article: { slug: "arrival-bicycle-coding-test" } },
      orderBy: { position: "asc" },
      select: { text: true, sources: true },
    });
    expect(passages.map((p) => [p.text, (p.sources as { url: string }[]).map((s) => s.url)])).toEqual([
      ["The Fahrradcodierung engraves an owner code into the bicycle frame.", [second.url]],
      ["Ask your local police or cycling club.", [first.url, second.url]],
    ]);
    const text = await answer("What is the Fahrradcodierung engraved into the bicycle frame?");
    expect(text).toContain("engraves an owner code");
    expect(text).not.toContain("<!--");
    expect(text).toContain(
      `Source: Bicycle coding (Fahrradcodierung) against theft (last reviewed 2026-11-01), based on [${second.title}](${second.url})`,
    );
    expect(text).not.toContain(first.url);
  });
});

describe("creating and hiding articles", () => {
  it("creates an article the assistant can retrieve at once; a taken slug answers 409", async () => {
    const article = {
      slug: "arrival-library-card",
      title: "Getting a library card at a German university",
      topic: "arrival",
      country: "DE",
      lastReviewed: "2026-11-01",
      sources: [{ title: "TU Berlin University Library", url: "https://www.tu.berlin/en/ub", accessed: "" }],
      body: "## The library card\n\nThe Zwiebelkarte library card of the university library is free for enrolled students and is issued at the lending desk.",
    };
    expect(await knowledge().create(article)).toMatchObject({ slug: "arrival-library-card", version: 1 });
    expect(await retrievedSlugs("Zwiebelkarte library card")).toContain("arrival-library-card");
    const row = await t.db.knowledgeArticle.findUniqueOrThrow({ where: { slug: "arrival-library-card" } });
    expect(row).toMatchObject({ origin: "admin", hidden: false });
    expect(row.customizedAt).not.toBeNull();
    const taken = await rejection(knowledge().create(article));
    expect(taken.code).toBe("CONFLICT");
    expect(taken.message).toBe(KNOWLEDGE_MESSAGES.slugTaken);
    expect(await t.db.auditLog.count({ where: { action: "knowledge.article_created", targetId: "arrival-library-card" } })).toBe(1);
  });

  it("hidden articles are not retrieved, and come back when shown again", async () => {
    expect(await retrievedSlugs()).toContain(SLUG);
    await knowledge().setHidden({ slug: SLUG, hidden: true });
    expect(await retrievedSlugs()).not.toContain(SLUG);
    expect((await answerQuestion(t.db, QUESTION, { embeddings: null })).retrieval.passages.every((p) => p.articleSlug !== SLUG)).toBe(true);
    expect((await knowledge().list({ visibility: "hidden" })).rows.map((row) => row.slug)).toEqual([SLUG]);
    await knowledge().setHidden({ slug: SLUG, hidden: false });
    expect(await retrievedSlugs()).toContain(SLUG);
    expect(
      await t.db.auditLog.count({
        where: { action: { in: ["knowledge.article_hidden", "knowledge.article_shown"] }, targetId: SLUG },
      }),
    ).toBe(2);
  });
});

describe("the list", () => {
  it("flags articles not reviewed for 180 days and filters on it, by topic and by search", async () => {
    const form = await formOf("visa-documents-checklist");
    await knowledge().save({ ...form, lastReviewed: "2025-01-10", note: "review date of the source" });
    const due = await knowledge().list({ review: "due", pageSize: 100 });
    expect(due.rows.map((row) => row.slug)).toContain("visa-documents-checklist");
    expect(due.rows.every((row) => row.reviewDue)).toBe(true);
    const fresh = await knowledge().list({ review: "ok", pageSize: 100 });
    expect(fresh.rows.some((row) => row.slug === "visa-documents-checklist")).toBe(false);
    expect(due.total + fresh.total).toBe(await t.db.knowledgeArticle.count());

    const byTopic = await knowledge().list({ topic: "visa", pageSize: 100 });
    expect(byTopic.rows.length).toBeGreaterThan(0);
    expect(byTopic.rows.every((row) => row.topic === "visa")).toBe(true);
    expect(byTopic.topics).toContain("finances");
    const row = (await knowledge().list({ q: "documents-checklist" })).rows[0]!;
    expect(row).toMatchObject({
      slug: "visa-documents-checklist",
      lastReviewed: "2025-01-10",
      reviewDue: true,
      hidden: false,
    });
    expect(row.sourcesCount).toBeGreaterThan(0);
    expect(row.customizedAt).not.toBeNull();
  });
});

describe("embeddings on save", () => {
  const model = (url: string) => createOpenAI({ apiKey: "sk-test", baseURL: url }).embedding("text-embedding-3-large");

  it("embeds the saved passages when a model is configured, and saves anyway when the embedding service fails", async () => {
    const form = await formOf("work-student-hour-limits");
    await saveArticle(
      t.db,
      { id: staff.claims.id, email: staff.claims.email, ip: null },
      { ...form, note: null },
      { embeddings: model(fake.url) },
    );
    const passages = await t.db.knowledgePassage.findMany({ where: { article: { slug: "work-student-hour-limits" } } });
    expect(passages.every((p) => p.embedding && p.embeddingModel === "text-embedding-3-large")).toBe(true);

    const again = await formOf("work-student-hour-limits");
    const saved = await saveArticle(
      t.db,
      { id: staff.claims.id, email: staff.claims.email, ip: null },
      { ...again, body: `${again.body}\n\nOne more paragraph about working hours.`, note: null },
      { embeddings: model("http://127.0.0.1:9") },
    );
    expect(saved.version).toBe(again.baseVersion + 1);
    expect(await retrievedSlugs("one more paragraph about working hours")).toContain("work-student-hour-limits");
  });
});

describe("the seed step", () => {
  it("keeps articles edited in /admin, updates the others from their files with a version, and removes only untouched file articles whose file is gone", async () => {
    const files = readKnowledgeBase();
    // SLUG and visa-documents-checklist were edited above; "arrival-library-card" was written in /admin.
    const edited = files.find((file) => file.slug === SLUG)!;
    const untouched = files.find((file) => file.slug === "accommodation-registration-wohnungsgeberbestaetigung")!;
    const changedFile = {
      ...untouched,
      contentHash: "changed-file",
      body: `${untouched.body}\n\nA sentence added to the file.`,
    };
    const gone = files.find((file) => file.slug === "visa-documents-checklist")!;
    const goneUntouched = files.find(
      (file) => !["visa-documents-checklist", SLUG, untouched.slug, "work-student-hour-limits"].includes(file.slug),
    )!;
    const staffBody = (await t.db.knowledgeArticle.findUniqueOrThrow({ where: { slug: SLUG } })).body;

    const result = await seedKnowledgeBase(t.db, {
      articles: files
        .filter((file) => file !== gone && file !== goneUntouched && file !== untouched)
        .concat(changedFile, {
          ...edited,
          contentHash: "edited-file",
          body: "## Replaced\n\nThe file says something else.",
        }),
      embeddings: null,
    });

    expect(result.kept).toBeGreaterThanOrEqual(2);
    expect((await t.db.knowledgeArticle.findUniqueOrThrow({ where: { slug: SLUG } })).body).toBe(staffBody);
    const updated = await t.db.knowledgeArticle.findUniqueOrThrow({
      where: { slug: untouched.slug },
      include: { versions: { orderBy: { version: "desc" } } },
    });
    expect(updated.body).toContain("A sentence added to the file.");
    expect(updated.versions[0]).toMatchObject({ version: 2, authorId: null, note: REPOSITORY_VERSION_NOTE });
    // Edited in /admin: kept although its file is gone. Never edited: removed with its file.
    expect(await t.db.knowledgeArticle.findUnique({ where: { slug: gone.slug } })).not.toBeNull();
    expect(await t.db.knowledgeArticle.findUnique({ where: { slug: goneUntouched.slug } })).toBeNull();
    expect(await t.db.knowledgeArticle.findUnique({ where: { slug: "arrival-library-card" } })).not.toBeNull();
  });
});
