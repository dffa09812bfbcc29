import { z } from "zod";
import {
  type CompareInput,
  EXCHANGE_RATES_FACT_KEY,
  type ExchangeRatesUpdate,
  type ExchangeRatesValue,
  exchangeRatesValueSchema,
} from "~/lib/schemas/tools/compare";
import { COST_CALCULATOR_PATH } from "~/lib/schemas/tools/costs";
import { contentEdited } from "~/server/cache/content-cache";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { AuditActor } from "../audit.service";
import { recordAudit } from "../audit.service";
import { buildComparison, type Comparison, isMissingCell } from "./compare-table";
import { germanRentRanges, type RentRange } from "./costs.service";
import { readFactsWithPrefix, type SourcedFact } from "./facts.service";

/** The stored exchange rates with their source, or null before any are stored. */
export async function readExchangeRates(db: Db): Promise<SourcedFact<ExchangeRatesValue> | null> {
  const [rates] = await readFactsWithPrefix(db, EXCHANGE_RATES_FACT_KEY, exchangeRatesValueSchema);
  return rates ?? null;
}

/** The comparison of the chosen destinations on the chosen criteria, from the seeded cells. */
export async function compareCountries(db: Db, input: CompareInput): Promise<Comparison> {
  const cells = await readFactsWithPrefix(db, "compare.", z.unknown());
  const rates = await readExchangeRates(db);
  const comparison = buildComparison(input, new Map(cells.map((cell) => [cell.key, cell])), rates);
  const germany = comparison.rows.find((row) => row.criterion === "living-costs")?.cells.find((cell) => cell.country === "DE");
  if (germany && !isMissingCell(germany)) germany.detail = await germanRentsDetail(db);
  return comparison;
}

const euros = (range: RentRange) => (range.low === range.high ? `€${range.low}` : `€${range.low}–${range.high}`);

/** Germany's rents from the Cost Calculator's own city figures, so the two pages agree; null when it has none. */
async function germanRentsDetail(db: Db) {
  const { dorm, sharedFlat, cities } = await germanRentRanges(db);
  const parts = [
    dorm ? `${euros(dorm)} for a room in a student residence` : null,
    sharedFlat ? `${euros(sharedFlat)} for a room in a shared flat` : null,
  ].filter(Boolean);
  if (!parts.length) return null;
  return {
    text: `Rent a month in the ${cities} cities of our Cost Calculator: ${parts.join(", ")}. Each city's figure is shown there with its source.`,
    href: COST_CALCULATOR_PATH,
    label: "Rents by city in the Cost Calculator",
  };
}

const NO_RATES_MESSAGE = "No exchange rates are stored yet: run the seed.";

/**
 * Stores new exchange rates from /admin: the fact keeps staff's values at the next seed
 * (customizedAt), and the change is audited with the rates before and after.
 */
export async function updateExchangeRates(db: Db, actor: AuditActor, input: ExchangeRatesUpdate): Promise<SourcedFact<ExchangeRatesValue>> {
  const value: ExchangeRatesValue = {
    date: input.date,
    rates: Object.fromEntries(input.rates.map((row) => [row.currency, row.rate])),
  };
  const sources = [{ title: input.sourceTitle, url: input.sourceUrl }];
  const checkedOn = new Date().toISOString().slice(0, 10);
  await db.$transaction(async (tx) => {
    const before = await tx.toolFact.findUnique({ where: { key: EXCHANGE_RATES_FACT_KEY } });
    if (!before) throw new AppError("NOT_FOUND", NO_RATES_MESSAGE);
    await tx.toolFact.update({
      where: { key: EXCHANGE_RATES_FACT_KEY },
      data: { label: `Euro reference rates of ${input.date}`, value, sources, checkedOn, customizedAt: new Date() },
    });
    await recordAudit(tx, actor, {
      action: "tools.exchange_rates_changed",
      targetType: "tool_fact",
      targetId: EXCHANGE_RATES_FACT_KEY,
      before: { value: before.value, sources: before.sources },
      after: { value, sources },
    });
  });
  contentEdited("tools"); // the editor's next read, this one included, sees the new rates at once
  return (await readExchangeRates(db))!;
}
