import type { Prisma } from "~/generated/prisma/client";
import type { SourceRef } from "~/lib/schemas/tools/common";
import { type CityCostFile, cityCostFileSchema, hasAmount } from "~/lib/schemas/tools/costs";
import type { Db } from "~/server/db/client";
import { assertUniqueKeys, listToolFiles, readToolFile, seedEditable } from "./files";

/** Every city of src/content/tools/costs/*.json; a slug used twice stops the seed. */
export function readCityCostFiles(): CityCostFile[] {
  const cities = listToolFiles("costs").map((file) => readToolFile(file, cityCostFileSchema));
  return assertUniqueKeys(
    cities,
    (city) => city.slug,
    (slug) => `The city "${slug}" of src/content/tools/costs`,
  );
}

/** The figures of a city that carry a value, each with its sources and checked date. */
function sourcedFigures(city: CityCostFile) {
  return [city.rent.dorm, city.rent.sharedFlat, city.rent.ownFlat, city.semesterContribution].filter(hasAmount);
}

/** All sources of a city's figures, each address once, for the row's `sources` column. */
function citySources(city: CityCostFile): SourceRef[] {
  const byUrl = new Map<string, SourceRef>();
  for (const figure of sourcedFigures(city)) for (const source of figure.sources) byUrl.set(source.url, source);
  return [...byUrl.values()];
}

/** The latest checked date of a city's figures (every figure also keeps its own). */
function cityCheckedOn(city: CityCostFile): string {
  return (
    sourcedFigures(city)
      .map((figure) => figure.checkedOn)
      .sort()
      .at(-1) ?? ""
  );
}

/** Cities follow their files unless staff changed them in /admin. */
export async function seedCityCosts(db: Db, cities: CityCostFile[] = readCityCostFiles()) {
  const customized = await db.cityCost.findMany({ where: { customizedAt: { not: null } }, select: { slug: true } });
  await seedEditable(
    cities,
    (city) => city.slug,
    customized.map((row) => row.slug),
    async (city) => {
      const figures = {
        university: city.university,
        rent: city.rent,
        semesterContribution: city.semesterContribution,
      } as Prisma.InputJsonValue;
      const data = {
        name: city.name,
        state: city.state,
        figures,
        sources: citySources(city) as Prisma.InputJsonValue,
        checkedOn: cityCheckedOn(city),
      };
      await db.cityCost.upsert({ where: { slug: city.slug }, create: { slug: city.slug, ...data }, update: data });
    },
  );
}
