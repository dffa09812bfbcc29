import type { Db } from "~/server/db/client";
import { seedCityCosts } from "./costs";
import { seedToolFacts } from "./facts";
import { toolFilesFingerprint } from "./files";
import { seedScholarships } from "./scholarships";
import { seedInstitutions } from "./universities";
import { seedVisaTool } from "./visa";

/** The digest of src/content/tools that the database was last seeded from. */
export const TOOLS_SEED_FINGERPRINT_KEY = "seed:tools-fingerprint";

/**
 * The tools' data (src/content/tools): facts, then each tool's records. Skipped when the files are
 * the ones the database was last seeded from, so a start does not rewrite some 450 rows; rows staff
 * changed in /admin are kept either way.
 */
export async function seedTools(db: Db) {
  const fingerprint = toolFilesFingerprint();
  const seeded = await db.appSetting.findUnique({ where: { key: TOOLS_SEED_FINGERPRINT_KEY } });
  if (seeded?.value === fingerprint) return;
  await seedToolFacts(db);
  await seedVisaTool(db);
  await seedScholarships(db);
  await seedInstitutions(db);
  await seedCityCosts(db);
  await db.appSetting.upsert({
    where: { key: TOOLS_SEED_FINGERPRINT_KEY },
    create: { key: TOOLS_SEED_FINGERPRINT_KEY, value: fingerprint },
    update: { value: fingerprint },
  });
}
