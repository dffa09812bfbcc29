import { countries } from "countries-list";
import { MISSIONS_FACT_PREFIX, MISSIONS_LIST_FACT_KEY, missionsListValueSchema, missionsValueSchema } from "~/lib/schemas/tools/missions";
import type { Db } from "~/server/db/client";
import { readFacts, readFactsWithPrefix } from "../tools/facts.service";

/*
 * The German missions a roadmap's visa steps cite: those the Federal Foreign Office's pages name for
 * student visas from the intake's nationality, or, for a country without a row, the honest way to find
 * the responsible mission (the mission for the place of residence, from the official list).
 */

/** The steps that send the student to a German mission (appointment, proofs the mission checks). */
export const MISSION_STEP_SLUGS: ReadonlySet<string> = new Set([
  "visa-appointment",
  "blocked-account",
  "formal-obligation-letter",
  "health-insurance",
]);

export interface MissionsInfo {
  /** The nationality's country code and name. */
  country: string;
  countryName: string;
  /** Whether the table has the country's missions; otherwise `missions` is the official list. */
  covered: boolean;
  missions: { name: string; url: string }[];
  note: string;
  sources: { title: string; url: string }[];
  checkedOn: string;
}

const countryName = (code: string) => countries[code as keyof typeof countries]?.name ?? code;

export async function missionsFor(db: Db, nationality: string): Promise<MissionsInfo> {
  const rows = await readFactsWithPrefix(db, MISSIONS_FACT_PREFIX, missionsValueSchema);
  const row = rows.find((fact) => fact.value.country === nationality);
  if (row)
    return {
      country: nationality,
      countryName: countryName(nationality),
      covered: true,
      missions: row.value.missions,
      note: row.value.note,
      sources: row.sources,
      checkedOn: row.checkedOn,
    };
  const list = (await readFacts(db, { [MISSIONS_LIST_FACT_KEY]: missionsListValueSchema }))[MISSIONS_LIST_FACT_KEY];
  const [official] = list.sources;
  return {
    country: nationality,
    countryName: countryName(nationality),
    covered: false,
    missions: official ? [{ name: official.title, url: official.url }] : [],
    note: list.value.text,
    sources: list.sources,
    checkedOn: list.checkedOn,
  };
}
