/**
 * The things a question names that the tools have data for: a city of the Cost Calculator, a
 * nationality (country name or demonym), a study level, the purpose of a stay and a university of the
 * University Finder. Pure: the caller passes the cities and institutions (from the database, so
 * staff edits and hidden rows count), so the parser is tested with tables of questions.
 */

import { countries } from "countries-list";
import nationalityWords from "~/content/nationality-words.json";
import { CITY_ALIASES, foldForSearch } from "~/lib/schemas/tools/universities";
import { escapeRegExp } from "./text";

export interface CatalogCity {
  slug: string;
  name: string;
}

export interface CatalogInstitution {
  slug: string;
  name: string;
  city: string | null;
  type: string;
}

export interface EntityCatalog {
  cities: CatalogCity[];
  institutions: CatalogInstitution[];
}

type StudyLevel = "bachelor" | "master" | "phd";

/** What the stay is for, in the Visa Checker's terms; "study" when the level is not said. */
export type StayPurpose =
  | "study"
  | "studienkolleg"
  | "language-course"
  | "study-application"
  | "job-search-graduate"
  | "opportunity-card"
  | "skilled-work"
  | "vocational-training";

export interface QuestionEntities {
  /** The first city the question names. */
  city: CatalogCity | null;
  /** Every city it names, in its order ("Munich or Leipzig?"). */
  cities: CatalogCity[];
  /** ISO 3166-1 alpha-2 code. */
  nationality: string | null;
  level: StudyLevel | null;
  purpose: StayPurpose | null;
  /** A university the question names ("TU Munich", "LMU", "University of Heidelberg"). */
  institution: CatalogInstitution | null;
}

/** Lower case, no accents, ß as ss, ae/oe/ue as a/o/u (as the University Finder folds), single spaces. */
export function foldText(text: string): string {
  return foldForSearch(text)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Whether `phrase` (folded) stands as whole words in `folded`; the position, or -1. */
export function wordIndex(folded: string, phrase: string): number {
  if (!phrase) return -1;
  const match = new RegExp(`(?:^| )${escapeRegExp(phrase)}(?= |$)`).exec(folded);
  return match ? match.index : -1;
}

// ---------------------------------------------------------------- cities

/** The names a city goes by: its own, the part before "am"/"im"/"(", its slug, and the finder's aliases (Munich, München). */
export function cityNames(city: CatalogCity): string[] {
  const names = new Set<string>([city.name, city.slug.replace(/-/g, " "), city.name.split(/\s+(?:am|im|an der|\()/)[0]!]);
  for (const [name, aliases] of Object.entries(CITY_ALIASES)) {
    const group = [name, ...aliases];
    if (group.some((alias) => names.has(alias))) for (const alias of group) names.add(alias);
  }
  return [...names].map(foldText).filter((name) => name.length >= 3);
}

function findCities(folded: string, cities: CatalogCity[]): CatalogCity[] {
  const found: { city: CatalogCity; at: number }[] = [];
  for (const city of cities) {
    const places = cityNames(city)
      .map((name) => wordIndex(folded, name))
      .filter((at) => at >= 0);
    if (places.length) found.push({ city, at: Math.min(...places) });
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.city);
}

// ---------------------------------------------------------------- nationality

/** Demonyms (Germany left out) and other names of countries, by ISO code: src/content/nationality-words.json. */
export const DEMONYMS: Record<string, string[]> = nationalityWords.demonyms;
const COUNTRY_ALIASES: Record<string, string[]> = nationalityWords.countryAliases;

interface NationalityName {
  code: string;
  name: string;
}

const NATIONALITY_NAMES: NationalityName[] = (() => {
  const out: NationalityName[] = [];
  for (const [code, country] of Object.entries(countries)) {
    if (code === "DE") continue;
    out.push({ code, name: foldText(country.name) });
  }
  for (const [code, names] of Object.entries(COUNTRY_ALIASES)) for (const name of names) out.push({ code, name });
  for (const [code, names] of Object.entries(DEMONYMS)) {
    for (const name of names) {
      out.push({ code, name });
      // "Indians", "Nigerians"; "Chinese" and "Swiss" have no plural s, which does no harm.
      out.push({ code, name: `${name}s` });
    }
  }
  return out.filter((entry) => entry.name.length >= 3 || entry.name === "uk");
})();

const DEMONYM_WORDS = new Set(
  Object.values(DEMONYMS)
    .flat()
    .flatMap((name) => [name, `${name}s`]),
);
const COUNTRY_WORDS = new Set(NATIONALITY_NAMES.map((entry) => entry.name).filter((name) => !DEMONYM_WORDS.has(name)));

/**
 * Words of a question that say where the asker comes from: demonyms ("Bangladeshi students") and
 * countries after "from" ("my degree from Pakistan"), folded and in lower case. Not a country the
 * question is about ("the capital of Peru").
 */
export function originWords(question: string): string[] {
  const words = foldText(question).split(" ").filter(Boolean);
  return words.filter(
    (word, i) => (word.length >= 3 && DEMONYM_WORDS.has(word)) || (COUNTRY_WORDS.has(word) && FROM.has(words[i - 1] ?? "")),
  );
}

const FROM = new Set(["from", "aus"]);

/** Words right after "from" or "aus" ("aus Indien", "from Ghana"): where the asker comes from, when they name a country in any language. */
export function wordsAfterFrom(question: string): string[] {
  const words = foldText(question).split(" ").filter(Boolean);
  return words.filter((_, i) => FROM.has(words[i - 1] ?? ""));
}

const COUNTRY_STEMS: Set<string> = (() => {
  const stems = new Set<string>();
  for (const name of [...COUNTRY_WORDS, ...DEMONYM_WORDS]) {
    if (name.includes(" ")) continue;
    for (let length = Math.max(4, name.length - 3); length <= name.length; length++) stems.add(name.slice(0, length));
  }
  return stems;
})();

/** Whether a stem is (the beginning of) a country's name or its people's: "india", "philippin", "nigerian". */
export function isCountryStem(stem: string): boolean {
  return COUNTRY_STEMS.has(stem);
}

function findNationality(question: string, folded: string): string | null {
  let best: { code: string; at: number; length: number } | null = null;
  for (const { code, name } of NATIONALITY_NAMES) {
    const at = wordIndex(folded, name);
    // "going to Spain" names a destination, not the asker's nationality.
    if (at >= 0 && /(?:^| )(?:to|into)$/.test(folded.slice(0, at).trimEnd())) continue;
    if (at >= 0 && (!best || at < best.at || (at === best.at && name.length > best.length))) best = { code, at, length: name.length };
  }
  if (best) return best.code;
  return /\bU\.?S\.?(?:A\.?)?(?=\W|$)/.test(question) ? "US" : null;
}

// ---------------------------------------------------------------- level and purpose

const LEVELS: [StudyLevel, RegExp][] = [
  ["phd", /\b(?:ph\.?\s?d|doctorates?|doctoral|promotion|doktorand\w*)\b/i],
  ["master", /\b(?:masters?|master['’]s|msc|m\.sc|mba|meng|postgraduate|post-graduate)\b/i],
  ["bachelor", /\b(?:bachelors?|bachelor['’]s|bsc|b\.sc|undergraduate|undergrad)\b/i],
];

const PURPOSES: [StayPurpose, RegExp][] = [
  ["language-course", /\b(?:language course|german course|sprachkurs|language school|learn(?:ing)? german)\b/i],
  ["studienkolleg", /\b(?:studienkolleg|foundation (?:course|year)|preparatory course)\b/i],
  ["study-application", /\b(?:study applicant|applying for (?:a )?(?:study|university|admission)|no admission yet|without admission)\b/i],
  [
    "job-search-graduate",
    /\b(?:(?:job search|look(?:ing)? for (?:a )?(?:job|work)) after (?:graduat|my studies|studying|the degree)|after graduat\w* .*job)/i,
  ],
  ["opportunity-card", /\b(?:opportunity card|chancenkarte)\b/i],
  ["vocational-training", /\b(?:ausbildung|vocational training|apprenticeship)\b/i],
  ["skilled-work", /\b(?:blue card|skilled work(?:er)?|work visa|job offer|employment visa)\b/i],
  ["study", /\b(?:stud(?:y|ies|ying)|student|university|degree|uni)\b/i],
];

function findLevel(question: string): StudyLevel | null {
  return LEVELS.find(([, pattern]) => pattern.test(question))?.[0] ?? null;
}

function findPurpose(question: string, level: StudyLevel | null): StayPurpose | null {
  const purpose = PURPOSES.find(([, pattern]) => pattern.test(question))?.[0] ?? null;
  return purpose ?? (level ? "study" : null);
}

// ---------------------------------------------------------------- universities

/** Short names students use, by institution slug. */
export const INSTITUTION_ABBREVIATIONS: Record<string, string[]> = {
  "technische-universitaet-muenchen": ["tum"],
  "ludwig-maximilians-universitaet-muenchen": ["lmu"],
  "karlsruher-institut-fuer-technologie": ["kit", "karlsruhe institute of technology"],
  "rheinisch-westfaelische-technische-hochschule-aachen": ["rwth"],
  "freie-universitaet-berlin": ["fu berlin", "free university of berlin", "free university berlin"],
  "humboldt-universitaet-berlin": ["hu berlin", "humboldt university"],
  "ruprecht-karls-universitaet-heidelberg": ["heidelberg university"],
  "universitaet-hamburg": ["uhh"],
};

const TECHNICAL = /^(?:tu|technical university(?: of)?|technische universitat|technische uni)$/;
const GENERAL = /^(?:university of|uni|universitat|univ)$/;

/** The folded names of a place, for "TU <place>" and "University of <place>". */
function placeNames(city: string): string[] {
  return cityNames({ slug: foldText(city).replace(/ /g, "-"), name: city });
}

function institutionsIn(institutions: CatalogInstitution[], place: string): CatalogInstitution[] {
  return institutions.filter((institution) => institution.city && placeNames(institution.city).includes(place));
}

/** A city's main university: type university, named "Universität ..." rather than a private or military one. */
export function mainUniversityOf(institutions: CatalogInstitution[], cityName: string, hint?: string): CatalogInstitution | null {
  const place = foldText(cityName);
  const candidates = institutionsIn(institutions, place).filter((institution) => institution.type === "university");
  if (candidates.length === 0) return null;
  const hintWords = new Set(
    foldText(hint ?? "")
      .split(" ")
      .filter(Boolean),
  );
  const score = (institution: CatalogInstitution) => {
    const name = foldText(institution.name);
    const words = name.split(" ");
    let points = words.filter((word) => hintWords.has(word)).length * 2;
    if (/universitat/.test(name)) points += 1;
    if (wordIndex(name, place) >= 0) points += 2;
    if (/technische|bundeswehr|international|private|fern/.test(name)) points -= 2;
    return points;
  };
  return [...candidates].sort((a, b) => score(b) - score(a) || a.name.length - b.name.length)[0]!;
}

function findInstitution(folded: string, catalog: EntityCatalog): CatalogInstitution | null {
  const bySlug = new Map(catalog.institutions.map((institution) => [institution.slug, institution]));
  // The institution's full name, then the short names students use.
  for (const institution of catalog.institutions) if (wordIndex(folded, foldText(institution.name)) >= 0) return institution;
  for (const [slug, names] of Object.entries(INSTITUTION_ABBREVIATIONS)) {
    const institution = bySlug.get(slug);
    if (institution && names.some((name) => wordIndex(folded, name) >= 0)) return institution;
  }
  // "TU Munich", "University of Heidelberg", "Heidelberg University", "Uni Leipzig".
  const places = [...new Set(catalog.institutions.flatMap((institution) => (institution.city ? placeNames(institution.city) : [])))];
  for (const place of places) {
    const at = wordIndex(folded, place);
    if (at < 0) continue;
    const before = folded.slice(0, at).trim().split(" ").slice(-3);
    const after =
      folded
        .slice(at + place.length)
        .trim()
        .split(" ")[0] ?? "";
    const lead = [before.slice(-1).join(" "), before.slice(-2).join(" "), before.slice(-3).join(" ")];
    if (lead.some((words) => TECHNICAL.test(words))) {
      const technical = institutionsIn(catalog.institutions, place).find((institution) =>
        /technische universitat|technical university/.test(foldText(institution.name)),
      );
      if (technical) return technical;
    }
    if (lead.some((words) => GENERAL.test(words)) || after === "university" || after === "uni") {
      const main = mainUniversityOf(catalog.institutions, place);
      if (main) return main;
    }
  }
  return null;
}

// ---------------------------------------------------------------- all together

/** The entities a question names; null for each it does not. */
export function parseEntities(question: string, catalog: EntityCatalog): QuestionEntities {
  const folded = foldText(question);
  const level = findLevel(question);
  const cities = findCities(folded, catalog.cities);
  return {
    city: cities[0] ?? null,
    cities,
    nationality: findNationality(question, folded),
    level,
    purpose: findPurpose(question, level),
    institution: findInstitution(folded, catalog),
  };
}
