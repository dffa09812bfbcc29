-- AlterTable
ALTER TABLE "Institution" ADD COLUMN     "aliases" TEXT[] DEFAULT ARRAY[]::TEXT[];

