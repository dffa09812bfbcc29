-- AlterEnum
ALTER TYPE "Gender" ADD VALUE 'other';

