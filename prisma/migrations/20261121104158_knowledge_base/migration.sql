-- CreateTable
CREATE TABLE "KnowledgeArticle" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "lastReviewed" TEXT NOT NULL,
    "sources" JSONB NOT NULL,
    "contentHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "KnowledgeArticle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KnowledgePassage" (
    "id" TEXT NOT NULL,
    "articleId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "heading" TEXT,
    "text" TEXT NOT NULL,
    "search" tsvector,
    "embedding" BYTEA,
    "embeddingModel" TEXT,
    "embeddingHash" TEXT,

    CONSTRAINT "KnowledgePassage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "KnowledgeArticle_slug_key" ON "KnowledgeArticle"("slug");

-- CreateIndex
CREATE INDEX "KnowledgeArticle_topic_idx" ON "KnowledgeArticle"("topic");

-- CreateIndex
CREATE INDEX "KnowledgePassage_search_idx" ON "KnowledgePassage" USING GIN ("search");

-- CreateIndex
CREATE UNIQUE INDEX "KnowledgePassage_articleId_position_key" ON "KnowledgePassage"("articleId", "position");

-- AddForeignKey
ALTER TABLE "KnowledgePassage" ADD CONSTRAINT "KnowledgePassage_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "KnowledgeArticle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

