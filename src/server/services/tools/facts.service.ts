import type { z } from "zod";
import { type SourceRef, sourceRefSchema } from "~/lib/schemas/tools/common";
import { cachedContent } from "~/server/cache/content-cache";
import type { Db } from "~/server/db/client";

/** A figure as a result page shows it: what it is, its value, its sources and the day they were checked. */
export interface SourcedFact<T> {
  key: string;
  label: string;
  value: T;
  sources: SourceRef[];
  checkedOn: string;
  /** The first day of the period the figure is for, and that period in words, where the source states one. */
  figureDate?: string | null;
  figurePeriod?: string | null;
}

type FactRow = Awaited<ReturnType<Db["toolFact"]["findMany"]>>[number];

/** A fact row as a tool uses it, its value checked against the shape the tool expects. */
function sourcedFactOf<S extends z.ZodType>(row: FactRow, shape: S): SourcedFact<z.output<S>> {
  const value = shape.safeParse(row.value);
  const sources = sourceRefSchema.array().safeParse(row.sources);
  if (!value.success || !sources.success) throw new Error(`The tool fact "${row.key}" does not have the expected shape.`);
  return {
    key: row.key,
    label: row.label,
    value: value.data,
    sources: sources.data,
    checkedOn: row.checkedOn,
    figureDate: row.figureDate,
    figurePeriod: row.figurePeriod,
  };
}

/**
 * The facts a tool computes with, each value checked against the shape the tool expects. A missing or
 * malformed fact is a broken deployment (the seed writes them all), so it throws rather than guessing.
 */
export async function readFacts<S extends Record<string, z.ZodType>>(
  db: Db,
  shapes: S,
): Promise<{ [K in keyof S]: SourcedFact<z.output<S[K]>> }> {
  const keys = Object.keys(shapes);
  const rows = await cachedContent(db, "tools", `facts:${keys.join(",")}`, () => db.toolFact.findMany({ where: { key: { in: keys } } }));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const out: Record<string, SourcedFact<unknown>> = {};
  for (const key of keys) {
    const row = byKey.get(key);
    if (!row) throw new Error(`The tool fact "${key}" is missing: run the seed.`);
    out[key] = sourcedFactOf(row, shapes[key]!);
  }
  return out as { [K in keyof S]: SourcedFact<z.output<S[K]>> };
}

/** Every fact whose key starts with `prefix` (e.g. "tuition."), by key, all of one shape. */
export async function readFactsWithPrefix<S extends z.ZodType>(db: Db, prefix: string, shape: S): Promise<SourcedFact<z.output<S>>[]> {
  const rows = await cachedContent(db, "tools", `facts-prefix:${prefix}`, () =>
    db.toolFact.findMany({ where: { key: { startsWith: prefix } }, orderBy: { key: "asc" } }),
  );
  return rows.map((row) => sourcedFactOf(row, shape));
}
