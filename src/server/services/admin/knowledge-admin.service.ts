/**
 * The assistant's knowledge base as staff edit it in /admin/knowledge. Saving an article writes a
 * new version (who, when, note), marks the article customized (the seed step then keeps the staff
 * version over the repository's file) and re-indexes its passages in the same transaction, so the
 * assistant's next answer uses the new text. Embeddings, when a model is configured, follow right
 * after; their failure is logged and retrieval falls back to full text.
 */
import { createHash } from "node:crypto";
import type { EmbeddingModel } from "ai";
import { diffLines } from "diff";
import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { pageWindow } from "~/lib/schemas/admin";
import {
  type ArticleSource,
  type articleDiffInput,
  type articleHiddenInput,
  type articleInputSchema,
  type articleListQuery,
  type articleRestoreInput,
  type articleSaveSchema,
  KNOWLEDGE_MESSAGES,
  REVIEW_DUE_DAYS,
} from "~/lib/schemas/knowledge";
import type { Db, DbOrTx } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/unique-violation";
import { AppError } from "~/server/errors";
import { log } from "~/server/observability/log";
import {
  type ArticleContent,
  addArticleVersion,
  chunkArticle,
  embeddingModel,
  embedMissingPassages,
  forgetLexemeStatistics,
  indexArticle,
  latestArticleVersion,
} from "~/server/rag";
import { type AuditActor, recordAudit } from "../audit.service";

export interface KnowledgeOptions {
  /** Embedding model for the saved passages; defaults to the configured one (none without OPENAI_API_KEY). */
  embeddings?: EmbeddingModel | null;
  now?: Date;
}

const notFound = () => new AppError("NOT_FOUND", "This article does not exist (any more).");

/** The day before which a review is due (YYYY-MM-DD). */
function reviewDueBefore(now = new Date()): string {
  return new Date(now.getTime() - REVIEW_DUE_DAYS * 86_400_000).toISOString().slice(0, 10);
}

const sourcesOf = (value: Prisma.JsonValue): ArticleSource[] => (Array.isArray(value) ? (value as unknown as ArticleSource[]) : []);

// ---- Reading ----

export async function listArticles(db: Db, query: z.output<typeof articleListQuery>, now = new Date()) {
  const dueBefore = reviewDueBefore(now);
  const where: Prisma.KnowledgeArticleWhereInput = {
    ...(query.topic ? { topic: query.topic } : {}),
    ...(query.visibility ? { hidden: query.visibility === "hidden" } : {}),
    ...(query.review === "due" ? { lastReviewed: { lt: dueBefore } } : query.review === "ok" ? { lastReviewed: { gte: dueBefore } } : {}),
    ...(query.q
      ? {
          OR: [{ title: { contains: query.q, mode: "insensitive" } }, { slug: { contains: query.q, mode: "insensitive" } }],
        }
      : {}),
  };
  // Without a chosen order, the longest unreviewed come first.
  const orderBy: Prisma.KnowledgeArticleOrderByWithRelationInput[] = query.sort
    ? [{ [query.sort]: query.dir }, { slug: "asc" }]
    : [{ lastReviewed: "asc" }, { slug: "asc" }];
  const [rows, total, topics] = await Promise.all([
    db.knowledgeArticle.findMany({
      where,
      orderBy,
      ...pageWindow(query),
      select: {
        slug: true,
        title: true,
        topic: true,
        country: true,
        lastReviewed: true,
        sources: true,
        hidden: true,
        origin: true,
        customizedAt: true,
        updatedAt: true,
        _count: { select: { passages: true } },
      },
    }),
    db.knowledgeArticle.count({ where }),
    db.knowledgeArticle.findMany({ distinct: ["topic"], select: { topic: true }, orderBy: { topic: "asc" } }),
  ]);
  return {
    rows: rows.map(({ sources, _count, ...article }) => ({
      ...article,
      sourcesCount: sourcesOf(sources).length,
      passagesCount: _count.passages,
      reviewDue: article.lastReviewed < dueBefore,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    topics: topics.map((t) => t.topic),
  };
}

export async function getArticle(db: Db, slug: string, now = new Date()) {
  const article = await db.knowledgeArticle.findUnique({
    where: { slug },
    select: {
      id: true,
      slug: true,
      title: true,
      topic: true,
      country: true,
      lastReviewed: true,
      sources: true,
      body: true,
      hidden: true,
      origin: true,
      customizedAt: true,
      updatedAt: true,
      _count: { select: { passages: true } },
    },
  });
  if (!article) throw notFound();
  const { _count, sources, id, ...rest } = article;
  return {
    ...rest,
    sources: sourcesOf(sources),
    passagesCount: _count.passages,
    version: await latestArticleVersion(db, id),
    reviewDue: article.lastReviewed < reviewDueBefore(now),
  };
}

/** Topics in use, for the editor's suggestions. */
export async function listTopics(db: Db): Promise<string[]> {
  const [articles, threads] = await Promise.all([
    db.knowledgeArticle.findMany({ distinct: ["topic"], select: { topic: true } }),
    db.thread.findMany({ select: { slug: true } }),
  ]);
  return [...new Set([...articles.map((a) => a.topic), ...threads.map((t) => t.slug)])].sort();
}

// ---- Saving ----

const bodyHash = (body: string) => createHash("sha256").update(body).digest("hex").slice(0, 16);

/** What the audit keeps of an article: its fields, and of the body its hash and size (the text is in the version). */
function auditSnapshot(content: ArticleContent) {
  return {
    title: content.title,
    topic: content.topic,
    country: content.country,
    lastReviewed: content.lastReviewed,
    sources: content.sources,
    bodyHash: bodyHash(content.body),
    bodyChars: content.body.length,
  };
}

function changedLines(before: string, after: string) {
  let added = 0;
  let removed = 0;
  for (const change of diffLines(before, after)) {
    if (change.added) added += change.count ?? 0;
    if (change.removed) removed += change.count ?? 0;
  }
  return { linesAdded: added, linesRemoved: removed };
}

function contentOf(values: {
  title: string;
  topic: string;
  country: string;
  lastReviewed: string;
  sources: ArticleSource[];
  body: string;
}): ArticleContent {
  return {
    title: values.title,
    topic: values.topic,
    country: values.country,
    lastReviewed: values.lastReviewed,
    sources: values.sources,
    body: values.body,
  };
}

function assertHasPassages(body: string) {
  if (!chunkArticle(body).length) throw new AppError("BAD_INPUT", KNOWLEDGE_MESSAGES.noPassages);
}

/** After a save: passage embeddings (when configured) and the retrieval statistics of this instance. */
async function afterSave(db: Db, articleId: string, options: KnowledgeOptions) {
  forgetLexemeStatistics(db);
  const model = options.embeddings === undefined ? embeddingModel() : options.embeddings;
  if (!model) return;
  try {
    await embedMissingPassages(db, model, { articleId });
  } catch (error) {
    // Full-text retrieval already has the new text; the next start embeds what is missing.
    log.error({ articleId, error: error instanceof Error ? error.message : String(error) }, "embeddings of a saved article not computed");
  }
}

interface StoredEdit {
  action: string;
  articleId: string;
  before: ArticleContent | null;
  after: ArticleContent;
  note: string | null;
  extra?: Record<string, unknown>;
}

/** Writes an edit in a transaction: fields, customizedAt, passages, version, audit. */
async function storeEdit(tx: Prisma.TransactionClient, actor: AuditActor, edit: StoredEdit, now: Date) {
  const article = await tx.knowledgeArticle.update({
    where: { id: edit.articleId },
    data: { ...edit.after, sources: edit.after.sources as unknown as Prisma.InputJsonValue, customizedAt: now },
  });
  const passages = await indexArticle(tx, article.id, edit.after);
  const version = await addArticleVersion(tx, article.id, edit.after, { id: actor.id, email: actor.email }, edit.note);
  await recordAudit(tx, actor, {
    action: edit.action,
    targetType: "knowledge_article",
    targetId: article.slug,
    before: edit.before ? auditSnapshot(edit.before) : undefined,
    after: {
      ...auditSnapshot(edit.after),
      version: version.version,
      note: edit.note,
      ...changedLines(edit.before?.body ?? "", edit.after.body),
      ...edit.extra,
    },
  });
  return { slug: article.slug, version: version.version, passages };
}

/** Saves staff's edit of an article: a new version, re-indexed at once. */
export async function saveArticle(db: Db, actor: AuditActor, input: z.output<typeof articleSaveSchema>, options: KnowledgeOptions = {}) {
  assertHasPassages(input.body);
  const now = options.now ?? new Date();
  const saved = await db.$transaction(async (tx) => {
    const article = await tx.knowledgeArticle.findUnique({ where: { slug: input.slug } });
    if (!article) throw notFound();
    // The row is locked, so two saves of one article happen one after the other.
    await tx.$queryRaw`SELECT id FROM "KnowledgeArticle" WHERE id = ${article.id} FOR UPDATE`;
    const current = await latestArticleVersion(tx, article.id);
    if (input.baseVersion !== undefined && input.baseVersion !== null && input.baseVersion !== current)
      throw new AppError("CONFLICT", KNOWLEDGE_MESSAGES.changedMeanwhile);
    const before = contentOf({ ...article, sources: sourcesOf(article.sources) });
    const saved = await storeEdit(
      tx,
      actor,
      { action: "knowledge.article_saved", articleId: article.id, before, after: contentOf(input), note: input.note },
      now,
    );
    return { ...saved, articleId: article.id };
  });
  await afterSave(db, saved.articleId, options);
  return { slug: saved.slug, version: saved.version, passages: saved.passages };
}

/** A new article written in /admin (origin "admin"). */
export async function createArticle(db: Db, actor: AuditActor, input: z.output<typeof articleInputSchema>, options: KnowledgeOptions = {}) {
  assertHasPassages(input.body);
  const now = options.now ?? new Date();
  const content = contentOf(input);
  let saved: { slug: string; version: number; passages: number; articleId: string };
  try {
    saved = await db.$transaction(async (tx) => {
      if (await tx.knowledgeArticle.findUnique({ where: { slug: input.slug }, select: { id: true } }))
        throw new AppError("CONFLICT", KNOWLEDGE_MESSAGES.slugTaken);
      const article = await tx.knowledgeArticle.create({
        data: {
          slug: input.slug,
          ...content,
          sources: content.sources as unknown as Prisma.InputJsonValue,
          origin: "admin",
          contentHash: `admin:${bodyHash(content.body)}`,
          customizedAt: now,
        },
      });
      const result = await storeEdit(
        tx,
        actor,
        { action: "knowledge.article_created", articleId: article.id, before: null, after: content, note: input.note },
        now,
      );
      return { ...result, articleId: article.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", KNOWLEDGE_MESSAGES.slugTaken);
    throw error;
  }
  await afterSave(db, saved.articleId, options);
  return { slug: saved.slug, version: saved.version, passages: saved.passages };
}

/** Hidden articles stay in /admin but the assistant does not retrieve them. */
export async function setArticleHidden(db: Db, actor: AuditActor, input: z.output<typeof articleHiddenInput>) {
  const result = await db.$transaction(async (tx) => {
    const article = await tx.knowledgeArticle.findUnique({
      where: { slug: input.slug },
      select: { id: true, hidden: true },
    });
    if (!article) throw notFound();
    await tx.knowledgeArticle.update({ where: { id: article.id }, data: { hidden: input.hidden } });
    await recordAudit(tx, actor, {
      action: input.hidden ? "knowledge.article_hidden" : "knowledge.article_shown",
      targetType: "knowledge_article",
      targetId: input.slug,
      before: { hidden: article.hidden },
      after: { hidden: input.hidden },
    });
    return { slug: input.slug, hidden: input.hidden };
  });
  forgetLexemeStatistics(db);
  return result;
}

// ---- Versions ----

export async function listVersions(db: Db, slug: string) {
  const article = await db.knowledgeArticle.findUnique({ where: { slug }, select: { id: true } });
  if (!article) throw notFound();
  const versions = await db.knowledgeArticleVersion.findMany({
    where: { articleId: article.id },
    orderBy: { version: "desc" },
    select: {
      id: true,
      version: true,
      title: true,
      lastReviewed: true,
      authorId: true,
      authorEmail: true,
      note: true,
      createdAt: true,
    },
  });
  return versions.map((version) => ({
    ...version,
    fromRepository: version.authorId === null && version.authorEmail === null,
  }));
}

/** An article's content as text to compare: the fields one per line, then the Markdown body. */
function comparableText(content: ArticleContent): string {
  const sources = content.sources.map(
    (source) => `- ${source.title} <${source.url}>${source.accessed ? ` (accessed ${source.accessed})` : ""}`,
  );
  return [
    `Title: ${content.title}`,
    `Topic: ${content.topic}`,
    `Country: ${content.country}`,
    `Last reviewed: ${content.lastReviewed}`,
    "Sources:",
    ...sources,
    "",
    content.body.endsWith("\n") ? content.body : `${content.body}\n`,
  ].join("\n");
}

async function findVersion(tx: DbOrTx, id: string) {
  const version = await tx.knowledgeArticleVersion.findUnique({ where: { id } });
  if (!version) throw new AppError("NOT_FOUND", "This version does not exist.");
  return version;
}

/** The lines changed between two versions of an article, or between a version and the article as it is now. */
export async function diffVersions(db: Db, input: z.output<typeof articleDiffInput>) {
  const article = await db.knowledgeArticle.findUnique({ where: { slug: input.slug } });
  if (!article) throw notFound();
  const from = await findVersion(db, input.from);
  const to = input.to ? await findVersion(db, input.to) : null;
  // Versions of other articles are not part of this one.
  if (from.articleId !== article.id || (to && to.articleId !== article.id)) throw new AppError("NOT_FOUND", "This version does not exist.");
  const fromContent = contentOf({ ...from, sources: sourcesOf(from.sources) });
  const toContent = to
    ? contentOf({ ...to, sources: sourcesOf(to.sources) })
    : contentOf({ ...article, sources: sourcesOf(article.sources) });
  const changes = diffLines(comparableText(fromContent), comparableText(toContent)).map((change) => ({
    kind: change.added ? ("added" as const) : change.removed ? ("removed" as const) : ("same" as const),
    value: change.value,
    lines: change.count ?? 0,
  }));
  return {
    from: { id: from.id, version: from.version },
    to: to ? { id: to.id, version: to.version } : null,
    changes,
    ...changedLines(comparableText(fromContent), comparableText(toContent)),
  };
}

/** Saves an earlier version's content again, as a new version. */
export async function restoreVersion(
  db: Db,
  actor: AuditActor,
  input: z.output<typeof articleRestoreInput>,
  options: KnowledgeOptions = {},
) {
  const now = options.now ?? new Date();
  const saved = await db.$transaction(async (tx) => {
    const version = await findVersion(tx, input.versionId);
    const article = await tx.knowledgeArticle.findUniqueOrThrow({ where: { id: version.articleId } });
    await tx.$queryRaw`SELECT id FROM "KnowledgeArticle" WHERE id = ${article.id} FOR UPDATE`;
    const note = input.note ? `Restored version ${version.version}: ${input.note}` : `Restored version ${version.version}`;
    const result = await storeEdit(
      tx,
      actor,
      {
        action: "knowledge.version_restored",
        articleId: article.id,
        before: contentOf({ ...article, sources: sourcesOf(article.sources) }),
        after: contentOf({ ...version, sources: sourcesOf(version.sources) }),
        note,
        extra: { restoredVersion: version.version },
      },
      now,
    );
    return { ...result, articleId: article.id };
  });
  await afterSave(db, saved.articleId, options);
  return { slug: saved.slug, version: saved.version, passages: saved.passages };
}
