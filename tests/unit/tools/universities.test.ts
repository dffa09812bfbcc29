import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toolFactFileSchema } from "~/lib/schemas/tools/facts";
import {
  applicableTuition,
  daadProgrammesUrl,
  enrichmentFileSchema,
  foldForSearch,
  INSTITUTION_DATASETS,
  institutionsFileSchema,
  MIN_INSTITUTIONS,
  PROVENANCE_FIELDS,
  searchFromQuery,
  searchToQuery,
  tuitionRuleSchema,
} from "~/lib/schemas/tools/universities";
import {
  buildPlaceIndex,
  deriveOwnership,
  derivePlace,
  derivePlaceFromDomain,
  deriveType,
  loadGermanPlaces,
  slugify,
  stateNamedIn,
} from "../../../scripts/tools/universities-derive";

const CONTENT = path.join(process.cwd(), "src", "content", "tools");
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(CONTENT, file), "utf8")) as unknown;
const index = buildPlaceIndex(loadGermanPlaces());

describe("city and state from an institution's name (GeoNames)", () => {
  const cases: [string, string | null, string | null][] = [
    ["Technische Universität München", "Munich", "BY"],
    ["Ludwig-Maximilians-Universität München", "Munich", "BY"],
    ["Cologne Business School", "Köln", "NW"],
    ["Universität Köln", "Köln", "NW"],
    ["Fachhochschule Frankfurt am Main", "Frankfurt am Main", "HE"],
    ["Europa-Universität Viadrina Frankfurt (Oder)", "Frankfurt (Oder)", "BB"],
    ["Frankfurt School of Finance & Management", "Frankfurt am Main", "HE"],
    ["Martin-Luther Universität Halle-Wittenberg", "Halle (Saale)", "ST"],
    ["Justus Liebig Universität Gießen", "Gießen", "HE"],
    ["Fachhochschule Giessen", "Gießen", "HE"],
    ["DIPLOMA-Fachhochschule Ölsnitz/Vogtland", "Oelsnitz", "SN"],
    ["Hochschule Neu-Ulm", "Neu-Ulm", "BY"],
    ["Universität Ulm", "Ulm", "BW"],
    ["Fachhochschule Kempten, Hochschule für Technik und Wirtschaft", "Kempten (Allgäu)", "BY"],
    ["Friedrich-Alexander Universität Erlangen-Nürnberg", "Erlangen", "BY"],
    ["Johannes-Gutenberg Universität Mainz", "Mainz", "RP"],
    ["Brandenburg University of Technology Cottbus - Senftenberg", "Cottbus", "BB"],
    ["Fachhochschule Brandenburg", "Brandenburg an der Havel", "BB"],
    ["Technische Universität Clausthal", "Clausthal-Zellerfeld", "NI"],
    ["Pädagogische Hochschule Weingarten", "Weingarten", "BW"],
    ["Albert-Ludwigs-Universität Freiburg", "Freiburg", "BW"],
    ["Duale Hochschule Baden-Württemberg", null, null],
    ["European Business School Schloß Reichartshausen", null, null],
    ["Hertie School of Governance", null, null],
  ];
  it.each(cases)("%s -> %s", (name, city, state) => {
    const place = derivePlace(name, index);
    expect(place?.city ?? null).toBe(city);
    expect(place?.state ?? null).toBe(state);
  });

  it("names the other places a name mentions", () => {
    expect(derivePlace("Universität Duisburg-Essen", index)).toMatchObject({
      city: "Duisburg",
      state: "NW",
      others: ["Essen"],
    });
  });

  it("falls back to the web domain's words", () => {
    expect(derivePlaceFromDomain(["dshs-koeln.de"], index)).toMatchObject({ city: "Köln", state: "NW" });
    expect(derivePlaceFromDomain(["eba-muenchen.de"], index)).toMatchObject({ city: "Munich", state: "BY" });
    expect(derivePlaceFromDomain(["st-georgen.uni-frankfurt.de"], index)).toMatchObject({ city: "Frankfurt am Main" });
    expect(derivePlaceFromDomain(["hertie-school.org"], index)).toBeNull();
  });

  it("reads a state the name spells out", () => {
    expect(stateNamedIn("Duale Hochschule Baden-Württemberg")).toBe("BW");
    expect(stateNamedIn("Universität des Saarlandes")).toBe("SL");
    expect(stateNamedIn("Katholische Fachhochschule Nordrhein-Westfalen")).toBe("NW");
    expect(stateNamedIn("Hochschule RheinMain")).toBeNull();
  });
});

describe("type and ownership from the name", () => {
  const types: [string, string][] = [
    ["Universität Hamburg", "university"],
    ["Technische Universität Dresden", "university"],
    ["Jacobs University Bremen", "university"],
    ["Rheinisch Westfälische Technische Hochschule Aachen", "university"],
    ["Fachhochschule Aachen", "applied_sciences"],
    ["Hamburg University of Applied Sciences (HAW Hamburg)", "applied_sciences"],
    ["Technische Hochschule Ingolstadt", "applied_sciences"],
    ["Westsächsische Hochschule Zwickau (FH)", "applied_sciences"],
    ["Merkur Internationale FH Karlsruhe", "applied_sciences"],
    ["Hochschule Ulm, Hochschule für Angewandte Wissenschaft", "applied_sciences"],
    ["Staatlich anerkannte Fachhochschule für Kunsttherapie", "applied_sciences"],
    ["Hochschule für Musik und Theater München", "art_music"],
    ["Universität der Künste Berlin", "art_music"],
    ["Kunstakademie Düsseldorf", "art_music"],
    ["Hochschule für Fernsehen und Film München", "art_music"],
    ["Merz Akademie, Hochschule für Gestaltung Stuttgart", "art_music"],
    ["Fachhochschule Mannheim, Hochschule für Technik und Gestaltung", "applied_sciences"],
    ["Popakademie Baden-Württemberg", "art_music"],
    ["Hochschule Bremen", "other"],
    ["Pädagogische Hochschule Heidelberg", "other"],
    ["Hertie School of Governance", "other"],
  ];
  it.each(types)("%s -> %s", (name, type) => {
    expect(deriveType(name).type).toBe(type);
  });

  it("takes ownership only from words that state it", () => {
    expect(deriveOwnership("Private Universität Witten/Herdecke")?.ownership).toBe("private");
    expect(deriveOwnership("Nordakademie, Staatlich anerkannte private Fachhochschule")?.ownership).toBe("private");
    expect(deriveOwnership("Katholische Universität Eichstätt")?.ownership).toBe("church");
    expect(deriveOwnership("Staatliche Hochschule für Musik")?.ownership).toBe("public");
    expect(deriveOwnership("Staatlich anerkannte Fachhochschule für Kunsttherapie")).toBeNull();
    expect(deriveOwnership("Universität Hamburg")).toBeNull();
  });

  it("makes the page address from the name", () => {
    expect(slugify("Technische Universität München")).toBe("technische-universitaet-muenchen");
    expect(slugify("Frankfurt School of Finance & Management")).toBe("frankfurt-school-of-finance-and-management");
    expect(slugify("Hochschule für Musik und Theater „Felix Mendelssohn Bartholdy“ Leipzig")).toBe(
      "hochschule-fuer-musik-und-theater-felix-mendelssohn-bartholdy-leipzig",
    );
  });
});

describe("the data files", () => {
  const file = institutionsFileSchema.parse(readJson("universities/institutions.json"));

  it("every institution parses, with sources, a checked date and each field's origin", () => {
    expect(file.institutions.length).toBeGreaterThanOrEqual(MIN_INSTITUTIONS);
    for (const institution of file.institutions) {
      expect(institution.sources.length, institution.slug).toBeGreaterThan(0);
      expect(institution.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const field of PROVENANCE_FIELDS) {
        const origin = institution.provenance[field];
        if (origin) expect(origin.sources.length, `${institution.slug}.${field}`).toBeGreaterThan(0);
      }
    }
    expect(file.datasets).toEqual(INSTITUTION_DATASETS);
  });

  it("has at least 250 institutions with city and state, and unique addresses", () => {
    expect(file.institutions.filter((institution) => institution.city && institution.state).length).toBeGreaterThanOrEqual(250);
    expect(new Set(file.institutions.map((institution) => institution.slug)).size).toBe(file.institutions.length);
  });

  it("says 'derived' where a value was derived, and gives the page where it was looked up", () => {
    const tum = file.institutions.find((institution) => institution.slug === "technische-universitaet-muenchen")!;
    expect(tum.provenance.city?.note).toMatch(/Derived from the institution's name .* and GeoNames/);
    expect(tum.provenance.type?.note).toBe('Derived from the name: the name says "Universität".');
    const kit = file.institutions.find((institution) => institution.slug === "karlsruher-institut-fuer-technologie")!;
    expect(kit).toMatchObject({ city: "Karlsruhe", state: "BW", type: "university" });
    expect(kit.provenance.city?.sources[0]?.url).toMatch(/wikipedia\.org/);
  });

  it("the hand-checked additions and the tuition rules parse, each with sources and a checked date", () => {
    for (const enrichment of enrichmentFileSchema.parse(readJson("universities/enrichment.json")).enrichments) {
      expect(enrichment.sources.length).toBeGreaterThan(0);
    }
    const facts = toolFactFileSchema.parse(readJson("facts/universities.json")).facts;
    expect(facts.length).toBeGreaterThan(5);
    for (const fact of facts) {
      expect(fact.key).toMatch(/^tuition\./);
      expect(tuitionRuleSchema.safeParse(fact.value).success, fact.key).toBe(true);
    }
    const bw = facts.find((fact) => fact.key === "tuition.bw.non-eu")!;
    expect(tuitionRuleSchema.parse(bw.value)).toMatchObject({ states: ["BW"], amountEurPerSemester: 1500 });
  });
});

describe("search text and the finder's URL", () => {
  it("folds umlauts, accents and their spellings alike", () => {
    expect(foldForSearch("München")).toBe("munchen");
    expect(foldForSearch("Muenchen")).toBe("munchen");
    expect(foldForSearch("MUNCHEN")).toBe("munchen");
    expect(foldForSearch("Gießen")).toBe(foldForSearch("Giessen"));
  });

  it("reads valid filters from the query string and drops the rest", () => {
    expect(searchFromQuery({ q: " Technische ", state: "sn", type: "university", sort: "city", page: "2" })).toEqual({
      q: "Technische",
      state: "SN",
      type: "university",
      sort: "city",
      page: 2,
      pageSize: 20,
      city: undefined,
    });
    expect(searchFromQuery({ state: "XX", type: "college", sort: "founded", page: "-1" })).toEqual({
      q: "",
      sort: "name",
      page: 1,
      pageSize: 20,
      city: undefined,
      state: undefined,
      type: undefined,
    });
    expect(searchFromQuery({ page: "abc", city: ["Munich", "Berlin"] })).toMatchObject({ page: 1, city: "Munich" });
  });

  it("writes the query string with the defaults left out", () => {
    expect(searchToQuery({ q: "Technische", state: "SN", sort: "name", page: 1 })).toBe("?q=Technische&state=SN");
    expect(searchToQuery({ city: "Frankfurt (Oder)", sort: "city", page: 3 })).toBe("?city=Frankfurt+%28Oder%29&sort=city&page=3");
    expect(searchToQuery({})).toBe("");
  });

  it("links to the DAAD database with the search text and level", () => {
    expect(daadProgrammesUrl("Technische Universität Dresden", "master")).toBe(
      "https://www2.daad.de/deutschland/studienangebote/international-programmes/en/result/?q=Technische+Universit%C3%A4t+Dresden&degree%5B%5D=2",
    );
    expect(daadProgrammesUrl("Munich")).toBe(
      "https://www2.daad.de/deutschland/studienangebote/international-programmes/en/result/?q=Munich",
    );
  });
});

describe("applicableTuition", () => {
  const line = (key: string, kind: "none" | "non_eu" | "institution" | "long_term", amount?: number) => ({
    key,
    rule: { kind, amountEurPerSemester: amount },
  });
  it.each([
    [
      "the institution's own fee over the state's rules",
      [line("general", "none"), line("by", "non_eu"), line("tum", "institution", 3000)],
      "public",
      "tum",
    ],
    ["the state's fee for non-EU students when it names an amount", [line("general", "none"), line("bw", "non_eu", 1500)], "public", "bw"],
    ["the general rule where the state has no fee", [line("general", "none"), line("ni", "long_term", 500)], "public", "general"],
    ["the general rule when the state's non-EU rule names no amount", [line("general", "none"), line("by", "non_eu")], null, "general"],
  ] as const)("%s", (_, lines, ownership, expected) => {
    expect(applicableTuition([...lines], ownership)?.key).toBe(expected);
  });
  it("states nothing for a private institution: the state rules do not set its fees", () => {
    expect(applicableTuition([line("general", "none"), line("bw", "non_eu", 1500)], "private")).toBeNull();
  });
});
