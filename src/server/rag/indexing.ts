/** Storing one article for retrieval, the same way from the seed step or the /admin editor, with its versions. */
import { type EmbeddingModel, embedMany } from "ai";
import type { Prisma } from "~/generated/prisma/client";
import type { Db, DbOrTx } from "~/server/db/client";
import { type ArticleSource, chunkArticle, passageSources } from "./articles";
import { EMBEDDING_MODEL_ID, embeddingHash, packVector, passageEmbeddingInput } from "./embeddings";
import { searchableText } from "./text";

/** What an article says: the fields a version keeps. */
export interface ArticleContent {
  title: string;
  topic: string;
  country: string;
  lastReviewed: string;
  sources: ArticleSource[];
  body: string;
}

/**
 * Replaces an article's passages and their search vectors, keeping unchanged passages' embeddings, and
 * answers their count. Run it in the article's transaction, so retrieval never sees half an article.
 */
export async function indexArticle(
  tx: DbOrTx,
  articleId: string,
  article: Pick<ArticleContent, "title" | "topic" | "body" | "sources">,
): Promise<number> {
  const passages = chunkArticle(article.body);
  const previous = await tx.knowledgePassage.findMany({
    where: { articleId, embedding: { not: null } },
    select: { embedding: true, embeddingModel: true, embeddingHash: true },
  });
  const keep = new Map(previous.map((p) => [p.embeddingHash, p]));
  await tx.knowledgePassage.deleteMany({ where: { articleId } });
  if (!passages.length) return 0;
  await tx.knowledgePassage.createMany({
    data: passages.map((passage) => {
      const hash = embeddingHash(passageEmbeddingInput(article.title, passage.heading, passage.text));
      const kept = keep.get(hash);
      return {
        articleId,
        position: passage.position,
        heading: passage.heading,
        text: passage.text,
        sources: passageSources(article.sources, passage.sourceNumbers) as unknown as Prisma.InputJsonValue,
        ...(kept ? { embedding: kept.embedding, embeddingModel: kept.embeddingModel, embeddingHash: hash } : {}),
      };
    }),
  });
  await tx.$executeRaw`
    UPDATE "KnowledgePassage" AS p
    SET search = setweight(to_tsvector('english', ${searchableText(article.title)}), 'A')
      || setweight(to_tsvector('english', ${article.topic.replace(/-/g, " ")}::text || ' ' || v.heading), 'B')
      || setweight(to_tsvector('english', v.body), 'C')
    FROM unnest(${passages.map((p) => p.position)}::int[], ${passages.map((p) => searchableText(p.heading ?? ""))}::text[],
                ${passages.map((p) => searchableText(p.text))}::text[]) AS v(position, heading, body)
    WHERE p."articleId" = ${articleId} AND p.position = v.position`;
  return passages.length;
}

/** The number of an article's latest version (0 before the first). */
export async function latestArticleVersion(tx: DbOrTx, articleId: string): Promise<number> {
  const { _max } = await tx.knowledgeArticleVersion.aggregate({ where: { articleId }, _max: { version: true } });
  return _max.version ?? 0;
}

/** Records a saved state of an article as its next version number. */
export async function addArticleVersion(
  tx: DbOrTx,
  articleId: string,
  content: ArticleContent,
  author: { id: string | null; email: string | null },
  note: string | null,
) {
  return tx.knowledgeArticleVersion.create({
    data: {
      articleId,
      version: (await latestArticleVersion(tx, articleId)) + 1,
      title: content.title,
      topic: content.topic,
      country: content.country,
      lastReviewed: content.lastReviewed,
      sources: content.sources as unknown as Prisma.InputJsonValue,
      body: content.body,
      authorId: author.id,
      authorEmail: author.email,
      note,
    },
  });
}

const EMBEDDING_BATCH = 64;

/** Embeds every passage (or every passage of one article) that has no embedding for its current text and model. */
export async function embedMissingPassages(db: Db, model: EmbeddingModel, options: { articleId?: string } = {}): Promise<number> {
  const modelId = typeof model === "string" ? model : model.modelId || EMBEDDING_MODEL_ID;
  const passages = await db.knowledgePassage.findMany({
    where: options.articleId ? { articleId: options.articleId } : {},
    select: {
      id: true,
      heading: true,
      text: true,
      embeddingHash: true,
      embeddingModel: true,
      article: { select: { title: true } },
    },
    orderBy: [{ articleId: "asc" }, { position: "asc" }],
  });
  const missing = passages
    .map((p) => {
      const input = passageEmbeddingInput(p.article.title, p.heading, p.text);
      return { id: p.id, input, hash: embeddingHash(input), current: p.embeddingHash, currentModel: p.embeddingModel };
    })
    .filter((p) => p.hash !== p.current || p.currentModel !== modelId);
  for (let i = 0; i < missing.length; i += EMBEDDING_BATCH) {
    const batch = missing.slice(i, i + EMBEDDING_BATCH);
    const { embeddings: vectors } = await embedMany({ model, values: batch.map((p) => p.input), maxParallelCalls: 2 });
    await db.$transaction(
      batch.map((p, n) =>
        db.knowledgePassage.update({
          where: { id: p.id },
          data: { embedding: packVector(vectors[n]!), embeddingModel: modelId, embeddingHash: p.hash },
        }),
      ),
    );
  }
  return missing.length;
}
