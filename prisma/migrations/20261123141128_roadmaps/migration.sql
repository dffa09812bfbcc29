-- AlterTable
ALTER TABLE "Student" ADD COLUMN     "roadmapDigest" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "RoadmapStepTemplate" ADD COLUMN     "conditions" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "customizedAt" TIMESTAMP(3),
ADD COLUMN     "fixedDeadlineSummer" TEXT,
ADD COLUMN     "fixedDeadlineWinter" TEXT,
ADD COLUMN     "linkHref" TEXT,
ADD COLUMN     "linkLabel" TEXT,
ADD COLUMN     "optional" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Roadmap" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "nationality" TEXT NOT NULL,
    "programType" TEXT NOT NULL,
    "intakeTerm" TEXT NOT NULL,
    "intakeYear" INTEGER NOT NULL,
    "programmeLanguage" TEXT NOT NULL,
    "languageLevel" TEXT NOT NULL,
    "hasLanguageCertificate" BOOLEAN NOT NULL,
    "directEntry" TEXT NOT NULL,
    "fundingPlan" TEXT NOT NULL,
    "lastDigestAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Roadmap_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoadmapItem" (
    "id" TEXT NOT NULL,
    "roadmapId" TEXT NOT NULL,
    "templateId" TEXT,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "why" TEXT NOT NULL,
    "how" TEXT NOT NULL,
    "officialUrl" TEXT,
    "officialTitle" TEXT,
    "checkedOn" TEXT NOT NULL,
    "deadlineRule" TEXT NOT NULL,
    "linkHref" TEXT,
    "linkLabel" TEXT,
    "optional" BOOLEAN NOT NULL DEFAULT false,
    "durationDays" INTEGER NOT NULL,
    "targetDate" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "done" BOOLEAN NOT NULL DEFAULT false,
    "doneAt" TIMESTAMP(3),
    "note" TEXT NOT NULL DEFAULT '',
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RoadmapItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Roadmap_userId_key" ON "Roadmap"("userId");

-- CreateIndex
CREATE INDEX "RoadmapItem_roadmapId_position_idx" ON "RoadmapItem"("roadmapId", "position");

-- CreateIndex
CREATE INDEX "RoadmapItem_templateId_idx" ON "RoadmapItem"("templateId");

-- CreateIndex
CREATE UNIQUE INDEX "RoadmapItem_roadmapId_slug_key" ON "RoadmapItem"("roadmapId", "slug");

-- AddForeignKey
ALTER TABLE "Roadmap" ADD CONSTRAINT "Roadmap_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoadmapItem" ADD CONSTRAINT "RoadmapItem_roadmapId_fkey" FOREIGN KEY ("roadmapId") REFERENCES "Roadmap"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoadmapItem" ADD CONSTRAINT "RoadmapItem_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "RoadmapStepTemplate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

