-- AlterTable
ALTER TABLE "RoadmapStepTemplate" ADD COLUMN     "dependsOn" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "RoadmapItem" ADD COLUMN     "deadline" TEXT,
ADD COLUMN     "ownDate" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "suggestedDate" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "RoadmapSubtask" (
    "id" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "done" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RoadmapSubtask_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RoadmapSubtask_itemId_position_idx" ON "RoadmapSubtask"("itemId", "position");

-- AddForeignKey
ALTER TABLE "RoadmapSubtask" ADD CONSTRAINT "RoadmapSubtask_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "RoadmapItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Existing steps: the date they have is the suggested one.
UPDATE "RoadmapItem" SET "suggestedDate" = "targetDate" WHERE "suggestedDate" = '';
