-- AlterTable
ALTER TABLE "TokenUsage" ADD COLUMN     "charge" TEXT NOT NULL DEFAULT 'answer',
ADD COLUMN     "questionKind" TEXT;

-- CreateIndex
CREATE INDEX "TokenUsage_createdAt_questionKind_idx" ON "TokenUsage"("createdAt", "questionKind");


-- Answers recorded before: nothing charged means "none".
UPDATE "TokenUsage" SET "charge" = 'none' WHERE "charged" = 0;
