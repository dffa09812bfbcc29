import { z } from "zod";
import { countryName } from "~/lib/options";
import { type SourceRef, sourceRefSchema } from "~/lib/schemas/tools/common";
import { SHORT_STAY_FACT_KEY, type ShortStayFile, shortStayFileSchema, type VisaCheckInput } from "~/lib/schemas/tools/visa";
import {
  FUNDING_PLAN_LABELS,
  type FundingPlan,
  VISA_PURPOSE_LABELS,
  VISA_PURPOSES,
  type VisaPurpose,
} from "~/lib/schemas/tools/visa-choices";
import type { SourcedFact } from "./facts.service";
import { type StaleFigure, staleFigure } from "./figure-age.service";

/*
 * The Visa Checker's rules. Every statement comes from a fact of src/content/tools/facts/visa.json
 * (or shared.json, or the short-stay dataset) with its sources and checked date; this file only decides
 * which facts apply to an answer. Pure: the service reads the facts, the unit tests read the files.
 */

const text = z.string().min(3);
const countryList = z.array(z.string().regex(/^[A-Z]{2}$/)).min(1);
const purposeList = z.array(z.enum(VISA_PURPOSES));
const textFact = z.object({ text });
const fundingFact = z.object({ text, document: text, visaFreeText: text.optional() });
const apsFact = z.object({
  country: z.string().regex(/^[A-Z]{2}$/),
  document: text,
  required: purposeList.min(1),
  notRequired: purposeList,
  text,
  notRequiredText: text.optional(),
  exemptionText: text.optional(),
});
const purposeFact = z.object({
  purposes: purposeList.min(1),
  title: text,
  legalBasis: text,
  summary: text,
  economicActivity: z.boolean(),
  funds: z.enum(["student", "study-applicant", "opportunity-card", "salary", "training", "graduate"]),
  checklist: z.array(text).min(1),
  requiresGermanTitle: z.boolean().optional(),
  requiresGermanTitleText: text.optional(),
  minimumPoints: z.number().int().positive().optional(),
  pointsText: text.optional(),
});
const processingFact = z.object({ purposes: purposeList.min(1), text });
const amountFact = z.object({ amountEur: z.number().positive() });

/** Every fact the Visa Checker reads, with the shape its value must have. */
export const VISA_FACT_SHAPES = {
  "blocked-account.yearly": amountFact,
  "blocked-account.monthly": amountFact,
  "visa.entry.free-movement": z.object({ countries: countryList, text }),
  "visa.entry.aufenthv-41-1": z.object({ countries: countryList, text }),
  "visa.entry.aufenthv-41-2": z.object({ countries: countryList, text, economicActivityText: text }),
  "visa.entry.aufenthv-41-deadline": z.object({ days: z.number().int().positive(), text }),
  "visa.entry.national-visa": textFact,
  "visa.entry.in-germany": textFact,
  "visa.purpose.study": purposeFact,
  "visa.purpose.studienkolleg": purposeFact,
  "visa.purpose.language-course": purposeFact,
  "visa.purpose.study-application": purposeFact,
  "visa.purpose.job-search-graduate": purposeFact,
  "visa.purpose.opportunity-card": purposeFact,
  "visa.purpose.skilled-work": purposeFact,
  "visa.purpose.vocational-training": purposeFact,
  "visa.aps.in": apsFact,
  "visa.aps.cn": apsFact,
  "visa.aps.vn": apsFact,
  "visa.funding.blocked-account": fundingFact,
  "visa.funding.scholarship": fundingFact,
  "visa.funding.commitment": fundingFact,
  "visa.funding.parents": fundingFact,
  "visa.funding.other": fundingFact,
  "visa.funds.study-applicant": textFact,
  "visa.funds.opportunity-card": textFact,
  "visa.funds.salary": textFact,
  "visa.funds.training": textFact,
  "visa.funds.graduate": textFact,
  "visa.fee.national-visa": z.object({ adultEur: z.number().positive(), minorEur: z.number().positive(), text }),
  "visa.fee.scholarship-waiver": textFact,
  "visa.fee.residence-permit": z.object({ amountEur: z.number().positive(), text }),
  "visa.processing.cairo": processingFact,
  "visa.processing.tashkent": processingFact,
  "visa.processing.jakarta-opportunity-card": processingFact,
  "visa.processing.bishkek-training": processingFact,
  "visa.checklist.general": z.object({ items: z.array(text).min(1) }),
  "visa.after-arrival.registration": z.object({ days: z.number().int().positive(), text }),
  "visa.after-arrival.residence-permit": textFact,
  "visa.after-arrival.eu": textFact,
  "visa.short-stay.schengen": textFact,
  [SHORT_STAY_FACT_KEY]: shortStayFileSchema,
} satisfies Record<string, z.ZodType>;

type Shapes = typeof VISA_FACT_SHAPES;
export type VisaFacts = { [K in keyof Shapes]: SourcedFact<z.output<Shapes[K]>> };
type FactKey = keyof Shapes;

/** Facts given as records (from the data files in tests), checked against their shapes. */
export function visaFactsFromRecords(
  records: {
    key: string;
    label: string;
    value: unknown;
    sources: SourceRef[];
    checkedOn: string;
    figureDate?: string;
    figurePeriod?: string;
  }[],
): VisaFacts {
  const byKey = new Map(records.map((record) => [record.key, record]));
  const out: Record<string, SourcedFact<unknown>> = {};
  for (const [key, shape] of Object.entries(VISA_FACT_SHAPES)) {
    const record = byKey.get(key);
    if (!record) throw new Error(`The tool fact "${key}" is missing.`);
    out[key] = {
      key,
      label: record.label,
      value: shape.parse(record.value),
      sources: sourceRefSchema.array().parse(record.sources),
      checkedOn: record.checkedOn,
      figureDate: record.figureDate ?? null,
      figurePeriod: record.figurePeriod ?? null,
    };
  }
  return out as VisaFacts;
}

/** One line of the answer: what it says, and where it comes from. A line without sources is an honest gap. */
export interface VisaLine {
  text: string;
  sources: SourceRef[];
  checkedOn: string | null;
}

interface VisaAmount {
  label: string;
  amountEur: number;
  per: "year" | "month";
  sources: SourceRef[];
  checkedOn: string;
  /** Set when the amount is older than STALE_FIGURE_MONTHS at the time of the check: the period it is from. */
  stale: StaleFigure | null;
}

type EntryKind = "free-movement" | "visa-free" | "national-visa" | "in-germany" | "not-from-abroad" | "german-citizen";
type ApsStatus = "required" | "not-required" | "not-stated" | "none";

export interface VisaResult {
  input: VisaCheckInput;
  nationalityName: string;
  purposeLabel: string;
  fundingLabel: string;
  entry: { kind: EntryKind; headline: string; lines: VisaLine[] };
  residence: { title: string; legalBasis: string; minimumPoints: number | null; lines: VisaLine[] };
  aps: { status: ApsStatus; headline: string; lines: VisaLine[] };
  funds: { headline: string; amounts: VisaAmount[]; lines: VisaLine[] };
  fees: VisaLine[];
  processing: VisaLine[];
  checklist: { heading: string; items: VisaLine[] };
  afterArrival: VisaLine[];
  shortStay: { requirement: string | null; headline: string; lines: VisaLine[]; dataset: ShortStayFile["dataset"] };
}

/** An honest gap: the figure no official page we could read gives. */
const noSourceFor = (what: string) =>
  `${what}: no official source we could read gives the current figure, so we show none. Ask the German mission or the foreigners authority.`;

const line = (fact: SourcedFact<unknown>, lineText: string): VisaLine => ({
  text: lineText,
  sources: fact.sources,
  checkedOn: fact.checkedOn,
});
const gap = (lineText: string): VisaLine => ({ text: lineText, sources: [], checkedOn: null });
const euros = (amount: number) =>
  `${amount.toLocaleString("en-GB", { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })} €`;

const PURPOSE_FACTS = [
  "visa.purpose.study",
  "visa.purpose.studienkolleg",
  "visa.purpose.language-course",
  "visa.purpose.study-application",
  "visa.purpose.job-search-graduate",
  "visa.purpose.opportunity-card",
  "visa.purpose.skilled-work",
  "visa.purpose.vocational-training",
] as const satisfies FactKey[];
const APS_FACTS = ["visa.aps.in", "visa.aps.cn", "visa.aps.vn"] as const satisfies FactKey[];
const PROCESSING_FACTS = [
  "visa.processing.cairo",
  "visa.processing.tashkent",
  "visa.processing.jakarta-opportunity-card",
  "visa.processing.bishkek-training",
] as const satisfies FactKey[];
const FUNDING_FACTS: Record<FundingPlan, FactKey & `visa.funding.${string}`> = {
  "blocked-account": "visa.funding.blocked-account",
  scholarship: "visa.funding.scholarship",
  commitment: "visa.funding.commitment",
  parents: "visa.funding.parents",
  other: "visa.funding.other",
};

function purposeFactOf(facts: VisaFacts, purpose: VisaPurpose) {
  const key = PURPOSE_FACTS.find((candidate) => facts[candidate].value.purposes.includes(purpose));
  if (!key) throw new Error(`No fact describes the purpose "${purpose}".`);
  return facts[key];
}

function entryOf(facts: VisaFacts, input: VisaCheckInput, purpose: ReturnType<typeof purposeFactOf>): VisaResult["entry"] {
  const { nationality } = input;
  const free = facts["visa.entry.free-movement"];
  if (nationality === "DE") {
    return { kind: "german-citizen", headline: "German citizens need no visa and no residence title.", lines: [] };
  }
  if (free.value.countries.includes(nationality)) {
    return {
      kind: "free-movement",
      headline: "No visa needed: free movement. Register your address after arrival.",
      lines: [line(free, free.value.text)],
    };
  }
  if (purpose.value.requiresGermanTitle && !input.holdsGermanTitle) {
    return {
      kind: "not-from-abroad",
      headline: "This residence permit is not available from abroad.",
      lines: [line(purpose, purpose.value.requiresGermanTitleText ?? purpose.value.summary)],
    };
  }
  if (input.holdsGermanTitle) {
    const inGermany = facts["visa.entry.in-germany"];
    return {
      kind: "in-germany",
      headline: "No new visa: apply at your foreigners authority in Germany.",
      lines: [line(inGermany, inGermany.value.text)],
    };
  }
  const national = facts["visa.entry.national-visa"];
  const deadline = facts["visa.entry.aufenthv-41-deadline"];
  const first = facts["visa.entry.aufenthv-41-1"];
  if (first.value.countries.includes(nationality)) {
    return {
      kind: "visa-free",
      headline: "No visa needed before entry: you may enter without a visa and apply for the residence permit in Germany.",
      lines: [line(first, first.value.text), line(deadline, deadline.value.text)],
    };
  }
  const second = facts["visa.entry.aufenthv-41-2"];
  if (second.value.countries.includes(nationality)) {
    if (!purpose.value.economicActivity) {
      return {
        kind: "visa-free",
        headline:
          "No visa needed before entry for this purpose: you may enter without a visa and apply for the residence permit in Germany.",
        lines: [line(second, second.value.text), line(deadline, deadline.value.text)],
      };
    }
    return {
      kind: "national-visa",
      headline: "You need a national (D) visa from the German mission before entry.",
      lines: [line(second, second.value.economicActivityText), line(national, national.value.text)],
    };
  }
  return {
    kind: "national-visa",
    headline: "You need a national (D) visa from the German mission before entry.",
    lines: [line(national, national.value.text)],
  };
}

function apsOf(facts: VisaFacts, input: VisaCheckInput, entry: EntryKind): VisaResult["aps"] {
  if (entry === "free-movement" || entry === "german-citizen")
    return { status: "none", headline: "No APS certificate: it concerns visa applicants only.", lines: [] };
  const key = APS_FACTS.find((candidate) => facts[candidate].value.country === input.nationality);
  if (!key) {
    const all = APS_FACTS.map((candidate) => facts[candidate]);
    return {
      status: "none",
      headline: "No APS procedure is tied to your nationality.",
      lines: [
        {
          text: `APS checks exist for qualifications from ${all.map((fact) => countryName(fact.value.country)).join(", ")}; if your school or university documents come from one of them, check that APS procedure.`,
          sources: all.flatMap((fact) => fact.sources.slice(0, 1)),
          checkedOn: all[0]!.checkedOn,
        },
      ],
    };
  }
  const aps = facts[key];
  const name = countryName(aps.value.country);
  if (aps.value.required.includes(input.purpose)) {
    const lines = [line(aps, aps.value.text)];
    if (aps.value.exemptionText) lines.push(line(aps, aps.value.exemptionText));
    return {
      status: "required",
      headline: `APS certificate required: the APS procedure for ${name} applies to you.`,
      lines,
    };
  }
  if (aps.value.notRequired.includes(input.purpose)) {
    return {
      status: "not-required",
      headline: "No APS certificate needed for this purpose.",
      lines: [line(aps, aps.value.notRequiredText ?? aps.value.text)],
    };
  }
  return {
    status: "not-stated",
    headline: "The APS pages name no APS certificate for this purpose.",
    lines: [line(aps, `The APS procedure concerns study. ${aps.value.text}`)],
  };
}

function fundsOf(
  facts: VisaFacts,
  input: VisaCheckInput,
  entry: EntryKind,
  purpose: ReturnType<typeof purposeFactOf>,
  now: Date,
): VisaResult["funds"] {
  if (entry === "free-movement") {
    return { headline: "Not needed for a visa: free movement.", amounts: [], lines: [] };
  }
  if (entry === "german-citizen") return { headline: "No proof of funds needed.", amounts: [], lines: [] };
  const plan = facts[FUNDING_FACTS[input.funding]];
  const planLines = [line(plan, plan.value.text)];
  if (input.funding === "blocked-account" && entry === "visa-free" && plan.value.visaFreeText)
    planLines.push(line(plan, plan.value.visaFreeText));
  switch (purpose.value.funds) {
    case "student": {
      const yearly = facts["blocked-account.yearly"];
      const monthly = facts["blocked-account.monthly"];
      return {
        headline: `${euros(yearly.value.amountEur)} a year (${euros(monthly.value.amountEur)} a month).`,
        amounts: [
          {
            label: yearly.label,
            amountEur: yearly.value.amountEur,
            per: "year",
            sources: yearly.sources,
            checkedOn: yearly.checkedOn,
            stale: staleFigure(yearly, now),
          },
          {
            label: monthly.label,
            amountEur: monthly.value.amountEur,
            per: "month",
            sources: monthly.sources,
            checkedOn: monthly.checkedOn,
            stale: staleFigure(monthly, now),
          },
        ],
        lines: planLines,
      };
    }
    case "study-applicant": {
      const fact = facts["visa.funds.study-applicant"];
      return {
        headline: "A higher monthly amount than for students.",
        amounts: [],
        lines: [line(fact, fact.value.text), gap(noSourceFor("The monthly amount for applicants for a study place")), ...planLines],
      };
    }
    case "opportunity-card": {
      const fact = facts["visa.funds.opportunity-card"];
      return {
        headline: "Your living costs for the whole stay (up to one year).",
        amounts: [],
        lines: [line(fact, fact.value.text), gap(noSourceFor("The monthly amount for the Opportunity Card")), ...planLines],
      };
    }
    case "salary": {
      const fact = facts["visa.funds.salary"];
      return {
        headline: "Your salary covers your living costs; the EU Blue Card needs a minimum salary.",
        amounts: [],
        lines: [line(fact, fact.value.text), gap(noSourceFor("This year's EU Blue Card minimum salary"))],
      };
    }
    case "training": {
      const fact = facts["visa.funds.training"];
      return {
        headline: "Your training pay counts towards your living costs.",
        amounts: [],
        lines: [line(fact, fact.value.text), ...planLines],
      };
    }
    case "graduate": {
      const fact = facts["visa.funds.graduate"];
      return {
        headline: "Your living costs must be covered while you look for work.",
        amounts: [],
        lines: [line(fact, fact.value.text), ...planLines],
      };
    }
  }
}

function feesOf(facts: VisaFacts, input: VisaCheckInput, entry: EntryKind): VisaLine[] {
  if (entry === "free-movement" || entry === "german-citizen" || entry === "not-from-abroad") return [];
  const permit = facts["visa.fee.residence-permit"];
  const permitLine = line(permit, permit.value.text);
  if (entry !== "national-visa") return [permitLine];
  const visa = facts["visa.fee.national-visa"];
  const lines = [line(visa, visa.value.text)];
  if (input.funding === "scholarship")
    lines.push(line(facts["visa.fee.scholarship-waiver"], facts["visa.fee.scholarship-waiver"].value.text));
  lines.push(permitLine);
  return lines;
}

function processingOf(facts: VisaFacts, input: VisaCheckInput, entry: EntryKind): VisaLine[] {
  if (entry !== "national-visa") return [];
  const lines = PROCESSING_FACTS.map((key) => facts[key])
    .filter((fact) => fact.value.purposes.includes(input.purpose))
    .map((fact) => line(fact, fact.value.text));
  return lines.length > 0
    ? lines
    : [gap("No official page we could read gives a typical processing time for this visa; ask the mission responsible for you.")];
}

function checklistOf(
  facts: VisaFacts,
  input: VisaCheckInput,
  entry: EntryKind,
  purpose: ReturnType<typeof purposeFactOf>,
  aps: VisaResult["aps"],
): VisaResult["checklist"] {
  if (entry === "free-movement" || entry === "german-citizen") {
    const registration = facts["visa.after-arrival.registration"];
    return {
      heading: "What to bring to the registration office",
      items: [line(registration, "Your passport or identity card, and the landlord's confirmation (Wohnungsgeberbestätigung)")],
    };
  }
  const items: VisaLine[] = [];
  if (entry === "national-visa") {
    const general = facts["visa.checklist.general"];
    items.push(...general.value.items.map((item) => line(general, item)));
  }
  items.push(...purpose.value.checklist.map((item) => line(purpose, item)));
  if (aps.status === "required") {
    const key = APS_FACTS.find((candidate) => facts[candidate].value.country === input.nationality)!;
    items.push(line(facts[key], facts[key].value.document));
  }
  if (purpose.value.funds !== "salary") {
    const plan = facts[FUNDING_FACTS[input.funding]];
    items.push(line(plan, plan.value.document));
  }
  const heading = entry === "national-visa" ? "Documents for the visa application" : "Documents for the foreigners authority";
  return { heading, items };
}

function afterArrivalOf(facts: VisaFacts, entry: EntryKind): VisaLine[] {
  const registration = facts["visa.after-arrival.registration"];
  if (entry === "free-movement") return [line(facts["visa.after-arrival.eu"], facts["visa.after-arrival.eu"].value.text)];
  if (entry === "german-citizen") return [line(registration, registration.value.text)];
  const permit = facts["visa.after-arrival.residence-permit"];
  return [line(registration, registration.value.text), line(permit, permit.value.text)];
}

function shortStayOf(facts: VisaFacts, input: VisaCheckInput): VisaResult["shortStay"] {
  const data = facts[SHORT_STAY_FACT_KEY];
  const schengen = facts["visa.short-stay.schengen"];
  const requirement = data.value.requirements[input.nationality] ?? null;
  const dataLine = (lineText: string) => line(data, lineText);
  let headline: string;
  const lines: VisaLine[] = [];
  if (input.nationality === "DE") {
    headline = "Not applicable to German citizens.";
  } else if (requirement === null) {
    headline = "The dataset has no entry for this nationality.";
    lines.push(gap(`The Passport Index dataset has no row for ${countryName(input.nationality)}.`));
  } else if (/^\d+$/.test(requirement)) {
    headline = `Short stays without a visa: up to ${requirement} days.`;
    lines.push(
      dataLine(`${countryName(input.nationality)} passport to Germany: visa-free for up to ${requirement} days (tourism, visits).`),
      line(schengen, schengen.value.text),
    );
  } else if (requirement === "visa free") {
    headline = "Short stays: free movement, no visa.";
    lines.push(dataLine(`${countryName(input.nationality)} passport to Germany: visa free.`));
  } else if (requirement === "visa required") {
    headline = "Short stays: a visa is required even for a short visit.";
    lines.push(dataLine(`${countryName(input.nationality)} passport to Germany: visa required, also for short stays (tourism, visits).`));
  } else {
    headline = `Short stays: ${requirement}.`;
    lines.push(dataLine(`${countryName(input.nationality)} passport to Germany: ${requirement}.`));
  }
  return { requirement, headline, lines, dataset: data.value.dataset };
}

/** The Visa Checker's answer for one input, from the facts. */
export function evaluateVisa(facts: VisaFacts, input: VisaCheckInput, now: Date = new Date()): VisaResult {
  const purpose = purposeFactOf(facts, input.purpose);
  const entry = entryOf(facts, input, purpose);
  const free = entry.kind === "free-movement";
  const residenceLines = free ? [] : [line(purpose, purpose.value.summary)];
  if (!free && purpose.value.pointsText) residenceLines.push(line(purpose, purpose.value.pointsText));
  const aps = apsOf(facts, input, entry.kind);
  return {
    input,
    nationalityName: countryName(input.nationality),
    purposeLabel: VISA_PURPOSE_LABELS[input.purpose],
    fundingLabel: FUNDING_PLAN_LABELS[input.funding],
    entry,
    residence:
      free || entry.kind === "german-citizen"
        ? {
            title: "No residence title needed",
            legalBasis: free ? "Freedom of movement (Freedom of Movement Act/EU, FreizügG/EU)" : "German citizenship",
            minimumPoints: null,
            lines: [],
          }
        : {
            title: purpose.value.title,
            legalBasis: purpose.value.legalBasis,
            minimumPoints: purpose.value.minimumPoints ?? null,
            lines: residenceLines,
          },
    aps,
    funds: fundsOf(facts, input, entry.kind, purpose, now),
    fees: feesOf(facts, input, entry.kind),
    processing: processingOf(facts, input, entry.kind),
    checklist: checklistOf(facts, input, entry.kind, purpose, aps),
    afterArrival: afterArrivalOf(facts, entry.kind),
    shortStay: shortStayOf(facts, input),
  };
}

/** "Visa check: India, Master's degree" for a saved result. */
export function visaResultTitle(input: VisaCheckInput): string {
  return `Visa check: ${countryName(input.nationality)}, ${VISA_PURPOSE_LABELS[input.purpose]}`;
}
