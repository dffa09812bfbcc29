/**
 * Answers from the tools' data: a question about costs in a city, a visa for a nationality and
 * purpose, scholarships for a level or nationality, or a university is answered with what the tool
 * itself computes (through the tools' services, so the answer and the tool never disagree), every
 * figure with its sources and checked date, and with a card that opens the tool pre-filled with the
 * question's values. The local model states the answer; hosted models get it as context.
 */

import type { ScholarshipLevel } from "~/lib/schemas/tools/scholarships";
import type { VisaCheckInput } from "~/lib/schemas/tools/visa";
import type { Db } from "~/server/db/client";
import {
  CITY_ARTICLE_PREFIX,
  cityArticleSlug,
  cityNames,
  type EntityCatalog,
  foldText,
  mainUniversityOf,
  otherDestination,
  parseEntities,
  type QuestionEntities,
  retrieve,
  type ToolAnswer,
  type ToolAnswerKind,
  wordIndex,
} from "~/server/rag";
import { getCostCity, listCostCities } from "./costs.service";
import { searchScholarships } from "./scholarships.service";
import {
  composeCostsAnswer,
  composeScholarshipsAnswer,
  composeUniversityAnswer,
  composeVisaAnswer,
  ENGLISH,
  RENT,
  TUITION,
  visaPurposesOf,
} from "./tool-answer-texts";
import { getInstitution, listInstitutionNames } from "./universities.service";
import { checkVisa } from "./visa.service";

// Words that ask for an amount: "how long is the waiting list for dorms in Munich" is not a cost question.
const COSTS =
  /\b(?:costs?|rents?|renting|expensive|cheap(?:er|est)?|afford\w*|cost of living|living costs?|budget|prices?|how much|miete|semester (?:contribution|fee)|semesterbeitrag)\b/i;
// Not "APS": the knowledge base's APS article answers that better than a whole visa check.
const VISA = /\b(?:visas?|visum|residence (?:permit|title)|entry|enter germany)\b/i;
const SCHOLARSHIP_WORDS = "scholarships?|stipends?|grants?|funding|stipendium|stipendien|fellowships?";
const SCHOLARSHIPS = new RegExp(`\\b(?:${SCHOLARSHIP_WORDS})\\b`, "i");
/** A scholarship the asker has or lives on ("on a stipend", "with a scholarship", "my scholarship"): their funding, not what they ask for. */
const FUNDED_BY = new RegExp(
  `\\b(?:with|on|from|through|via|my|our|his|her|their|have|has|had|got|receive|receiving|hold|holding)\\s+(?:a\\s+|an\\s+|the\\s+|my\\s+)?(?:${SCHOLARSHIP_WORDS})\\b`,
  "gi",
);
/** What a question asks of a university itself: what it is, what it offers, how to get in. */
const ABOUT_INSTITUTION =
  /\b(?:about|info\w*|overview|programmes?|programs?|courses?|degrees?|subjects?|public|private|ranking|apply|application|admission|deadlines?|websites?|where is|is it good|good for)\b/i;
/** What the question asks of which tool, or null when no tool's data answers it. */
export function toolIntent(question: string, entities: QuestionEntities): ToolAnswerKind | null {
  if (SCHOLARSHIPS.test(question.replace(FUNDED_BY, " ")) && (entities.level || entities.nationality)) return "scholarships";
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

async function scholarshipsAnswer(db: Db, entities: QuestionEntities): Promise<ToolAnswer> {
  const level: ScholarshipLevel | undefined = entities.level ?? (entities.purpose === "language-course" ? "language" : undefined);
  const nationality = entities.nationality ?? undefined;
  return composeScholarshipsAnswer(await searchScholarships(db, { level, nationality }), level, nationality);
}

// ---------------------------------------------------------------- universities

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
  /**
   * The whole post a question was read from: what it says of the asker ("I am from Nigeria", "my
   * master's at TUM") fills in what the question leaves out. It never decides which tool answers.
   */
  post?: string;
  /**
   * The words the person asked, when `question` adds the post's context to them ("I plan to get a
   * scholarship. Is that living on welfare?"): they alone decide whether a tool's data answers.
   */
  asked?: string;
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
    console.error("[tools] tool data not used for an answer:", error instanceof Error ? error.message : error);
    return null;
  }
}

async function toolAnswerOf(db: Db, question: string, options: ToolAnswerOptions): Promise<ToolAnswer | null> {
  // Plans for another country ("student visa for netherlands") get the other-destination answer, not German tool data.
  if (otherDestination(question)) return null;
  const catalog = options.catalog ?? (await readEntityCatalog(db));
  const asked = parseEntities(question, catalog);
  const entities = options.post ? filledFrom(asked, parseEntities(options.post, catalog)) : asked;
  const askedText = options.asked ?? question;
  let intent = toolIntent(askedText, entities);
  const previous = options.history?.at(-1);
  if (!intent && previous && (entities.city || entities.nationality || entities.level || entities.institution)) {
    // A follow-up names a new value and keeps the previous question's subject (and its other values).
    const before = parseEntities(previous, catalog);
    const merged = filledFrom(entities, before);
    intent = toolIntent(previous, before) ? toolIntent(`${previous} ${question}`, merged) : null;
    if (intent) return answerFor(db, intent, `${previous} ${question}`, merged, catalog);
  }
  if (intent === "costs" && !CITY_COSTS.test(askedText) && !RENT.test(askedText) && !(await costsOfCityAsked(db, question, entities)))
    return null;
  return intent ? answerFor(db, intent, question, entities, catalog) : null;
}

/**
 * The question's entities with the values it leaves out taken from `other`: the previous question's
 * (a follow-up) or the post's it was read from (what the asker says of themselves). A city the
 * question names replaces the other's university.
 */
function filledFrom(own: QuestionEntities, other: QuestionEntities): QuestionEntities {
  return {
    city: own.city ?? other.city,
    cities: own.cities.length ? own.cities : other.cities,
    nationality: own.nationality ?? other.nationality,
    level: own.level ?? other.level,
    purpose: own.purpose ?? other.purpose,
    institution: own.institution ?? (own.city ? null : other.institution),
  };
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
