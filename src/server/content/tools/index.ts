import type { Db } from "~/server/db/client";
import { seedCityCosts } from "./costs";
import { seedToolFacts } from "./facts";
import { seedVisaTool } from "./visa";
import { seedScholarships } from "./scholarships";
import { seedInstitutions } from "./universities";

/** The tools' data (src/content/tools): facts, then each tool's records. */
export async function seedTools(db: Db) {
  await seedToolFacts(db);
  await seedVisaTool(db);
  await seedScholarships(db);
  await seedInstitutions(db);
  await seedCityCosts(db);
}
