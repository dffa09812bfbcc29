import type { z } from "zod";
import type { Db } from "~/server/db/client";
import { sourceRefSchema, type SourceRef } from "~/lib/schemas/tools/common";

/** A figure as a result page shows it: what it is, its value, its sources and the day they were checked. */
export interface SourcedFact<T> {
  key: string;
  label: string;
  value: T;
  sources: SourceRef[];
  checkedOn: string;
}

/**
 * The facts a tool computes with, each value checked against the shape the tool expects. A missing or
 * malformed fact is a broken deployment (the seed writes them all), so it throws rather than guessing.
 */
export async function readFacts<S extends Record<string, z.ZodType>>(db: Db, shapes: S): Promise<{ [K in keyof S]: SourcedFact<z.output<S[K]>> }> {
  const keys = Object.keys(shapes);
  const rows = await db.toolFact.findMany({ where: { key: { in: keys } } });
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const out: Record<string, SourcedFact<unknown>> = {};
  for (const key of keys) {
    const row = byKey.get(key);
    if (!row) throw new Error(`The tool fact "${key}" is missing: run the seed.`);
    const value = shapes[key]!.safeParse(row.value);
    if (!value.success) throw new Error(`The tool fact "${key}" does not have the expected shape.`);
    out[key] = { key, label: row.label, value: value.data, sources: sourceRefSchema.array().parse(row.sources), checkedOn: row.checkedOn };
  }
  return out as { [K in keyof S]: SourcedFact<z.output<S[K]>> };
}
