import { countries } from "countries-list";
import { z } from "zod";
import { countryCodeSchema, datasetSchema } from "./common";
import { savedTitleSchema } from "./saved";
import { FUNDING_PLANS, VISA_PURPOSES } from "./visa-choices";

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
