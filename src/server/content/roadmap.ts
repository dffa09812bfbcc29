import path from "node:path";
import {
  type RoadmapContentFile,
  roadmapContentFileSchema,
  roadmapStepColumns,
  SEMESTER_STARTS_FACT_KEY,
} from "~/lib/schemas/roadmap-steps";
import type { Db } from "~/server/db/client";
import { dependencyProblem } from "~/server/services/roadmap/generator";
import { readValidatedFile } from "./json-file";
import { seedToolFacts } from "./tools/facts";
import { assertUniqueKeys, seedEditable, toolFilesFingerprint } from "./tools/files";

/** The study roadmap's content: the step templates and the semester starts (src/content/roadmap). */
export const ROADMAP_CONTENT_DIR = path.join(process.cwd(), "src", "content", "roadmap");
/** The digest of src/content/roadmap that the database was last seeded from. */
export const ROADMAP_SEED_FINGERPRINT_KEY = "seed:roadmap-fingerprint";

export function readRoadmapContent(dir = ROADMAP_CONTENT_DIR): RoadmapContentFile {
  const content = readValidatedFile(path.join(dir, "steps.json"), roadmapContentFileSchema, "src/content/roadmap/steps.json");
  assertUniqueKeys(
    content.steps,
    (step) => step.slug,
    (slug) => `The roadmap step "${slug}" of src/content/roadmap/steps.json`,
  );
  const problem = dependencyProblem(content.steps);
  if (problem) throw new Error(`src/content/roadmap/steps.json: ${problem}`);
  return content;
}

/**
 * Step templates follow the file: a missing slug is added after the existing steps (in the file's
 * order); a step staff changed in /admin/flows (customizedAt) is left as they made it, and so are the
 * order and the hidden flag staff set. The semester starts become the tool fact the generator reads,
 * with their sources. Skipped when the files are the ones the database was last seeded from.
 */
export async function seedRoadmap(db: Db, dir = ROADMAP_CONTENT_DIR) {
  const fingerprint = toolFilesFingerprint(dir);
  const seeded = await db.appSetting.findUnique({ where: { key: ROADMAP_SEED_FINGERPRINT_KEY } });
  if (seeded?.value === fingerprint) return;
  const { semesterStarts, steps } = readRoadmapContent(dir);
  const { label, sources, checkedOn, winter, summer } = semesterStarts;
  await seedToolFacts(db, [{ key: SEMESTER_STARTS_FACT_KEY, tool: "shared", label, value: { winter, summer }, sources, checkedOn }]);

  const existing = await db.roadmapStepTemplate.findMany({ select: { slug: true, customizedAt: true } });
  const known = new Set(existing.map((row) => row.slug));
  const last = await db.roadmapStepTemplate.aggregate({ _max: { position: true } });
  let position = (last._max.position ?? -1) + 1;
  const customized = existing.filter((row) => row.customizedAt).map((row) => row.slug);
  await seedEditable(
    steps,
    (step) => step.slug,
    customized,
    async ({ slug, ...step }) => {
      const data = roadmapStepColumns(step);
      if (known.has(slug)) await db.roadmapStepTemplate.update({ where: { slug }, data });
      else await db.roadmapStepTemplate.create({ data: { slug, position: position++, ...data } });
    },
  );
  await db.appSetting.upsert({
    where: { key: ROADMAP_SEED_FINGERPRINT_KEY },
    create: { key: ROADMAP_SEED_FINGERPRINT_KEY, value: fingerprint },
    update: { value: fingerprint },
  });
}
