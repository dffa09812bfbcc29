import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldForSearch, INSTITUTION_NOT_FOUND_MESSAGE } from "~/lib/schemas/tools/universities";
import { publicError } from "~/server/api/trpc";
import { seedToolFacts } from "~/server/content/tools/facts";
import { readInstitutionAliases, readInstitutions, seedInstitutions } from "~/server/content/tools/universities";
import { callerFor } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let test: TestDatabase;
const api = () => callerFor(test.db, null);

/** How a refused call reads to the client: its code and the message the error formatter gives. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: publicError(error).message };
}

beforeAll(async () => {
  test = await createTestDatabase();
  await seedToolFacts(test.db);
  await seedInstitutions(test.db);
});
afterAll(async () => {
  await test?.stop();
});

describe("seeding the institutions", () => {
  it("writes every record once, and a second run changes nothing", async () => {
    const file = readInstitutions();
    expect(await test.db.institution.count()).toBe(file.institutions.length);
    const before = await test.db.institution.findMany({
      select: { slug: true, updatedAt: true },
      orderBy: { slug: "asc" },
    });
    const started = Date.now();
    await seedInstitutions(test.db);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await test.db.institution.findMany({ select: { slug: true, updatedAt: true }, orderBy: { slug: "asc" } })).toEqual(before);
  });

  it("keeps a row staff changed, and puts a changed record's fields back otherwise", async () => {
    await test.db.institution.update({
      where: { slug: "universitaet-ulm" },
      data: { city: "Staff edit", customizedAt: new Date() },
    });
    await test.db.institution.update({ where: { slug: "universitaet-bremen" }, data: { city: "Wrong" } });
    await seedInstitutions(test.db);
    expect((await test.db.institution.findUniqueOrThrow({ where: { slug: "universitaet-ulm" } })).city).toBe("Staff edit");
    expect((await test.db.institution.findUniqueOrThrow({ where: { slug: "universitaet-bremen" } })).city).toBe("Bremen");
    await test.db.institution.update({ where: { slug: "universitaet-ulm" }, data: { customizedAt: null } });
    await seedInstitutions(test.db);
    expect((await test.db.institution.findUniqueOrThrow({ where: { slug: "universitaet-ulm" } })).city).toBe("Ulm");
  });
});

describe("tools.universities.search", () => {
  it("finds real institutions by name and state, with their cities and websites (the issue's acceptance)", async () => {
    const result = await api().tools.universities.search({ q: "Technische", state: "SN" });
    const names = result.items.map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(["Technische Universität Dresden", "Technische Universität Chemnitz"]));
    for (const item of result.items) {
      expect(item.name).toMatch(/Technische/);
      expect(item.state).toBe("SN");
      expect(item.stateName).toBe("Saxony");
    }
    expect(result.items.find((item) => item.name === "Technische Universität Dresden")).toMatchObject({
      city: "Dresden",
      website: "http://www.tu-dresden.de/",
      type: "university",
      typeLabel: "University",
    });
  });

  it("ignores umlauts and case: Munchen, muenchen and München find the same institutions", async () => {
    const plain = await api().tools.universities.search({ q: "Munchen" });
    const ue = await api().tools.universities.search({ q: "MUENCHEN" });
    const umlaut = await api().tools.universities.search({ q: "München" });
    expect(plain.total).toBeGreaterThan(5);
    expect(plain.items.map((item) => item.slug)).toEqual(umlaut.items.map((item) => item.slug));
    expect(ue.items.map((item) => item.slug)).toEqual(umlaut.items.map((item) => item.slug));
    expect(plain.items.map((item) => item.name)).toContain("Technische Universität München");
  });

  it("matches every word, and takes % and _ literally", async () => {
    const both = await api().tools.universities.search({ q: "universität berlin" });
    expect(both.items.map((item) => item.name)).toEqual(
      expect.arrayContaining(["Freie Universität Berlin", "Technische Universität Berlin", "Humboldt Universität Berlin"]),
    );
    expect(
      both.items.every(
        (item) => /universit/i.test(`${item.name} ${item.aliases.join(" ")}`) && /berlin/i.test(`${item.name} ${item.city}`),
      ),
    ).toBe(true);
    expect((await api().tools.universities.search({ q: "%" })).total).toBe(0);
    expect((await api().tools.universities.search({ q: "_" })).total).toBe(0);
  });

  it("filters by city and type", async () => {
    const munich = await api().tools.universities.search({ city: "Munich", pageSize: 50 });
    expect(munich.total).toBeGreaterThan(3);
    expect(munich.items.every((item) => item.city === "Munich")).toBe(true);
    const art = await api().tools.universities.search({ type: "art_music", pageSize: 50 });
    expect(art.total).toBeGreaterThan(5);
    expect(art.items.every((item) => item.type === "art_music")).toBe(true);
    expect(art.items.map((item) => item.name)).toContain("Hochschule für Musik und Theater München");
    expect((await api().tools.universities.search({ city: "Atlantis" })).total).toBe(0);
  });

  it("sorts by name (umlauts in their place) or by city, and pages without overlap", async () => {
    const byName = await api().tools.universities.search({ state: "BW", pageSize: 50 });
    const names = byName.items.map((item) => item.name);
    const fold = foldForSearch;
    expect(names.map(fold)).toEqual([...names.map(fold)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const byCity = await api().tools.universities.search({ state: "BW", sort: "city", pageSize: 50 });
    const cities = byCity.items.map((item) => fold(item.city ?? "~"));
    expect(cities).toEqual([...cities].sort());

    const first = await api().tools.universities.search({ state: "BW", pageSize: 10, page: 1 });
    const second = await api().tools.universities.search({ state: "BW", pageSize: 10, page: 2 });
    expect(first.total).toBe(byName.total);
    expect(first.pageCount).toBe(Math.ceil(first.total / 10));
    expect(first.items).toHaveLength(10);
    expect(second.items[0]!.slug).toBe(byName.items[10]!.slug);
    expect(first.items.map((item) => item.slug)).not.toContain(second.items[0]!.slug);
    const beyond = await api().tools.universities.search({ state: "BW", pageSize: 10, page: 99 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it("refuses bad input with a clear message and status 400", async () => {
    const cases: [unknown, string][] = [
      [{ page: -1 }, "Pages start at 1."],
      [{ page: 0 }, "Pages start at 1."],
      [{ page: 1.5 }, "The page is a whole number."],
      [{ pageSize: 10000 }, "Show at most 50 results per page."],
      [{ pageSize: "20" }, "The page size is a number."],
      [{ state: "XX" }, "Choose a federal state from the list."],
      [{ state: "Bavaria" }, "Choose a federal state from the list."],
      [{ type: "college" }, "Choose a type from the list."],
      [{ sort: "founded" }, "Sort by name or by city."],
      [{ q: "x".repeat(101) }, "Search for at most 100 characters."],
      [{ q: 42 }, "The search text must be text."],
    ];
    for (const [input, message] of cases) {
      expect(await refusal(api().tools.universities.search(input as never)), JSON.stringify(input)).toEqual({
        code: "BAD_REQUEST",
        message,
      });
    }
  });
});

describe("finding institutions by English names, short names and cities", () => {
  const slugs = async (q: string, pageSize = 20) => (await api().tools.universities.search({ q, pageSize })).items.map((item) => item.slug);
  const TUM = "technische-universitaet-muenchen";
  const LMU = "ludwig-maximilians-universitaet-muenchen";

  it("lists LMU and TUM among the first results for Munich", async () => {
    const munich = await slugs("Munich", 5);
    expect(munich).toEqual(expect.arrayContaining([LMU, TUM]));
    expect((await api().tools.universities.search({ q: "Munich" })).total).toBe(
      (await api().tools.universities.search({ city: "Munich" })).total,
    );
  });

  it("puts the exact short or English name first: TU Munich, TUM, LMU, KIT, RWTH, HU Berlin", async () => {
    expect((await slugs("TU Munich"))[0]).toBe(TUM);
    expect((await slugs("tum"))[0]).toBe(TUM);
    expect((await slugs("Technical University of Munich"))[0]).toBe(TUM);
    expect((await slugs("LMU"))[0]).toBe(LMU);
    expect((await slugs("KIT"))[0]).toBe("karlsruher-institut-fuer-technologie");
    expect((await slugs("RWTH"))[0]).toBe("rheinisch-westfaelische-technische-hochschule-aachen");
    expect((await slugs("HU Berlin"))[0]).toBe("humboldt-universitaet-berlin");
    expect((await slugs("FU Berlin"))[0]).toBe("freie-universitaet-berlin");
    expect((await slugs("Uni Heidelberg"))[0]).toBe("ruprecht-karls-universitaet-heidelberg");
  });

  it("puts names that start with the query before the rest", async () => {
    const results = await api().tools.universities.search({ q: "Technische Universität", pageSize: 50 });
    const starts = results.items.map((item) => foldForSearch(item.name).startsWith("technische universitat"));
    // Every name starting with the words comes before every other match.
    expect(starts.indexOf(false)).toBeGreaterThan(0);
    expect(starts.slice(starts.indexOf(false))).not.toContain(true);
  });

  it("finds a city by its English name: Cologne finds Universität zu Köln", async () => {
    const cologne = await api().tools.universities.search({ q: "Cologne", pageSize: 50 });
    expect(cologne.items.map((item) => item.slug)).toContain("universitaet-koeln");
    // A name starting with "Cologne" first, then the English name "University of Cologne", then the city's others.
    expect(cologne.items.slice(0, 2).map((item) => item.slug)).toEqual(["cologne-business-school", "universitaet-koeln"]);
    expect(cologne.items.every((item) => item.city === "Köln" || /cologne/i.test(`${item.name} ${item.aliases.join(" ")}`))).toBe(true);
    expect(await slugs("Nuremberg")).toContain("georg-simon-ohm-fachhochschule-nuernberg");
  });

  it("still finds München and Munchen, and a word of the German name within a state", async () => {
    expect(await slugs("münchen", 50)).toEqual(expect.arrayContaining([LMU, TUM]));
    expect(await slugs("Munchen", 50)).toEqual(expect.arrayContaining([LMU, TUM]));
    const technische = await api().tools.universities.search({ q: "Technische", state: "BY" });
    expect(technische.items.map((item) => item.slug)).toContain(TUM);
    expect(technische.items.every((item) => item.state === "BY")).toBe(true);
  });

  it("finds nothing for a subject: the finder lists institutions, not programmes", async () => {
    expect((await api().tools.universities.search({ q: "data science" })).total).toBe(0);
  });

  it("gives each result its English and short names", async () => {
    const [tum] = (await api().tools.universities.search({ q: "TUM", pageSize: 1 })).items;
    expect(tum!.aliases).toEqual(expect.arrayContaining(["Technical University of Munich", "TUM", "TU Munich"]));
  });

  it("takes every name of aliases.json from an existing institution, with its source address", () => {
    const slugsInFile = new Set(readInstitutions().institutions.map((record) => record.slug));
    const entries = readInstitutionAliases();
    expect(entries.length).toBeGreaterThanOrEqual(26);
    for (const entry of entries) {
      expect(slugsInFile.has(entry.slug), entry.slug).toBe(true);
      expect(entry.aliases.length).toBeGreaterThan(0);
      expect(entry.source.url).toMatch(/^https?:\/\//);
      expect(entry.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("refuses to seed a name for an institution the list does not have", async () => {
    await expect(
      seedInstitutions(test.db, readInstitutions(), [
        {
          slug: "no-such-university",
          aliases: ["NSU"],
          source: { title: "Nowhere", url: "https://example.org/" },
          checkedOn: "2026-11-28",
        },
      ]),
    ).rejects.toThrow('aliases.json names "no-such-university", which institutions.json does not have.');
  });
});

describe("tools.universities.cities", () => {
  it("lists each city once with its count, Munich also as München", async () => {
    const cities = await api().tools.universities.cities();
    const munich = cities.find((city) => city.value === "Munich");
    expect(munich).toMatchObject({ label: "Munich (München)" });
    expect(munich!.count).toBe((await api().tools.universities.search({ city: "Munich" })).total);
    expect(new Set(cities.map((city) => city.value)).size).toBe(cities.length);
  });
});

describe("tools.universities.get", () => {
  it("gives the record with each field's origin and the state's tuition rules", async () => {
    const { institution, tuition } = await api().tools.universities.get({ slug: "universitaet-stuttgart" });
    expect(institution).toMatchObject({
      name: "Universität Stuttgart",
      city: "Stuttgart",
      state: "BW",
      stateName: "Baden-Württemberg",
      type: "university",
    });
    expect(institution.provenance.city?.note).toMatch(/Derived from the institution's name/);
    expect(tuition.map((line) => line.key)).toEqual(["tuition.bw.non-eu", "tuition.bw.second-degree"]);
    expect(tuition[0]!.rule.amountEurPerSemester).toBe(1500);
    expect(tuition[0]!.sources.length).toBeGreaterThan(0);
  });

  it("adds an institution's own fee (TUM) to its state's rule", async () => {
    const { tuition } = await api().tools.universities.get({ slug: "technische-universitaet-muenchen" });
    expect(tuition.map((line) => line.key)).toEqual(["tuition.general", "tuition.by.institution-fees", "tuition.tum"]);
    expect(tuition[2]!.rule.amountRangeEurPerSemester).toEqual([2000, 6000]);
    const lmu = await api().tools.universities.get({ slug: "ludwig-maximilians-universitaet-muenchen" });
    expect(lmu.tuition.map((line) => line.key)).not.toContain("tuition.tum");
  });

  it("gives uni-assist and the semester contribution where sourced, and nothing where not", async () => {
    const { institution } = await api().tools.universities.get({ slug: "technische-universitaet-berlin" });
    expect(institution.usesUniAssist).toBe(true);
    expect(institution.provenance.usesUniAssist?.sources[0]?.url).toMatch(/^https:\/\/www\.tu\.berlin\//);
    expect(institution.semesterContribution).toMatchObject({ amountEur: 290.44 });
    const other = await api().tools.universities.get({ slug: "universitaet-passau" });
    expect(other.institution).toMatchObject({
      usesUniAssist: null,
      semesterContribution: null,
      internationalOfficeUrl: null,
    });
  });

  it("answers an unknown or hidden institution with 404 and a clear message", async () => {
    expect(await refusal(api().tools.universities.get({ slug: "no-such-university" }))).toEqual({
      code: "NOT_FOUND",
      message: INSTITUTION_NOT_FOUND_MESSAGE,
    });
    await test.db.institution.update({ where: { slug: "universitaet-passau" }, data: { hidden: true } });
    await expect(api().tools.universities.get({ slug: "universitaet-passau" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await api().tools.universities.search({ q: "Passau" })).total).toBe(0);
    await test.db.institution.update({ where: { slug: "universitaet-passau" }, data: { hidden: false } });
    expect(await refusal(api().tools.universities.get({ slug: "" }))).toEqual({
      code: "BAD_REQUEST",
      message: "Name an institution.",
    });
    expect(await refusal(api().tools.universities.get({} as never))).toEqual({
      code: "BAD_REQUEST",
      message: "Name an institution.",
    });
  });
});
