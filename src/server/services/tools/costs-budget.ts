import type { z } from "zod";
import { formatEuros } from "~/lib/plans";
import type { SourceRef } from "~/lib/schemas/tools/common";
import {
  type CityFigure,
  type CityFigures,
  type COST_FACT_SHAPES,
  type CostFactKey,
  type CostInput,
  HOUSING_LABELS,
  type HousingType,
  hasAmount,
  LIFESTYLE_DESCRIPTIONS,
  LIFESTYLE_FACTORS,
  LIFESTYLE_LABELS,
  type SemesterFigure,
} from "~/lib/schemas/tools/costs";
import { calendarDate } from "~/lib/ui/dates";
import { type FigureDating, oldestStale, type StaleFigure } from "./figure-age.service";

/*
 * The budget arithmetic of the Cost Calculator, without a database: the service reads the city and the
 * facts, this module turns them into lines, totals and the comparison with the blocked account.
 */

/** A fact as the calculator receives it: value, what it is, its sources and the day they were checked. */
interface Fact<T> extends FigureDating {
  label: string;
  value: T;
  sources: SourceRef[];
  checkedOn: string;
}
export type CostFacts = { [K in CostFactKey]: Fact<z.output<(typeof COST_FACT_SHAPES)[K]>> };

export interface BudgetCity {
  slug: string;
  name: string;
  state: string;
  figures: CityFigures;
}

type BudgetLineKey = "rent" | "semester" | "health" | "broadcasting" | "food" | "phone" | "studyMaterials" | "leisure";

interface BudgetLine {
  key: BudgetLineKey;
  label: string;
  /** Per month; null when no source gives the figure (the line is then left out of the totals). */
  monthlyEur: number | null;
  yearlyEur: number | null;
  /** What the figure is, as its source says. */
  what: string;
  /** How we used it: the share of a household, the lifestyle factor, the per-semester amount ... */
  notes: string[];
  sources: SourceRef[];
  checkedOn: string | null;
  /** Set when the figure is older than STALE_FIGURE_MONTHS at the time of the request: the period it is from. */
  stale: StaleFigure | null;
}

export interface BudgetResult {
  input: CostInput;
  city: { slug: string; name: string; state: string; university: string };
  housingLabel: string;
  lifestyle: { id: CostInput["lifestyle"]; label: string; description: string; factor: number };
  lines: BudgetLine[];
  monthlyTotalEur: number;
  yearlyTotalEur: number;
  /** Labels of the lines the totals include, and of those left out for want of a source. */
  includedLines: string[];
  missingLines: string[];
  blockedAccount: {
    label: string;
    monthlyEur: number;
    yearlyEur: number;
    sources: SourceRef[];
    checkedOn: string;
    stale: StaleFigure | null;
    /** Blocked-account monthly amount minus the monthly total: positive is a surplus, negative a shortfall. */
    differenceEur: number;
    /** The same for a year: the yearly blocked-account amount minus the yearly total. */
    yearlyDifferenceEur: number;
    status: "surplus" | "shortfall" | "even";
  };
  notes: { text: string; sources: SourceRef[]; checkedOn: string }[];
}

/** Euros to the cent, so that sums of rounded lines add up the same everywhere. */
function roundEuros(value: number): number {
  return Math.round(value * 100) / 100;
}

const RENT_KEYS: Record<HousingType, keyof CityFigures["rent"]> = {
  dorm: "dorm",
  "shared-flat": "sharedFlat",
  "own-flat": "ownFlat",
};

function monthlyLine(
  key: BudgetLineKey,
  label: string,
  monthlyEur: number | null,
  figure: { what: string; sources?: SourceRef[]; checkedOn?: string },
  notes: string[] = [],
): BudgetLine {
  const monthly = monthlyEur === null ? null : roundEuros(monthlyEur);
  return {
    key,
    label,
    monthlyEur: monthly,
    yearlyEur: monthly === null ? null : roundEuros(monthly * 12),
    what: figure.what,
    notes,
    sources: figure.sources ?? [],
    checkedOn: figure.checkedOn ?? null,
    // Set by computeBudget, which knows the request's time and every figure a line is built from.
    stale: null,
  };
}

/** The rent a lifestyle takes from a figure: the low or high end of the source's range, or its typical value. */
function rentForLifestyle(
  figure: CityFigure & { amountEur: number },
  lifestyle: CostInput["lifestyle"],
): { amountEur: number; note: string | null } {
  const lowerBoundOnly = figure.lowEur === figure.amountEur && figure.highEur === undefined;
  if (lowerBoundOnly)
    return {
      amountEur: figure.amountEur,
      note: "The source gives this as a lower bound ('from'), so rents may be higher, whatever the lifestyle.",
    };
  const hasRange = figure.lowEur !== undefined && figure.highEur !== undefined;
  if (!hasRange)
    return {
      amountEur: figure.amountEur,
      note: lifestyle === "typical" ? null : "The source gives one value, not a range, so the lifestyle does not change the rent.",
    };
  if (lifestyle === "frugal")
    return {
      amountEur: figure.lowEur!,
      note: `Frugal: the low end of the source's range (${formatEuros(figure.lowEur!)} to ${formatEuros(figure.highEur!)}).`,
    };
  if (lifestyle === "comfortable")
    return {
      amountEur: figure.highEur!,
      note: `Comfortable: the high end of the source's range (${formatEuros(figure.lowEur!)} to ${formatEuros(figure.highEur!)}).`,
    };
  return {
    amountEur: figure.amountEur,
    note: `Typical: the middle of the source's range (${formatEuros(figure.lowEur!)} to ${formatEuros(figure.highEur!)}).`,
  };
}

function rentLine(input: CostInput, figures: CityFigures): BudgetLine {
  const figure = figures.rent[RENT_KEYS[input.housing]];
  const label = `Rent: ${HOUSING_LABELS[input.housing].charAt(0).toLowerCase()}${HOUSING_LABELS[input.housing].slice(1)}`;
  if (!hasAmount(figure))
    return monthlyLine("rent", label, null, { what: figure.what }, ["No official figure: this line is left out of the total."]);
  const notes: string[] = [];
  const chosen = rentForLifestyle(figure, input.lifestyle);
  if (chosen.note) notes.push(chosen.note);
  let amount = chosen.amountEur;
  if (input.housing === "own-flat" && input.sharing > 1) {
    amount = chosen.amountEur / input.sharing;
    notes.push(`Your share: the flat's ${formatEuros(chosen.amountEur)} split between ${input.sharing} people.`);
  } else if (input.housing !== "own-flat" && input.sharing > 1) {
    notes.push("The rent of a room is per person, so sharing the household does not change it.");
  }
  return monthlyLine("rent", label, amount, figure, notes);
}

function semesterLine(figures: CityFigures): BudgetLine {
  const figure = figures.semesterContribution;
  const label = "Semester contribution";
  if (!hasAmount(figure))
    return monthlyLine("semester", label, null, { what: figure.what }, ["No official figure: this line is left out of the total."]);
  const notes = [`${formatEuros(figure.amountEur)} per semester, paid twice a year; shown here as a sixth per month.`];
  if (figure.includesTicket === false) notes.push("It does not include a full semester ticket for public transport.");
  const line = monthlyLine("semester", label, figure.amountEur / 6, figure, notes);
  return { ...line, yearlyEur: roundEuros(figure.amountEur * 2) };
}

/**
 * Statutory health and long-term care insurance for this age: the student rate up to the age limit,
 * then voluntary insurance at its minimum contribution (income above the minimum base costs more).
 */
function healthInsuranceLine(
  age: number,
  facts: Pick<
    CostFacts,
    "costs.health-insurance.student-rate" | "costs.health-insurance.age-limit" | "costs.health-insurance.voluntary-minimum"
  >,
): BudgetLine {
  const rate = facts["costs.health-insurance.student-rate"];
  const limit = facts["costs.health-insurance.age-limit"];
  if (age >= limit.value.studentRateUntilAge) return voluntaryInsuranceLine(facts);
  const label = "Health and long-term care insurance (statutory, student rate)";
  const v = rate.value;
  const higherCare = age >= v.higherCareFromAge;
  const care = higherCare ? v.careFrom23ChildlessEur : v.careUnder23Eur;
  const what =
    `Student rate from ${calendarDate(v.validFrom)} at ${v.insurer}: health insurance ${formatEuros(v.healthEur)} + ${v.insurer.replace(/ \(.*\)$/, "")}'s additional contribution (${v.additionalRatePercent}%) ${formatEuros(v.additionalEur)} + long-term care ${formatEuros(care)} ` +
    (higherCare ? `(childless from ${v.higherCareFromAge}).` : `(under ${v.higherCareFromAge}).`);
  const notes = ["Other statutory insurers charge the same except for their own additional contribution."];
  if (higherCare) notes.push(`With a child, long-term care costs ${formatEuros(v.careWithChildEur)} instead.`);
  return monthlyLine(
    "health",
    label,
    v.healthEur + v.additionalEur + care,
    { what, sources: [...rate.sources, ...limit.sources], checkedOn: rate.checkedOn },
    notes,
  );
}

/** From the age limit on: the minimum contribution of voluntary statutory insurance, with the student rate's insurer. */
function voluntaryInsuranceLine(
  facts: Pick<
    CostFacts,
    "costs.health-insurance.student-rate" | "costs.health-insurance.age-limit" | "costs.health-insurance.voluntary-minimum"
  >,
): BudgetLine {
  const minimum = facts["costs.health-insurance.voluntary-minimum"];
  const student = facts["costs.health-insurance.student-rate"].value;
  const limit = facts["costs.health-insurance.age-limit"].value.studentRateUntilAge;
  const m = minimum.value;
  const percentOfBase = (percent: number) => roundEuros((m.minimumBaseEur * percent) / 100);
  const health = percentOfBase(m.reducedRatePercent + student.additionalRatePercent);
  const care = percentOfBase(m.childlessCareRatePercent);
  const insurer = student.insurer.replace(/ \(.*\)$/, "");
  const what =
    `From ${limit}, students insure voluntarily. The minimum contribution from ${calendarDate(m.validFrom)}: on ${formatEuros(m.minimumBaseEur)} a month ` +
    `(a third of the reference value of ${formatEuros(m.referenceValueEur)}), health insurance ${m.reducedRatePercent}% + ${insurer}'s additional contribution ${student.additionalRatePercent}% = ${formatEuros(health)}, ` +
    `and long-term care ${m.childlessCareRatePercent}% (childless) = ${formatEuros(care)}.`;
  return monthlyLine(
    "health",
    "Health and long-term care insurance (statutory, voluntary from 30)",
    health + care,
    { what, sources: [...minimum.sources, ...facts["costs.health-insurance.age-limit"].sources], checkedOn: minimum.checkedOn },
    [
      `The least you pay: with an income above ${formatEuros(m.minimumBaseEur)} a month, the contribution is charged on that income.`,
      `With a child, long-term care costs ${formatEuros(percentOfBase(m.careRatePercent))} instead.`,
      "Other statutory insurers charge the same except for their own additional contribution.",
    ],
  );
}

function broadcastingLine(input: CostInput, fact: CostFacts["costs.broadcasting-fee"]): BudgetLine {
  const notes =
    input.sharing > 1
      ? [`Your share: ${formatEuros(fact.value.amountEur)} split between ${input.sharing} people in the household.`]
      : ["Paid in full by a household of one."];
  if (input.housing === "dorm")
    notes.push("A hall-of-residence room that opens onto a public corridor counts as a flat of its own and pays the full fee.");
  return monthlyLine(
    "broadcasting",
    "Broadcasting fee (Rundfunkbeitrag)",
    fact.value.amountEur / input.sharing,
    { what: fact.label, sources: fact.sources, checkedOn: fact.checkedOn },
    notes,
  );
}

function surveyLine(
  key: BudgetLineKey,
  label: string,
  fact: Fact<{ amountEur: number; survey: string }>,
  factor: number | null,
): BudgetLine {
  const notes: string[] = [];
  let amount = fact.value.amountEur;
  if (factor !== null && factor !== 1) {
    amount = fact.value.amountEur * factor;
    notes.push(
      `${Math.round(factor * 100)}% of ${formatEuros(fact.value.amountEur)} for your lifestyle: a planning margin that is our assumption, not a survey figure.`,
    );
  }
  return monthlyLine(key, label, amount, { what: fact.label, sources: fact.sources, checkedOn: fact.checkedOn }, notes);
}

/** The figures each line is computed from, whose oldest dates the line. */
function lineFigures(input: CostInput, city: BudgetCity, facts: CostFacts): Record<BudgetLineKey, FigureDating[]> {
  const rate = facts["costs.health-insurance.student-rate"];
  const voluntary = input.age >= facts["costs.health-insurance.age-limit"].value.studentRateUntilAge;
  const cityFigure = (figure: CityFigure | SemesterFigure) => (hasAmount(figure) ? [figure] : []);
  return {
    rent: cityFigure(city.figures.rent[RENT_KEYS[input.housing]]),
    semester: cityFigure(city.figures.semesterContribution),
    // The voluntary rate adds the student rate's additional contribution, so both figures count.
    health: voluntary ? [facts["costs.health-insurance.voluntary-minimum"], rate] : [rate],
    broadcasting: [facts["costs.broadcasting-fee"]],
    food: [facts["costs.food"]],
    phone: [facts["costs.phone-internet"]],
    studyMaterials: [facts["costs.study-materials"]],
    leisure: [facts["costs.leisure"]],
  };
}

/**
 * The monthly and yearly budget for these inputs, every line with its source, and the blocked-account
 * comparison. Figures older than STALE_FIGURE_MONTHS at `now` carry the period they are from.
 */
export function computeBudget(input: CostInput, city: BudgetCity, facts: CostFacts, now: Date = new Date()): BudgetResult {
  const factor = LIFESTYLE_FACTORS[input.lifestyle];
  const figuresOf = lineFigures(input, city, facts);
  const built: BudgetLine[] = [
    rentLine(input, city.figures),
    semesterLine(city.figures),
    healthInsuranceLine(input.age, facts),
    broadcastingLine(input, facts["costs.broadcasting-fee"]),
    surveyLine("food", "Food", facts["costs.food"], factor),
    surveyLine("phone", "Phone and internet", facts["costs.phone-internet"], factor),
    surveyLine("studyMaterials", "Study materials", facts["costs.study-materials"], null),
    surveyLine("leisure", "Leisure, culture and sport", facts["costs.leisure"], factor),
  ];
  const lines = built.map((line) => ({ ...line, stale: oldestStale(figuresOf[line.key], now) }));
  const counted = lines.filter((line) => line.monthlyEur !== null);
  const monthlyTotalEur = roundEuros(counted.reduce((sum, line) => sum + (line.monthlyEur ?? 0), 0));
  const yearlyTotalEur = roundEuros(counted.reduce((sum, line) => sum + (line.yearlyEur ?? 0), 0));
  const blocked = facts["blocked-account.monthly"];
  const blockedYearly = facts["blocked-account.yearly"];
  const differenceEur = roundEuros(blocked.value.amountEur - monthlyTotalEur);
  return {
    input,
    city: { slug: city.slug, name: city.name, state: city.state, university: city.figures.university },
    housingLabel: HOUSING_LABELS[input.housing],
    lifestyle: {
      id: input.lifestyle,
      label: LIFESTYLE_LABELS[input.lifestyle],
      description: LIFESTYLE_DESCRIPTIONS[input.lifestyle],
      factor,
    },
    lines,
    monthlyTotalEur,
    yearlyTotalEur,
    includedLines: counted.map((line) => line.label),
    missingLines: lines.filter((line) => line.monthlyEur === null).map((line) => line.label),
    blockedAccount: {
      label: blocked.label,
      monthlyEur: blocked.value.amountEur,
      yearlyEur: blockedYearly.value.amountEur,
      sources: blocked.sources,
      checkedOn: blocked.checkedOn,
      stale: oldestStale([blocked, blockedYearly], now),
      differenceEur,
      yearlyDifferenceEur: roundEuros(blockedYearly.value.amountEur - yearlyTotalEur),
      status: differenceEur > 0 ? "surplus" : differenceEur < 0 ? "shortfall" : "even",
    },
    notes: [
      {
        text: facts["costs.health-insurance.private-option"].value.summary,
        sources: facts["costs.health-insurance.private-option"].sources,
        checkedOn: facts["costs.health-insurance.private-option"].checkedOn,
      },
    ],
  };
}
