import { countryName } from "~/lib/options";
import type { SourceRef } from "~/lib/schemas/tools/common";
import {
  type CompareInput,
  compareFactKey,
  compareValueSchemas,
  type ExchangeRatesValue,
  type MoneyValue,
  RATES_STALE_DAYS,
} from "~/lib/schemas/tools/compare";
import { COMPARE_CRITERION_LABELS, type CompareCountry, type CompareCriterion } from "~/lib/schemas/tools/compare-choices";
import type { SourcedFact } from "./facts.service";
import { type StaleFigure, staleFigure } from "./figure-age.service";

/** An amount converted to euros at the stored rate, with the day of the rate. */
export interface EuroValue {
  amount: number;
  max?: number;
  per: MoneyValue["per"];
  rateDate: string;
}

export interface CompareCell {
  country: CompareCountry;
  /** The cell's words, as the source states the figure or rule. */
  text: string;
  sources: SourceRef[];
  checkedOn: string;
  /** A figure in another currency, converted at the stored rate; null for euros and non-money rows. */
  inEuro: EuroValue | null;
  /** The best value of its row (the lowest cost, the most hours or months). */
  best: boolean;
  /** What the product's own sourced data adds (Germany's rents from the Cost Calculator), with where to read it. */
  detail?: { text: string; href: string; label: string } | null;
  /** Set when the figure is older than STALE_FIGURE_MONTHS: the period it is from. */
  stale: StaleFigure | null;
}

/** A cell no official source gives: the page says so instead of guessing. */
export interface MissingCell {
  country: CompareCountry;
  missing: true;
}

interface CompareRow {
  criterion: CompareCriterion;
  title: string;
  /** How the best value is chosen; null where values are not ranked (languages). */
  ranking: "lowest" | "highest" | null;
  cells: (CompareCell | MissingCell)[];
}

export interface Comparison {
  countries: { code: CompareCountry; name: string }[];
  rows: CompareRow[];
  /** The stored rates used for the conversions, with their source. */
  rates: SourcedFact<ExchangeRatesValue> | null;
  /** Whether those rates are older than RATES_STALE_DAYS, so converted amounts may be off. */
  ratesStale: boolean;
}

const MONEY_ROWS = new Set<CompareCriterion>(["tuition-non-eu", "tuition-eu", "proof-of-funds", "living-costs", "visa-fee"]);
const PER_YEAR: Record<MoneyValue["per"], number> = { year: 1, semester: 2, month: 12, once: 1 };

export function isMissingCell(cell: CompareCell | MissingCell): cell is MissingCell {
  return "missing" in cell;
}

/** The amount in euros at the stored rate (1 EUR = rate units); null when no rate is stored for the currency. */
export function toEuro(money: MoneyValue, rates: ExchangeRatesValue | null): EuroValue | null {
  if (money.currency === "EUR") return { amount: money.amount, max: money.max, per: money.per, rateDate: "" };
  const rate = rates?.rates[money.currency];
  if (!rate || !rates) return null;
  const convert = (amount: number) => Math.round(amount / rate);
  return {
    amount: convert(money.amount),
    max: money.max === undefined ? undefined : convert(money.max),
    per: money.per,
    rateDate: rates.date,
  };
}

/** The number a row is ranked by, or null when the cell cannot be ranked against the others. */
function scoreOf(
  criterion: CompareCriterion,
  value: unknown,
  rates: ExchangeRatesValue | null,
  englishBy: "count" | "sharePercent",
): number | null {
  if (MONEY_ROWS.has(criterion)) {
    const money = value as MoneyValue;
    const euro = toEuro(money, rates);
    // What the requirement or cost comes to over the year (or the months a requirement covers).
    return euro ? euro.amount * (money.periods ?? PER_YEAR[euro.per]) : null;
  }
  if (criterion === "work-hours") return (value as { hoursPerWeek?: number }).hoursPerWeek ?? null;
  if (criterion === "post-study-stay") return (value as { months: number }).months;
  if (criterion === "english-programmes") return (value as { count?: number; sharePercent?: number })[englishBy] ?? null;
  return null;
}

function rankingOf(criterion: CompareCriterion): CompareRow["ranking"] {
  if (MONEY_ROWS.has(criterion)) return "lowest";
  return criterion === "language" ? null : "highest";
}

/**
 * The comparison table for the chosen countries and criteria from the stored cells (facts keyed
 * compare.<country>.<criterion>): each cell with its sources, money converted to euros at the stored
 * rate, and the best value of each row marked where every country's cell can be ranked and they differ.
 */
export function buildComparison(
  input: CompareInput,
  facts: ReadonlyMap<string, SourcedFact<unknown>>,
  rates: SourcedFact<ExchangeRatesValue> | null,
  now = new Date(),
): Comparison {
  const rows = input.criteria.map((criterion): CompareRow => {
    const ranking = rankingOf(criterion);
    const found = input.countries.map((country) => {
      const fact = facts.get(compareFactKey(country, criterion));
      if (!fact) return { country, fact: null, value: null };
      const value = compareValueSchemas[criterion].safeParse(fact.value);
      // The seed validates the files; a cell that no longer parses was broken by hand and must not be shown half right.
      if (!value.success) throw new Error(`The comparison cell "${fact.key}" does not have the expected shape.`);
      return { country, fact, value: value.data as unknown };
    });
    const withCount = found.filter((entry) => (entry.value as { count?: number } | null)?.count !== undefined).length;
    const englishBy = withCount >= 2 ? "count" : "sharePercent";
    const scores = found.map((entry) => (entry.fact && ranking ? scoreOf(criterion, entry.value, rates?.value ?? null, englishBy) : null));
    const ranked = scores.filter((score): score is number => score !== null);
    const bestScore = ranking === "lowest" ? Math.min(...ranked) : Math.max(...ranked);
    // A best value only among the countries with a figure is no winner: a row is marked only when every country has one.
    const marks = ranked.length === found.length && ranked.length >= 2 && new Set(ranked).size > 1;
    const cells = found.map((entry, index): CompareCell | MissingCell => {
      if (!entry.fact) return { country: entry.country, missing: true };
      const money = MONEY_ROWS.has(criterion) ? (entry.value as MoneyValue) : null;
      return {
        country: entry.country,
        text: entry.fact.label,
        sources: entry.fact.sources,
        checkedOn: entry.fact.checkedOn,
        inEuro: money && money.currency !== "EUR" ? toEuro(money, rates?.value ?? null) : null,
        best: marks && scores[index] === bestScore,
        stale: staleFigure(entry.fact, now),
      };
    });
    return { criterion, title: COMPARE_CRITERION_LABELS[criterion], ranking, cells };
  });
  const ratesAgeDays = rates ? (now.getTime() - Date.parse(`${rates.value.date}T00:00:00Z`)) / 86_400_000 : 0;
  return {
    countries: input.countries.map((code) => ({ code, name: countryName(code) })),
    rows,
    rates,
    ratesStale: ratesAgeDays > RATES_STALE_DAYS,
  };
}
