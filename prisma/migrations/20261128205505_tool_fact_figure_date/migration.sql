-- AlterTable
ALTER TABLE "ToolFact" ADD COLUMN     "figureDate" TEXT,
ADD COLUMN     "figurePeriod" TEXT;

