import { describe, expect, it } from "vitest";
import { type CompareInput, compareInputSchema } from "~/lib/schemas/tools/compare";
import { COMPARE_CRITERIA, compareHref, compareInputFromQuery } from "~/lib/schemas/tools/compare-choices";
import { comparisonLinkFor } from "~/server/services/tools/compare-link";
import { buildComparison, type CompareCell, isMissingCell, toEuro } from "~/server/services/tools/compare-table";
import type { SourcedFact } from "~/server/services/tools/facts.service";

const source = [{ title: "Official page", url: "https://example.gov/page" }];
const fact = (key: string, value: unknown, label = key): SourcedFact<unknown> => ({
  key,
  label,
  value,
  sources: source,
  checkedOn: "2026-11-23",
});
const rates = {
  key: "compare.exchange-rates",
  label: "ECB",
  value: { date: "2026-03-13", rates: { CAD: 1.5, GBP: 0.8 } },
  sources: source,
  checkedOn: "2026-11-23",
};

const facts = new Map(
  [
    fact("compare.de.proof-of-funds", { amount: 992, currency: "EUR", per: "month" }),
    fact("compare.ca.proof-of-funds", { amount: 22_500, currency: "CAD", per: "year" }),
    fact("compare.gb.proof-of-funds", { amount: 1000, max: 1200, currency: "GBP", per: "month", periods: 9 }),
    fact("compare.de.work-hours", { daysPerYear: { full: 140, half: 280 } }),
    fact("compare.ca.work-hours", { hoursPerWeek: 24 }),
    fact("compare.gb.work-hours", { hoursPerWeek: 20 }),
    fact("compare.de.visa-fee", { amount: 75, currency: "EUR", per: "once" }),
    fact("compare.ca.visa-fee", { amount: 150, currency: "CAD", per: "once" }),
    fact("compare.gb.visa-fee", { amount: 60, currency: "GBP", per: "once" }),
    fact("compare.de.language", { languages: ["German"] }),
    fact("compare.ca.language", { languages: ["English", "French"] }),
  ].map((entry) => [entry.key, entry]),
);

const input = (criteria: CompareInput["criteria"], countries: CompareInput["countries"] = ["DE", "CA", "GB"]): CompareInput => ({
  countries,
  criteria,
});
const cellsOf = (criterion: CompareInput["criteria"][number]) => buildComparison(input([criterion]), facts, rates).rows[0]!.cells;
const present = (cells: ReturnType<typeof cellsOf>) => cells.filter((cell): cell is CompareCell => !isMissingCell(cell));

describe("the comparison table", () => {
  it("converts other currencies to euros at the stored rate, with the rate's day, and leaves euros alone", () => {
    expect(toEuro({ amount: 22_500, currency: "CAD", per: "year" }, rates.value)).toEqual({
      amount: 15_000,
      max: undefined,
      per: "year",
      rateDate: "2026-03-13",
    });
    expect(toEuro({ amount: 1000, max: 1200, currency: "GBP", per: "month" }, rates.value)).toEqual({
      amount: 1250,
      max: 1500,
      per: "month",
      rateDate: "2026-03-13",
    });
    expect(toEuro({ amount: 10, currency: "SEK", per: "once" }, rates.value)).toBeNull();
    const [de, ca] = present(cellsOf("proof-of-funds"));
    expect(de!.inEuro).toBeNull();
    expect(ca!.inEuro).toMatchObject({ amount: 15_000, rateDate: "2026-03-13" });
  });

  it("marks the lowest requirement over what it covers: 9 months of £1,000 (€11,250) beats 12 × €992 and CA$22,500", () => {
    const cells = present(cellsOf("proof-of-funds"));
    expect(cells.map((cell) => [cell.country, cell.best])).toEqual([
      ["DE", false],
      ["CA", false],
      ["GB", true],
    ]);
  });

  it("marks the most hours among cells stated in the same unit, and nothing when one country's rule is in another (days a year)", () => {
    expect(present(cellsOf("work-hours")).some((cell) => cell.best)).toBe(false);
    const sameUnit = buildComparison(input(["work-hours"], ["CA", "GB"]), facts, rates).rows[0]!.cells;
    expect(present(sameUnit).map((cell) => [cell.country, cell.best])).toEqual([
      ["CA", true],
      ["GB", false],
    ]);
  });

  it("flags stored rates older than 90 days", () => {
    const rateDay = Date.parse(`${rates.value.date}T00:00:00Z`);
    const on = (days: number) => buildComparison(input(["proof-of-funds"]), facts, rates, new Date(rateDay + days * 86_400_000));
    expect(on(90).ratesStale).toBe(false);
    expect(on(91).ratesStale).toBe(true);
    expect(buildComparison(input(["proof-of-funds"]), facts, null).ratesStale).toBe(false);
  });

  it("marks no winner in a row where a country has no figure", () => {
    const partial = new Map(
      [
        fact("compare.de.visa-fee", { amount: 75, currency: "EUR", per: "once" }),
        fact("compare.at.visa-fee", { amount: 160, currency: "EUR", per: "once" }),
      ].map((entry) => [entry.key, entry]),
    );
    const cells = buildComparison(input(["visa-fee"], ["DE", "AT", "NL"]), partial, rates).rows[0]!.cells;
    expect(cells.filter((cell) => "missing" in cell).map((cell) => cell.country)).toEqual(["NL"]);
    expect(present(cells).some((cell) => cell.best)).toBe(false);
    const complete = buildComparison(input(["visa-fee"], ["DE", "AT"]), partial, rates).rows[0]!.cells;
    expect(present(complete).find((cell) => cell.best)?.country).toBe("DE");
  });

  it("marks the cheapest fee after conversion, and does not rank languages", () => {
    expect(present(cellsOf("visa-fee")).find((cell) => cell.best)?.country).toBe("DE");
    const comparison = buildComparison(input(["language"]), facts, rates);
    expect(comparison.rows[0]!.ranking).toBeNull();
    expect(present(comparison.rows[0]!.cells).some((cell) => cell.best)).toBe(false);
  });

  it("says which cells no source gives instead of guessing, and marks nothing when fewer than two can be ranked", () => {
    const cells = buildComparison(input(["post-study-stay"]), facts, rates).rows[0]!.cells;
    expect(cells).toEqual([
      { country: "DE", missing: true },
      { country: "CA", missing: true },
      { country: "GB", missing: true },
    ]);
    const alone = buildComparison(input(["work-hours"], ["DE", "CA"]), facts, rates).rows[0]!.cells;
    expect(present(alone).some((cell) => cell.best)).toBe(false);
  });

  it("marks no best value when every ranked value is the same", () => {
    const equal = new Map(
      [
        fact("compare.de.visa-fee", { amount: 75, currency: "EUR", per: "once" }),
        fact("compare.at.visa-fee", { amount: 75, currency: "EUR", per: "once" }),
      ].map((entry) => [entry.key, entry]),
    );
    const cells = buildComparison(input(["visa-fee"], ["DE", "AT"]), equal, rates).rows[0]!.cells;
    expect(present(cells).some((cell) => cell.best)).toBe(false);
  });

  it("refuses a stored cell of the wrong shape rather than showing it half right", () => {
    const broken = new Map([[`compare.de.visa-fee`, fact("compare.de.visa-fee", { amount: "75 euros" })]]);
    expect(() => buildComparison(input(["visa-fee"], ["DE", "CA"]), broken, rates)).toThrow(/compare\.de\.visa-fee/);
  });
});

describe("the comparison's address and input", () => {
  it("round-trips through a shareable link", () => {
    const chosen = input(["tuition-non-eu", "visa-fee"], ["DE", "NL"]);
    const href = compareHref(chosen);
    expect(href).toBe("/compare?countries=DE,NL&criteria=tuition-non-eu,visa-fee");
    const query = Object.fromEntries(new URL(href, "http://localhost").searchParams);
    expect(compareInputSchema.parse(compareInputFromQuery(query))).toEqual(chosen);
  });

  it("opens the default comparison without a choice, and reads lower-case codes", () => {
    expect(compareInputFromQuery({})).toEqual({ countries: ["DE", "NL", "CA"], criteria: [...COMPARE_CRITERIA] });
    expect(compareInputFromQuery({ countries: "de,at", criteria: "Visa-Fee" })).toEqual({
      countries: ["DE", "AT"],
      criteria: ["visa-fee"],
    });
  });

  it("explains a choice of too few, too many, repeated or unknown countries", () => {
    const messageOf = (countries: string[]) =>
      compareInputSchema.safeParse({ countries, criteria: ["visa-fee"] }).error?.issues[0]?.message;
    expect(messageOf(["DE"])).toBe("Pick at least 2 countries.");
    expect(messageOf(["DE", "NL", "CA", "AT", "FR"])).toBe("Pick at most 4 countries.");
    expect(messageOf(["DE", "DE"])).toBe("Each country once.");
    expect(messageOf(["DE", "XX"])).toBe("Choose countries from the list.");
    expect(compareInputSchema.safeParse({ countries: ["DE", "NL"], criteria: [] }).error?.issues[0]?.message).toBe(
      "Choose at least one criterion.",
    );
  });
});

describe("the assistant's link to the comparison", () => {
  it.each([
    ["Germany or Netherlands?", "/compare?countries=DE,NL&"],
    ["is it cheaper to study in canada than germany", "/compare?countries=DE,CA&"],
    ["UK vs Germany for a masters", "/compare?countries=DE,GB&"],
    ["should i pick holland or austria", "/compare?countries=DE,NL,AT&"],
    ["Germany, France, Ireland, Sweden or Austria: which is best?", "/compare?countries=DE,FR,IE,SE&"],
  ])("links %j to the comparison of Germany and the countries it names", (question, start) => {
    const link = comparisonLinkFor(question);
    expect(link?.href.startsWith(start)).toBe(true);
    expect(link?.title).toMatch(/^Compare Germany/);
  });

  it.each([
    "How much is the blocked account?",
    "I live in Canada, do I need a visa for Germany?",
    "Do I need APS as an Indian?",
    "I was a student in the US, can I apply for a master's here?",
  ])("gives no comparison link for %j", (question) => {
    expect(comparisonLinkFor(question)).toBeNull();
  });
});
