/**
 * Loads the knowledge base into the database: articles, their passages, the weighted full-text
 * vector of each passage and, when an OpenAI key is configured, passage embeddings.
 * Idempotent: unchanged articles (same file hash) are skipped, removed articles are deleted, and
 * embeddings are kept for passages whose text did not change.
 */
import type { EmbeddingModel } from "ai";
import type { Db } from "~/server/db/client";
import { readKnowledgeBase, type KnowledgeArticleFile } from "./articles";
import { EMBEDDING_MODEL_ID, embeddingHash, embeddingModel, embedTexts, packVector, passageEmbeddingInput } from "./embeddings";
import { searchableText, stripMarkdown } from "./text";

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
  embedded: number;
}

export async function seedKnowledgeBase(db: Db, options: SeedKnowledgeBaseOptions = {}): Promise<SeedKnowledgeBaseResult> {
  const articles = options.articles ?? readKnowledgeBase();
  const log = options.log ?? (() => {});
  const existing = new Map(
    (await db.knowledgeArticle.findMany({ select: { slug: true, contentHash: true } })).map((a) => [a.slug, a.contentHash]),
  );

  let updated = 0;
  for (const article of articles) {
    if (existing.get(article.slug) === article.contentHash) continue;
    await writeArticle(db, article);
    updated++;
  }
  const { count: removed } = await db.knowledgeArticle.deleteMany({ where: { slug: { notIn: articles.map((a) => a.slug) } } });

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
  return { articles: articles.length, updated, removed, embedded };
}

async function writeArticle(db: Db, article: KnowledgeArticleFile) {
  const fields = {
    title: article.title,
    topic: article.topic,
    country: article.country,
    lastReviewed: article.lastReviewed,
    sources: article.sources,
    contentHash: article.contentHash,
  };
  await db.$transaction(async (tx) => {
    const row = await tx.knowledgeArticle.upsert({ where: { slug: article.slug }, create: { slug: article.slug, ...fields }, update: fields });
    // Embeddings of passages whose text is unchanged are kept.
    const previous = await tx.knowledgePassage.findMany({
      where: { articleId: row.id, embedding: { not: null } },
      select: { embedding: true, embeddingModel: true, embeddingHash: true },
    });
    const keep = new Map(previous.map((p) => [p.embeddingHash, p]));
    await tx.knowledgePassage.deleteMany({ where: { articleId: row.id } });
    await tx.knowledgePassage.createMany({
      data: article.passages.map((passage) => {
        const hash = embeddingHash(passageEmbeddingInput({ title: article.title, heading: passage.heading, plainText: stripMarkdown(passage.text) }));
        const kept = keep.get(hash);
        return {
          articleId: row.id,
          position: passage.position,
          heading: passage.heading,
          text: passage.text,
          ...(kept ? { embedding: kept.embedding, embeddingModel: kept.embeddingModel, embeddingHash: hash } : {}),
        };
      }),
    });
    await tx.$executeRaw`
      UPDATE "KnowledgePassage" AS p
      SET search = setweight(to_tsvector('english', ${searchableText(article.title)}), 'A')
        || setweight(to_tsvector('english', ${article.topic.replace(/-/g, " ")}::text || ' ' || v.heading), 'B')
        || setweight(to_tsvector('english', v.body), 'C')
      FROM unnest(${article.passages.map((p) => p.position)}::int[], ${article.passages.map((p) => searchableText(p.heading ?? ""))}::text[],
                  ${article.passages.map((p) => searchableText(p.text))}::text[]) AS v(position, heading, body)
      WHERE p."articleId" = ${row.id} AND p.position = v.position`;
  });
}

const EMBEDDING_BATCH = 64;

/** Embeds every passage that has no embedding for its current text and model. */
export async function embedMissingPassages(db: Db, model: EmbeddingModel): Promise<number> {
  const modelId = typeof model === "string" ? model : model.modelId || EMBEDDING_MODEL_ID;
  const passages = await db.knowledgePassage.findMany({
    select: { id: true, heading: true, text: true, embeddingHash: true, embeddingModel: true, article: { select: { title: true } } },
    orderBy: [{ articleId: "asc" }, { position: "asc" }],
  });
  const missing = passages
    .map((p) => {
      const input = passageEmbeddingInput({ title: p.article.title, heading: p.heading, plainText: stripMarkdown(p.text) });
      return { id: p.id, input, hash: embeddingHash(input), current: p.embeddingHash, currentModel: p.embeddingModel };
    })
    .filter((p) => p.hash !== p.current || p.currentModel !== modelId);
  for (let i = 0; i < missing.length; i += EMBEDDING_BATCH) {
    const batch = missing.slice(i, i + EMBEDDING_BATCH);
    const vectors = await embedTexts(model, batch.map((p) => p.input));
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
