/**
 * The Scholarship Search's levels and subjects, apart from the schemas (./scholarships.ts) so that the
 * search page's browser code reads them without the validation library.
 */

/** Study levels a programme funds. "language" is a language or summer course; "other" e.g. a fellowship for professionals. */
export const SCHOLARSHIP_LEVELS = ["bachelor", "master", "phd", "postdoc", "language", "other"] as const;
export type ScholarshipLevel = (typeof SCHOLARSHIP_LEVELS)[number];
export const LEVEL_LABELS: Record<ScholarshipLevel, string> = {
  bachelor: "Bachelor's",
  master: "Master's",
  phd: "Doctorate (PhD)",
  postdoc: "Postdoc and researchers",
  language: "Language or summer course",
  other: "Other (professionals, fellowships)",
};

/** Subject areas a programme funds; a record lists some of them, or "all". */
export const SCHOLARSHIP_SUBJECTS = [
  "agriculture-environment",
  "architecture-planning",
  "arts-design-film",
  "computer-science-mathematics",
  "economics-business",
  "education",
  "engineering",
  "humanities-languages",
  "law",
  "medicine-health",
  "music-performing-arts",
  "natural-sciences",
  "political-social-sciences",
] as const;
export type ScholarshipSubject = (typeof SCHOLARSHIP_SUBJECTS)[number];
export const SUBJECT_LABELS: Record<ScholarshipSubject, string> = {
  "agriculture-environment": "Agriculture, forestry and environment",
  "architecture-planning": "Architecture and planning",
  "arts-design-film": "Fine art, design and film",
  "computer-science-mathematics": "Computer science and mathematics",
  "economics-business": "Economics and business",
  education: "Education",
  engineering: "Engineering",
  "humanities-languages": "Humanities and languages",
  law: "Law",
  "medicine-health": "Medicine and health",
  "music-performing-arts": "Music and performing arts",
  "natural-sciences": "Natural sciences",
  "political-social-sciences": "Political and social sciences, public policy",
};

/** Whether `value` is a study level of the list. */
export function isScholarshipLevel(value: string): value is ScholarshipLevel {
  return (SCHOLARSHIP_LEVELS as readonly string[]).includes(value);
}

/** Whether `value` is a subject area of the list. */
export function isScholarshipSubject(value: string): value is ScholarshipSubject {
  return (SCHOLARSHIP_SUBJECTS as readonly string[]).includes(value);
}

/** A nationality as the search takes it (like `countryCodeSchema`): two letters, upper-cased; null otherwise. */
export function nationalityCode(value: string): string | null {
  const code = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : null;
}
