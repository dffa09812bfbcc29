import { describe, expect, it } from "vitest";
import { readCityCostFiles } from "~/server/content/tools/costs";
import { readInstitutions } from "~/server/content/tools/universities";
import {
  cityNames,
  DEMONYMS,
  type EntityCatalog,
  foldText,
  INSTITUTION_ABBREVIATIONS,
  isCountryStem,
  mainUniversityOf,
  originWords,
  parseEntities,
  wordsAfterFrom,
} from "~/server/rag/entities";

// The catalog as the database holds it after the seed: the tools' own files.
const catalog: EntityCatalog = {
  cities: readCityCostFiles().map((city) => ({ slug: city.slug, name: city.name })),
  institutions: readInstitutions().institutions.map((institution) => ({
    slug: institution.slug,
    name: institution.name,
    city: institution.city,
    type: institution.type,
  })),
};
const parse = (question: string) => parseEntities(question, catalog);

describe("parseEntities: cities of the Cost Calculator", () => {
  it.each([
    ["how much is rent in munich", "munich"],
    ["Miete in München?", "munich"],
    ["rent in Muenchen for a WG", "munich"],
    ["living costs munchen", "munich"],
    ["cost of living leipzig", "leipzig"],
    ["Is Köln expensive?", "cologne"],
    ["koeln or cologne dorm prices", "cologne"],
    ["semester fee in Frankfurt", "frankfurt-am-main"],
    ["rent in frankfurt am main", "frankfurt-am-main"],
    ["student life in Tübingen", "tuebingen"],
    ["tuebingen rent", "tuebingen"],
    ["is Würzburg cheap", "wuerzburg"],
    ["Hanover dorm", "hannover"],
    ["rent in Freiburg", "freiburg"],
    ["Halle (Saale) costs", "halle"],
    ["muenster shared flat", "muenster"],
  ])("%s -> %s", (question, slug) => {
    expect(parse(question).city?.slug).toBe(slug);
  });

  it.each(["how much is rent in germany", "what is a wg", "Do I need health insurance?", "I want to study in Ulmen"])(
    "%s -> no city",
    (question) => {
      expect(parse(question).city).toBeNull();
    },
  );

  it("takes the first city a question names, and keeps them all in order", () => {
    expect(parse("is Berlin cheaper than Munich?").city?.slug).toBe("berlin");
    expect(parse("rent in München compared with Leipzig or Köln").cities.map((city) => city.slug)).toEqual([
      "munich",
      "leipzig",
      "cologne",
    ]);
  });

  it("knows every city by its name and, where it has one, its other spelling", () => {
    for (const city of catalog.cities) expect(cityNames(city)).toContain(foldText(city.name));
    expect(cityNames({ slug: "munich", name: "Munich" })).toEqual(expect.arrayContaining(["munich", "munchen"]));
  });
});

describe("parseEntities: nationality", () => {
  it.each([
    ["do indians need a visa to study in germany", "IN"],
    ["visa for nigerian for language course", "NG"],
    ["scholarships for master students from pakistan", "PK"],
    ["I am from Bangladesh, do I need APS?", "BD"],
    ["Chinese student visa", "CN"],
    ["visa for a Turkish citizen", "TR"],
    ["I'm from Turkey", "TR"],
    ["I have a US passport", "US"],
    ["Americans and the residence permit", "US"],
    ["visa from the UK", "GB"],
    ["Vietnamese students APS", "VN"],
    ["I live in South Korea", "KR"],
    ["do I need a visa if I am from cote d'ivoire", "CI"],
    ["I am Spanish and want to do a master's", "ES"],
    ["visa for Chinese students", "CN"],
    ["im from china, do i need aps", "CN"],
    ["Family reunion visa for my wife from Turkey", "TR"],
    ["Darf ich als Inder ohne Visum nach Frankreich fahren?", "IN"],
    ["Ich bin Nigerianerin und studiere in Köln", "NG"],
    ["Brauche ich als Türke ein Visum?", "TR"],
    ["Ich komme aus Großbritannien, brauche ich ein Visum?", "GB"],
  ])("%s -> %s", (question, code) => {
    expect(parse(question).nationality).toBe(code);
  });

  it.each([
    "erasmus grant per month going from germany to spain",
    "do I need a visa to study in germany",
    "can you help us with the visa",
    "German course for the visa",
    "learn german in Berlin",
  ])("%s -> no nationality (German is the language or the destination)", (question) => {
    expect(parse(question).nationality).toBeNull();
  });

  it.each([
    "Family reunion visa Germany",
    "how do I polish my CV for a Blue Card job",
    "a job that requires specific language skills (i.e., Portuguese or Spanish) and a work visa",
    "is my French enough for a visa?",
  ])("%s -> no nationality (an everyday word or a language)", (question) => {
    expect(parse(question).nationality).toBeNull();
  });

  it("has demonyms only for real country codes", () => {
    for (const code of Object.keys(DEMONYMS)) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(DEMONYMS.DE).toBeUndefined();
  });
});

describe("where the asker comes from, for retrieval's weights", () => {
  it.each([
    ["scholarships for Bangladeshi students", ["bangladeshi"]],
    ["is my degree from Pakistan recognised", ["pakistan"]],
    ["What is the capital of Peru?", []],
    ["Nigerians and the blocked account", ["nigerians"]],
  ])("%s: %j", (question, words) => {
    expect(originWords(question)).toEqual(words);
  });

  it("reads the words after from or aus, and knows country stems in English", () => {
    expect(wordsAfterFrom("Wie viele Tage darf ich als Student aus Indien arbeiten?")).toEqual(["indien"]);
    expect(wordsAfterFrom("a student from outside the EU")).toEqual(["outside"]);
    expect(["india", "philippin", "nigerian", "bangladeshi"].every(isCountryStem)).toBe(true);
    expect(["student", "visa", "outsid"].some(isCountryStem)).toBe(false);
  });
});

describe("parseEntities: level and purpose", () => {
  it.each([
    ["scholarships for master students", "master", "study"],
    ["Master's in Germany visa", "master", "study"],
    ["MSc funding", "master", "study"],
    ["PhD scholarship", "phd", "study"],
    ["doctorate visa for indians", "phd", "study"],
    ["bachelor admission", "bachelor", "study"],
    ["undergraduate funding", "bachelor", "study"],
    ["visa for nigerian for language course", null, "language-course"],
    ["visa for a Sprachkurs", null, "language-course"],
    ["studienkolleg visa", null, "studienkolleg"],
    ["Opportunity card for Indians", null, "opportunity-card"],
    ["EU blue card for Pakistanis", null, "skilled-work"],
    ["Ausbildung visa for Vietnamese", null, "vocational-training"],
    ["do indians need a visa to study in germany", null, "study"],
    ["do indians need a visa", null, null],
  ])("%s -> %s / %s", (question, level, purpose) => {
    const entities = parse(question);
    expect(entities.level).toBe(level);
    expect(entities.purpose).toBe(purpose);
  });
});

describe("parseEntities: universities", () => {
  it.each([
    ["does TU Munich teach in english", "technische-universitaet-muenchen"],
    ["TU München tuition", "technische-universitaet-muenchen"],
    ["Technical University of Munich fees", "technische-universitaet-muenchen"],
    ["TUM tuition for indians", "technische-universitaet-muenchen"],
    ["is LMU free?", "ludwig-maximilians-universitaet-muenchen"],
    ["KIT semester fee", "karlsruher-institut-fuer-technologie"],
    ["RWTH english programmes", "rheinisch-westfaelische-technische-hochschule-aachen"],
    ["University of Heidelberg tuition", "ruprecht-karls-universitaet-heidelberg"],
    ["Heidelberg University english", "ruprecht-karls-universitaet-heidelberg"],
    ["uni leipzig application", "universitaet-leipzig"],
    ["do i have to pay 1500 euro per semester at uni stuttgart", "universitaet-stuttgart"],
    ["TU Dresden master", "technische-universitaet-dresden"],
    ["Freie Universität Berlin", "freie-universitaet-berlin"],
  ])("%s -> %s", (question, slug) => {
    expect(parse(question).institution?.slug).toBe(slug);
  });

  it.each(["how much is rent in munich", "apply via uni-assist", "tuition in germany", "what is a university of applied sciences"])(
    "%s -> no university",
    (question) => {
      expect(parse(question).institution).toBeNull();
    },
  );

  it("finds a city's main university, not a private or military one", () => {
    expect(mainUniversityOf(catalog.institutions, "Heidelberg", "Heidelberg")?.slug).toBe("ruprecht-karls-universitaet-heidelberg");
    expect(mainUniversityOf(catalog.institutions, "Munich")?.slug).toBe("ludwig-maximilians-universitaet-muenchen");
    expect(mainUniversityOf(catalog.institutions, "Nowhere")).toBeNull();
  });

  it("names only institutions of the University Finder", () => {
    const slugs = new Set(catalog.institutions.map((institution) => institution.slug));
    for (const slug of Object.keys(INSTITUTION_ABBREVIATIONS)) expect(slugs.has(slug), slug).toBe(true);
  });
});
