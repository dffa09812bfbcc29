import { cachedContent } from "~/server/cache/content-cache";
import type { Db } from "~/server/db/client";

/**
 * Topic threads with both shapes the site uses: title and description, and title and questions.
 * Threads and questions staff hid in /admin are left out. Cached until the next edit (src/server/cache).
 */
export function listThreads(db: Db) {
  return cachedContent(db, "content", "threads", () => loadThreads(db));
}

async function loadThreads(db: Db) {
  const threads = await db.thread.findMany({
    where: { hidden: false },
    orderBy: [{ position: "asc" }, { title: "asc" }],
    include: { questions: { where: { hidden: false }, orderBy: { position: "asc" }, select: { text: true } } },
  });
  return threads.map((thread) => ({
    id: thread.id,
    slug: thread.slug,
    title: thread.title,
    description: thread.description,
    questions: thread.questions,
  }));
}

export const RANDOM_PROMPTS_DEFAULT = 6;

/** A random selection of the chat prompts not hidden in /admin (the table is small, so it is shuffled in memory). */
export async function randomPrompts(db: Db, count = RANDOM_PROMPTS_DEFAULT) {
  const visible = await cachedContent(db, "content", "prompts", () =>
    db.prompt.findMany({ where: { hidden: false }, select: { id: true, text: true } }),
  );
  const prompts = [...visible];
  for (let i = prompts.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [prompts[i], prompts[j]] = [prompts[j]!, prompts[i]!];
  }
  return prompts.slice(0, count);
}

/** City records (spec: name, country_name), optionally of one country (ISO code or name). */
export function listCities(db: Db, country?: string) {
  return cachedContent(db, "places", `cities:${country?.toLowerCase() ?? ""}`, () => loadCities(db, country));
}

async function loadCities(db: Db, country?: string) {
  const where = country
    ? {
        OR: [{ countryCode: country.toUpperCase() }, { countryName: { equals: country, mode: "insensitive" as const } }],
      }
    : {};
  const cities = await db.city.findMany({
    where,
    orderBy: [{ countryName: "asc" }, { population: "desc" }],
    select: { name: true, countryName: true, countryCode: true },
  });
  return cities.map((city) => ({ name: city.name, country_name: city.countryName, country_code: city.countryCode }));
}

export function listCountries(db: Db) {
  return cachedContent(db, "places", "countries", () =>
    db.country.findMany({ orderBy: { name: "asc" }, select: { code: true, name: true, dialCode: true, flag: true } }),
  );
}
