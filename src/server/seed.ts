import { seedRoadmap } from "~/server/content/roadmap";
import { seedPlaces, seedThreadsAndPrompts } from "~/server/content/seed";
import { seedTools } from "~/server/content/tools";
import type { Db } from "~/server/db/client";
import { log } from "~/server/observability/log";
import { seedKnowledgeBase } from "~/server/rag";
import { measureSeededTypicalTokens } from "~/server/services/chat/typical-tokens.service";
import { seedForumCategories } from "~/server/services/community/categories.service";

/**
 * Fills reference data, content, the tools' sourced data, the roadmap's step templates and the forum's categories, then
 * measures the tokens typical answers are charged (for the pricing page). Idempotent: reference rows are inserted once; threads, prompts
 * and knowledge-base articles follow their files unless staff edited them in /admin.
 */
export async function seed(db: Db) {
  await seedPlaces(db);
  await seedThreadsAndPrompts(db);
  await seedTools(db);
  await seedRoadmap(db);
  await seedForumCategories(db);
  await seedKnowledgeBase(db, { log: (message) => log.warn(message) });
  // Last: it answers with the knowledge base just seeded.
  await measureSeededTypicalTokens(db);
}
