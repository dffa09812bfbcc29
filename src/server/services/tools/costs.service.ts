import type { Prisma } from "~/generated/prisma/client";
import { type CityFigure, COST_FACT_SHAPES, type CostInput, cityFiguresSchema, HOUSING_LABELS, hasAmount } from "~/lib/schemas/tools/costs";
import { cachedContent } from "~/server/cache/content-cache";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { SessionClaims } from "~/server/services/sessions.service";
import { type BudgetCity, type BudgetResult, computeBudget } from "./costs-budget";
import { readFacts } from "./facts.service";
import { storeToolResult } from "./saved-results.service";

export const UNKNOWN_CITY_MESSAGE = "We have no cost figures for this city. Choose one of the cities in the list.";

/** The cities of the calculator, by name, for its city field. */
export async function listCostCities(db: Db) {
  return cachedContent(db, "tools", "cost-cities", () =>
    db.cityCost.findMany({
      where: { hidden: false },
      orderBy: { name: "asc" },
      select: { slug: true, name: true, state: true },
    }),
  );
}

/** A city and its sourced figures; an unknown or hidden city answers as not found. */
export async function getCostCity(db: Db, slug: string): Promise<BudgetCity> {
  // All cities in one entry: a key per asked slug would let made-up slugs fill the cache.
  const rows = await cachedContent(
    db,
    "tools",
    "cost-city-rows",
    async () => new Map((await db.cityCost.findMany()).map((city) => [city.slug, city])),
  );
  const row = rows.get(slug);
  if (!row || row.hidden) throw new AppError("NOT_FOUND", UNKNOWN_CITY_MESSAGE);
  const figures = cityFiguresSchema.safeParse(row.figures);
  // The seed validates every file; a row that no longer parses was broken by hand and must not be shown half right.
  if (!figures.success) throw new Error(`The cost figures of "${slug}" do not have the expected shape.`);
  return { slug: row.slug, name: row.name, state: row.state, figures: figures.data };
}

/** The lowest and highest monthly rent the calculator's cities give for a kind of housing, and how many cities give one. */
export interface RentRange {
  low: number;
  high: number;
  cities: number;
}

function rangeOf(figures: CityFigure[]): RentRange | null {
  const given = figures.filter(hasAmount);
  if (!given.length) return null;
  return {
    low: Math.min(...given.map((figure) => figure.lowEur ?? figure.amountEur)),
    high: Math.max(...given.map((figure) => figure.highEur ?? figure.amountEur)),
    cities: given.length,
  };
}

/**
 * Germany's rents as the Cost Calculator has them, so other pages never contradict it: the range
 * over its visible cities of a room in a student residence and of a room in a shared flat.
 */
export async function germanRentRanges(db: Db): Promise<{ dorm: RentRange | null; sharedFlat: RentRange | null; cities: number }> {
  const cities = await Promise.all((await listCostCities(db)).map((city) => getCostCity(db, city.slug)));
  return {
    dorm: rangeOf(cities.map((city) => city.figures.rent.dorm)),
    sharedFlat: rangeOf(cities.map((city) => city.figures.rent.sharedFlat)),
    cities: cities.length,
  };
}

/** The monthly and yearly budget for these inputs, computed here from the seeded city and national figures. */
export async function calculateBudget(db: Db, input: CostInput): Promise<BudgetResult> {
  const city = await getCostCity(db, input.city);
  const facts = await readFacts(db, COST_FACT_SHAPES);
  return computeBudget(input, city, facts);
}

/** "Munich, room in a shared flat (WG), age 24": how a saved budget is named unless the user names it. */
function defaultBudgetTitle(result: BudgetResult): string {
  const housing = HOUSING_LABELS[result.input.housing];
  return `${result.city.name}, ${housing.charAt(0).toLowerCase()}${housing.slice(1)}, age ${result.input.age}`;
}

/** Saves the budget, computed again on the server, to the user's profile. */
export async function saveBudget(db: Db, actor: SessionClaims, input: CostInput & { title?: string }) {
  const { title, ...costInput } = input;
  const result = await calculateBudget(db, costInput);
  return storeToolResult(db, actor, {
    tool: "cost-calculator",
    title: title || defaultBudgetTitle(result),
    input: costInput as Prisma.InputJsonValue,
    result: result as unknown as Prisma.InputJsonValue,
  });
}
