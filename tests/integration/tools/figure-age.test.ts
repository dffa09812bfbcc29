import { format, subMonths } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentEdited } from "~/server/cache/content-cache";
import { seedTools } from "~/server/content/tools";
import { STALE_FIGURE_MONTHS } from "~/server/services/tools/figure-age.service";
import { createStaff } from "../../helpers/admin";
import { callerFor, createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";
import { errorOf } from "../admin/fixtures";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  await seedTools(test.db);
});
afterAll(async () => {
  await test?.stop();
});

const monthsAgo = (months: number) => format(subMonths(new Date(), months), "yyyy-MM-dd");
const munich = { city: "munich", housing: "shared-flat", age: 24, lifestyle: "typical", sharing: 1 } as const;

async function dateFact(key: string, figureDate: string, figurePeriod: string) {
  await test.db.toolFact.update({ where: { key }, data: { figureDate, figurePeriod } });
  contentEdited("tools"); // an edit in this process: read at once
}

describe("figures older than a year", () => {
  it("uses twelve months as the limit", () => {
    expect(STALE_FIGURE_MONTHS).toBe(12);
  });

  it("flags a figure from 13 months ago in the Cost Calculator and lists it in /admin, but not one from 11 months ago", async () => {
    const staff = await createStaff(test.db, "designer");
    await dateFact("costs.food", monthsAgo(13), "a survey of 13 months ago");
    await dateFact("costs.leisure", monthsAgo(11), "a survey of 11 months ago");

    const result = await callerFor(test.db, null).tools.costs.calculate(munich);
    const line = (key: string) => result.lines.find((candidate) => candidate.key === key)!;
    expect(line("food").stale).toEqual({ date: monthsAgo(13), period: "a survey of 13 months ago" });
    expect(line("leisure").stale).toBeNull();

    const { figures } = await staff.caller.admin.oldFigures.list();
    const food = figures.find((figure) => figure.key === "costs.food");
    expect(food).toMatchObject({
      date: monthsAgo(13),
      period: "a survey of 13 months ago",
      usedIn: ["Cost Calculator (/tools/cost-calculator)"],
    });
    expect(food!.label).toContain("Food");
    expect(food!.sources[0]!.url).toMatch(/^https:\/\//);
    expect(figures.map((figure) => figure.key)).not.toContain("costs.leisure");
  });

  it("dates the seeded figures from their sources: Munich's semester ticket of summer semester 2023 and the TK rate of 2025", async () => {
    const result = await callerFor(test.db, null).tools.costs.calculate(munich);
    const semester = result.lines.find((line) => line.key === "semester")!;
    expect(semester.stale).toEqual({ date: "2023-04-01", period: "summer semester 2023 (the semester-ticket share)" });
    const staff = await createStaff(test.db, "admin");
    const { figures } = await staff.caller.admin.oldFigures.list();
    expect(figures.find((figure) => figure.key === "city:munich.semesterContribution")?.usedIn).toEqual([
      "Cost Calculator, Munich (/tools/cost-calculator)",
    ]);
    expect(figures.find((figure) => figure.key === "costs.health-insurance.student-rate")?.period).toBe("2025");
  });

  it("flags an institution's old semester contribution in the University Finder and lists it", async () => {
    const slug = "carl-von-ossietzky-universitaet-oldenburg";
    const { institution } = await callerFor(test.db, null).tools.universities.get({ slug });
    expect(institution.semesterContribution?.stale).toEqual({ date: "2023-04-01", period: "summer semester 2023" });
    const staff = await createStaff(test.db, "designer");
    const { figures } = await staff.caller.admin.oldFigures.list();
    expect(figures.find((figure) => figure.key === `institution:${slug}.semesterContribution`)?.usedIn).toEqual([
      `University Finder, Carl von Ossietzky Universität Oldenburg (/tools/university-finder/${slug})`,
    ]);
  });

  it("flags old amounts in the comparison and the Visa Checker", async () => {
    await dateFact("blocked-account.yearly", monthsAgo(13), "13 months ago");
    const visa = await callerFor(test.db, null).tools.visa.check({
      nationality: "IN",
      purpose: "bachelor",
      funding: "blocked-account",
      holdsGermanTitle: false,
    });
    expect(visa.funds.amounts.find((amount) => amount.per === "year")?.stale?.period).toBe("13 months ago");

    await dateFact("compare.nl.tuition-eu", monthsAgo(11), "11 months ago");
    await dateFact("compare.fr.tuition-eu", monthsAgo(14), "14 months ago");
    const table = await callerFor(test.db, null).tools.compare.table({ countries: ["NL", "FR"], criteria: ["tuition-eu"] });
    const cells = table.rows[0]!.cells as { country: string; stale: { period: string } | null }[];
    expect(cells.find((cell) => cell.country === "NL")!.stale).toBeNull();
    expect(cells.find((cell) => cell.country === "FR")!.stale?.period).toBe("14 months ago");
  });

  it("opens the list to staff who keep the tools' data only", async () => {
    const student = await createUser(test.db);
    expect((await errorOf(callerFor(test.db, null).admin.oldFigures.list())).code).toBe("UNAUTHORIZED");
    expect((await errorOf(callerFor(test.db, student.claims).admin.oldFigures.list())).code).toBe("FORBIDDEN");
    const backoffice = await createStaff(test.db, "backoffice");
    expect((await errorOf(backoffice.caller.admin.oldFigures.list())).code).toBe("FORBIDDEN");
  });
});
