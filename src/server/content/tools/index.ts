import type { Db } from "~/server/db/client";
import { seedCityCosts } from "./costs";
import { seedToolFacts } from "./facts";

/** The tools' data (src/content/tools): facts, then each tool's records. */
export async function seedTools(db: Db) {
  await seedToolFacts(db);
  await seedCityCosts(db);
}
