import { z } from "zod";
import { checkedOnSchema, sourcedSchema } from "./common";
import { savedTitleSchema } from "./saved";

/*
 * The Cost Calculator: the inputs (one schema for the form, the router, the share link and the tests),
 * the city data files (src/content/tools/costs/*.json) and the national figures it reads from
 * src/content/tools/facts/costs.json.
 */

// ---------------------------------------------------------------- inputs

export const HOUSING_TYPES = ["dorm", "shared-flat", "own-flat"] as const;
export type HousingType = (typeof HOUSING_TYPES)[number];

export const HOUSING_LABELS: Record<HousingType, string> = {
  dorm: "Room in a student residence (dorm)",
  "shared-flat": "Room in a shared flat (WG)",
  "own-flat": "Own flat",
};

export const LIFESTYLES = ["frugal", "typical", "comfortable"] as const;
export type Lifestyle = (typeof LIFESTYLES)[number];

/**
 * How the lifestyle changes the budget. The surveys we cite publish averages only, not quartiles, so the
 * factors are our assumption, said as such wherever they are used: a planning margin of about a fifth
 * below and a quarter above the average on the lines a student can steer (food, phone and internet,
 * leisure). Where a rent source gives a range, frugal takes its low end and comfortable its high end.
 */
export const LIFESTYLE_FACTORS: Record<Lifestyle, number> = { frugal: 0.8, typical: 1, comfortable: 1.25 };

export const LIFESTYLE_LABELS: Record<Lifestyle, string> = {
  frugal: "Frugal",
  typical: "Typical",
  comfortable: "Comfortable",
};

export const LIFESTYLE_DESCRIPTIONS: Record<Lifestyle, string> = {
  frugal: "Rent at the low end of the source's range; food, phone and leisure at 80% of the survey average (our assumption).",
  typical: "Rent at the source's typical value (or the middle of its range); food, phone and leisure at the survey average.",
  comfortable: "Rent at the high end of the source's range; food, phone and leisure at 125% of the survey average (our assumption).",
};

/** The youngest and oldest ages the calculator accepts (the student rate of health insurance ends at 30). */
export const MIN_AGE = 16;
export const MAX_AGE = 99;
/** At most this many people share a household (the broadcasting fee, an own flat's rent). */
export const MAX_SHARING = 10;

/** A number field that may arrive as text (a form field, the query string): "24" becomes 24, "abc" stays invalid. */
function wholeNumber(messages: { missing: string; invalid: string; min: [number, string]; max: [number, string] }) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
    z
      .number({
        error: (issue) => (issue.input === undefined || issue.input === "" ? messages.missing : messages.invalid),
      })
      .int(messages.invalid)
      .min(messages.min[0], messages.min[1])
      .max(messages.max[0], messages.max[1]),
  );
}

const citySlugSchema = z
  .string({ error: "Choose a city." })
  .trim()
  .min(1, "Choose a city.")
  .max(80, "Choose a city from the list.")
  .regex(/^[a-z0-9-]+$/, "Choose a city from the list.");

export const costInputSchema = z.object({
  city: citySlugSchema,
  housing: z.enum(HOUSING_TYPES, { error: "Choose a housing type: dorm, shared flat or own flat." }),
  age: wholeNumber({
    missing: "Enter your age.",
    invalid: "Enter your age in years as a whole number.",
    min: [MIN_AGE, `Enter an age of ${MIN_AGE} or more.`],
    max: [MAX_AGE, `Enter an age of ${MAX_AGE} or less.`],
  }),
  lifestyle: z.enum(LIFESTYLES, { error: "Choose a lifestyle: frugal, typical or comfortable." }).default("typical"),
  sharing: wholeNumber({
    missing: "Enter how many people share your household.",
    invalid: "Enter the number of people in your household as a whole number.",
    min: [1, "A household has at least 1 person (you)."],
    max: [MAX_SHARING, `Enter at most ${MAX_SHARING} people.`],
  }).default(1),
});
export type CostInput = z.output<typeof costInputSchema>;
export type CostFormValues = z.input<typeof costInputSchema>;

export const costSaveSchema = costInputSchema.extend({ title: savedTitleSchema });

/** The path of the calculator with these inputs in the query string: the share link, and the profile's link back. */
export const COST_CALCULATOR_PATH = "/tools/cost-calculator";
export function costCalculatorHref(input: CostInput): string {
  const query = new URLSearchParams({
    city: input.city,
    housing: input.housing,
    age: String(input.age),
    lifestyle: input.lifestyle,
    sharing: String(input.sharing),
  });
  return `${COST_CALCULATOR_PATH}?${query.toString()}`;
}

/** The inputs of a share link (all strings, maybe partial): a valid set, or null and the fields it has. */
export function costInputFromQuery(query: Record<string, string | string[] | undefined>): {
  input: CostInput | null;
  values: Partial<Record<keyof CostInput, string>>;
} {
  const values: Partial<Record<keyof CostInput, string>> = {};
  for (const key of ["city", "housing", "age", "lifestyle", "sharing"] as const) {
    const raw = query[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value !== undefined && value !== "") values[key] = value;
  }
  const parsed = costInputSchema.safeParse(values);
  return { input: parsed.success ? parsed.data : null, values };
}

// ---------------------------------------------------------------- city data files

/** A sourced figure: what it is, its value in euros (and the range the source gives), its sources. */
const costFigureSchema = sourcedSchema
  .extend({
    amountEur: z.number().nonnegative(),
    lowEur: z.number().nonnegative().optional(),
    highEur: z.number().nonnegative().optional(),
    what: z.string().trim().min(10, "Say what the figure is."),
  })
  .refine((figure) => figure.lowEur === undefined || figure.lowEur <= figure.amountEur, "lowEur must not exceed amountEur.")
  .refine((figure) => figure.highEur === undefined || figure.highEur >= figure.amountEur, "highEur must not be below amountEur.");

/** A line no official or primary source gives: shown as such and left out of the total. */
const costGapSchema = z.object({
  amountEur: z.null(),
  what: z.string().trim().min(10, "Say why there is no figure."),
});

const cityFigureSchema = z.union([costFigureSchema, costGapSchema]);
export type CityFigure = z.infer<typeof cityFigureSchema>;

/** The semester contribution, and whether it includes a semester ticket for public transport. */
const semesterFigureSchema = z.union([
  sourcedSchema.extend({
    amountEur: z.number().positive(),
    lowEur: z.number().positive().optional(),
    highEur: z.number().positive().optional(),
    what: z.string().trim().min(10),
    includesTicket: z.boolean().optional(),
  }),
  costGapSchema,
]);
export type SemesterFigure = z.infer<typeof semesterFigureSchema>;

const cityRentSchema = z.object({
  dorm: cityFigureSchema,
  sharedFlat: cityFigureSchema,
  ownFlat: cityFigureSchema,
});

/** One file of src/content/tools/costs: a city and its sourced figures. */
export const cityCostFileSchema = z.object({
  slug: citySlugSchema,
  name: z.string().trim().min(2),
  state: z.string().trim().min(2),
  university: z.string().trim().min(3),
  rent: cityRentSchema,
  semesterContribution: semesterFigureSchema,
});
export type CityCostFile = z.infer<typeof cityCostFileSchema>;

/** What the CityCost row keeps in its `figures` column. */
export const cityFiguresSchema = cityCostFileSchema.pick({ university: true, rent: true, semesterContribution: true });
export type CityFigures = z.infer<typeof cityFiguresSchema>;

/** Whether a figure carries a value (and its sources). */
export function hasAmount<F extends { amountEur: number | null }>(figure: F): figure is F & { amountEur: number } {
  return figure.amountEur !== null;
}

// ---------------------------------------------------------------- national figures (facts/costs.json)

const euros = z.number().nonnegative();

/** Keys and value shapes of the facts the calculator reads. */
export const COST_FACT_SHAPES = {
  "costs.broadcasting-fee": z.object({ amountEur: euros }),
  "costs.health-insurance.student-rate": z.object({
    validFrom: checkedOnSchema,
    insurer: z.string().min(2),
    healthEur: euros,
    additionalEur: euros,
    additionalRatePercent: z.number().positive(),
    careUnder23Eur: euros,
    careFrom23ChildlessEur: euros,
    careWithChildEur: euros,
    higherCareFromAge: z.number().int().positive(),
  }),
  "costs.health-insurance.age-limit": z.object({ studentRateUntilAge: z.number().int().positive() }),
  "costs.health-insurance.voluntary-minimum": z.object({
    validFrom: checkedOnSchema,
    referenceValueEur: euros,
    minimumBaseEur: euros,
    reducedRatePercent: z.number().positive(),
    careRatePercent: z.number().positive(),
    childlessCareRatePercent: z.number().positive(),
  }),
  "costs.health-insurance.private-option": z.object({ summary: z.string().min(20) }),
  "costs.food": z.object({ amountEur: euros, survey: z.string().min(5) }),
  "costs.phone-internet": z.object({ amountEur: euros, survey: z.string().min(5) }),
  "costs.study-materials": z.object({ amountEur: euros, survey: z.string().min(5) }),
  "costs.leisure": z.object({ amountEur: euros, survey: z.string().min(5) }),
  "blocked-account.monthly": z.object({ amountEur: euros }),
  "blocked-account.yearly": z.object({ amountEur: euros }),
} as const;
export type CostFactKey = keyof typeof COST_FACT_SHAPES;
