/**
 * The country comparison's destinations, criteria and addresses, apart from the schemas (./compare.ts)
 * so that the comparison page's browser code reads them without the validation library.
 */

export const COMPARE_COUNTRIES = ["DE", "AT", "NL", "FR", "IE", "SE", "GB", "CA", "AU", "US"] as const;
export type CompareCountry = (typeof COMPARE_COUNTRIES)[number];

export const COMPARE_CRITERIA = [
  "tuition-non-eu",
  "tuition-eu",
  "proof-of-funds",
  "living-costs",
  "work-hours",
  "post-study-stay",
  "english-programmes",
  "visa-fee",
  "language",
] as const;
export type CompareCriterion = (typeof COMPARE_CRITERIA)[number];

export const COMPARE_CRITERION_LABELS: Record<CompareCriterion, string> = {
  "tuition-non-eu": "Tuition at public universities (non-EU students)",
  "tuition-eu": "Tuition at public universities (EU students)",
  "proof-of-funds": "Proof of funds for the student visa",
  "living-costs": "Typical living costs",
  "work-hours": "Work allowed while studying",
  "post-study-stay": "Stay after graduating to look for work",
  "english-programmes": "English-taught programmes",
  "visa-fee": "Student visa fee",
  language: "Language of daily life",
};

const COMPARE_PATH = "/compare";
export const MIN_COMPARED = 2;
export const MAX_COMPARED = 4;
/** What /compare shows before anyone picks: Germany beside the Netherlands and Canada, every criterion. */
const DEFAULT_COMPARISON = { countries: ["DE", "NL", "CA"], criteria: [...COMPARE_CRITERIA] } as const;

/** The shareable address of a comparison: /compare?countries=DE,NL&criteria=tuition-non-eu,visa-fee */
export function compareHref(input: { countries: readonly string[]; criteria: readonly string[] }): string {
  const params = new URLSearchParams({ countries: input.countries.join(","), criteria: input.criteria.join(",") });
  return `${COMPARE_PATH}?${params.toString().replaceAll("%2C", ",")}`;
}

type QueryValue = string | string[] | undefined;
const listOf = (value: QueryValue) =>
  (Array.isArray(value) ? value.join(",") : (value ?? ""))
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * The comparison a query string asks for, as raw lists for the form and the page (countries upper-cased);
 * an address without a choice gets the default comparison.
 */
export function compareInputFromQuery(query: Record<string, QueryValue>): { countries: string[]; criteria: string[] } {
  const countries = listOf(query.countries).map((code) => code.toUpperCase());
  const criteria = listOf(query.criteria).map((key) => key.toLowerCase());
  return {
    countries: countries.length > 0 ? countries : [...DEFAULT_COMPARISON.countries],
    criteria: criteria.length > 0 ? criteria : [...DEFAULT_COMPARISON.criteria],
  };
}
