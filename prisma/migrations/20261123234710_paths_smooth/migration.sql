-- AlterEnum: "other" (divers) sits before prefer_not_to_say, as in the datamodel
ALTER TYPE "Gender" ADD VALUE 'other' BEFORE 'prefer_not_to_say';
