import { seedPlaces, seedThreadsAndPrompts } from "~/server/content/seed";
import { seedKnowledgeBase } from "~/server/rag/seed-knowledge-base";
import type { Db } from "~/server/db/client";

/**
 * Fills reference data and content. Idempotent: reference rows are inserted once, threads are
 * matched by slug and their questions replaced with the current content, prompts by text.
 */
export async function seed(db: Db) {
  await seedPlaces(db);
  await seedThreadsAndPrompts(db);
  await seedKnowledgeBase(db, { log: console.warn });
}
