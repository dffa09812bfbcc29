import type { Prisma } from "~/generated/prisma/client";
import { deadlineTextOf, type ScholarshipRecord, scholarshipFileSchema } from "~/lib/schemas/tools/scholarships";
import type { Db } from "~/server/db/client";
import { assertUniqueKeys, listToolFiles, readToolFile, seedEditable } from "./files";

/** Every programme of src/content/tools/scholarships/*.json; a slug used twice stops the seed. */
export function readScholarships(): ScholarshipRecord[] {
  const records = listToolFiles("scholarships").flatMap((file) => readToolFile(file, scholarshipFileSchema).scholarships);
  return assertUniqueKeys(
    records,
    (record) => record.slug,
    (slug) => `The scholarship "${slug}" of src/content/tools/scholarships`,
  );
}

/** The row of a record: the rule and the other eligibility conditions share the nationality Json column. */
export function scholarshipRowOf(record: ScholarshipRecord) {
  return {
    name: record.name,
    provider: record.provider,
    levels: record.levels,
    subjects: [...record.subjects],
    nationality: {
      ...record.nationality,
      eligibility: record.eligibility,
      ...(record.subjectsNote ? { subjectsNote: record.subjectsNote } : {}),
    } as Prisma.InputJsonValue,
    amount: record.amount,
    duration: record.duration,
    deadlineText: deadlineTextOf(record.deadline),
    nextDeadline: record.deadline.next ?? null,
    annualDeadlines: record.deadline.annual,
    howToApply: record.howToApply,
    url: record.url,
    sources: record.sources,
    checkedOn: record.checkedOn,
  };
}

/** Programmes follow their files unless staff changed them in /admin; one upsert each, in one transaction. */
export async function seedScholarships(db: Db, records: ScholarshipRecord[] = readScholarships()) {
  const customized = await db.scholarship.findMany({ where: { customizedAt: { not: null } }, select: { slug: true } });
  const writes: Prisma.PrismaPromise<unknown>[] = [];
  await seedEditable(
    records,
    (record) => record.slug,
    customized.map((row) => row.slug),
    async (record) => {
      const data = scholarshipRowOf(record);
      writes.push(db.scholarship.upsert({ where: { slug: record.slug }, create: { slug: record.slug, ...data }, update: data }));
    },
  );
  await db.$transaction(writes);
}
