/**
 * Answers from the tools' data: a question about costs in a city, a visa for a nationality and
 * purpose, scholarships for a level or nationality, or a university is answered with what the tool
 * itself computes (through the tools' services, so the answer and the tool never disagree), every
 * figure with its sources and checked date, and with a card that opens the tool pre-filled with the
 * question's values. The local model states the answer; hosted models get it as context.
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
import type { VisaCheckInput } from "~/lib/schemas/tools/visa";
import { VISA_CHECKER_PATH, VISA_PURPOSE_LABELS, type VisaPurpose } from "~/lib/schemas/tools/visa-choices";
import type { Db } from "~/server/db/client";
import { getCostCity, listCostCities } from "~/server/services/tools/costs.service";
import { type BudgetCity, calendarDate } from "~/server/services/tools/costs-budget";
import { searchScholarships } from "~/server/services/tools/scholarships.service";
import { getInstitution, listInstitutionNames } from "~/server/services/tools/universities.service";
import { checkVisa } from "~/server/services/tools/visa.service";
import type { VisaLine, VisaResult } from "~/server/services/tools/visa-rules";
import type { ComposedAnswer } from "./answer";
import { CITY_ARTICLE_PREFIX, cityArticleSlug, euros } from "./city-articles";
import {
  cityNames,
  type EntityCatalog,
  foldText,
  mainUniversityOf,
  parseEntities,
  type QuestionEntities,
  type StayPurpose,
  wordIndex,
} from "./entities";
import { otherDestination } from "./question";
import { retrieve } from "./retrieve";

/** How the local answerer opens an answer it is not sure of (src/server/rag/answer.ts). */
const NOT_SURE_PREFIX = "I am not fully sure";

export type ToolAnswerKind = "costs" | "visa" | "scholarships" | "university";

export interface ToolAnswer {
  kind: ToolAnswerKind;
  /** The answer in Markdown: figures, what they are, their sources and checked dates. */
  text: string;
  /** The tool cards, pre-filled with the question's values. */
  links: ToolLink[];
}

/** The generated knowledge-base article of a city (its figures are the calculator's), when staff have not hidden it. */
type CityArticleRef = { title: string; lastReviewed: string };

// ---------------------------------------------------------------- what the question asks

// Words that ask for an amount: "how long is the waiting list for dorms in Munich" is not a cost question.
const COSTS =
  /\b(?:costs?|rents?|renting|expensive|cheap(?:er|est)?|afford\w*|cost of living|living costs?|budget|prices?|how much|miete|semester (?:contribution|fee)|semesterbeitrag)\b/i;
const RENT =
  /\b(?:rents?|renting|miete|dorms?|wg|shared flat|flat(?:share)?|apartments?|accommodation|housing|room|student residence|halls? of residence)\b/i;
const SEMESTER = /\b(?:semester (?:contribution|fee)s?|semesterbeitrag|semester ticket)\b/i;
// Not "APS": the knowledge base's APS article answers that better than a whole visa check.
const VISA = /\b(?:visas?|visum|residence (?:permit|title)|entry|enter germany)\b/i;
const SCHOLARSHIPS = /\b(?:scholarships?|stipends?|grants?|funding|stipendium|stipendien|fellowships?)\b/i;
const TUITION = /\b(?:tuition|studiengeb\w*)\b/i;
/** What a question asks of a university itself: what it is, what it offers, how to get in. */
const ABOUT_INSTITUTION =
  /\b(?:about|info\w*|overview|programmes?|programs?|courses?|degrees?|subjects?|public|private|ranking|apply|application|admission|deadlines?|websites?|where is|is it good|good for)\b/i;
const ENGLISH = /\b(?:english|language of instruction|taught in|teach(?:es|ing)? in)\b/i;

const HOUSING_WORDS: [HousingType, RegExp][] = [
  ["dorm", /\b(?:dorms?|student residences?|halls? of residence|wohnheim\w*)\b/i],
  ["shared-flat", /\b(?:wg|shared flats?|flat ?shares?|shared apartments?|wohngemeinschaft)\b/i],
  ["own-flat", /\b(?:own flat|own apartment|studio|one-room|single apartment|flat of (?:my|your) own)\b/i],
];

/** What the question asks of which tool, or null when no tool's data answers it. */
export function toolIntent(question: string, entities: QuestionEntities): ToolAnswerKind | null {
  if (SCHOLARSHIPS.test(question) && (entities.level || entities.nationality)) return "scholarships";
  if (VISA.test(question) && entities.nationality) return "visa";
  if (entities.city && TUITION.test(question)) return "university";
  // "rent in Aachen for RWTH students" asks for the city's costs, not about the university.
  if (entities.city && COSTS.test(question)) return "costs";
  // A university named beside another subject ("can I work 20 hours while studying at TUM?") is where the
  // asker studies: the question is about that subject, and the knowledge base answers it.
  if (
    entities.institution &&
    (TUITION.test(question) || ENGLISH.test(question) || COSTS.test(question) || ABOUT_INSTITUTION.test(question))
  )
    return "university";
  return null;
}

// ---------------------------------------------------------------- shared formatting

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

/** At most this many cities of one question are answered ("Munich, Berlin or Leipzig?"). */
const MAX_CITIES = 3;

async function costsAnswer(db: Db, question: string, entities: QuestionEntities): Promise<ToolAnswer | null> {
  const answers: ToolAnswer[] = [];
  for (const named of entities.cities.slice(0, MAX_CITIES)) {
    const city = await getCostCity(db, named.slug).catch(() => null);
    if (!city) continue;
    const article = await db.knowledgeArticle.findFirst({
      where: { slug: cityArticleSlug(city.slug), hidden: false },
      select: { title: true, lastReviewed: true },
    });
    answers.push(composeCostsAnswer(question, city, article));
  }
  if (answers.length === 0) return null;
  return {
    ...answers[0]!,
    text: answers.map((answer) => answer.text).join("\n\n"),
    links: answers.flatMap((answer) => answer.links),
  };
}

// ---------------------------------------------------------------- visa

const STUDY_LEVELS = ["bachelor", "master", "phd"] as const;

/** The Visa Checker's purposes a question's purpose stands for: "study" without a level is each degree level. */
function visaPurposesOf(purpose: StayPurpose | null, entities: QuestionEntities): VisaPurpose[] {
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

/** The Visa Checker's inputs for a question: its nationality, each purpose, no German title yet, a blocked account. */
export function visaInputsOf(entities: QuestionEntities): VisaCheckInput[] {
  return visaPurposesOf(entities.purpose, entities).map((purpose) => ({
    nationality: entities.nationality!,
    purpose,
    holdsGermanTitle: false,
    funding: "blocked-account",
  }));
}

async function visaAnswer(db: Db, entities: QuestionEntities): Promise<ToolAnswer> {
  return composeVisaAnswer(await Promise.all(visaInputsOf(entities).map((input) => checkVisa(db, input))));
}

// ---------------------------------------------------------------- scholarships

const SHOWN_SCHOLARSHIPS = 5;
const SCHOLARSHIP_SEARCH_PATH = "/tools/scholarship-search";

type ScholarshipSearch = Awaited<ReturnType<typeof searchScholarships>>;

/** The Scholarship Search's first matches for a level and nationality, each with amount, duration, deadline and sources. */
function composeScholarshipsAnswer(
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

async function scholarshipsAnswer(db: Db, entities: QuestionEntities): Promise<ToolAnswer> {
  const level: ScholarshipLevel | undefined = entities.level ?? (entities.purpose === "language-course" ? "language" : undefined);
  const nationality = entities.nationality ?? undefined;
  return composeScholarshipsAnswer(await searchScholarships(db, { level, nationality }), level, nationality);
}

// ---------------------------------------------------------------- universities

type InstitutionView = Awaited<ReturnType<typeof getInstitution>>;

/** What the University Finder holds on an institution: tuition rules, semester contribution, uni-assist, where to find English programmes. */
function composeUniversityAnswer(question: string, { institution, tuition }: InstitutionView): ToolAnswer {
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

async function universityAnswer(db: Db, question: string, entities: QuestionEntities, catalog: EntityCatalog): Promise<ToolAnswer | null> {
  const chosen =
    entities.institution ?? (entities.city ? mainUniversityOf(catalog.institutions, entities.city.name, entities.city.name) : null);
  if (!chosen) return null;
  const view = await getInstitution(db, chosen.slug).catch(() => null);
  return view ? composeUniversityAnswer(question, view) : null;
}

// ---------------------------------------------------------------- the entry point

/** The cities and institutions a question may name, as the tools have them now (hidden ones left out). */
async function readEntityCatalog(db: Db): Promise<EntityCatalog> {
  const [cities, institutions] = await Promise.all([listCostCities(db), listInstitutionNames(db)]);
  return { cities, institutions };
}

export interface ToolAnswerOptions {
  /** Earlier user messages, oldest first: "and in Munich?" after a cost question asks about costs. */
  history?: string[];
  catalog?: EntityCatalog;
}

/**
 * The tool data that answers the question, or null when no tool's data does. The tools' data only
 * adds to the knowledge base's answer: when it cannot be read, the answer goes on without it.
 */
export async function answerFromTools(db: Db, question: string, options: ToolAnswerOptions = {}): Promise<ToolAnswer | null> {
  try {
    return await toolAnswerOf(db, question, options);
  } catch (error) {
    console.error("[rag] tool data not used for an answer:", error instanceof Error ? error.message : error);
    return null;
  }
}

async function toolAnswerOf(db: Db, question: string, options: ToolAnswerOptions): Promise<ToolAnswer | null> {
  // Plans for another country ("student visa for netherlands") get the other-destination answer, not German tool data.
  if (otherDestination(question)) return null;
  const catalog = options.catalog ?? (await readEntityCatalog(db));
  const entities = parseEntities(question, catalog);
  let intent = toolIntent(question, entities);
  const previous = options.history?.at(-1);
  if (!intent && previous && (entities.city || entities.nationality || entities.level || entities.institution)) {
    // A follow-up names a new value and keeps the previous question's subject (and its other values).
    const before = parseEntities(previous, catalog);
    const merged: QuestionEntities = {
      city: entities.city ?? before.city,
      cities: entities.cities.length ? entities.cities : before.cities,
      nationality: entities.nationality ?? before.nationality,
      level: entities.level ?? before.level,
      purpose: entities.purpose ?? before.purpose,
      institution: entities.institution ?? (entities.city ? null : before.institution),
    };
    intent = toolIntent(previous, before) ? toolIntent(`${previous} ${question}`, merged) : null;
    if (intent) return answerFor(db, intent, `${previous} ${question}`, merged, catalog);
  }
  if (intent === "costs" && !CITY_COSTS.test(question) && !RENT.test(question) && !(await costsOfCityAsked(db, question, entities)))
    return null;
  return intent ? answerFor(db, intent, question, entities, catalog) : null;
}

/** Words that name what the calculator's data is about: living costs, rent, the semester contribution. */
const CITY_COSTS =
  /\b(?:cost of living|living costs?|rents?|renting|miete|expensive|cheap(?:er|est)?|afford\w*|budget|semester (?:contribution|fee)|semesterbeitrag)\b/i;

/**
 * "How much money must be in the blocked account? I study in Hamburg": a city named beside another
 * subject is where the asker lives, not what they ask about. Asked only "how much" (not about rent or
 * living costs), the city's costs answer when what the knowledge base finds for the question is about
 * the city (its generated article, or a passage naming it), or when it finds nothing else.
 */
async function costsOfCityAsked(db: Db, question: string, entities: QuestionEntities): Promise<boolean> {
  const { passages } = await retrieve(db, question, { limit: 1 });
  const best = passages[0];
  if (!best || best.articleSlug.startsWith(CITY_ARTICLE_PREFIX)) return true;
  const text = foldText(`${best.heading ?? ""} ${best.text}`);
  return entities.cities.some((city) => cityNames(city).some((name) => wordIndex(text, foldText(name)) >= 0));
}

function answerFor(
  db: Db,
  intent: ToolAnswerKind,
  question: string,
  entities: QuestionEntities,
  catalog: EntityCatalog,
): Promise<ToolAnswer | null> {
  switch (intent) {
    case "costs":
      return costsAnswer(db, question, entities);
    case "visa":
      return visaAnswer(db, entities);
    case "scholarships":
      return scholarshipsAnswer(db, entities);
    case "university":
      return universityAnswer(db, question, entities, catalog);
  }
}

/** The tool data as context for a hosted model: use these figures and cite their sources. */
export function toolAnswerInstructions(answer: ToolAnswer | null): string | null {
  if (!answer) return null;
  return [
    "The product's tools hold official, dated data that answers this question. Use these figures and rules as they are, cite their sources by title with the checked date, and do not contradict them. A card linking to the tool is shown under your answer.",
    "--- Tool data ---",
    answer.text,
    "--- End of tool data ---",
  ].join("\n");
}

/**
 * The local model's answer with the tool data leading; the knowledge base's answer follows when it is
 * sure of it and adds more than the city articles (which hold the tool's own figures), with its own
 * sources. A regenerated answer with nothing new is left as it is.
 */
export function withToolAnswer(composed: ComposedAnswer, tool: ToolAnswer): ComposedAnswer {
  if (composed.kind === "no-other") return composed;
  const sure = composed.kind === "answer" && !composed.text.startsWith(NOT_SURE_PREFIX);
  // A knowledge-base answer that quotes only the generated city articles repeats the tool's figures.
  const quoted = new Set(composed.quotedPassageIds ?? []);
  const quotedSlugs = composed.retrieval.passages.filter((passage) => quoted.has(passage.id)).map((passage) => passage.articleSlug);
  const repeats = quotedSlugs.length > 0 && quotedSlugs.every((slug) => slug.startsWith(CITY_ARTICLE_PREFIX));
  if (!sure || repeats) return { ...composed, kind: "answer", text: tool.text, quotedPassageIds: [] };
  return { ...composed, kind: "answer", text: `${tool.text}\n\n**From the knowledge base:**\n\n${composed.text}` };
}
