/**
 * The things a question names that the tools have data for (city, nationality, level, purpose, university).
 * Pure: the caller passes the cities and institutions from the database, so staff edits count.
 */
import { countries, languages } from "countries-list";
import isoCountries from "i18n-iso-countries";
import germanCountryNames from "i18n-iso-countries/langs/de.json";
import entityWords from "~/content/entity-words.json";
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

const foldedWords = (text: string) => foldText(text).split(" ").filter(Boolean);

/** Whether `phrase` (folded) stands as whole words in `folded`; the position, or -1. */
export function wordIndex(folded: string, phrase: string): number {
  if (!phrase) return -1;
  const match = new RegExp(`(?:^| )${escapeRegExp(phrase)}(?= |$)`).exec(folded);
  return match ? match.index : -1;
}

// ---------------------------------------------------------------- cities

/** The names a city is said by: its own, the part before "am"/"an der"/"(" ("Halle (Saale)"), and its aliases (Munich, München). */
export function spokenCityNames(name: string): string[] {
  const names = new Set<string>([name, name.split(/\s+(?:am|im|an der|\()/)[0]!]);
  for (const [city, aliases] of Object.entries(CITY_ALIASES)) {
    const group = [city, ...aliases];
    if (group.some((alias) => names.has(alias))) for (const alias of group) names.add(alias);
  }
  return [...names];
}

/** The names a city goes by, folded: the spoken names and its slug. */
export function cityNames(city: CatalogCity): string[] {
  return [...spokenCityNames(city.name), city.slug.replace(/-/g, " ")].map(foldText).filter((name) => name.length >= 3);
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
/** Other names of countries ("uk", "holland"), folded, by ISO code. */
export const COUNTRY_ALIASES: Record<string, string[]> = nationalityWords.countryAliases;

isoCountries.registerLocale(germanCountryNames);
/** Countries' German names and their other German names, by ISO code ("GB": "Vereinigtes Königreich", "Großbritannien"). */
export const GERMAN_COUNTRY_NAMES: Record<string, string[]> = isoCountries.getNames("de", { select: "all" });

const NATIONALITY_NAMES = [
  // English and German names ("aus Indien").
  ...Object.entries(countries).map(([code, country]) => [code, [country.name]] as const),
  ...Object.entries(GERMAN_COUNTRY_NAMES),
]
  .filter(([code]) => code !== "DE")
  .flatMap(([code, names]) => names.map((name) => ({ code, name: foldText(name) })))
  .concat(Object.entries(COUNTRY_ALIASES).flatMap(([code, names]) => names.map((name) => ({ code, name }))))
  // "Indians"; "Chinese" and "Swiss" have no plural s, which does no harm.
  .concat(
    Object.entries(DEMONYMS).flatMap(([code, names]) =>
      names.flatMap((name) => [
        { code, name },
        { code, name: `${name}s` },
      ]),
    ),
  )
  .filter((entry) => entry.name.length >= 3 || entry.name === "uk");

const DEMONYM_WORDS = new Set(
  Object.values(DEMONYMS)
    .flat()
    .flatMap((name) => [name, `${name}s`]),
);
const COUNTRY_WORDS = new Set(NATIONALITY_NAMES.map((entry) => entry.name).filter((name) => !DEMONYM_WORDS.has(name)));

const FROM = new Set(["from", "aus"]);
const afterFrom = (words: string[], i: number) => FROM.has(words[i - 1] ?? "");

/** Words that say where the asker comes from (demonyms, countries after "from"), not a country asked about ("the capital of Peru"). */
export function originWords(question: string): string[] {
  const words = foldedWords(question);
  return words.filter((word, i) => (word.length >= 3 && DEMONYM_WORDS.has(word)) || (COUNTRY_WORDS.has(word) && afterFrom(words, i)));
}

/** Words right after "from" or "aus": where the asker comes from, when they name a country in any language. */
export function wordsAfterFrom(question: string): string[] {
  const words = foldedWords(question);
  return words.filter((_, i) => afterFrom(words, i));
}

const COUNTRY_STEMS: Set<string> = (() => {
  const stems = new Set<string>();
  for (const name of [...COUNTRY_WORDS, ...DEMONYM_WORDS]) {
    if (name.includes(" ")) continue;
    for (let length = Math.max(4, name.length - 3); length <= name.length; length++) stems.add(name.slice(0, length));
  }
  return stems;
})();

/** Whether a stem is (the beginning of) a country's name or its people's: "philippin". */
export function isCountryStem(stem: string): boolean {
  return COUNTRY_STEMS.has(stem);
}

/** Names that are also everyday words ("family reunion"): a country only where written with a capital. */
const COMMON_WORDS = new Set(nationalityWords.commonWords);
/** Demonyms that also name a language ("Spanish", "Chinese"): the asker's nationality only beside a person. */
const LANGUAGE_NAMES = new Set(Object.values(languages).map((language) => foldText(language.name)));
const PERSON_AFTER =
  /^(?:citizens?|nationals?|nationality|passports?|students?|applicants?|people|person|guy|girl|man|woman|family|parents?|wife|husband|spouse|origin|background|descent)\b/;
const PERSON_BEFORE = /(?:^| )(?:i am|i m|im|we are|as an?|being an?)$/;

/** Whether the name found at `at` names a country or its people, not a word or a language. */
function namesCountry(question: string, folded: string, name: string, at: number): boolean {
  const before = folded.slice(0, at).trimEnd();
  // "going to Spain" names a destination, not the asker's nationality.
  if (/(?:^| )(?:to|into)$/.test(before)) return false;
  const capitalised = new RegExp(`\\b${name[0]!.toUpperCase()}${name.slice(1)}`).test(question);
  if (COMMON_WORDS.has(name) && !capitalised && !FROM.has(before.split(" ").at(-1) ?? "")) return false;
  const after = folded.slice(at + (folded[at] === " " ? 1 : 0) + name.length).trimStart();
  if (LANGUAGE_NAMES.has(name)) return PERSON_AFTER.test(after) || PERSON_BEFORE.test(before);
  return true;
}

function findNationality(question: string, folded: string): string | null {
  let best: { code: string; at: number; length: number } | null = null;
  for (const { code, name } of NATIONALITY_NAMES) {
    const at = wordIndex(folded, name);
    if (at >= 0 && !namesCountry(question, folded, name, at)) continue;
    if (at >= 0 && (!best || at < best.at || (at === best.at && name.length > best.length))) best = { code, at, length: name.length };
  }
  if (best) return best.code;
  return /\bU\.?S\.?(?:A\.?)?(?=\W|$)/.test(question) ? "US" : null;
}

// ---------------------------------------------------------------- level and purpose

/** A content file's pattern as whole words, case-insensitive. */
const wholeWords = (source: string, flags = "i") => new RegExp(`\\b(?:${source})\\b`, flags);

/** Study levels (src/content/entity-words.json): the code the tools use and the words a follow-up writes. */
const LEVELS = entityWords.levels.map((entry) => ({
  level: entry.level as StudyLevel,
  label: entry.label,
  pattern: wholeWords(entry.pattern),
  every: wholeWords(entry.pattern, "gi"),
}));

/** Purposes of a stay, in the order they are tried: the Visa Checker's purpose and the words a follow-up writes. */
const PURPOSES = entityWords.purposes.map((entry) => ({
  visaPurpose: "visaPurpose" in entry ? (entry.visaPurpose as StayPurpose) : undefined,
  label: "label" in entry ? entry.label : undefined,
  pattern: wholeWords(entry.pattern),
  every: wholeWords(entry.pattern, "gi"),
}));

// ---------------------------------------------------------------- universities

/** Short names students use, by institution slug: src/content/entity-words.json. */
export const INSTITUTION_ABBREVIATIONS: Record<string, string[]> = entityWords.institutionAbbreviations;

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
  const hintWords = new Set(foldedWords(hint ?? ""));
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
  const level = LEVELS.find((entry) => entry.pattern.test(question))?.level ?? null;
  const purpose = PURPOSES.find((entry) => entry.visaPurpose && entry.pattern.test(question))?.visaPurpose;
  const cities = findCities(folded, catalog.cities);
  return {
    city: cities[0] ?? null,
    cities,
    nationality: findNationality(question, folded),
    level,
    purpose: purpose ?? (level ? "study" : null),
    institution: findInstitution(folded, catalog),
  };
}

// ---------------------------------------------------------------- as written, for follow-ups

type NamedKind = "place" | "level" | "nationality" | "person" | "purpose" | "semester";

/** An entity where the question says it: follow-ups put it in place of the previous question's. */
export interface NamedEntity {
  kind: NamedKind;
  /** Where the question says it, as written. */
  index: number;
  text: string;
  /** How it is written into a question: "Munich", "PhD", "India", "my wife", "language course". */
  value: string;
}

const PERSON = new RegExp(
  `\\b(?:my|our) (${[...entityWords.persons]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|")})\\b`,
  "giu",
);
const NOT_PLACES = new Set(entityWords.notPlaces);
const placePatterns = new WeakMap<string[], RegExp>();

/** The entities a question names, in its order: person, levels, purposes, semester and places (of `places`, or capitalised after "in"). */
export function namedEntities(question: string, places: string[]): NamedEntity[] {
  const found: NamedEntity[] = [];
  const add = (kind: NamedKind, index: number, text: string, value: string) => {
    if (found.some((e) => index < e.index + e.text.length && e.index < index + text.length)) return;
    found.push({ kind, index, text, value });
  };
  for (const match of question.matchAll(PERSON)) add("person", match.index, match[0], `my ${match[1]!.toLowerCase()}`);
  for (const { every, label } of LEVELS) for (const match of question.matchAll(every)) add("level", match.index, match[0], label);
  for (const { every, label } of PURPOSES) {
    if (label) for (const match of question.matchAll(every)) add("purpose", match.index, match[0], label);
  }
  for (const match of question.matchAll(/\b(winter|summer) (?:semester|term)\b|\b(winter|sommer)semester\b/gi)) {
    add("semester", match.index, match[0], /^(?:winter)/i.test(match[0]) ? "winter semester" : "summer semester");
  }
  let placePattern = placePatterns.get(places);
  if (!placePattern) {
    placePattern = new RegExp(`\\b(${places.map(escapeRegExp).join("|")})(?![\\p{L}-])`, "giu");
    placePatterns.set(places, placePattern);
  }
  for (const match of question.matchAll(placePattern)) {
    const canonical = places.find((name) => name.toLowerCase() === match[1]!.toLowerCase()) ?? match[1]!;
    // "from India", "an Indian citizen": where the asker comes from, not where they go.
    const from = /\bfrom\s+(?:the\s+)?$/i.test(question.slice(0, match.index));
    add(from ? "nationality" : "place", match.index, match[0], canonical);
  }
  // "and in Mannheim?": a capitalised name after "in" is a place, even one not listed.
  for (const match of question.matchAll(/\b(?:in|at|to)\s+(\p{Lu}[\p{L}-]{2,})/gu)) {
    const name = match[1]!;
    if (!NOT_PLACES.has(name.toLowerCase())) add("place", match.index + match[0].length - name.length, name, name);
  }
  return found.sort((a, b) => a.index - b.index);
}
