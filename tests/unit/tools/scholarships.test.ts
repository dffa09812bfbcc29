import { describe, expect, it } from "vitest";
import { type NationalityRule, nationalityRuleSchema, nextDeadlineOn, scholarshipSearchSchema } from "~/lib/schemas/tools/scholarships";
import { readScholarships, scholarshipRowOf } from "~/server/content/tools/scholarships";
import { daysUntil, eligibilityFor, isOpenNow, matchesLevel, matchesSubject } from "~/server/services/tools/scholarships.service";

const rule = (input: Partial<NationalityRule> & { kind: NationalityRule["kind"] }) =>
  nationalityRuleSchema.parse({ note: "A test rule.", ...input });

describe("the scholarship data files", () => {
  const records = readScholarships();

  it("hold at least 40 programmes, each parsed by its schema with sources and a checked date", () => {
    expect(records.length).toBeGreaterThanOrEqual(40);
    for (const record of records) {
      expect(record.sources.length, record.slug).toBeGreaterThanOrEqual(1);
      expect(record.checkedOn, record.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(record.url, record.slug).toMatch(/^https?:\/\//);
    }
  });

  it("give dates only for dated deadlines, and never a one-off date in the past of its checked date", () => {
    for (const record of records) {
      if (record.deadline.annual.length > 0) expect(record.deadline.kind, record.slug).toBe("dated");
      if (record.deadline.next) {
        expect(record.deadline.kind, record.slug).toBe("dated");
        expect(record.deadline.next >= record.checkedOn, record.slug).toBe(true);
      }
    }
  });

  it("cover the 13 foundations, DAAD, the Deutschlandstipendium, Erasmus+ and loans", () => {
    const providers = records.map((record) => record.provider).join(" | ");
    for (const name of [
      "Studienstiftung",
      "Konrad-Adenauer",
      "Friedrich-Ebert",
      "Heinrich-Böll",
      "Rosa-Luxemburg",
      "Friedrich-Naumann",
      "Hanns-Seidel",
      "Hans-Böckler",
      "Villigst",
      "Cusanuswerk",
      "Ernst Ludwig Ehrlich",
      "Avicenna",
      "Stiftung der Deutschen Wirtschaft",
      "DAAD",
      "Erasmus+",
      "KfW",
    ]) {
      expect(providers, name).toContain(name);
    }
    expect(records.map((record) => record.slug)).toContain("deutschlandstipendium");
  });

  it("turn into rows whose deadline text keeps rolling and varying deadlines recognisable", () => {
    const varies = records.find((record) => record.deadline.kind === "varies")!;
    expect(scholarshipRowOf(varies).deadlineText).toMatch(/^Varies: /);
    const dated = records.find((record) => record.deadline.kind === "dated")!;
    expect(scholarshipRowOf(dated)).toMatchObject({
      deadlineText: dated.deadline.text,
      nextDeadline: dated.deadline.next ?? null,
      annualDeadlines: dated.deadline.annual,
    });
  });
});

describe("nationality rules", () => {
  const cases: { name: string; rule: NationalityRule; nationality?: string; status: string; reason?: RegExp }[] = [
    {
      name: "any: a Nigerian may apply",
      rule: rule({ kind: "any" }),
      nationality: "NG",
      status: "eligible",
      reason: /all nationalities, including Nigeria/,
    },
    {
      name: "any without a nationality describes the rule",
      rule: rule({ kind: "any" }),
      status: "eligible",
      reason: /^Open to all nationalities\.$/,
    },
    {
      name: "only: a named country",
      rule: rule({ kind: "only", countries: ["KE", "UG"] }),
      nationality: "KE",
      status: "eligible",
      reason: /nationals of Kenya: the official page names it/,
    },
    {
      name: "only: a country not named on a complete list",
      rule: rule({ kind: "only", countries: ["KE", "UG"] }),
      nationality: "NG",
      status: "not-eligible",
    },
    {
      name: "only: a country not named on an incomplete list is to check",
      rule: rule({ kind: "only", countries: ["KE"], listComplete: false, note: "Countries on the DAC list." }),
      nationality: "GH",
      status: "check",
      reason: /Check whether Ghana qualifies: Countries on the DAC list\./,
    },
    {
      name: "only: a whole continent the page names",
      rule: rule({ kind: "only", continents: ["AF"] }),
      nationality: "GH",
      status: "eligible",
      reason: /Ghana: the official page names Africa/,
    },
    {
      name: "only: outside the continent",
      rule: rule({ kind: "only", continents: ["AF"] }),
      nationality: "US",
      status: "not-eligible",
    },
    {
      name: "except: an excluded country",
      rule: rule({ kind: "except", countries: ["DE"] }),
      nationality: "DE",
      status: "not-eligible",
    },
    {
      name: "except: everyone else",
      rule: rule({ kind: "except", countries: ["DE"] }),
      nationality: "IN",
      status: "eligible",
      reason: /all nationalities except Germany/,
    },
    {
      name: "an explicit exclusion beats an incomplete list",
      rule: rule({ kind: "only", listComplete: false, exceptCountries: ["CN", "IN"] }),
      nationality: "IN",
      status: "not-eligible",
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const result = eligibilityFor(testCase.rule, testCase.nationality);
      expect(result.status).toBe(testCase.status);
      if (testCase.reason) expect(result.reason).toMatch(testCase.reason);
    });
  }

  it("refuses an 'only' rule that names nothing and claims to be complete, and an empty 'except'", () => {
    expect(nationalityRuleSchema.safeParse({ kind: "only", note: "Nobody." }).success).toBe(false);
    expect(nationalityRuleSchema.safeParse({ kind: "except", note: "Nobody." }).success).toBe(false);
  });
});

describe("levels, subjects and open now", () => {
  it("matches a level only when the programme funds it", () => {
    expect(matchesLevel(["master", "phd"], "master")).toBe(true);
    expect(matchesLevel(["master", "phd"], "bachelor")).toBe(false);
    expect(matchesLevel(["postdoc"], undefined)).toBe(true);
  });

  it("matches a subject when the programme funds all subjects or names it", () => {
    expect(matchesSubject(["all"], "law")).toBe(true);
    expect(matchesSubject(["engineering", "natural-sciences"], "engineering")).toBe(true);
    expect(matchesSubject(["engineering", "natural-sciences"], "law")).toBe(false);
    expect(matchesSubject(["music-performing-arts"], undefined)).toBe(true);
  });

  it("counts as open now a future or today's deadline and a rolling one, not a passed or varying one", () => {
    const today = "2026-11-23";
    expect(isOpenNow({ deadlineText: "15 July each year.", nextDeadline: "2027-07-15", annualDeadlines: [] }, today)).toBe(true);
    expect(isOpenNow({ deadlineText: "Today.", nextDeadline: "2026-11-23", annualDeadlines: [] }, today)).toBe(true);
    expect(isOpenNow({ deadlineText: "Passed.", nextDeadline: "2026-11-22", annualDeadlines: [] }, today)).toBe(false);
    expect(isOpenNow({ deadlineText: "Rolling: apply at any time.", nextDeadline: null, annualDeadlines: [] }, today)).toBe(true);
    expect(isOpenNow({ deadlineText: "Varies: by country.", nextDeadline: null, annualDeadlines: [] }, today)).toBe(false);
    expect(isOpenNow({ deadlineText: "15 July each year.", nextDeadline: null, annualDeadlines: ["07-15"] }, today)).toBe(true);
  });

  it("works out the next yearly deadline on the day asked, so a passed date never counts", () => {
    const twiceAYear = { annual: ["03-01", "09-01"], next: null };
    expect(nextDeadlineOn(twiceAYear, "2026-11-23")).toBe("2027-03-01");
    expect(nextDeadlineOn(twiceAYear, "2027-03-01")).toBe("2027-03-01");
    expect(nextDeadlineOn(twiceAYear, "2027-03-02")).toBe("2027-09-01");
    expect(nextDeadlineOn({ annual: ["12-31"], next: "2027-01-15" }, "2027-01-01")).toBe("2027-01-15");
    expect(nextDeadlineOn({ annual: [], next: "2026-11-22" }, "2026-11-23")).toBeNull();
  });

  it("counts days to a deadline in calendar days", () => {
    expect(daysUntil("2026-12-07", "2026-11-23")).toBe(14);
    expect(daysUntil("2026-11-23", "2026-11-23")).toBe(0);
  });

  it("validates the search form: known levels and subjects, an ISO nationality, a yes/no open now", () => {
    expect(scholarshipSearchSchema.parse({ level: "master", nationality: "ng", openNow: true })).toEqual({
      level: "master",
      nationality: "NG",
      openNow: true,
    });
    expect(scholarshipSearchSchema.safeParse({ level: "kindergarten" }).error?.issues[0]?.message).toBe(
      "Choose a study level from the list.",
    );
    expect(scholarshipSearchSchema.safeParse({ nationality: "Nigeria" }).error?.issues[0]?.message).toBe(
      "Choose a nationality from the list.",
    );
    expect(scholarshipSearchSchema.safeParse({ openNow: "yes" }).success).toBe(false);
  });
});
