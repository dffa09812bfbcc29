import { describe, expect, it } from "vitest";
import {
  type CityCostFile,
  COST_FACT_SHAPES,
  type CostFactKey,
  type CostInput,
  costCalculatorHref,
  costInputFromQuery,
  costInputSchema,
  hasAmount,
} from "~/lib/schemas/tools/costs";
import { toolFactFileSchema } from "~/lib/schemas/tools/facts";
import { savedResultHref } from "~/lib/tools";
import { readCityCostFiles } from "~/server/content/tools/costs";
import { readToolFacts } from "~/server/content/tools/facts";
import { readToolFile } from "~/server/content/tools/files";
import { type BudgetCity, type CostFacts, computeBudget } from "~/server/services/tools/costs-budget";

const cities = readCityCostFiles();

/** The facts the calculator reads, straight from src/content/tools/facts, as readFacts returns them. */
function loadFacts(): CostFacts {
  const byKey = new Map(readToolFacts().map((fact) => [fact.key, fact]));
  const facts: Record<string, unknown> = {};
  for (const key of Object.keys(COST_FACT_SHAPES) as CostFactKey[]) {
    const fact = byKey.get(key);
    if (!fact) throw new Error(`missing fact ${key}`);
    facts[key] = {
      label: fact.label,
      value: COST_FACT_SHAPES[key].parse(fact.value),
      sources: fact.sources,
      checkedOn: fact.checkedOn,
    };
  }
  return facts as CostFacts;
}
const facts = loadFacts();

function budgetCity(slug: string): BudgetCity {
  const city = cities.find((candidate) => candidate.slug === slug);
  if (!city) throw new Error(`no city ${slug}`);
  return {
    slug: city.slug,
    name: city.name,
    state: city.state,
    figures: { university: city.university, rent: city.rent, semesterContribution: city.semesterContribution },
  };
}

const input = (overrides: Partial<CostInput> = {}): CostInput => ({
  city: "munich",
  housing: "shared-flat",
  age: 24,
  lifestyle: "typical",
  sharing: 1,
  ...overrides,
});
const line = (result: ReturnType<typeof computeBudget>, key: string) => result.lines.find((candidate) => candidate.key === key)!;

/** A made-up city for the arithmetic: one ranged rent, one single value, one gap. */
const testCity: BudgetCity = {
  slug: "testcity",
  name: "Testcity",
  state: "Test state",
  figures: {
    university: "Test University",
    rent: {
      dorm: {
        amountEur: 300,
        lowEur: 200,
        highEur: 400,
        what: "Dorm room, range 200-400.",
        sources: [{ title: "Test source", url: "https://example.org/dorm" }],
        checkedOn: "2026-11-23",
      },
      sharedFlat: {
        amountEur: 100,
        what: "A cheap room in a shared flat.",
        sources: [{ title: "Test source", url: "https://example.org/wg" }],
        checkedOn: "2026-11-23",
      },
      ownFlat: { amountEur: null, what: "No official figure for own flats here." },
    },
    semesterContribution: {
      amountEur: 300,
      what: "Semester fee including a ticket.",
      includesTicket: true,
      sources: [{ title: "Test source", url: "https://example.org/fee" }],
      checkedOn: "2026-11-23",
    },
  },
};

describe("cost data files", () => {
  it("has at least 30 cities, each parsed by its schema, with unique slugs", () => {
    expect(cities.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cities.map((city) => city.slug)).size).toBe(cities.length);
    for (const slug of [
      "munich",
      "berlin",
      "hamburg",
      "frankfurt-am-main",
      "cologne",
      "stuttgart",
      "heidelberg",
      "aachen",
      "dresden",
      "leipzig",
    ]) {
      expect(cities.map((city) => city.slug)).toContain(slug);
    }
  });

  it("gives every figure with a value at least one source and a checked date, and every gap its reason", () => {
    for (const city of cities as CityCostFile[]) {
      for (const figure of [city.rent.dorm, city.rent.sharedFlat, city.rent.ownFlat, city.semesterContribution]) {
        if (hasAmount(figure)) {
          expect(figure.sources.length, `${city.slug}: ${figure.what}`).toBeGreaterThan(0);
          expect(figure.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          for (const source of figure.sources) expect(source.url).toMatch(/^https?:\/\//);
        } else {
          expect(figure.what.length).toBeGreaterThan(10);
        }
      }
      // A city is only worth shipping with at least one sourced line of its own.
      expect([city.rent.dorm, city.rent.sharedFlat, city.rent.ownFlat, city.semesterContribution].some(hasAmount), city.slug).toBe(true);
    }
  });

  it("parses facts/costs.json, and every value the calculator reads has the expected shape", () => {
    const file = readToolFile("facts/costs.json", toolFactFileSchema);
    for (const fact of file.facts) expect(fact.tool).toBe("cost-calculator");
    expect(Object.keys(facts).sort()).toEqual(Object.keys(COST_FACT_SHAPES).sort());
    expect(facts["costs.broadcasting-fee"].value.amountEur).toBe(18.36);
    expect(facts["blocked-account.monthly"].value.amountEur).toBe(992);
  });
});

describe("the budget", () => {
  it("Munich, shared flat, age 24: every line sourced, totals the sum of the lines, compared with the blocked account", () => {
    const result = computeBudget(input(), budgetCity("munich"), facts);
    expect(result.missingLines).toEqual([]);
    for (const budgetLine of result.lines) {
      expect(budgetLine.monthlyEur, budgetLine.label).not.toBeNull();
      expect(budgetLine.sources.length, budgetLine.label).toBeGreaterThan(0);
      expect(budgetLine.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const sum = result.lines.reduce((total, budgetLine) => total + budgetLine.monthlyEur!, 0);
    expect(result.monthlyTotalEur).toBeCloseTo(sum, 2);
    expect(line(result, "semester").monthlyEur).toBeCloseTo(174.3 / 6, 2);
    expect(line(result, "semester").yearlyEur).toBeCloseTo(348.6, 2);
    expect(result.yearlyTotalEur).toBeCloseTo(
      result.lines.reduce((total, budgetLine) => total + budgetLine.yearlyEur!, 0),
      2,
    );
    expect(result.blockedAccount.monthlyEur).toBe(992);
    expect(result.blockedAccount.differenceEur).toBeCloseTo(992 - result.monthlyTotalEur, 2);
    expect(result.blockedAccount.status).toBe("shortfall");
    expect(result.blockedAccount.yearlyDifferenceEur).toBeCloseTo(11904 - result.yearlyTotalEur, 2);
  });

  it("says surplus when the blocked account covers the month", () => {
    const result = computeBudget(input({ city: "testcity", age: 20 }), testCity, facts);
    expect(result.monthlyTotalEur).toBeLessThan(992);
    expect(result.blockedAccount.status).toBe("surplus");
    expect(result.blockedAccount.differenceEur).toBeCloseTo(992 - result.monthlyTotalEur, 2);
  });

  it("leaves a line without a source out of the total and says so", () => {
    const result = computeBudget(input({ city: "testcity", housing: "own-flat" }), testCity, facts);
    expect(line(result, "rent").monthlyEur).toBeNull();
    expect(result.missingLines).toEqual(["Rent: own flat"]);
    expect(result.includedLines).not.toContain("Rent: own flat");
    const sum = result.lines
      .filter((budgetLine) => budgetLine.monthlyEur !== null)
      .reduce((total, budgetLine) => total + budgetLine.monthlyEur!, 0);
    expect(result.monthlyTotalEur).toBeCloseTo(sum, 2);
  });
});

describe("health insurance by age", () => {
  const health = (age: number) => line(computeBudget(input({ age }), budgetCity("munich"), facts), "health");
  const rate = () => facts["costs.health-insurance.student-rate"].value;

  it("charges the lower long-term care rate up to 22", () => {
    expect(health(22).monthlyEur).toBeCloseTo(rate().healthEur + rate().additionalEur + rate().careUnder23Eur, 2);
    expect(health(22).monthlyEur).toBeCloseTo(139.11, 2);
  });

  it("charges the childless care rate from 23 to 29", () => {
    expect(health(23).monthlyEur).toBeCloseTo(144.24, 2);
    expect(health(29).monthlyEur).toBeCloseTo(144.24, 2);
    expect(health(23).notes.join(" ")).toMatch(/With a child/);
  });

  it.each([30, 31, 45])("from 30 (age %i): voluntary insurance at its minimum contribution, in the total with its sources", (age) => {
    const result = computeBudget(input({ age }), budgetCity("munich"), facts);
    const voluntary = line(result, "health");
    // 1,318.33 € x (14.0% + TK's 2.45%) = 216.87 €, and long-term care 4.2% (childless) = 55.37 €.
    expect(voluntary.monthlyEur).toBeCloseTo(272.24, 2);
    expect(voluntary.label).toBe("Health and long-term care insurance (statutory, voluntary from 30)");
    expect(voluntary.what).toContain("1,318.33");
    expect(voluntary.notes.join(" ")).toMatch(/With a child, long-term care costs €?47\.46|47\.46 €/);
    expect(voluntary.sources.map((source) => source.url)).toEqual(
      expect.arrayContaining([
        "https://www.gesetze-im-internet.de/sgb_5/__240.html",
        "https://www.gesetze-im-internet.de/sgb_5/__243.html",
      ]),
    );
    expect(result.missingLines).toEqual([]);
    expect(result.monthlyTotalEur).toBeCloseTo(
      result.lines.reduce((sum, l) => sum + (l.monthlyEur ?? 0), 0),
      1,
    );
  });
});

describe("sharing and lifestyle", () => {
  it("splits the broadcasting fee between the people of the household", () => {
    expect(line(computeBudget(input({ sharing: 3 }), budgetCity("munich"), facts), "broadcasting").monthlyEur).toBeCloseTo(6.12, 2);
    expect(line(computeBudget(input({ sharing: 1 }), budgetCity("munich"), facts), "broadcasting").monthlyEur).toBeCloseTo(18.36, 2);
  });

  it("splits an own flat's rent, not a room's", () => {
    const regensburg = budgetCity("regensburg");
    const flat = computeBudget(input({ city: "regensburg", housing: "own-flat", sharing: 2 }), regensburg, facts);
    expect(line(flat, "rent").monthlyEur).toBeCloseTo(700 / 2, 2);
    const room = computeBudget(input({ city: "regensburg", housing: "shared-flat", sharing: 2 }), regensburg, facts);
    expect(line(room, "rent").monthlyEur).toBeCloseTo(475, 2);
  });

  it("takes the ends of a rent range and scales food, phone and leisure, not study materials", () => {
    const frugal = computeBudget(input({ city: "testcity", housing: "dorm", lifestyle: "frugal" }), testCity, facts);
    const comfortable = computeBudget(input({ city: "testcity", housing: "dorm", lifestyle: "comfortable" }), testCity, facts);
    const typical = computeBudget(input({ city: "testcity", housing: "dorm" }), testCity, facts);
    expect(line(frugal, "rent").monthlyEur).toBe(200);
    expect(line(typical, "rent").monthlyEur).toBe(300);
    expect(line(comfortable, "rent").monthlyEur).toBe(400);
    expect(line(frugal, "food").monthlyEur).toBeCloseTo(198 * 0.8, 2);
    expect(line(comfortable, "leisure").monthlyEur).toBeCloseTo(61 * 1.25, 2);
    expect(line(comfortable, "studyMaterials").monthlyEur).toBe(20);
    expect(line(frugal, "food").notes.join(" ")).toMatch(/our assumption/);
  });

  it("keeps a single-value rent whatever the lifestyle", () => {
    const frugal = computeBudget(input({ city: "testcity", housing: "shared-flat", lifestyle: "frugal" }), testCity, facts);
    expect(line(frugal, "rent").monthlyEur).toBe(100);
    expect(line(frugal, "rent").notes.join(" ")).toMatch(/one value/);
  });
});

describe("the input schema and the share link", () => {
  const issue = (value: unknown) => {
    const parsed = costInputSchema.safeParse(value);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it("accepts a full input and fills lifestyle and sharing", () => {
    expect(costInputSchema.parse({ city: "munich", housing: "shared-flat", age: "24" })).toEqual(input());
  });

  it("refuses bad ages and missing fields with clear messages", () => {
    expect(issue({ city: "munich", housing: "dorm", age: -1 })).toBe("Enter an age of 16 or more.");
    expect(issue({ city: "munich", housing: "dorm", age: "abc" })).toBe("Enter your age in years as a whole number.");
    expect(issue({ city: "munich", housing: "dorm", age: 24.5 })).toBe("Enter your age in years as a whole number.");
    expect(issue({ city: "munich", housing: "dorm" })).toBe("Enter your age.");
    expect(issue({ housing: "dorm", age: 24 })).toBe("Choose a city.");
    expect(issue({ city: "munich", housing: "castle", age: 24 })).toBe("Choose a housing type: dorm, shared flat or own flat.");
    expect(issue({ city: "munich", housing: "dorm", age: 24, sharing: 0 })).toBe("A household has at least 1 person (you).");
  });

  it("round-trips the inputs through the query string", () => {
    const href = costCalculatorHref(input({ lifestyle: "frugal", sharing: 2 }));
    expect(href).toBe("/tools/cost-calculator?city=munich&housing=shared-flat&age=24&lifestyle=frugal&sharing=2");
    const query = Object.fromEntries(new URL(href, "http://localhost").searchParams);
    expect(costInputFromQuery(query).input).toEqual(input({ lifestyle: "frugal", sharing: 2 }));
    expect(costInputFromQuery({ city: "munich" })).toEqual({ input: null, values: { city: "munich" } });
  });

  it("reopens a budget saved to the profile with the same link", () => {
    expect(savedResultHref("cost-calculator", input({ lifestyle: "frugal", sharing: 2 }))).toBe(
      costCalculatorHref(input({ lifestyle: "frugal", sharing: 2 })),
    );
    expect(savedResultHref("cost-calculator", { city: "munich" })).toBe("/tools/cost-calculator");
  });
});
