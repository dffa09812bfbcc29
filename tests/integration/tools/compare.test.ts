import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareValueSchemas, EXCHANGE_RATES_FACT_KEY } from "~/lib/schemas/tools/compare";
import { COMPARE_COUNTRIES, COMPARE_CRITERIA, type CompareCriterion } from "~/lib/schemas/tools/compare-choices";
import { publicError } from "~/server/api/trpc";
import { seedTools, TOOLS_SEED_FINGERPRINT_KEY } from "~/server/content/tools";
import { readCityCostFiles } from "~/server/content/tools/costs";
import { readToolFacts } from "~/server/content/tools/facts";
import { createStaff } from "../../helpers/admin";
import { callerFor } from "../../helpers/session";
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

const visitor = () => callerFor(test.db, null).tools.compare;
const everything = [...COMPARE_CRITERIA];

describe("the comparison's data", () => {
  it("has a cell of the right shape, with sources and a checked date, for each country and criterion it names", () => {
    const cells = readToolFacts().filter((fact) => fact.tool === "compare" && fact.key !== EXCHANGE_RATES_FACT_KEY);
    expect(cells.length).toBeGreaterThanOrEqual(50);
    for (const cell of cells) {
      const [, country, criterion] = cell.key.split(".");
      expect(COMPARE_COUNTRIES as readonly string[], cell.key).toContain(country!.toUpperCase());
      expect(COMPARE_CRITERIA as readonly string[], cell.key).toContain(criterion);
      expect(compareValueSchemas[criterion as CompareCriterion].safeParse(cell.value).success, cell.key).toBe(true);
      expect(cell.sources.length, cell.key).toBeGreaterThan(0);
    }
  });

  it("covers Germany on every criterion", () => {
    const keys = new Set(readToolFacts().map((fact) => fact.key));
    expect(everything.filter((criterion) => !keys.has(`compare.de.${criterion}`))).toEqual([]);
  });
});

describe("tools.compare.table", () => {
  it("shows Germany, the Netherlands and Canada on every criterion: each cell sourced and dated, or said to have no source", async () => {
    const table = await visitor().table({ countries: ["DE", "NL", "CA"], criteria: everything });
    expect(table.countries.map((country) => country.name)).toEqual(["Germany", "Netherlands", "Canada"]);
    expect(table.rows.map((row) => row.criterion)).toEqual(everything);
    for (const row of table.rows) {
      expect(row.cells.map((cell) => cell.country)).toEqual(["DE", "NL", "CA"]);
      for (const cell of row.cells) {
        if ("missing" in cell) continue;
        expect(cell.sources.length, `${row.criterion} ${cell.country}`).toBeGreaterThan(0);
        expect(cell.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(cell.text.length).toBeGreaterThan(3);
      }
    }
    const funds = table.rows.find((row) => row.criterion === "proof-of-funds")!;
    const canada = funds.cells.find((cell) => cell.country === "CA")!;
    expect("missing" in canada).toBe(false);
    // Canada's amount is in Canadian dollars and converted at the stored rate, with the rate's day.
    expect(canada).toMatchObject({ inEuro: { per: "year", rateDate: table.rates!.value.date } });
    expect(table.rates!.sources.length).toBeGreaterThan(0);
  });

  it("marks exactly the cheapest proof of funds among Germany, Canada and Australia", async () => {
    const table = await visitor().table({ countries: ["DE", "CA", "AU"], criteria: ["proof-of-funds"] });
    const marked = table.rows[0]!.cells.filter((cell) => !("missing" in cell) && cell.best).map((cell) => cell.country);
    expect(marked).toEqual(["DE"]);
  });

  it("gives Germany's rents from the Cost Calculator's own city figures, so Munich's shared-flat room is inside the range", async () => {
    const table = await visitor().table({ countries: ["DE", "NL"], criteria: ["living-costs"] });
    const germany = table.rows[0]!.cells.find((cell) => cell.country === "DE")!;
    if ("missing" in germany) throw new Error("Germany's living costs are missing");
    const cities = readCityCostFiles();
    const rooms = cities.flatMap((city) => (city.rent.sharedFlat.amountEur === null ? [] : [city.rent.sharedFlat]));
    const low = Math.min(...rooms.map((room) => room.lowEur ?? room.amountEur!));
    const high = Math.max(...rooms.map((room) => room.highEur ?? room.amountEur!));
    expect(germany.detail?.text).toContain(`in the ${cities.length} cities of our Cost Calculator`);
    expect(germany.detail?.text).toContain(`€${low}–${high} for a room in a shared flat`);
    expect(germany.detail?.href).toBe("/tools/cost-calculator");
    const munich = cities.find((city) => city.slug === "munich")!.rent.sharedFlat;
    expect(munich.amountEur).not.toBeNull();
    expect(high).toBeGreaterThanOrEqual(munich.amountEur!);
    // The Netherlands has no such data: no detail is made up for it.
    const netherlands = table.rows[0]!.cells.find((cell) => cell.country === "NL")!;
    expect("detail" in netherlands && netherlands.detail).toBeFalsy();
  });

  it("answers a wrong choice with the form's message", async () => {
    const messageOf = async (input: unknown) => publicError(await errorOf(visitor().table(input as never))).message;
    expect(await messageOf({ countries: ["DE"], criteria: everything })).toContain("Pick at least 2 countries.");
    expect(await messageOf({ countries: ["DE", "NL", "CA", "AU", "US"], criteria: everything })).toContain("Pick at most 4 countries.");
    expect(await messageOf({ countries: ["DE", "ZZ"], criteria: everything })).toContain("Choose countries from the list.");
    expect(await messageOf({ countries: ["DE", "NL"], criteria: [] })).toContain("Choose at least one criterion.");
    expect((await errorOf(visitor().table({ countries: "DE,NL" } as never))).code).toBe("BAD_REQUEST");
  });
});

describe("admin.exchangeRates", () => {
  const update = {
    date: "2026-11-20",
    rates: [
      { currency: "USD", rate: 1.05 },
      { currency: "CAD", rate: 1.47 },
    ],
    sourceTitle: "ECB euro reference rates",
    sourceUrl: "https://www.ecb.europa.eu/stats/eurofxref",
  };

  it("is read by settings:view and changed only by designer:settings, each change audited", async () => {
    const designer = await createStaff(test.db, "designer");
    const backoffice = await createStaff(test.db, "backoffice");
    expect((await errorOf(backoffice.caller.admin.exchangeRates.update(update))).code).toBe("FORBIDDEN");

    const saved = await designer.caller.admin.exchangeRates.update(update);
    expect(saved.value).toEqual({ date: "2026-11-20", rates: { USD: 1.05, CAD: 1.47 } });
    expect(saved.sources).toEqual([{ title: update.sourceTitle, url: update.sourceUrl }]);
    const audit = await test.db.auditLog.findFirst({
      where: { action: "tools.exchange_rates_changed" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit).toMatchObject({ actorId: designer.claims.id, targetId: EXCHANGE_RATES_FACT_KEY });

    // The comparison converts with the new rates at once.
    const table = await visitor().table({ countries: ["DE", "CA"], criteria: ["proof-of-funds"] });
    expect(table.rates!.value.date).toBe("2026-11-20");
    const canada = table.rows[0]!.cells[1]!;
    expect(canada).toMatchObject({ inEuro: { rateDate: "2026-11-20" } });
  });

  it("keeps staff's rates when the data files are seeded again", async () => {
    await test.db.appSetting.delete({ where: { key: TOOLS_SEED_FINGERPRINT_KEY } });
    await seedTools(test.db);
    expect((await visitor().rates())!.value.date).toBe("2026-11-20");
  });

  it("refuses rates without a source, with a non-positive rate or a currency twice", async () => {
    const designer = await createStaff(test.db, "designer");
    const messageOf = async (input: unknown) =>
      publicError(await errorOf(designer.caller.admin.exchangeRates.update(input as never))).message;
    expect(await messageOf({ ...update, sourceUrl: "" })).toContain("Give the address of the page the rates come from");
    expect(await messageOf({ ...update, rates: [{ currency: "USD", rate: 0 }] })).toContain("A rate is a positive number.");
    expect(
      await messageOf({
        ...update,
        rates: [
          { currency: "USD", rate: 1 },
          { currency: "USD", rate: 2 },
        ],
      }),
    ).toContain("Each currency once.");
    expect(await messageOf({ ...update, date: "20.11.2026" })).toContain("Write the rates' date as YYYY-MM-DD.");
  });
});
