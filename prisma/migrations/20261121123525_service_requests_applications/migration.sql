-- CreateEnum
CREATE TYPE "SupportPriority" AS ENUM ('standard', 'high', 'urgent');

-- CreateEnum
CREATE TYPE "RequestStatus" AS ENUM ('pending', 'processing', 'approved', 'rejected', 'completed');

-- CreateEnum
CREATE TYPE "PreferredTime" AS ENUM ('morning', 'afternoon', 'evening');

-- CreateEnum
CREATE TYPE "ProgramType" AS ENUM ('bachelor', 'master', 'phd', 'language_course', 'foundation', 'exchange');

-- CreateEnum
CREATE TYPE "ApplicationStatus" AS ENUM ('not_applied', 'applied', 'approved', 'rejected');

-- AlterTable
ALTER TABLE "ContactMessage" ADD COLUMN     "handledAt" TIMESTAMP(3),
ADD COLUMN     "priority" "SupportPriority" NOT NULL DEFAULT 'standard';

-- CreateTable
CREATE TABLE "ServiceRequest" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "service" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "preferredDate" DATE,
    "preferredTime" "PreferredTime",
    "status" "RequestStatus" NOT NULL DEFAULT 'pending',
    "priority" "SupportPriority" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ServiceRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UniversityApplication" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "university" TEXT NOT NULL,
    "programme" TEXT NOT NULL,
    "programType" "ProgramType" NOT NULL,
    "deadline" DATE NOT NULL,
    "status" "ApplicationStatus" NOT NULL DEFAULT 'not_applied',
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UniversityApplication_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ServiceRequest_userId_createdAt_idx" ON "ServiceRequest"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "ServiceRequest_status_priority_createdAt_idx" ON "ServiceRequest"("status", "priority", "createdAt");

-- CreateIndex
CREATE INDEX "UniversityApplication_userId_deadline_idx" ON "UniversityApplication"("userId", "deadline");

-- CreateIndex
CREATE INDEX "ContactMessage_handledAt_priority_createdAt_idx" ON "ContactMessage"("handledAt", "priority", "createdAt");

-- AddForeignKey
ALTER TABLE "ServiceRequest" ADD CONSTRAINT "ServiceRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UniversityApplication" ADD CONSTRAINT "UniversityApplication_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

