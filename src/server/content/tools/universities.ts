import { Prisma } from "~/generated/prisma/client";
import {
  aliasesFileSchema,
  type InstitutionAliases,
  type InstitutionRecord,
  type InstitutionsFile,
  institutionsFileSchema,
} from "~/lib/schemas/tools/universities";
import type { Db } from "~/server/db/client";
import { assertUniqueKeys, readToolFile, seedEditable } from "./files";

/** src/content/tools/universities/institutions.json (built by scripts/tools/build-universities.ts). */
export function readInstitutions(): InstitutionsFile {
  return readToolFile("universities/institutions.json", institutionsFileSchema);
}

/** src/content/tools/universities/aliases.json: the English and short names, each entry with its page. */
export function readInstitutionAliases(): InstitutionAliases[] {
  const { aliases } = readToolFile("universities/aliases.json", aliasesFileSchema);
  return assertUniqueKeys(
    aliases,
    (entry) => entry.slug,
    (slug) => `The names of "${slug}" in aliases.json`,
  );
}

function rowData(record: InstitutionRecord) {
  return {
    name: record.name,
    city: record.city,
    state: record.state,
    type: record.type,
    ownership: record.ownership,
    website: record.website,
    domains: record.domains,
    internationalOfficeUrl: record.internationalOfficeUrl,
    usesUniAssist: record.usesUniAssist,
    semesterContribution: record.semesterContribution ? (record.semesterContribution as Prisma.InputJsonValue) : Prisma.DbNull,
    provenance: record.provenance as Prisma.InputJsonValue,
    sources: record.sources as Prisma.InputJsonValue,
    checkedOn: record.checkedOn,
  };
}

/** JSON with sorted keys: jsonb keeps its own key order, so rows and records compare by content. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined && entry !== null)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, entry]) => `${JSON.stringify(key)}:${stable(entry)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The institutions follow their file unless staff changed a row in /admin (customizedAt set): new
 * ones are inserted in one statement, changed ones updated, and rows the file no longer has (and
 * staff never touched) removed. An unchanged file writes nothing, so the seed stays quick.
 */
export async function seedInstitutions(
  db: Db,
  file: InstitutionsFile = readInstitutions(),
  aliases: InstitutionAliases[] = readInstitutionAliases(),
) {
  const rows = await db.institution.findMany();
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  const fresh = file.institutions.filter((record) => !bySlug.has(record.slug));
  if (fresh.length > 0) {
    await db.institution.createMany({
      data: fresh.map((record) => ({ slug: record.slug, ...rowData(record) })),
      skipDuplicates: true,
    });
  }
  const changed = file.institutions.filter((record) => {
    const row = bySlug.get(record.slug);
    if (!row) return false;
    const { semesterContribution, ...data } = rowData(record);
    const current = {
      name: row.name,
      city: row.city,
      state: row.state,
      type: row.type,
      ownership: row.ownership,
      website: row.website,
      domains: row.domains,
      internationalOfficeUrl: row.internationalOfficeUrl,
      usesUniAssist: row.usesUniAssist,
      provenance: row.provenance,
      sources: row.sources,
      checkedOn: row.checkedOn,
    };
    return (
      stable({ ...current, semesterContribution: row.semesterContribution }) !==
      stable({ ...data, semesterContribution: record.semesterContribution })
    );
  });
  const customized = rows.filter((row) => row.customizedAt).map((row) => row.slug);
  await seedEditable(
    changed,
    (record) => record.slug,
    customized,
    (record) => db.institution.update({ where: { slug: record.slug }, data: rowData(record) }),
  );
  const kept = new Set(file.institutions.map((record) => record.slug));
  const gone = rows.filter((row) => !kept.has(row.slug) && !row.customizedAt).map((row) => row.slug);
  if (gone.length > 0) await db.institution.deleteMany({ where: { slug: { in: gone } } });
  await seedAliases(db, file, aliases);
}

/**
 * Writes each institution's English and short names where they differ from the file (staff do not
 * edit these, so they follow the file even on a customised row); a slug the list lacks stops the seed.
 */
async function seedAliases(db: Db, file: InstitutionsFile, entries: InstitutionAliases[]) {
  const slugs = new Set(file.institutions.map((record) => record.slug));
  const wanted = new Map(entries.map((entry) => [entry.slug, entry.aliases]));
  for (const slug of wanted.keys()) {
    if (!slugs.has(slug)) throw new Error(`aliases.json names "${slug}", which institutions.json does not have.`);
  }
  const rows = await db.institution.findMany({ select: { slug: true, aliases: true } });
  for (const row of rows) {
    const aliases = wanted.get(row.slug) ?? [];
    if (stable(aliases) !== stable(row.aliases)) {
      await db.institution.update({ where: { slug: row.slug }, data: { aliases } });
    }
  }
}
