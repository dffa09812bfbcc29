import type { Db } from "~/server/db/client";
import { seedToolFacts } from "./facts";
import { seedInstitutions } from "./universities";

/** The tools' data (src/content/tools): facts, then each tool's records. */
export async function seedTools(db: Db) {
  await seedToolFacts(db);
  await seedInstitutions(db);
}
