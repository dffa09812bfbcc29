-- CreateEnum
CREATE TYPE "InstitutionType" AS ENUM ('university', 'applied_sciences', 'art_music', 'other');

-- CreateTable
CREATE TABLE "ToolFact" (
    "key" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "sources" JSONB NOT NULL,
    "checkedOn" TEXT NOT NULL,
    "customizedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ToolFact_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Institution" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "city" TEXT,
    "state" TEXT,
    "type" "InstitutionType" NOT NULL DEFAULT 'other',
    "ownership" TEXT,
    "website" TEXT,
    "domains" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "internationalOfficeUrl" TEXT,
    "usesUniAssist" BOOLEAN,
    "semesterContribution" JSONB,
    "provenance" JSONB NOT NULL DEFAULT '{}',
    "sources" JSONB NOT NULL,
    "checkedOn" TEXT NOT NULL,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "customizedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Institution_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Scholarship" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "levels" TEXT[],
    "subjects" TEXT[],
    "nationality" JSONB NOT NULL,
    "amount" TEXT NOT NULL,
    "duration" TEXT NOT NULL,
    "deadlineText" TEXT NOT NULL,
    "nextDeadline" TEXT,
    "annualDeadlines" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "howToApply" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "sources" JSONB NOT NULL,
    "checkedOn" TEXT NOT NULL,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "customizedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Scholarship_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScholarshipBookmark" (
    "userId" TEXT NOT NULL,
    "scholarshipId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "remindedFor" TEXT,

    CONSTRAINT "ScholarshipBookmark_pkey" PRIMARY KEY ("userId","scholarshipId")
);

-- CreateTable
CREATE TABLE "CityCost" (
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "figures" JSONB NOT NULL,
    "sources" JSONB NOT NULL,
    "checkedOn" TEXT NOT NULL,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "customizedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CityCost_pkey" PRIMARY KEY ("slug")
);

-- CreateTable
CREATE TABLE "SavedToolResult" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "input" JSONB NOT NULL,
    "result" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SavedToolResult_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ToolFact_tool_idx" ON "ToolFact"("tool");

-- CreateIndex
CREATE UNIQUE INDEX "Institution_slug_key" ON "Institution"("slug");

-- CreateIndex
CREATE INDEX "Institution_state_idx" ON "Institution"("state");

-- CreateIndex
CREATE INDEX "Institution_city_idx" ON "Institution"("city");

-- CreateIndex
CREATE INDEX "Institution_type_idx" ON "Institution"("type");

-- CreateIndex
CREATE UNIQUE INDEX "Scholarship_slug_key" ON "Scholarship"("slug");

-- CreateIndex
CREATE INDEX "ScholarshipBookmark_scholarshipId_idx" ON "ScholarshipBookmark"("scholarshipId");

-- CreateIndex
CREATE INDEX "SavedToolResult_userId_createdAt_idx" ON "SavedToolResult"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "ScholarshipBookmark" ADD CONSTRAINT "ScholarshipBookmark_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScholarshipBookmark" ADD CONSTRAINT "ScholarshipBookmark_scholarshipId_fkey" FOREIGN KEY ("scholarshipId") REFERENCES "Scholarship"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SavedToolResult" ADD CONSTRAINT "SavedToolResult_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

