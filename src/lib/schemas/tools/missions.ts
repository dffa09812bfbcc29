import { z } from "zod";

/**
 * The German missions (embassy, consulates general) that take student visa applications from
 * people of one country, from the Federal Foreign Office's own pages (src/content/tools/facts/missions.json).
 * The fact keys are MISSIONS_FACT_PREFIX + the country code in lower case.
 */
export const MISSIONS_FACT_PREFIX = "roadmap.missions.";
/** For a country without a row: how to find the responsible mission, and the official list. */
export const MISSIONS_LIST_FACT_KEY = "roadmap.missions-list";

export const missionsValueSchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, "The country is an ISO 3166-1 alpha-2 code."),
  missions: z.array(z.object({ name: z.string().min(3), url: z.string().url() })).min(1),
  note: z.string(),
});

export const missionsListValueSchema = z.object({ text: z.string().min(3) });
