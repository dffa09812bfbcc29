/**
 * The extractive answerer behind the local knowledge-base model: it answers only with sentences,
 * list items and table rows taken from retrieved passages, picked by how well they match the
 * question (its telling words, and amounts, dates or durations when it asks for them), keeps the
 * answer short and in a readable order, and cites every article it quotes with its review date.
 * It follows retrieval's best article: others may add to its answer but rarely take its place. A
 * question asking for a list (documents, steps, what to bring) gets the list that answers it, whole
 * and in order. When nothing relevant is found it says so and suggests questions it can answer.
 */
import type { EmbeddingModel } from "ai";
import type { Db } from "~/server/db/client";
import { resolveFollowUp } from "./follow-up";
import { type AnswerUnit, answerUnits, parseBlocks } from "./markdown";
import {
  AMOUNT,
  askedFigure,
  DURATION_OR_DATE,
  DUTY,
  factAboutAnotherPlace,
  factsAskedFor,
  type ListRequest,
  listRequest,
  otherDestination,
  REQUIREMENT,
  TIME_LIMIT,
} from "./question";
import {
  analyzeQuery,
  listVerbOf,
  type QueryAnalysis,
  type Retrieval,
  type RetrievedPassage,
  retrieveAnalyzed,
  sourcesOfPassage,
} from "./retrieve";
import { foldForSearch, stripMarkdown } from "./text";

export interface ComposedAnswer {
  /** "no-other": a regenerated answer that would repeat the one it replaces, or has nothing left to quote. */
  kind: "answer" | "unknown" | "greeting" | "no-other";
  text: string;
  retrieval: Retrieval;
  /** The passages the answer quotes. */
  quotedPassageIds?: string[];
}

export interface AnswerOptions {
  /** Earlier user messages of the conversation, oldest first, for follow-up questions. */
  history?: string[];
  embeddings?: EmbeddingModel | null;
  abortSignal?: AbortSignal;
  /** Below this confidence (0..1) the answer says it is not sure; default SURE_CONFIDENCE. */
  sureConfidence?: number;
  /** The first paragraph of the "I don't know" answer; default UNKNOWN_TEXT. */
  unknownText?: string;
  /** The same for plans for another country, "{country}" standing for it; default OTHER_COUNTRY_UNKNOWN_TEXT. */
  otherCountryText?: string;
  /** "Regenerate": passages earlier answers quoted (the answer moves on to the next best) and the answer replaced. */
  excludePassageIds?: string[];
  previousAnswer?: string;
}

/** The opening of a regenerated answer that has nothing new to say; the answer it replaces follows it. */
export const NO_OTHER_ANSWER_TEXT =
  "There is no other answer in my knowledge base: a new answer would repeat the one before, shown again below.";

const normalized = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Answers a question from the knowledge base. On "Regenerate" the answer quotes the next best
 * passages; when there are none, or the answer would be the same, it says so and repeats the answer
 * it replaces (kind "no-other", so it is not charged again).
 */
export async function answerQuestion(db: Db, question: string, options: AnswerOptions = {}): Promise<ComposedAnswer> {
  const composed = await composeAnswer(db, question, options);
  // A "no other answer" notice that is regenerated again is not nested.
  const previous = (options.previousAnswer ?? "").replace(NO_OTHER_ANSWER_TEXT, "").trim();
  if (composed.kind !== "no-other" && (!previous || normalized(composed.text) !== normalized(previous))) return composed;
  return {
    kind: "no-other",
    text: previous ? `${NO_OTHER_ANSWER_TEXT}\n\n${previous}` : NO_OTHER_ANSWER_TEXT,
    retrieval: composed.retrieval,
    quotedPassageIds: [],
  };
}

/**
 * The defaults of what staff may change in /admin/assistant (src/server/services/assistant-settings.ts):
 * below SURE_CONFIDENCE the answer says it is not sure the passages answer the question, and the
 * texts that open the "I don't know" answer.
 */
export const SURE_CONFIDENCE = 0.55;
export const UNKNOWN_TEXT = "I don't know. I could not find anything about this in my knowledge base, and I will not guess.";
export const OTHER_COUNTRY_UNKNOWN_TEXT =
  "I don't know. My knowledge base is about studying and living in Germany, and it has nothing reliable on plans for {country}, so I will not guess. To weigh {country} against Germany (tuition, proof of funds, living costs, work while studying, staying after graduation), see the country comparison: [Compare countries](/compare).";

/** Quoted units at most, and roughly how many words the quoted text may have. */
const MAX_UNITS = 5;
const WORD_BUDGET = 130;
const MAX_ARTICLES = 2;
/** A list this short is quoted whole when one of its items is chosen. */
const MAX_LIST_ITEMS = 4;
const MAX_LIST_WORDS = 90;
/** Units quoted must score this share of the best unit; units of a second article, more. */
const RELATIVE_THRESHOLD = 0.7;
const OTHER_ARTICLE_THRESHOLD = 0.9;
const NEXT_SENTENCE_THRESHOLD = 0.4;
/** Units of articles other than retrieval's best one count for this share of their score. */
const OTHER_ARTICLE_FACTOR = 0.8;
/** Retrieval's best article leads the answer when its best unit scores this share of the best unit. */
const LEAD_ARTICLE_SHARE = 0.6;
/** What a word of the question is worth in another sentence of the same paragraph. */
const PARAGRAPH_SHARE = 0.5;
const PASSAGES = 8;

const GREETING =
  /^(?:hi|hello|hey|hallo|moin|servus|good (?:morning|afternoon|evening)|thanks?(?: you)?|thank you(?: very much)?|danke(?: schön)?|ok(?:ay)?|cool|great)\b[\s!.,:)]*(?:there|swipeai|so much)?[\s!.,:)]*$/i;

async function composeAnswer(db: Db, question: string, options: AnswerOptions): Promise<ComposedAnswer> {
  const trimmed = question.trim();
  if (!trimmed || GREETING.test(trimmed)) {
    return {
      kind: "greeting",
      text: greetingText(await suggestedQuestions(db, [])),
      retrieval: { passages: [], confidence: 0 },
    };
  }
  const retrieveOptions = { limit: PASSAGES, embeddings: options.embeddings, abortSignal: options.abortSignal };
  // A follow-up ("and in Munich?", "what about a PhD?") is first rewritten as the question it stands for.
  const standalone = resolveFollowUp(trimmed, options.history ?? []);
  // "What is the capital of Australia?": a fact about another country, which the words it shares
  // with the knowledge base ("capital" of a start-up) must not turn into an answer.
  if (factAboutAnotherPlace(standalone)) {
    return {
      kind: "unknown",
      text: unknownText(await suggestedQuestions(db, []), options),
      retrieval: { passages: [], confidence: 0 },
    };
  }
  let analysis = await analyzeQuery(db, standalone);
  let retrieval: Retrieval = analysis ? await retrieveAnalyzed(db, analysis, retrieveOptions) : { passages: [], confidence: 0 };

  // A short question that was not recognised as a follow-up may still be one: it is read together
  // with the previous question when that finds more than the question alone.
  const previous = options.history?.at(-1);
  if (previous && standalone === trimmed && !retrieval.passages.length && trimmed.split(/\s+/).length <= 12) {
    const combined = await analyzeQuery(db, `${resolveFollowUp(previous, options.history!.slice(0, -1))} ${trimmed}`);
    const followUp = combined ? await retrieveAnalyzed(db, combined, retrieveOptions) : null;
    if (followUp?.passages.length && followUp.confidence > retrieval.confidence) {
      analysis = combined;
      retrieval = followUp;
    }
  }

  // "Regenerate": the passages earlier answers quoted are left out, so the next best ones answer.
  const excluded = new Set(options.excludePassageIds ?? []);
  if (excluded.size && retrieval.passages.length) {
    const rest = retrieval.passages.filter((passage) => !excluded.has(passage.id));
    if (!rest.length) return { kind: "no-other", text: "", retrieval };
    retrieval = { ...retrieval, passages: rest };
  }

  if (!analysis || !retrieval.passages.length) {
    const near = analysis ? await retrieveAnalyzed(db, analysis, { ...retrieveOptions, minConfidence: 0 }) : null;
    const topics = [...new Set((near?.passages ?? []).map((p) => p.topic))];
    return {
      kind: "unknown",
      text: unknownText(await suggestedQuestions(db, topics), options, otherDestination(standalone)),
      retrieval,
    };
  }

  // The whole text of the best articles, scored, for what the retrieved passages alone may miss.
  const found = retrieval;
  const currentAnalysis = analysis;
  let whole: Promise<{ units: ScoredUnit[]; positions: Map<string, number> }> | undefined;
  const wholeArticles = () =>
    (whole ??= withWholeArticles(db, found.passages, excluded).then(async ({ passages, positions }) => ({
      units: await scoreUnits(db, currentAnalysis, passages),
      positions,
    })));

  // A question asking for a list ("What documents do I need?", "How do I register?") gets the list
  // that answers it, whole and in order, rather than the few items that share most of its words.
  // Read with its typos corrected: "documnets for germn study visa" asks for a list of documents.
  const request = listRequest(correctedQuestion(analysis));
  let chosen: ScoredUnit[] = [];
  if (request) {
    const { units, positions } = await wholeArticles();
    chosen = await selectList(db, analysis, units, request, positions);
  }
  if (!chosen.length) {
    const units = (await wholeArticles()).units;
    chosen = selectUnits(units);
    // "How much do students spend per month?": when the best article gives the amount asked for as
    // a list of amounts (rent, insurance, food...) under a heading that names it, that list answers
    // rather than the one sentence with an amount that shares most words with the question.
    if (chosen.length && !request && factsAskedFor(analysis.question).amount) {
      const { units: all, positions } = await wholeArticles();
      const breakdown = await selectList(db, analysis, all, { procedural: false, breakdown: true }, positions);
      if (breakdown.length) chosen = breakdown;
    }
    if (chosen.length && chosen.every((u) => units.includes(u))) chosen = fillShortAnswer(units, chosen);
  }
  if (!chosen.length) {
    return {
      kind: "unknown",
      text: unknownText(await suggestedQuestions(db, [retrieval.passages[0]!.topic]), options),
      retrieval,
    };
  }
  // Only an answer that quotes a duty without its time limit needs the rest of its article.
  if (chosen.some(needsTimeLimit)) chosen = withTimeLimit(chosen, (await wholeArticles()).units);
  // "How much ...?", "How long ...?" answered without any amount or duration: the article's unit
  // that states one and is most about the question is added, so the answer gives the figure asked for.
  const kind = askedFigure(analysis.question);
  if (kind && !chosen.some((u) => FIGURE[kind].test(u.plain)))
    chosen = withAskedFigure(chosen, (await wholeArticles()).units, FIGURE[kind]);
  if (kind === "amount") chosen = withAmountFirst(chosen, (await wholeArticles()).units);
  // "There are limits on how long you may stay" without the limit: the article's figure comes along.
  const vague = kind ? undefined : chosen.find((u) => VAGUE_LIMIT.test(u.plain) && !/\d/.test(u.plain));
  if (vague) chosen = withStatedLimit(chosen, vague, (await wholeArticles()).units);
  return {
    kind: "answer",
    text: renderAnswer(chosen, retrieval, options.sureConfidence),
    retrieval,
    quotedPassageIds: [...new Set(chosen.map((unit) => unit.passage.id))],
  };
}

/** An answer shorter than this is completed from its article; units must score this share of its best one. */
const MIN_ANSWER_WORDS = 40;
const FILL_THRESHOLD = 0.4;

/**
 * One short sentence rarely answers a question well ("Apply to the dorm and search privately at the
 * same time."): a short answer is completed with the next best units of its own article, down to a
 * lower share of the best score, until it says enough.
 */
function fillShortAnswer(units: ScoredUnit[], chosen: ScoredUnit[]): ScoredUnit[] {
  let words = chosen.reduce((n, u) => n + wordsOf(u), 0);
  if (words >= MIN_ANSWER_WORDS) return chosen;
  const article = chosen[0]!.passage.articleSlug;
  const best = Math.max(...chosen.map((u) => u.score));
  const out = [...chosen];
  for (const unit of [...units].sort((a, b) => b.score - a.score || a.passageRank - b.passageRank || a.order - b.order)) {
    if (words >= MIN_ANSWER_WORDS || out.length >= MAX_UNITS + 2 || unit.score < best * FILL_THRESHOLD) break;
    // Sentences, or more items of a list already quoted: a list item on its own is a fragment.
    const ofQuotedList = out.some((c) => c.kind !== "sentence" && c.passage === unit.passage && c.block === unit.block);
    if (unit.kind !== "sentence" && !ofQuotedList) continue;
    if (unit.passage.articleSlug !== article || out.includes(unit) || dependsOnPrevious(unit) || unit.plain.trim().endsWith(":")) continue;
    if (words + wordsOf(unit) > WORD_BUDGET || out.some((c) => similarity(c.lexemes, unit.lexemes) > 0.7)) continue;
    out.push(unit);
    words += wordsOf(unit);
  }
  return out;
}

const PERIOD =
  /\b(?:per|a|an|each|every) (?:month|year|semester|week|day|hour)\b|\/(?:month|year)\b|\bmonthly\b|\byearly\b|\bannual(?:ly)?\b/i;
const APPLIES_FROM =
  /\b(?:from|since|as of|in|for|until|applying)\s+(?:\d{1,2}\s+)?(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+)?(?:20\d\d|winter semester|summer semester)\b/i;

/** A day the amount applies from ("from 1 January 2026"), which says more than a year ("in 2026"). */
const APPLIES_FROM_DAY =
  /\b(?:from|since|as of|applying from)\s+\d{1,2}\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+20\d\d\b/i;
const FULL_STATEMENT = 3;

/** How fully a unit states an amount: the amount, its period, the date it applies from (a half more for its day). */
export function amountStatement(plain: string): number {
  if (!AMOUNT.test(plain)) return 0;
  return 1 + (PERIOD.test(plain) ? 1 : 0) + (APPLIES_FROM.test(plain) ? 1 : 0) + (APPLIES_FROM_DAY.test(plain) ? 0.5 : 0);
}

const AMOUNT_ELSEWHERE_SHARE = 0.5;

/**
 * "How much ...?": the answer leads with the sentence (or list item) of its first article that
 * states the amount most fully, with its unit, period and date; a list answer already leads with
 * its sentence. An item moved up is said as a sentence.
 */
export function withAmountFirst(chosen: ScoredUnit[], candidates: ScoredUnit[] = []): ScoredUnit[] {
  if (!chosen.length || chosen.some((u) => u.closing)) return chosen;
  const article = chosen[0]!.passage.articleSlug;
  // A sentence elsewhere in the article that states the amount fully (amount, period and date) and
  // is about the question too may lead instead ("... 992 euros a month ... since 1 January 2025").
  const top = Math.max(...chosen.map((u) => u.score));
  const elsewhere = candidates.filter(
    (u) =>
      u.kind === "sentence" &&
      u.score >= top * AMOUNT_ELSEWHERE_SHARE &&
      amountStatement(u.plain) >= FULL_STATEMENT &&
      !chosen.some((c) => sameUnit(c, u)),
  );
  let best: ScoredUnit | undefined;
  for (const unit of [...chosen, ...elsewhere.sort((a, b) => b.score - a.score)]) {
    if (unit.passage.articleSlug !== article || unit.kind === "row" || dependsOnPrevious(unit)) continue;
    const [statement, bestStatement] = [amountStatement(unit.plain), best ? amountStatement(best.plain) : 0];
    // A whole sentence states an amount better than one item of a list of parts.
    if (statement > bestStatement || (best && statement === bestStatement && unit.kind === "sentence" && best.kind !== "sentence"))
      best = unit;
  }
  if (!best || amountStatement(best.plain) < 2) return chosen;
  const lead: ScoredUnit = { ...best, kind: "sentence", label: undefined, leading: true };
  return [lead, ...chosen.filter((u) => u !== best)];
}

const FIGURE = { amount: AMOUNT, time: DURATION_OR_DATE } as const;
/** A list this short that states the figure asked for is quoted whole ("75 EUR for the first ..., 30 EUR for each further ..."). */
const FIGURE_LIST_ITEMS = 6;
/** A breakdown of costs (up to FIGURE_LIST_ITEMS items of a sentence or two each) is quoted whole up to this many words. */
const MAX_BREAKDOWN_WORDS = 200;

/** Whether a list gives amounts: at least two in three of its items state one (rent, insurance, food ...). */
function mostlyAmounts(items: AnswerUnit[]): boolean {
  return items.filter((u) => AMOUNT.test(u.plain)).length * 3 >= items.length * 2;
}

/**
 * An answer to "how much" or "how long" that quotes no amount or duration misses what was asked:
 * the best unit of the answer's article that states one comes first (with the rest of its list when
 * the list is short: a list of fees is only right whole).
 */
export function withAskedFigure(chosen: ScoredUnit[], candidates: ScoredUnit[], figure: RegExp): ScoredUnit[] {
  if (!chosen.length) return chosen;
  const best = bestUnitOfArticle(
    candidates,
    chosen[0]!.passage.articleSlug,
    (u) => figure.test(u.plain) && !chosen.some((c) => sameUnit(c, u)),
    (a, b) => b.score - a.score,
  );
  if (!best) return chosen;
  const top = Math.max(...chosen.map((u) => u.score));
  if (best.kind === "sentence") return [{ ...best, score: top + 1e-3, leading: true }, ...chosen];
  const siblings = candidates
    .filter((u) => u.passage.id === best.passage.id && u.block === best.block && u.kind === best.kind)
    .sort((a, b) => a.order - b.order);
  const list = siblings.length <= FIGURE_LIST_ITEMS && siblings.reduce((n, u) => n + wordsOf(u), 0) <= MAX_LIST_WORDS ? siblings : [best];
  const rest = chosen.filter((u) => !list.some((l) => sameUnit(l, u)));
  // The list leads: its items rank above what was chosen, in their order.
  return [...list.map((u, i) => ({ ...u, score: top + 1 - i * 1e-3 })), ...rest];
}

/**
 * A unit that says a limit exists without stating it is followed by the unit of its article that
 * states it: the one with the figure that says most of the same (and is most about the question).
 */
export function withStatedLimit(chosen: ScoredUnit[], vague: ScoredUnit, candidates: ScoredUnit[]): ScoredUnit[] {
  const figure = /\bhow long\b|\bstay\b|\bperiod\b|\bdays?\b/i.test(vague.plain) ? DURATION_OR_DATE : AMOUNT;
  if (chosen.some((u) => figure.test(u.plain))) return chosen;
  const top = Math.max(...candidates.map((u) => u.score), 1e-9);
  const closeness = (u: ScoredUnit) => similarity(vague.lexemes, u.lexemes) + 0.5 * (u.score / top);
  const limit = bestUnitOfArticle(
    candidates,
    vague.passage.articleSlug,
    (u) => u.kind !== "row" && figure.test(u.plain) && !chosen.some((c) => sameUnit(c, u)),
    (a, b) => closeness(b) - closeness(a),
  );
  return limit ? withSentenceAfter(chosen, vague, limit) : chosen;
}

/** The best unit of an article (by `order`) that `wanted` accepts and that reads on its own. */
function bestUnitOfArticle(
  candidates: ScoredUnit[],
  article: string,
  wanted: (unit: ScoredUnit) => boolean,
  order: (a: ScoredUnit, b: ScoredUnit) => number,
): ScoredUnit | undefined {
  return candidates.filter((u) => u.passage.articleSlug === article && !dependsOnPrevious(u) && wanted(u)).sort(order)[0];
}

/** `chosen` with `unit` right after `anchor`, said as a sentence (an item moved next to it is no longer in its list). */
function withSentenceAfter(chosen: ScoredUnit[], anchor: ScoredUnit, unit: ScoredUnit): ScoredUnit[] {
  const out = [...chosen];
  out.splice(out.indexOf(anchor) + 1, 0, { ...unit, kind: "sentence", label: undefined, score: anchor.score - 1e-6 });
  return out;
}

/** The same text of the same passage, whichever scoring produced the two units. */
function sameUnit(a: ScoredUnit, b: ScoredUnit): boolean {
  return a.passage.id === b.passage.id && a.block === b.block && a.order === b.order && a.kind === b.kind;
}

/**
 * A duty quoted without its time limit ("everyone ... must register their address") leaves out what
 * matters most when the article gives one ("you must register within two weeks of moving in"): the
 * sentence that sets the time limit for the same duty comes right after it.
 */
function needsTimeLimit(unit: AnswerUnit): boolean {
  return DUTY.test(unit.plain) && !TIME_LIMIT.test(unit.plain);
}

export function withTimeLimit(chosen: ScoredUnit[], candidates: ScoredUnit[]): ScoredUnit[] {
  const duty = chosen.find(needsTimeLimit);
  if (!duty) return chosen;
  const verb = DUTY.exec(duty.plain)![1]!.toLowerCase();
  // The same duty said with its time limit ("must tell the office" and "must re-register within
  // two weeks"): the same verb first, else the sentence that says most of the same.
  const closeness = (u: ScoredUnit) => (DUTY.exec(u.plain)?.[1]?.toLowerCase() === verb ? 1 : 0) + similarity(duty.lexemes, u.lexemes);
  const limitOfDuty = (u: ScoredUnit) => TIME_LIMIT.test(u.plain) && closeness(u) >= 0.2;
  // A limit already quoted counts when it is for the same duty: the same verb, or said in the same
  // section ("register at your new address within two weeks" under moving again is not it).
  if (chosen.some((u) => u !== duty && limitOfDuty(u) && (closeness(u) >= 1 || u.passage.id === duty.passage.id))) return chosen;
  const limit = bestUnitOfArticle(
    candidates,
    duty.passage.articleSlug,
    (u) => u.kind !== "row" && limitOfDuty(u),
    (a, b) => closeness(b) - closeness(a) || b.score - a.score,
  );
  return limit ? withSentenceAfter(chosen, duty, limit) : chosen;
}

/** Articles whose whole text a list answer may quote: the best few of the retrieval. */
const LIST_ARTICLES = 2;
const LIST_ARTICLE_SHARE = 0.8;
const LIST_WORD_BUDGET = 170;
/** A checklist spread over several sections ("Personal documents", "Study documents", "Money and insurance") may take this many words. */
const CHECKLIST_WORD_BUDGET = 320;
/** Shares of the question's weight a list's title, heading and lead-in must cover, and its heading and lead-in alone. */
const LIST_ABOUT_SHARE = 0.3;
const LIST_OTHER_ABOUT_SHARE = 0.5;
/** A list of another article than retrieval's best counts for this share: it rarely takes the best article's place. */
const LIST_OTHER_ARTICLE_FACTOR = 0.75;
const LIST_HEAD_SHARE = 0.25;
/** A list longer than this is quoted up to here, and the answer says how many items follow in the article. */
const LIST_MAX_ITEMS = 20;

/**
 * The retrieved passages followed by the other passages of the best articles (a list a question asks
 * for is often in a section whose words the question does not use, such as "What to bring"), and
 * each passage's position in its article.
 */
async function withWholeArticles(db: Db, retrieved: RetrievedPassage[], excluded: Set<string>) {
  const best = new Map<string, RetrievedPassage[]>();
  for (const passage of retrieved) best.set(passage.articleSlug, [...(best.get(passage.articleSlug) ?? []), passage]);
  const top = retrieved[0]!.score;
  const slugs = [...best.keys()].filter((slug) => best.get(slug)![0]!.score >= top * LIST_ARTICLE_SHARE).slice(0, LIST_ARTICLES);
  const rows = await db.knowledgePassage.findMany({
    where: { article: { slug: { in: slugs } } },
    orderBy: { position: "asc" },
    select: {
      id: true,
      position: true,
      heading: true,
      text: true,
      sources: true,
      article: { select: { slug: true, sources: true } },
    },
  });
  const positions = new Map(rows.map((row) => [row.id, row.position]));
  const known = new Set(retrieved.map((p) => p.id));
  const extra: RetrievedPassage[] = rows
    .filter((row) => !known.has(row.id) && !excluded.has(row.id))
    .map((row) => {
      const siblings = best.get(row.article.slug)!;
      // Not retrieved for the question: as good as the article's weakest retrieved passage, a little less.
      const score = Math.min(...siblings.map((p) => p.score)) * 0.95;
      return {
        ...siblings[0]!,
        id: row.id,
        heading: row.heading,
        text: row.text,
        sources: sourcesOfPassage(row.sources, row.article.sources),
        score,
      };
    });
  return { passages: [...retrieved, ...extra], positions };
}

/** A section that lists what to have with you: "What to bring", "Documents you need", "Checklist". */
const NEEDED_THINGS_HEADING = /\b(?:what to bring|documents?|papers|what you need|checklist)\b/i;

/** A lead-in of what something serves for ("The certificate is needed for many next steps:"). */
const USES_LEAD_IN = /\b(?:is|are) (?:also )?(?:needed|required|used) for\b|\bneed (?:it|them) for\b/i;
const USES_FACTOR = 0.6;

interface ListCandidate {
  items: ScoredUnit[];
  passage: RetrievedPassage;
  block: number;
  value: number;
  relevant: boolean;
}

/**
 * The list that answers a list question: among the lists of the passages, the one whose heading or
 * lead-in names what the question asks for (its noun, its verb: "Personal documents", "How to
 * register"), an ordered list for a procedure, with items that match the question. Further lists
 * of the same article that answer as well come along ("Study documents"). A sentence that answers
 * the question directly goes first.
 */
async function selectList(
  db: Db,
  analysis: QueryAnalysis,
  units: ScoredUnit[],
  request: ListRequest,
  positions: Map<string, number>,
): Promise<ScoredUnit[]> {
  const bestUnit = Math.max(0, ...units.map((u) => u.score));
  if (bestUnit < 0.2) return [];
  const groups = new Map<string, ScoredUnit[]>();
  for (const unit of units) {
    if (unit.kind !== "item") continue;
    const key = `${unit.passage.id}:${unit.block}`;
    groups.set(key, [...(groups.get(key) ?? []), unit]);
  }
  // An amount made of parts is answered by a list of retrieval's best article whose items mostly give amounts.
  const isBreakdown = (items: ScoredUnit[]) =>
    items.length >= 4 && items[0]!.passage.articleSlug === units[0]!.passage.articleSlug && mostlyAmounts(items);
  const lists = [...groups.values()].filter((items) => items.length >= 2 && (!request.breakdown || isBreakdown(items)));
  if (!lists.length) return [];
  const heads = lists.map((items) => `${items[0]!.passage.heading ?? ""}\n${items[0]!.label ?? ""}`);
  const titles = lists.map((items) => items[0]!.passage.articleTitle);
  const rows = await db.$queryRaw<{ i: number; lexemes: string[] }[]>`
    SELECT (t.i)::int AS i, tsvector_to_array(to_tsvector('english', t.text)) AS lexemes
    FROM unnest(${[...heads, ...titles, request.noun ?? ""].map(foldForSearch)}::text[]) WITH ORDINALITY AS t(text, i)`;
  const lexemesOf = new Map(rows.map((r) => [r.i - 1, new Set(r.lexemes)]));
  const nounStems = lexemesOf.get(2 * heads.length) ?? new Set<string>();
  /** The share of the question's weight that these lexemes cover. */
  const matchOf = (lexemes: Set<string>) => {
    const best = analysis.words.map(() => 0);
    for (const term of analysis.terms) if (lexemes.has(term.lexeme)) best[term.concept] = Math.max(best[term.concept]!, term.factor);
    return best.reduce((sum, value, c) => sum + value * analysis.conceptWeight[c]!, 0) / analysis.totalWeight;
  };

  const topScore = units[0]!.passage.score || 1;
  const leadArticle = units[0]!.passage.articleSlug;
  const listVerb = listVerbOf(analysis.question);
  const candidates: ListCandidate[] = lists.map((items, index) => {
    const head = lexemesOf.get(index) ?? new Set<string>();
    const headMatch = matchOf(head);
    // The article's title with the list's heading and lead-in must be about the question's subject.
    const aboutMatch = matchOf(new Set([...head, ...(lexemesOf.get(heads.length + index) ?? [])]));
    // "What documents do I bring?": a section "What to bring" names what is asked for.
    const headText = heads[index]!;
    // "What do I need for the Anmeldung?" names no noun: a section of the documents to bring names it.
    const namesNoun =
      [...nounStems].some((stem) => head.has(stem)) ||
      Boolean(listVerb && new RegExp(`\\b${listVerb}\\b`, "i").test(headText)) ||
      (!request.noun && !request.procedural && !request.breakdown && NEEDED_THINGS_HEADING.test(items[0]!.passage.heading ?? ""));
    const ordered = isOrderedList(items[0]!);
    // For a procedure, a section that says it gives the steps is the answer; an ordered list may be.
    const procedure = !request.procedural ? 0 : /\b(?:how to|steps?|process|procedure)\b/i.test(headText) ? 0.6 : ordered ? 0.3 : 0;
    const top = [...items].sort((a, b) => b.score - a.score).slice(0, 3);
    const itemValue = top.reduce((sum, u) => sum + u.score, 0) / top.length / bestUnit;
    // What a list is about is said by its heading and lead-in ("When you move again", "What to
    // bring"); items sharing the question's words may well be about another situation.
    // ... and, as for every unit, the passage's rank in the retrieval counts.
    const rank = (items[0]!.passage.score / topScore) ** 2;
    const own = items[0]!.passage.articleSlug === leadArticle ? 1 : LIST_OTHER_ARTICLE_FACTOR;
    // "It is needed for:" lists what a thing is used for, not what one needs for it.
    const uses = USES_LEAD_IN.test(items[0]!.label ?? "") ? USES_FACTOR : 1;
    const value = uses * own * rank * (0.5 * itemValue + 2 * headMatch + (namesNoun ? 0.4 : 0) + procedure);
    // A list of another article than retrieval's best must be about the question all the more.
    const aboutShare = items[0]!.passage.articleSlug === leadArticle ? LIST_ABOUT_SHARE : LIST_OTHER_ABOUT_SHARE;
    // Asked for "scholarships", a list that never says "scholarship" lists something else.
    const saysNoun = namesNoun || !request.noun || items.some((u) => [...nounStems].some((stem) => u.lexemes.has(stem)));
    const relevant =
      aboutMatch >= aboutShare &&
      saysNoun &&
      (namesNoun || headMatch >= LIST_HEAD_SHARE || (procedure > 0 && (headMatch > 0 || itemValue >= 0.5)));
    return {
      items: items.sort((a, b) => a.order - b.order),
      passage: items[0]!.passage,
      block: items[0]!.block,
      value,
      relevant,
    };
  });
  let ranked = candidates.filter((c) => c.relevant).sort((a, b) => b.value - a.value || a.passage.score - b.passage.score);
  // "How do I apply ...?", "which steps": the steps in order answer it, when a list of steps is about
  // that (its heading or article names the verb asked about), rather than another list about it.
  const steps = ranked.filter((c) => isProcedure(c) && procedureFor(analysis.question, c));
  if (request.procedural && steps.length) ranked = steps;
  const first = ranked[0];
  if (!first) return [];
  const article = first.passage.articleSlug;
  const position = (c: ListCandidate) => (positions.get(c.passage.id) ?? 0) * 1000 + c.block;
  const picked = [first];
  let words = listWords(first);
  for (const other of ranked.slice(1)) {
    if (other.passage.articleSlug !== article || other.value < first.value * 0.85) continue;
    if (words + listWords(other) > LIST_WORD_BUDGET) continue;
    picked.push(other);
    words += listWords(other);
  }
  picked.sort((a, b) => position(a) - position(b));
  // A checklist the article splits over consecutive sections is quoted whole: the lists of the
  // sections right after (and before) the ones picked, as long as each section is a list of the
  // same kind ("Money and insurance" after "Personal documents" and "Study documents").
  // So is one whose article is the checklist asked for ("Student visa documents checklist").
  const firstTitle = lexemesOf.get(heads.length + candidates.indexOf(first)) ?? new Set<string>();
  const checklistArticle = firstTitle.has("checklist") && [...nounStems].some((stem) => firstTitle.has(stem));
  if ((picked.length >= 2 || checklistArticle) && !request.procedural) {
    const sameArticle = candidates.filter((c) => c.passage.articleSlug === article && !picked.includes(c));
    const at = (c: ListCandidate) => positions.get(c.passage.id) ?? -1;
    for (const step of [1, -1]) {
      for (let edge = step > 0 ? picked[picked.length - 1]! : picked[0]!; ; ) {
        const next = sameArticle.find(
          (c) => at(c) === at(edge) + step && checklistStyle(c) === checklistStyle(first) && !picked.includes(c),
        );
        if (!next || onlyPartOfSection(next, units) || words + listWords(next) > CHECKLIST_WORD_BUDGET) break;
        if (step > 0) picked.push(next);
        else picked.unshift(next);
        words += listWords(next);
        edge = next;
      }
    }
  }

  const chosen: ScoredUnit[] = [];
  let rank = 2;
  let left = 0;
  for (const list of picked) {
    for (const item of list.items) {
      if (chosen.length >= LIST_MAX_ITEMS) {
        left++;
        continue;
      }
      chosen.push({ ...item, score: (rank -= 0.001) });
    }
  }
  chosen.push(listEnding(picked, left));
  // The sentence that answers most directly, from the list's article or retrieval's best one.
  const lead = units
    .filter(
      (u) =>
        u.kind === "sentence" &&
        (u.passage.articleSlug === article || u.passage.articleSlug === units[0]!.passage.articleSlug) &&
        !dependsOnPrevious(u) &&
        !u.plain.trim().endsWith(":") &&
        wordsOf(u) <= 45 &&
        u.score >= bestUnit * 0.5,
    )
    // Over a list of amounts, the sentence that states the whole amount (with its period and date) leads.
    .sort((a, b) => (request.breakdown ? amountStatement(b.plain) - amountStatement(a.plain) : 0) || b.score - a.score)[0];
  if (lead) chosen.unshift({ ...lead, score: 3 });
  return chosen;
}

/**
 * The question with its typos read as retrieval read them ("documnets" as "documents"): each typed
 * word that a correction's stem begins is written as the corrected stem with the rest of the word.
 */
export function correctedQuestion({ question, corrections }: Pick<QueryAnalysis, "question" | "corrections">): string {
  if (!corrections.size) return question;
  return question.replace(/[\p{L}]+/gu, (word) => {
    const lower = word.toLowerCase();
    for (const [typed, known] of corrections) if (known && lower.startsWith(typed)) return known + lower.slice(typed.length);
    return word;
  });
}

function listWords(list: ListCandidate): number {
  return list.items.reduce((n, u) => n + wordsOf(u), 0);
}

function isProcedure(list: ListCandidate): boolean {
  return isOrderedList(list.items[0]!) || /\b(?:how to|steps?|process|procedure)\b/i.test(list.passage.heading ?? "");
}

/** Whether a list of steps is about what the question asks how to do ("apply" in "How to apply"), or the question asks for steps. */
function procedureFor(question: string, list: ListCandidate): boolean {
  if (/\bsteps?\b|\bprocess\b|\bprocedure\b/i.test(question)) return true;
  const verb = /\bhow (?:do|can|should|would) (?:i|we|you) ([a-z]+)|\bhow to ([a-z]+)/i.exec(question);
  const stem = (verb?.[1] ?? verb?.[2] ?? "").toLowerCase().slice(0, 4);
  return stem.length === 4 && `${list.passage.heading ?? ""} ${list.passage.articleTitle}`.toLowerCase().includes(stem);
}

/** Whether most items of a list begin with a bold term ("**Passport**, valid for ..."): the style of a checklist. */
function checklistStyle(list: ListCandidate): boolean {
  return list.items.filter((item) => /^\*\*/.test(item.markdown)).length * 2 > list.items.length;
}

/** A section with more than its list (paragraphs around it) is not just a further part of a checklist. */
function onlyPartOfSection(list: ListCandidate, units: ScoredUnit[]): boolean {
  return units.some((u) => u.passage.id === list.passage.id && u.kind === "sentence");
}

/**
 * The line that ends a list answer: that the list is whole, naming the sections it comes from, or
 * how many items the article lists beyond those quoted.
 */
function listEnding(picked: ListCandidate[], left: number): ScoredUnit {
  const last = picked[picked.length - 1]!;
  const headings = [...new Set(picked.map((list) => list.passage.heading).filter((h): h is string => Boolean(h)))].map(
    (h) => `“${stripMarkdown(h)}”`,
  );
  const where = headings.length
    ? ` under ${headings.length > 1 ? `${headings.slice(0, -1).join(", ")} and ${headings.at(-1)}` : headings[0]}`
    : "";
  const text = left
    ? `The article lists ${left} more item${left === 1 ? "" : "s"}${where}.`
    : `That is the whole list the article gives${where}.`;
  return {
    ...last.items[last.items.length - 1]!,
    kind: "sentence",
    label: undefined,
    markdown: `_${text}_`,
    plain: text,
    order: Number.MAX_SAFE_INTEGER,
    score: 0,
    closing: true,
  };
}

function wordsOf(unit: AnswerUnit): number {
  return unit.plain.split(/\s+/).length;
}

function isOrderedList(item: ScoredUnit): boolean {
  const block = parseBlocks(item.passage.text)[item.block - 1];
  return block?.kind === "list" && /^\s*\d+[.)]\s/.test(block.raw);
}

export interface ScoredUnit extends AnswerUnit {
  passage: RetrievedPassage;
  passageRank: number;
  score: number;
  lexemes: Set<string>;
  /** Said last in its article's part: where a quoted list ends. */
  closing?: boolean;
  /** Said first: the sentence that states the amount asked for. */
  leading?: boolean;
}

/**
 * Scores every quotable unit of the passages: the weight of the question's words it contains
 * (synonyms a little less), more when it gives the kind of fact asked for (an amount, a date, a
 * duration, a number of the question), scaled by how well retrieval ranked its passage.
 */
async function scoreUnits(db: Db, analysis: QueryAnalysis, passages: RetrievedPassage[]): Promise<ScoredUnit[]> {
  const units = passages.flatMap((passage, passageRank) => answerUnits(passage.text).map((unit) => ({ ...unit, passage, passageRank })));
  if (!units.length) return [];
  // Folded as the question's words are (ä/ae, ß/ss), so "Ausländerbehörde" matches its stem.
  const texts = units.map((u) => foldForSearch(u.label ? `${u.plain}\n${u.label}` : u.plain));
  const lexemeRows = await db.$queryRaw<{ i: number; lexemes: string[] }[]>`
    SELECT (t.i)::int AS i, tsvector_to_array(to_tsvector('english', t.text)) AS lexemes
    FROM unnest(${texts}::text[]) WITH ORDINALITY AS t(text, i)`;
  // The passages' article titles, then their headings.
  const labelTexts = [...passages.map((p) => foldForSearch(p.articleTitle)), ...passages.map((p) => foldForSearch(p.heading ?? ""))];
  const labelRows = await db.$queryRaw<{ i: number; lexemes: string[] }[]>`
    SELECT (t.i)::int AS i, tsvector_to_array(to_tsvector('english', t.text)) AS lexemes
    FROM unnest(${labelTexts}::text[]) WITH ORDINALITY AS t(text, i)`;
  // Phrases of the term table ("schengen visa") are found where their words stand together, and
  // then held as a lexeme of their own, as the question's terms name them.
  const phrases = await phraseHits(db, analysis, [...texts, ...labelTexts]);
  const withPhrases = (lexemes: string[], at: number) => new Set([...lexemes, ...(phrases.get(at) ?? [])]);
  const unitLexemes = new Map(lexemeRows.map((r) => [r.i - 1, withPhrases(r.lexemes, r.i - 1)]));
  const titleLexemes = new Map(
    labelRows.filter((r) => r.i <= passages.length).map((r) => [r.i - 1, withPhrases(r.lexemes, texts.length + r.i - 1)]),
  );
  const headingLexemes = new Map(
    labelRows.filter((r) => r.i > passages.length).map((r) => [r.i - 1 - passages.length, withPhrases(r.lexemes, texts.length + r.i - 1)]),
  );

  const paragraphLexemes = new Map<string, Set<string>>();
  units.forEach((unit, index) => {
    if (unit.kind !== "sentence") return;
    const key = `${unit.passageRank}:${unit.block}`;
    const set = paragraphLexemes.get(key) ?? new Set<string>();
    for (const lexeme of unitLexemes.get(index) ?? []) set.add(lexeme);
    paragraphLexemes.set(key, set);
  });

  const wants = factsAskedFor(analysis.question);
  const asksForTime = askedFigure(analysis.question) === "time";
  const questionNumbers = numbersIn(analysis.question);
  // "Where can I find ...", "how do I find ...": the section that says where to look answers.
  const asksWhere = WHERE_QUESTION.test(analysis.question);
  const asksConditions = CONDITIONS_QUESTION.test(analysis.question);
  const topScore = passages[0]!.score || 1;
  const leadArticle = passages[0]!.articleSlug;
  return units.map((unit, index) => {
    const lexemes = unitLexemes.get(index) ?? new Set<string>();
    const title = titleLexemes.get(unit.passageRank) ?? new Set<string>();
    const heading = headingLexemes.get(unit.passageRank) ?? new Set<string>();
    // The article title and heading say what a unit is about; list items and table rows lean on
    // them more than full sentences do. The heading tells the sections of an article apart, the
    // title does not: a word of the question in the heading counts more.
    const item = unit.kind !== "sentence";
    const contextShareOf = (lexeme: string) => (heading.has(lexeme) ? (item ? 0.75 : 0.5) : title.has(lexeme) ? (item ? 0.6 : 0.35) : 0);
    // A sentence is also about what the other sentences of its paragraph say.
    const paragraph = unit.kind === "sentence" ? paragraphLexemes.get(`${unit.passageRank}:${unit.block}`) : undefined;
    const best = analysis.words.map(() => 0);
    for (const term of analysis.terms) {
      const value = lexemes.has(term.lexeme)
        ? term.factor
        : paragraph?.has(term.lexeme)
          ? Math.max(PARAGRAPH_SHARE, contextShareOf(term.lexeme)) * term.factor
          : contextShareOf(term.lexeme) * term.factor;
      best[term.concept] = Math.max(best[term.concept]!, value);
    }
    const match = best.reduce((sum, value, c) => sum + value * analysis.conceptWeight[c]!, 0) / analysis.totalWeight;
    // Units that match only part of the question fall behind those that match all of it.
    let score = match * (0.5 + 0.5 * match);
    const plain = unit.plain;
    if (wants.amount && (AMOUNT.test(plain) || RELATIVE_AMOUNT.test(plain))) {
      score += 0.25;
      // An amount per month, year or semester is the direct answer to "how much".
      if (/\b(?:per|a|each|every) (?:month|year|semester|week|hour)\b|\/month|\/year|\bmonthly\b|\byearly\b|\bannual/i.test(plain))
        score += 0.1;
    }
    if (
      wants.time &&
      (/\b\d+\s*(?:days?|weeks?|months?|years?|hours?|semesters?)\b/i.test(plain) ||
        /\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/.test(plain))
    )
      score += 0.2;
    // A section whose heading names the kind of fact asked for ("Maximum amount", "How long you
    // have to re-register") holds the answer more likely than one that only shares words with it.
    const headingText = unit.passage.heading ?? "";
    if ((wants.amount && AMOUNT_HEADING.test(headingText)) || (asksForTime && TIME_HEADING.test(headingText))) score += 0.1;
    if (wants.count && /\b\d+\b/.test(plain)) score += 0.15;
    // "Can my wife come?", "requirements for ...": the section that sets the conditions answers.
    if (asksConditions && CONDITIONS_HEADING.test(headingText)) score += 0.15;
    // "Related topics" only points elsewhere.
    if (RELATED_HEADING.test(headingText)) score *= 0.3;
    // "Where can I find ...": the section that says where ("Where to search") is the answer.
    if (asksWhere && /\bwhere\b/i.test(headingText)) score += WHERE_HEADING_BONUS;
    if (wants.requirement && REQUIREMENT.test(plain)) score += 0.15;
    // A number of the question ("2026") in the unit, or in the heading its section is under.
    const numbers = [...numbersIn(plain), ...numbersIn(headingText)];
    if (questionNumbers.some((n) => numbers.includes(n))) score += 0.1;
    // "For comparison, the 2025 thresholds were ...": an earlier figure, not the one asked for.
    if (/^for comparison\b/i.test(plain)) score *= 0.6;
    // Short fragments ("Yes."), lead-ins ("You need:") and sentences that lean on a sentence of
    // another passage ("It has three parts.") say little on their own.
    const words = plain.split(/\s+/).length;
    if (words < 5) score *= 0.5;
    if (plain.trim().endsWith(":")) score *= 0.3;
    if (dependsOnPrevious(unit) && unit.order === 0) score *= 0.6;
    // What an article covers, or where another one does, is a signpost, not an answer.
    if (SIGNPOST.test(plain.replace(/\([^)]*\)/g, ""))) score *= 0.4;
    // Prefer the better-ranked passages: retrieval weighs the article title and the whole question.
    score *= (unit.passage.score / topScore) ** 2;
    // Follow the best article: another article leads only when its text answers clearly better.
    if (unit.passage.articleSlug !== leadArticle) score *= OTHER_ARTICLE_FACTOR;
    return { ...unit, lexemes, score };
  });
}

/** Questions where something is or is found: "where can I ...", "how do I find ...", "how to find". */
export const WHERE_QUESTION = /\bwhere\b|\bwo\b|\bhow (?:do|can|could|should|would) (?:i|we|you|one) (?:best )?find\b|\bhow to find\b/i;
/** What a section that says where ("Where to look") adds for such a question: it answers it, even when retrieval ranked it lower. */
const WHERE_HEADING_BONUS = 0.3;
/**
 * A sentence that says a limit exists without stating it: "There are limits on how long you may
 * stay", "your income stays below the tax-free allowance" (a threshold named, not its figure).
 */
export const VAGUE_LIMIT =
  /\b(?:there (?:are|is) (?:a )?limits?|limits? on how (?:long|much|many)|(?:is|are) limited\b|up to a (?:certain|maximum) (?:period|amount|number)|(?:below|under|above|over|exceeds?|exceeding|within|reach(?:es)?) (?:the|this|that|your) (?:[\w-]+ ){0,2}(?:allowance|threshold|limit|ceiling|cap)\b)/i;
/** Questions whether something is allowed or possible, or what it requires. */
const CONDITIONS_QUESTION =
  /^(?:(?:and|so|but)\s+)?(?:can|may|could)\s+(?:i|we|my|our|a|an|the|non-eu|international|students?)\b|\bis it possible\b|\ballowed to\b|\brequirements?\b|\bconditions?\b|\beligib|\bvoraussetzung/i;
const CONDITIONS_HEADING = /\b(?:conditions?|requirements?|who can|who may|eligib\w*|what you must|what you need|voraussetzung\w*)\b/i;
const RELATED_HEADING = /^(?:related (?:topics|articles|questions)|see also|further reading|more information)\b/i;
/** An amount given as a multiple of another: "at most three months' rent", "three times the net cold rent". */
const RELATIVE_AMOUNT = /\b(?:one|two|three|four|five|six|\d+)\s+(?:months?['’]s?|times)\s+(?:rent|salary|pay|the)\b/i;
/** Sentences about the knowledge base itself: "This article covers ...", "... are in the other work articles". */
const SIGNPOST =
  /\b(?:this|the) (?:article|page|guide) (?:covers|explains|lists|is about|describes|looks at)\b|\bin the (?:other )?(?:\w+ )?articles?\b|\b(?:covered|explained) in the article\b|\bsee the (?:\w+ )*article\b/i;
/** By text (index in `texts`): the phrase terms of the question (lexemes joined by spaces) found in it, words together. */
async function phraseHits(db: Db, analysis: QueryAnalysis, texts: string[]): Promise<Map<number, string[]>> {
  const phrases = [...new Map(analysis.terms.filter((t) => t.lexeme.includes(" ")).map((t) => [t.lexeme, t.query])).entries()];
  if (!phrases.length || !texts.length) return new Map();
  const rows = await db.$queryRaw<{ i: number; j: number }[]>`
    SELECT (t.i)::int AS i, (q.j)::int AS j
    FROM unnest(${texts}::text[]) WITH ORDINALITY AS t(text, i), unnest(${phrases.map(([, query]) => query)}::text[]) WITH ORDINALITY AS q(query, j)
    WHERE to_tsvector('english', t.text) @@ q.query::tsquery`;
  const hits = new Map<number, string[]>();
  for (const { i, j } of rows) hits.set(i - 1, [...(hits.get(i - 1) ?? []), phrases[j - 1]![0]]);
  return hits;
}

const AMOUNT_HEADING = /\b(?:amounts?|fees?|costs?|prices?|how much|rates?|contributions?|salary|maximum|minimum|budget)\b/i;
const TIME_HEADING = /\b(?:how long|deadlines?|when|time limits?|durations?|dates?|periods?|how soon|processing times?)\b/i;

function numbersIn(text: string): string[] {
  return (text.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replace(/,/g, ""));
}

/**
 * The best units, close in score to the best one, without near-repeats, within the word budget;
 * a unit that continues the one before it ("This ...", "It ...") brings that one along.
 */
export function selectUnits(units: ScoredUnit[]): ScoredUnit[] {
  const sorted = [...units].sort((a, b) => b.score - a.score || a.passageRank - b.passageRank || a.order - b.order);
  const top = sorted[0];
  if (!top || top.score < 0.2) return [];
  // Retrieval's best article leads when it has a unit close enough to the best one: it matches the
  // whole question best, while a unit of another article may just share more of its words.
  const leadArticle = units.find((u) => u.passageRank === 0)?.passage.articleSlug;
  const leadBest = sorted.find((u) => u.passage.articleSlug === leadArticle);
  const best = leadBest && leadBest.score >= top.score * LEAD_ARTICLE_SHARE ? leadBest : top;
  const ranked = [best, ...sorted.filter((u) => u !== best)];
  const chosen: ScoredUnit[] = [];
  let words = 0;
  const isChosen = (u: ScoredUnit) => chosen.includes(u);
  const tryAdd = (unit: ScoredUnit) => {
    if (isChosen(unit) || chosen.length >= MAX_UNITS) return false;
    if (chosen.length && words + wordsOf(unit) > WORD_BUDGET) return false;
    if (chosen.some((c) => similarity(c.lexemes, unit.lexemes) > 0.7)) return false;
    chosen.push(unit);
    words += wordsOf(unit);
    return true;
  };
  // The sentence right after the best one usually completes it ("... 11,904 EUR per year. The
  // account may release at most 992 EUR per month."): it comes along when it is relevant too.
  const addNext = () => {
    const next = units.find((u) => u.passage === best.passage && u.order === best.order + 1 && u.kind === "sentence");
    if (next && next.score >= best.score * NEXT_SENTENCE_THRESHOLD) tryAdd(next);
  };
  const articles = new Set<string>();
  for (const unit of ranked) {
    if (unit.score < best.score * RELATIVE_THRESHOLD) break;
    // Another article may add to the lead article's answer, but does not take its place.
    // A second or third article must earn its place: it adds a source the reader has to check.
    const slug = unit.passage.articleSlug;
    if (
      slug !== best.passage.articleSlug &&
      ((articles.size >= MAX_ARTICLES && !articles.has(slug)) || unit.score < best.score * OTHER_ARTICLE_THRESHOLD)
    )
      continue;
    // A unit that leans on the sentence before it brings that one along, and so on up a short chain
    // ("... must register. This is called Anmeldung. For it you need ...").
    const needed = [unit];
    for (let first = unit; needed.length <= 3 && dependsOnPrevious(first); ) {
      const predecessor = units.find((u) => u.passage === first.passage && u.order === first.order - 1);
      if (!predecessor) break;
      needed.unshift(predecessor);
      first = predecessor;
    }
    const before = { count: chosen.length, words };
    if (!needed.every((u) => isChosen(u) || tryAdd(u))) {
      chosen.splice(before.count);
      words = before.words;
      continue;
    }
    articles.add(slug);
    if (unit === best) addNext();
    // Part of an enumeration ("file a lawsuit, or" ...) is misleading: quote the whole short list.
    const siblings = units.filter((u) => u.passage === unit.passage && u.block === unit.block && u.kind !== "sentence");
    const dangling = /(?:,|;|\bor|\band)\s*$/i.test(unit.plain);
    if (dangling && siblings.length <= MAX_LIST_ITEMS && siblings.reduce((n, u) => n + wordsOf(u), 0) <= MAX_LIST_WORDS) {
      for (const sibling of siblings)
        if (!isChosen(sibling)) {
          chosen.push(sibling);
          words += wordsOf(sibling);
        }
    }
  }
  // A lead-in quoted ("... only if all three conditions are met:") promises its list: the list follows, whole.
  for (const unit of [...chosen]) {
    if (!isLeadIn(unit)) continue;
    const list = units.filter((u) => u.passage === unit.passage && u.block === unit.block + 1 && u.kind === "item");
    if (!list.length || list.length > LEAD_IN_LIST_ITEMS || list.reduce((n, u) => n + wordsOf(u), 0) > LEAD_IN_LIST_WORDS) continue;
    for (const item of list) if (!isChosen(item)) chosen.push(item);
  }
  // Two items of a short list out of three or four would leave a gap ("DSH-1", "DSH-3"): the whole
  // list is quoted, in order. So is one item of a list its lead-in says is whole ("all three conditions").
  for (const unit of [...chosen]) {
    if (unit.kind === "sentence") continue;
    const siblings = listOf(unit, units);
    const quoted = siblings.filter(isChosen).length;
    // A list of amounts is only right whole ("75 EUR for the first ..." without "30 EUR for each further ...").
    const amounts = siblings.every((u) => AMOUNT.test(u.plain));
    // Two or more parts of a breakdown of costs (rent, insurance, food ...) quoted without the others
    // understate the total: a breakdown is quoted whole up to a longer length.
    const breakdown = quoted >= 2 && mostlyAmounts(siblings);
    // A short list its lead-in introduces ("the employer asks for:") is one answer too, and so is
    // any list whose lead-in the answer repeats above the item ("these forms of proof are possible:"):
    // one option under it would read as the only one.
    const whole =
      unit.kind === "item" &&
      Boolean(unit.label) &&
      (WHOLE_LIST_LEAD_IN.test(unit.label!) || siblings.length <= MAX_LIST_ITEMS || informativeLabel(unit.label!));
    const [maxItems, maxWords] = whole
      ? [LEAD_IN_LIST_ITEMS, LEAD_IN_LIST_WORDS]
      : breakdown
        ? [FIGURE_LIST_ITEMS, MAX_BREAKDOWN_WORDS]
        : [MAX_LIST_ITEMS, MAX_LIST_WORDS];
    if ((quoted < 2 && !amounts && !whole) || quoted === siblings.length || siblings.length > maxItems) continue;
    if (siblings.reduce((n, u) => n + wordsOf(u), 0) > maxWords) continue;
    for (const sibling of siblings) if (!isChosen(sibling)) chosen.push(sibling);
  }
  // One item left alone from a longer list, with no lead-in the answer can show to say what it lists
  // ("It must include:" is not one) and no sentence of its own ("the names of all people who moved
  // in"), says nothing by itself: it is left out.
  const fragment = (unit: ScoredUnit) => {
    if (unit === best || unit.kind !== "item" || (unit.label && informativeLabel(unit.label)) || !/^[a-zäöü]/.test(unit.plain.trim()))
      return false;
    const siblings = listOf(unit, units);
    return siblings.length > 2 && siblings.filter(isChosen).length === 1;
  };
  return chosen.some(fragment) && !chosen.every(fragment) ? chosen.filter((u) => !fragment(u)) : chosen;
}

/** The units of the list (or table) `unit` belongs to, itself included: same passage, block and kind. */
function listOf(unit: ScoredUnit, units: ScoredUnit[]): ScoredUnit[] {
  return units.filter((u) => u.passage === unit.passage && u.block === unit.block && u.kind === unit.kind);
}

/** A list a quoted lead-in introduces is quoted whole up to this size. */
const LEAD_IN_LIST_ITEMS = 8;
const LEAD_IN_LIST_WORDS = 160;
/** A lead-in that makes its items one whole: conditions that must all be met, a counted list. */
const WHOLE_LIST_LEAD_IN = /\b(?:all|both|each of|every one of|the following|conditions?|requirements?|two|three|four|five|six)\b/i;

function isLeadIn(unit: AnswerUnit): boolean {
  return unit.kind === "sentence" && unit.plain.trim().endsWith(":");
}

const DEPENDENT_START =
  /^(?:this|that|these|those|it|its|they|their|such|however|but|also|then|otherwise|in that case|there|for (?:it|this|that|them))\b/i;

function dependsOnPrevious(unit: AnswerUnit): boolean {
  return unit.kind === "sentence" && DEPENDENT_START.test(unit.plain);
}

function similarity(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / Math.min(a.size, b.size);
}

/**
 * Groups the chosen units by article (in the order they were chosen: the lead article first), keeps each article's
 * units in the order it wrote them, and ends every group with its source and review date.
 */
export function renderAnswer(chosen: ScoredUnit[], retrieval: Retrieval, sureConfidence = SURE_CONFIDENCE): string {
  // The articles in the order they were chosen: the lead article first.
  const groups = new Map<string, ScoredUnit[]>();
  for (const unit of chosen) {
    const key = unit.passage.articleSlug;
    groups.set(key, [...(groups.get(key) ?? []), unit]);
  }
  const sections: string[] = [];
  for (const units of groups.values()) {
    // The passage with the best unit first; within a passage, the order it was written in.
    const passageBest = new Map<string, number>();
    for (const unit of units) passageBest.set(unit.passage.id, Math.max(passageBest.get(unit.passage.id) ?? 0, unit.score));
    // The sentence with the amount asked for leads; the end of a list closes.
    const place = (u: ScoredUnit) => (u.leading ? -1 : u.closing ? 1 : 0);
    units.sort(
      (a, b) =>
        place(a) - place(b) ||
        passageBest.get(b.passage.id)! - passageBest.get(a.passage.id)! ||
        a.passageRank - b.passageRank ||
        a.order - b.order,
    );
    // Each article's part ends with its own source line: the sources of the sections it quotes.
    sections.push(`${renderGroup(units)}\n\n${sourceLine(units[0]!.passage, quotedSources(units.map((unit) => unit.passage)))}`);
  }
  const preface =
    retrieval.confidence < sureConfidence
      ? "I am not fully sure this answers your question, but this is what my knowledge base says:\n\n"
      : "";
  return `${preface}${sections.join("\n\n")}`;
}

/** The sources of the quoted passages, each once, in the order the passages come. */
export function quotedSources(passages: Pick<RetrievedPassage, "sources">[]): RetrievedPassage["sources"] {
  const seen = new Map<string, RetrievedPassage["sources"][number]>();
  for (const passage of passages) for (const source of passage.sources) if (!seen.has(source.url)) seen.set(source.url, source);
  return [...seen.values()];
}

function renderGroup(units: ScoredUnit[]): string {
  const lines: string[] = [];
  let previousStep: ScoredUnit | undefined;
  let stepNumber = 0;
  let paragraph: string[] = [];
  let currentLabel: string | undefined;
  const flush = () => {
    if (paragraph.length) lines.push(paragraph.join(" "));
    paragraph = [];
  };
  for (const unit of units) {
    if (unit.kind === "sentence") {
      if (unit.label && unit.label !== currentLabel) {
        flush();
        paragraph.push(`**${stripMarkdown(unit.label)}:**`);
      }
      currentLabel = unit.label;
      paragraph.push(unit.markdown);
      continue;
    }
    flush();
    const previousLine = lines[lines.length - 1];
    const introduced = previousLine?.trim().endsWith(":");
    if (unit.label && unit.label !== currentLabel && !introduced && informativeLabel(unit.label))
      lines.push(`${stripMarkdown(unit.label)}:`);
    currentLabel = unit.label;
    // Steps keep their numbers, counted in the answer's order.
    const step = unit.ordered
      ? previousStep && previousStep.passage === unit.passage && previousStep.block === unit.block
        ? (stepNumber += 1)
        : (stepNumber = 1)
      : 0;
    previousStep = unit.ordered ? unit : undefined;
    lines.push(`${step ? `${step}.` : "-"} ${unit.markdown}`);
  }
  flush();
  // List items follow each other directly; paragraphs and lists are separated by a blank line.
  return lines.reduce((out, line, i) => {
    if (i === 0) return line;
    const isItem = (text: string) => /^(?:-|\d+\.) /.test(text);
    const tight = isItem(line) && (isItem(lines[i - 1]!) || lines[i - 1]!.trim().endsWith(":"));
    return `${out}${tight ? "\n" : "\n\n"}${line}`;
  }, "");
}

/** A lead-in worth repeating above a quoted list item: not "It has three parts" or "You need". */
function informativeLabel(label: string): boolean {
  return !DEPENDENT_START.test(label) && label.split(/\s+/).length >= 4;
}

/** "Source: <article> (last reviewed <date>), based on [A](…) and [B](…)": the article and the sources behind the quoted text. */
export function sourceLine(article: Pick<RetrievedPassage, "articleTitle" | "lastReviewed">, sources: RetrievedPassage["sources"]): string {
  const links = sources.map((source) => `[${source.title.replace(/[[\]]/g, "")}](${source.url})`);
  const based = links.length ? `, based on ${links.length > 1 ? `${links.slice(0, -1).join(", ")} and ${links.at(-1)}` : links[0]}` : "";
  return `Source: ${article.articleTitle} (last reviewed ${article.lastReviewed})${based}`;
}

const FALLBACK_SUGGESTIONS = [
  "How much money do I need in a blocked account for a German student visa?",
  "Which documents do I need for a German student visa?",
  "How many hours may I work as an international student in Germany?",
];

/** Questions the knowledge base answers: from the topic threads near the question, else one per topic (those shown on the site). */
async function suggestedQuestions(db: Db, topics: string[]): Promise<string[]> {
  const threads = await db.thread.findMany({
    where: { hidden: false },
    orderBy: { position: "asc" },
    select: {
      slug: true,
      questions: { where: { hidden: false }, orderBy: { position: "asc" }, take: 3, select: { text: true } },
    },
  });
  if (!threads.length) return FALLBACK_SUGGESTIONS;
  const near = threads.filter((t) => topics.includes(t.slug));
  const picked = near.length ? near.flatMap((t) => t.questions.map((q) => q.text)) : threads.map((t) => t.questions[0]?.text);
  const questions = picked.filter((q): q is string => Boolean(q)).slice(0, 3);
  return questions.length ? questions : FALLBACK_SUGGESTIONS;
}

const COVERAGE =
  "studying and moving to Germany: admission and uni-assist, APS, language tests, the student visa and residence permit, the blocked account, health insurance, accommodation, cost of living, working while studying, scholarships, the first steps after arrival, and staying after graduation";

function unknownText(
  suggestions: string[],
  texts: Pick<AnswerOptions, "unknownText" | "otherCountryText">,
  otherCountry: string | null = null,
): string {
  return [
    otherCountry
      ? (texts.otherCountryText ?? OTHER_COUNTRY_UNKNOWN_TEXT).replaceAll("{country}", otherCountry)
      : (texts.unknownText ?? UNKNOWN_TEXT),
    `My knowledge base covers ${COVERAGE}. You could ask, for example:`,
    suggestions.map((q) => `- ${q}`).join("\n"),
    "For anything else, please check an official source, such as the website of the German mission in your country, your university's international office or make-it-in-germany.com.",
  ].join("\n\n");
}

function greetingText(suggestions: string[]): string {
  return [
    `Hello! I answer questions about ${COVERAGE}, from a knowledge base with sources and review dates.`,
    "You could ask, for example:",
    suggestions.map((q) => `- ${q}`).join("\n"),
  ].join("\n\n");
}
