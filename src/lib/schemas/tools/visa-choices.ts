/**
 * The Visa Checker's purposes, funding plans and result links, apart from the schemas (./visa.ts) so
 * that the checker's browser code reads them without the validation library.
 */

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

/** What the form starts from before anyone chooses. */
export const VISA_FORM_DEFAULTS = { holdsGermanTitle: false, funding: "blocked-account" } as const;

export const VISA_CHECKER_PATH = "/tools/visa-checker";

/**
 * The link that reopens a result (the tool's own address bar and the profile's saved results): the
 * schema's field names, nationality as ISO code, purpose and funding as their ids, holdsGermanTitle as
 * yes/no, e.g. ?nationality=IN&purpose=master&holdsGermanTitle=no&funding=blocked-account
 */
export function visaCheckerHref(input: {
  nationality: string;
  purpose: VisaPurpose;
  holdsGermanTitle: boolean;
  funding: FundingPlan;
}): string {
  const params = new URLSearchParams({
    nationality: input.nationality,
    purpose: input.purpose,
    holdsGermanTitle: input.holdsGermanTitle ? "yes" : "no",
    funding: input.funding,
  });
  return `${VISA_CHECKER_PATH}?${params.toString()}`;
}
