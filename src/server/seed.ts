import { seedPlaces, seedThreadsAndPrompts } from "~/server/content/seed";
import { seedKnowledgeBase } from "~/server/rag/seed-knowledge-base";
import type { Db } from "~/server/db/client";

/**
 * Fills reference data and content. Idempotent: reference rows are inserted once; threads, prompts
 * and knowledge-base articles follow their files unless staff edited them in /admin.
 */
export async function seed(db: Db) {
  await seedPlaces(db);
  await seedThreadsAndPrompts(db);
  await seedKnowledgeBase(db, { log: console.warn });
}
