/**
 * The texts of the tools' answers: a city's costs, a visa for a nationality and purpose, scholarships
 * and a university, each figure with its sources and checked date, as the tools compute them.
 */
import { countryName } from "~/lib/options";
import type { ToolLink } from "~/lib/schemas/chat";
import type { SourceRef } from "~/lib/schemas/tools/common";
import {
  type CityFigure,
  COST_CALCULATOR_PATH,
  HOUSING_LABELS,
  type HousingType,
  hasAmount,
  type SemesterFigure,
} from "~/lib/schemas/tools/costs";
import { LEVEL_LABELS, type ScholarshipLevel } from "~/lib/schemas/tools/scholarships";
import { daadProgrammesUrl, FINDER_PATH } from "~/lib/schemas/tools/universities";
import { VISA_CHECKER_PATH, VISA_PURPOSE_LABELS, type VisaPurpose } from "~/lib/schemas/tools/visa-choices";
import { calendarDate } from "~/lib/ui/dates";
import { euros, type QuestionEntities, type StayPurpose, type ToolAnswer } from "~/server/rag";
import type { BudgetCity } from "./costs-budget";
import type { searchScholarships } from "./scholarships.service";
import type { getInstitution } from "./universities.service";
import type { VisaLine, VisaResult } from "./visa-rules";

/** The generated knowledge-base article of a city (its figures are the calculator's), when staff have not hidden it. */
type CityArticleRef = { title: string; lastReviewed: string };

// ---------------------------------------------------------------- what the question asks

export const RENT =
  /\b(?:rents?|renting|miete|dorms?|wg|shared flat|flat(?:share)?|apartments?|accommodation|housing|room|student residence|halls? of residence)\b/i;
const SEMESTER = /\b(?:semester (?:contribution|fee)s?|semesterbeitrag|semester ticket)\b/i;
export const TUITION = /\b(?:tuition|studiengeb\w*)\b/i;
export const ENGLISH = /\b(?:english|language of instruction|taught in|teach(?:es|ing)? in)\b/i;

const HOUSING_WORDS: [HousingType, RegExp][] = [
  ["dorm", /\b(?:dorms?|student residences?|halls? of residence|wohnheim\w*)\b/i],
  ["shared-flat", /\b(?:wg|shared flats?|flat ?shares?|shared apartments?|wohngemeinschaft)\b/i],
  ["own-flat", /\b(?:own flat|own apartment|studio|one-room|single apartment|flat of (?:my|your) own)\b/i],
];

function sourceText(sources: SourceRef[], checkedOn: string | null): string {
  if (sources.length === 0) return "";
  const links = sources.map((source) => `[${source.title.replace(/[[\]]/g, "")}](${source.url})`).join("; ");
  return ` (${sources.length > 1 ? "sources" : "source"}: ${links}${checkedOn ? `, checked ${calendarDate(checkedOn)}` : ""})`;
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
const lineOf = (line: VisaLine) => `${sentence(line.text)}${sourceText(line.sources, line.checkedOn)}`;

// ---------------------------------------------------------------- costs

function figureLine(label: string, figure: CityFigure | SemesterFigure, period: string, cityName: string): string {
  if (!hasAmount(figure)) return `- **${label}:** no official source gives a figure for ${cityName}.`;
  const { lowEur, highEur, amountEur } = figure;
  const lowerBound = lowEur === amountEur && highEur === undefined;
  const amount = lowerBound ? `from ${euros(amountEur)} ${period} (a lower bound: it may be more)` : `${euros(amountEur)} ${period}`;
  const range = lowEur !== undefined && highEur !== undefined ? ` (range ${euros(lowEur)} to ${euros(highEur)})` : "";
  const ticket = "includesTicket" in figure && figure.includesTicket ? ", including a semester ticket for public transport" : "";
  return `- **${label}:** ${amount}${range}${ticket}${sourceText(figure.sources, figure.checkedOn)}`;
}

/** The Cost Calculator's figures of a city that the question asks for, as an answer with a pre-filled card. */
export function composeCostsAnswer(question: string, city: BudgetCity, article: CityArticleRef | null): ToolAnswer {
  const asksSemester = SEMESTER.test(question);
  const asksRent = RENT.test(question);
  const showRent = asksRent || !asksSemester;
  const showSemester = asksSemester || !asksRent;
  const housing = HOUSING_WORDS.find(([, pattern]) => pattern.test(question))?.[0];

  const lines: string[] = [];
  if (showRent) {
    const rents: [HousingType, CityFigure][] = [
      ["dorm", city.figures.rent.dorm],
      ["shared-flat", city.figures.rent.sharedFlat],
      ["own-flat", city.figures.rent.ownFlat],
    ];
    // The housing the question names first.
    rents.sort(([a], [b]) => Number(b === housing) - Number(a === housing));
    for (const [type, figure] of rents)
      lines.push(
        figureLine(`Rent, ${HOUSING_LABELS[type].charAt(0).toLowerCase()}${HOUSING_LABELS[type].slice(1)}`, figure, "per month", city.name),
      );
  }
  if (showSemester)
    lines.push(
      figureLine(`Semester contribution at ${city.figures.university}`, city.figures.semesterContribution, "per semester", city.name),
    );

  const intro = `What students pay in ${city.name} (${city.state}), from the Cost Calculator's sourced figures:`;
  const outro = showRent
    ? `Rents are what the sources give for ${city.name}; your own offer may differ. The Cost Calculator adds health insurance, the broadcasting fee, food and other costs for your age and household.`
    : `The Cost Calculator adds rent, health insurance, the broadcasting fee, food and other costs for your age and household.`;
  // The generated city article holds the same figures: cited so the answer has its knowledge-base source too.
  const text = [intro, lines.join("\n"), outro, article ? `Source: ${article.title} (last reviewed ${article.lastReviewed})` : null]
    .filter(Boolean)
    .join("\n\n");

  const query = new URLSearchParams({ city: city.slug });
  const values = [{ label: "City", value: city.name }];
  if (housing) {
    query.set("housing", housing);
    values.push({ label: "Housing", value: HOUSING_LABELS[housing] });
  }
  return {
    kind: "costs",
    text,
    links: [
      {
        tool: "cost-calculator",
        title: `Cost Calculator: your budget in ${city.name}`,
        href: `${COST_CALCULATOR_PATH}?${query.toString()}`,
        description:
          "Rent, semester contribution, health insurance and living costs for your age and household, compared with the blocked account.",
        values,
      },
    ],
  };
}

const STUDY_LEVELS = ["bachelor", "master", "phd"] as const;

/** The Visa Checker's purposes a question's purpose stands for: "study" without a level is each degree level. */
export function visaPurposesOf(purpose: StayPurpose | null, entities: QuestionEntities): VisaPurpose[] {
  if (!purpose || purpose === "study") return entities.level ? [entities.level] : [...STUDY_LEVELS];
  return [purpose];
}

function visaSection(result: VisaResult): string[] {
  const lines: string[] = [];
  const entry = result.entry.lines[0];
  lines.push(`- **Visa before entry:** ${sentence(result.entry.headline)}${entry ? sourceText(entry.sources, entry.checkedOn) : ""}`);
  if (result.residence.lines.length)
    lines.push(`- **Residence title:** ${result.residence.title} (${result.residence.legalBasis}). ${lineOf(result.residence.lines[0]!)}`);
  if (result.aps.status !== "none")
    lines.push(
      `- **APS certificate:** ${sentence(result.aps.headline)} ${result.aps.lines[0] ? lineOf(result.aps.lines[0]) : ""}`.trimEnd(),
    );
  if (result.funds.amounts.length) {
    const amount = result.funds.amounts[0]!;
    lines.push(`- **Proof of funds:** ${sentence(result.funds.headline)}${sourceText(amount.sources, amount.checkedOn)}`);
  } else if (result.funds.lines.length) {
    lines.push(`- **Proof of funds:** ${sentence(result.funds.headline)} ${lineOf(result.funds.lines[0]!)}`);
  }
  if (result.fees.length) lines.push(`- **Fees:** ${result.fees.map(lineOf).join(" ")}`);
  return lines;
}

/** The Visa Checker's answers for a nationality and the purposes the question stands for (one, or each degree level). */
export function composeVisaAnswer(results: VisaResult[]): ToolAnswer {
  const first = results[0]!;
  const { nationality } = first.input;
  const purposes = results.map((result) => result.input.purpose);
  const sections = results.map(visaSection);
  // The degree levels usually get the same answer: then it is said once.
  const same = sections.every((section) => section.join("\n") === sections[0]!.join("\n"));
  const forWhat = purposes.length > 1 ? "to study (a bachelor's, master's or PhD)" : `for: ${VISA_PURPOSE_LABELS[purposes[0]!]}`;
  const body = same
    ? sections[0]!.join("\n")
    : results.map((result, index) => `**${result.purposeLabel}:**\n${sections[index]!.join("\n")}`).join("\n\n");
  const text = [
    `What the Visa Checker says for a citizen of ${first.nationalityName} coming to Germany ${forWhat}, funded by a blocked account:`,
    body,
    "The Visa Checker also lists the documents to bring and the steps after arrival, and lets you change the purpose and funding.",
  ].join("\n\n");

  const query = new URLSearchParams({ nationality });
  const values = [{ label: "Nationality", value: countryName(nationality) }];
  if (purposes.length === 1) {
    query.set("purpose", purposes[0]!);
    values.push({ label: "Purpose", value: VISA_PURPOSE_LABELS[purposes[0]!] });
  }
  return {
    kind: "visa",
    text,
    links: [
      {
        tool: "visa-checker",
        title: `Visa Checker: ${countryName(nationality)}`,
        href: `${VISA_CHECKER_PATH}?${query.toString()}`,
        description: "Visa or not, the residence title, APS, proof of funds, fees and the documents, each with its official source.",
        values,
      },
    ],
  };
}

const SHOWN_SCHOLARSHIPS = 5;
const SCHOLARSHIP_SEARCH_PATH = "/tools/scholarship-search";

type ScholarshipSearch = Awaited<ReturnType<typeof searchScholarships>>;

/** The Scholarship Search's first matches for a level and nationality, each with amount, duration, deadline and sources. */
export function composeScholarshipsAnswer(
  search: ScholarshipSearch,
  level: ScholarshipLevel | undefined,
  nationality: string | undefined,
): ToolAnswer {
  const who = [
    level ? `${LEVEL_LABELS[level].toLowerCase()} students` : "students",
    nationality ? `from ${countryName(nationality)}` : null,
  ]
    .filter(Boolean)
    .join(" ");
  const shown = search.results.slice(0, SHOWN_SCHOLARSHIPS);
  const lines = shown.map((result) => {
    const deadline = result.deadline.next ? `next deadline ${calendarDate(result.deadline.next)}` : result.deadline.text;
    return `- **${result.name}** (${result.provider}): ${sentence(result.amount)} Duration: ${sentence(result.duration)} Deadline: ${sentence(deadline)} ${result.eligibility.reason}${sourceText(result.sources, result.checkedOn)}`;
  });
  const more =
    search.results.length > shown.length
      ? `The Scholarship Search lists all ${search.results.length} programmes that match, with their conditions and how to apply.`
      : "The Scholarship Search shows each programme's conditions and how to apply.";
  const text = shown.length
    ? [
        `Scholarships for ${who} in the Scholarship Search (${search.results.length} match; the first ${shown.length}${nationality ? ", those whose official page names your nationality first" : ""}):`,
        lines.join("\n"),
        more,
      ].join("\n\n")
    : `The Scholarship Search has no programme for ${who} in its data. Programmes change every year: check the DAAD scholarship database and your university's international office.`;

  const query = new URLSearchParams();
  const values: ToolLink["values"] = [];
  if (level) {
    query.set("level", level);
    values.push({ label: "Level", value: LEVEL_LABELS[level] });
  }
  if (nationality) {
    query.set("nationality", nationality);
    values.push({ label: "Nationality", value: countryName(nationality) });
  }
  return {
    kind: "scholarships",
    text,
    links: [
      {
        tool: "scholarship-search",
        title: `Scholarship Search: ${who}`,
        href: `${SCHOLARSHIP_SEARCH_PATH}?${query.toString()}`,
        description: "Scholarships, grants and loans filtered by level and nationality, with amounts, deadlines and the official pages.",
        values,
      },
    ],
  };
}

type InstitutionView = Awaited<ReturnType<typeof getInstitution>>;

/** What the University Finder holds on an institution: tuition rules, semester contribution, uni-assist, where to find English programmes. */
export function composeUniversityAnswer(question: string, { institution, tuition }: InstitutionView): ToolAnswer {
  const place = [institution.city, institution.stateName].filter(Boolean).join(", ");
  const lines: string[] = [];
  // The institution's own rule before its state's.
  const rules = [...tuition].sort((a, b) => Number(b.rule.kind === "institution") - Number(a.rule.kind === "institution"));
  for (const rule of rules) lines.push(`- **Tuition:** ${sentence(rule.rule.text)}${sourceText(rule.sources, rule.checkedOn)}`);
  if (rules.length === 0)
    lines.push(`- **Tuition:** our data has no tuition rule for ${institution.name}; its own fee page says what it charges.`);
  const contribution = institution.semesterContribution;
  if (contribution)
    lines.push(
      `- **Semester contribution:** ${euros(contribution.amountEur)} per semester. ${sentence(contribution.what)}${sourceText(contribution.sources, contribution.checkedOn)}`,
    );
  if (institution.usesUniAssist !== null) {
    const origin = institution.provenance.usesUniAssist;
    lines.push(
      `- **uni-assist:** ${institution.usesUniAssist ? "international applicants apply through uni-assist" : "applications do not go through uni-assist"}.${origin ? sourceText(origin.sources, origin.checkedOn) : ""}`,
    );
  }
  if (ENGLISH.test(question) || !TUITION.test(question)) {
    lines.push(
      `- **Programmes taught in English:** our data does not say which programmes ${institution.name} teaches in English. The DAAD's database of international programmes lists them: [DAAD International Programmes: ${institution.name}](${daadProgrammesUrl(institution.name)}).`,
    );
  }
  if (institution.website) lines.push(`- **Website:** ${institution.website}`);
  const text = [
    `${institution.name} (${[institution.typeLabel, place].filter(Boolean).join(", ")}), from the University Finder's data:`,
    lines.join("\n"),
  ].join("\n\n");
  return {
    kind: "university",
    text,
    links: [
      {
        tool: "university-finder",
        title: `University Finder: ${institution.name}`,
        href: `${FINDER_PATH}/${institution.slug}`,
        description: "Type, state, website, tuition rules and where each value comes from, with links to the official programme databases.",
        values: [{ label: "University", value: institution.name }],
      },
    ],
  };
}
