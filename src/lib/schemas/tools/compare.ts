import { z } from "zod";
import type { StaffAccess } from "../../admin-sections";
import {
  COMPARE_COUNTRIES,
  COMPARE_CRITERIA,
  type CompareCountry,
  type CompareCriterion,
  MAX_COMPARED,
  MIN_COMPARED,
} from "./compare-choices";

/**
 * The country comparison (/compare): Germany beside the destinations students weigh against it. Each
 * cell is a tool fact of src/content/tools/facts/compare.json keyed `compare.<country>.<criterion>`
 * (country in lower case, e.g. compare.nl.proof-of-funds) whose label is the cell's text; a cell no
 * official source gives is simply absent, and the page says so.
 */
/** ISO 4217 code, e.g. EUR, GBP, CAD. */
const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, "A currency is its three-letter ISO code, e.g. CAD.");

/**
 * An amount of money as its source states it: `amount` is the figure (the lower end of a range, 0 for
 * "no fee"), `max` the upper end of a range, `per` the period it covers ("once" for a fee), and
 * `periods` how many of them a requirement covers where that is not a year (the UK asks for 9 months).
 */
const moneyValueSchema = z.object({
  amount: z.number().min(0),
  max: z.number().min(0).optional(),
  currency: currencyCodeSchema,
  per: z.enum(["year", "semester", "month", "once"]),
  periods: z.number().int().positive().optional(),
});
export type MoneyValue = z.infer<typeof moneyValueSchema>;

/** What each criterion's value looks like; the cell's words are the fact's label. */
export const compareValueSchemas = {
  "tuition-non-eu": moneyValueSchema,
  "tuition-eu": moneyValueSchema,
  "proof-of-funds": moneyValueSchema,
  "living-costs": moneyValueSchema,
  // Hours a week during term where the rule is stated in hours; a rule in days a year as daysPerYear.
  "work-hours": z
    .object({
      hoursPerWeek: z.number().min(0).optional(),
      daysPerYear: z.object({ full: z.number().int().min(0), half: z.number().int().min(0).optional() }).optional(),
    })
    .refine((value) => value.hoursPerWeek !== undefined || value.daysPerYear !== undefined, "Give hoursPerWeek or daysPerYear."),
  "post-study-stay": z.object({ months: z.number().min(0) }),
  // A count or share where an official source gives one; otherwise the languages teaching is in (not ranked).
  "english-programmes": z
    .object({
      count: z.number().int().min(0).optional(),
      sharePercent: z.number().min(0).max(100).optional(),
      instructionLanguages: z.array(z.string().min(2)).min(1).optional(),
    })
    .refine(
      (value) => value.count !== undefined || value.sharePercent !== undefined || value.instructionLanguages !== undefined,
      "Give count, sharePercent or instructionLanguages.",
    ),
  "visa-fee": moneyValueSchema,
  language: z.object({ languages: z.array(z.string().min(2)).min(1) }),
} satisfies Record<CompareCriterion, z.ZodType>;

/** The fact key of a cell. */
export function compareFactKey(country: CompareCountry, criterion: CompareCriterion): string {
  return `compare.${country.toLowerCase()}.${criterion}`;
}

/** Stored exchange rates (ECB convention: 1 EUR = rate units of the currency) and the day they are for. */
export const EXCHANGE_RATES_FACT_KEY = "compare.exchange-rates";
export const exchangeRatesValueSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "The rates' date is written YYYY-MM-DD."),
  rates: z.record(currencyCodeSchema, z.number().positive("A rate is a positive number.")),
});
export type ExchangeRatesValue = z.infer<typeof exchangeRatesValueSchema>;

const distinct = <T>(values: T[]) => new Set(values).size === values.length;

/** The comparison a visitor asks for: 2 to 4 destinations and the criteria that matter to them. */
export const compareInputSchema = z.object({
  countries: z
    .array(z.enum(COMPARE_COUNTRIES, { error: "Choose countries from the list." }), {
      error: "Choose the countries to compare.",
    })
    .min(MIN_COMPARED, `Pick at least ${MIN_COMPARED} countries.`)
    .max(MAX_COMPARED, `Pick at most ${MAX_COMPARED} countries.`)
    .refine(distinct, "Each country once."),
  criteria: z
    .array(z.enum(COMPARE_CRITERIA, { error: "Choose criteria from the list." }), { error: "Choose what to compare." })
    .min(1, "Choose at least one criterion.")
    .refine(distinct, "Each criterion once."),
});
export type CompareInput = z.infer<typeof compareInputSchema>;

/** Who may change the stored rates; settings:view may only read them (the section's access). */
export const EXCHANGE_RATES_WRITE_ACCESS = ["designer:settings"] as const satisfies StaffAccess;

/** A change of the stored exchange rates in /admin: the day they are for, the rates and the page they come from. */
export const exchangeRatesUpdateSchema = z.object({
  date: z.string({ error: "The rates' date is required." }).regex(/^\d{4}-\d{2}-\d{2}$/, "Write the rates' date as YYYY-MM-DD."),
  rates: z
    .array(
      z.object({
        currency: currencyCodeSchema,
        rate: z.number({ error: "A rate is a number." }).positive("A rate is a positive number.").max(1_000_000, "That rate is too large."),
      }),
    )
    .min(1, "Give at least one rate.")
    .refine((rows) => distinct(rows.map((row) => row.currency)), "Each currency once."),
  sourceTitle: z.string({ error: "Name the page the rates come from." }).trim().min(3, "Name the page the rates come from."),
  sourceUrl: z
    .string({ error: "Give the address of the page the rates come from." })
    .trim()
    .url("Give the address of the page the rates come from (https://...)."),
});
export type ExchangeRatesUpdate = z.infer<typeof exchangeRatesUpdateSchema>;

/** Stored exchange rates older than this are flagged beside the converted amounts. */
export const RATES_STALE_DAYS = 90;
