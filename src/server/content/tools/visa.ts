import type { ToolFactRecord } from "~/lib/schemas/tools/facts";
import { SHORT_STAY_FACT_KEY, shortStayFileSchema } from "~/lib/schemas/tools/visa";
import type { Db } from "~/server/db/client";
import { seedToolFacts } from "./facts";
import { readToolFile } from "./files";

export const SHORT_STAY_FILE = "visa/short-stay.json";

/**
 * The short-stay rows of the Passport Index dataset (Germany as destination) as one tool fact: the
 * dataset, with its licence, is the source and its retrieval day the checked date.
 */
export function readShortStayFact(): ToolFactRecord {
  const file = readToolFile(SHORT_STAY_FILE, shortStayFileSchema);
  return {
    key: SHORT_STAY_FACT_KEY,
    tool: "visa-checker",
    label: `Short-stay entry to Germany by passport, ${file.dataset.licence} licence (not valid for study or work)`,
    value: file,
    sources: [{ title: file.dataset.name, url: file.dataset.url }],
    checkedOn: file.dataset.retrievedOn,
  };
}

/** The Visa Checker's records beyond src/content/tools/facts (the short-stay dataset), seeded like facts: staff edits win. */
export async function seedVisaTool(db: Db) {
  await seedToolFacts(db, [readShortStayFact()]);
}
