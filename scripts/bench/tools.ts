/**
 * Tools data benchmark (`npm run bench`, figures printed, not asserted): seeds the tools' data into a
 * throw-away in-memory PGlite (or BENCH_DATABASE_URL, an empty scratch PostgreSQL database), then
 * prints how long the seed took and how many records each tool has, and how many carry a source and
 * a checked date.
 */
import { seedTools } from "../../src/server/content/tools";
import { withBenchDatabase } from "./bench-database";

type SourcedRow = { sources: unknown; checkedOn: string };
const sourced = (rows: SourcedRow[]) =>
  rows.filter((row) => Array.isArray(row.sources) && row.sources.length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(row.checkedOn)).length;

async function main() {
  await withBenchDatabase(async (db, where) => {
    const started = performance.now();
    await seedTools(db);
    const firstSeedMs = performance.now() - started;
    const again = performance.now();
    await seedTools(db);
    const secondSeedMs = performance.now() - again;

    const select = { sources: true, checkedOn: true } as const;
    const facts = await db.toolFact.findMany({ select: { ...select, tool: true } });
    const counts: [string, SourcedRow[]][] = [
      ["Visa Checker facts", facts.filter((fact) => fact.tool === "visa-checker")],
      ["Cost Calculator facts", facts.filter((fact) => fact.tool === "cost-calculator")],
      ["Shared facts", facts.filter((fact) => fact.tool === "shared")],
      ["University Finder institutions", await db.institution.findMany({ select })],
      ["Scholarship Search scholarships", await db.scholarship.findMany({ select })],
      ["Cost Calculator cities", await db.cityCost.findMany({ select })],
    ];
    console.log(`Tools data on ${where}`);
    for (const [name, rows] of counts) console.log(`${name}: ${rows.length} records, ${sourced(rows)} with a source and a checked date`);
    console.log(`Seed of the tools' data: first run ${firstSeedMs.toFixed(0)} ms, again (unchanged files) ${secondSeedMs.toFixed(0)} ms`);
  });
}

await main();
