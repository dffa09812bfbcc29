/**
 * Loads the knowledge base's files into the database, skipping unchanged ones. Staff edits win: an article
 * edited in /admin is left as it is, and one whose file disappeared is deleted only if never edited.
 */
import type { EmbeddingModel } from "ai";
import type { Db } from "~/server/db/client";
import { fileDigestOf, type KnowledgeArticleFile, readKnowledgeBase } from "./articles";
import { embeddingModel } from "./embeddings";
import { addArticleVersion, embedMissingPassages, indexArticle } from "./indexing";

export const REPOSITORY_VERSION_NOTE = "from the repository";

export interface SeedKnowledgeBaseOptions {
  articles?: KnowledgeArticleFile[];
  /** Embedding model for re-ranking; defaults to the configured one (none without OPENAI_API_KEY). */
  embeddings?: EmbeddingModel | null;
  log?: (message: string) => void;
}

export interface SeedKnowledgeBaseResult {
  articles: number;
  updated: number;
  removed: number;
  /** Files not applied because staff edited their article in /admin. */
  kept: number;
  embedded: number;
}

export async function seedKnowledgeBase(db: Db, options: SeedKnowledgeBaseOptions = {}): Promise<SeedKnowledgeBaseResult> {
  const articles = options.articles ?? readKnowledgeBase();
  const log = options.log ?? (() => {});
  const existing = new Map(
    (
      await db.knowledgeArticle.findMany({
        select: { slug: true, contentHash: true, customizedAt: true, _count: { select: { versions: true } } },
      })
    ).map((a) => [a.slug, a]),
  );

  let updated = 0;
  let kept = 0;
  for (const article of articles) {
    const row = existing.get(article.slug);
    if (row?.customizedAt) {
      kept++;
      continue;
    }
    // A database from before versions were kept has no body or version yet: it is written once more.
    const versioned = row !== undefined && row._count.versions > 0;
    if (versioned && row.contentHash === article.contentHash) continue;
    // The same file indexed by an older search text format is indexed again, with no new version.
    const sameFile = versioned && fileDigestOf(row.contentHash) === fileDigestOf(article.contentHash);
    await writeArticle(db, article, { newVersion: !sameFile });
    updated++;
  }
  const { count: removed } = await db.knowledgeArticle.deleteMany({
    where: { origin: "file", customizedAt: null, slug: { notIn: articles.map((a) => a.slug) } },
  });

  let embedded = 0;
  const model = options.embeddings === undefined ? embeddingModel() : options.embeddings;
  if (model) {
    try {
      embedded = await embedMissingPassages(db, model);
    } catch (error) {
      // Search still works on full text alone; the next start tries again.
      log(`[rag] passage embeddings not computed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { articles: articles.length, updated, removed, kept, embedded };
}

async function writeArticle(db: Db, article: KnowledgeArticleFile, { newVersion }: { newVersion: boolean }) {
  const { title, topic, country, lastReviewed, sources, body } = article;
  const content = { title, topic, country, lastReviewed, sources, body };
  await db.$transaction(async (tx) => {
    const row = await tx.knowledgeArticle.upsert({
      where: { slug: article.slug },
      create: { slug: article.slug, origin: "file", contentHash: article.contentHash, ...content },
      update: { contentHash: article.contentHash, ...content },
    });
    await indexArticle(tx, row.id, content);
    if (newVersion) await addArticleVersion(tx, row.id, content, { id: null, email: null }, REPOSITORY_VERSION_NOTE);
  });
}
