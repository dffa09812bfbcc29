import { countries } from "countries-list";
import { z } from "zod";
import { countryCodeSchema, datasetSchema } from "./common";
import { savedTitleSchema } from "./saved";

/** What the person comes to Germany for: the Visa Checker's purposes (issue 11). */
export const VISA_PURPOSES = [
  "bachelor",
  "master",
  "phd",
  "studienkolleg",
  "language-course",
  "study-application",
  "job-search-graduate",
  "opportunity-card",
  "skilled-work",
  "vocational-training",
] as const;
export type VisaPurpose = (typeof VISA_PURPOSES)[number];

export const VISA_PURPOSE_LABELS: Record<VisaPurpose, string> = {
  bachelor: "Bachelor's degree",
  master: "Master's degree",
  phd: "PhD / doctorate",
  studienkolleg: "Studienkolleg or preparatory course",
  "language-course": "Language course",
  "study-application": "Applying for study (no admission yet)",
  "job-search-graduate": "Job search after graduating in Germany",
  "opportunity-card": "Opportunity Card (job search)",
  "skilled-work": "EU Blue Card or skilled work",
  "vocational-training": "Vocational training (Ausbildung)",
};

/** How the stay is funded. */
export const FUNDING_PLANS = ["blocked-account", "scholarship", "commitment", "parents", "other"] as const;
export type FundingPlan = (typeof FUNDING_PLANS)[number];

export const FUNDING_PLAN_LABELS: Record<FundingPlan, string> = {
  "blocked-account": "Blocked account (Sperrkonto)",
  scholarship: "Scholarship",
  commitment: "Sponsor's formal obligation (Verpflichtungserklärung)",
  parents: "Parents' income",
  other: "Other",
};

const NATIONALITY_MESSAGE = "Choose a nationality from the list.";

/** The Visa Checker's form, its tRPC input and the query string of a shareable result: one schema. */
export const visaCheckInputSchema = z.object({
  nationality: countryCodeSchema.refine((code) => code in countries, NATIONALITY_MESSAGE),
  purpose: z.enum(VISA_PURPOSES, { error: "Choose the purpose of your stay." }),
  holdsGermanTitle: z.boolean({ error: "Say whether you already hold a German residence title." }),
  funding: z.enum(FUNDING_PLANS, { error: "Choose how you will fund your stay." }),
});
export type VisaCheckInput = z.infer<typeof visaCheckInputSchema>;

export const visaSaveInputSchema = visaCheckInputSchema.extend({ title: savedTitleSchema });
export type VisaSaveInput = z.infer<typeof visaSaveInputSchema>;

export const VISA_CHECKER_PATH = "/tools/visa-checker";

/**
 * The link that reopens a result (the tool's own address bar and the profile's saved results): the
 * schema's field names, nationality as ISO code, purpose and funding as their ids, holdsGermanTitle as
 * yes/no, e.g. ?nationality=IN&purpose=master&holdsGermanTitle=no&funding=blocked-account
 */
export function visaCheckerHref(input: VisaCheckInput): string {
  const params = new URLSearchParams({
    nationality: input.nationality,
    purpose: input.purpose,
    holdsGermanTitle: input.holdsGermanTitle ? "yes" : "no",
    funding: input.funding,
  });
  return `${VISA_CHECKER_PATH}?${params.toString()}`;
}

type QueryValue = string | string[] | undefined;
const first = (value: QueryValue) => (Array.isArray(value) ? value[0] : value);

/** The fields a query string gives, as far as they are valid (the form starts from them). */
export function visaInputFromQuery(query: Record<string, QueryValue>): Partial<VisaCheckInput> {
  const raw = {
    nationality: first(query.nationality),
    purpose: first(query.purpose),
    holdsGermanTitle: { yes: true, true: true, no: false, false: false }[first(query.holdsGermanTitle)?.toLowerCase() ?? ""],
    funding: first(query.funding),
  };
  const out: Partial<VisaCheckInput> = {};
  const shape = visaCheckInputSchema.shape;
  const nationality = shape.nationality.safeParse(raw.nationality);
  if (nationality.success) out.nationality = nationality.data;
  const purpose = shape.purpose.safeParse(raw.purpose);
  if (purpose.success) out.purpose = purpose.data;
  if (raw.holdsGermanTitle !== undefined) out.holdsGermanTitle = raw.holdsGermanTitle;
  const funding = shape.funding.safeParse(raw.funding);
  if (funding.success) out.funding = funding.data;
  return out;
}


/** The short-stay rows of the Passport Index dataset for Germany as destination (src/content/tools/visa/short-stay.json). */
export const shortStayFileSchema = z.object({
  dataset: datasetSchema.extend({ copyright: z.string().min(3) }),
  destination: z.literal("DE"),
  note: z.string().trim().min(3),
  requirements: z.record(z.string().regex(/^[A-Z]{2}$/), z.string().min(1)),
});
export type ShortStayFile = z.infer<typeof shortStayFileSchema>;
export const SHORT_STAY_FACT_KEY = "visa.short-stay.dataset";
