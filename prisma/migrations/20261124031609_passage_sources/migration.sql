-- AlterTable
ALTER TABLE "KnowledgePassage" ADD COLUMN     "sources" JSONB NOT NULL DEFAULT '[]';

