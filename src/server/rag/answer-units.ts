/** Every quotable unit of the passages scored against the question, and the best few chosen within a word budget. */
import type { Db } from "~/server/db/client";
import { type AnswerUnit, answerUnits } from "./markdown";
import { questionMatch } from "./query-analysis";
import { AMOUNT, askedFigure, factsAskedFor, REQUIREMENT } from "./question";
import type { QueryAnalysis, RetrievedPassage } from "./retrieval-types";
import { foldForSearch } from "./text";

/** Quoted units and articles at most, and roughly how many words the quoted text may have. */
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

/** An answer shorter than this is completed from its article; units must score this share of its best one. */
const MIN_ANSWER_WORDS = 40;
const FILL_THRESHOLD = 0.4;

/** One short sentence rarely answers well: a short answer is completed with the next best units of its article. */
export function fillShortAnswer(units: ScoredUnit[], chosen: ScoredUnit[]): ScoredUnit[] {
  let words = chosen.reduce((n, u) => n + wordsOf(u), 0);
  if (words >= MIN_ANSWER_WORDS) return chosen;
  const article = chosen[0]!.passage.articleSlug;
  const best = Math.max(...chosen.map((u) => u.score));
  const out = [...chosen];
  for (const unit of [...units].sort(byScore)) {
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

const byScore = (a: ScoredUnit, b: ScoredUnit) => b.score - a.score || a.passageRank - b.passageRank || a.order - b.order;

/** Items by key, in the order their keys first come. */
export function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export function wordsOf(unit: AnswerUnit): number {
  return unit.plain.split(/\s+/).length;
}

/** A breakdown of costs is quoted whole up to this size. */
const MAX_BREAKDOWN_ITEMS = 6;
const MAX_BREAKDOWN_WORDS = 200;

/** A lead-in worth repeating above a quoted list item: not "It has three parts" or "You need". */
export function informativeLabel(label: string): boolean {
  return !DEPENDENT_START.test(label) && label.split(/\s+/).length >= 4;
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

/** The English stems of each text (PostgreSQL's to_tsvector, as the passages are indexed), in the texts' order. */
export async function stemsOf(db: Db, texts: string[]): Promise<string[][]> {
  const rows = await db.$queryRaw<{ i: number; lexemes: string[] }[]>`
    SELECT (t.i)::int AS i, tsvector_to_array(to_tsvector('english', t.text)) AS lexemes
    FROM unnest(${texts}::text[]) WITH ORDINALITY AS t(text, i)`;
  const stems = texts.map((): string[] => []);
  for (const row of rows) stems[row.i - 1] = row.lexemes;
  return stems;
}

/** The question's weight a unit covers, more when it gives the kind of fact asked for, scaled by its passage's rank. */
export async function scoreUnits(db: Db, analysis: QueryAnalysis, passages: RetrievedPassage[]): Promise<ScoredUnit[]> {
  const units = passages.flatMap((passage, passageRank) => answerUnits(passage.text).map((unit) => ({ ...unit, passage, passageRank })));
  if (!units.length) return [];
  const texts = units.map((u) => foldForSearch(u.label ? `${u.plain}\n${u.label}` : u.plain));
  const labelTexts = [...passages.map((p) => foldForSearch(p.articleTitle)), ...passages.map((p) => foldForSearch(p.heading ?? ""))];
  const stems = await stemsOf(db, [...texts, ...labelTexts]);
  // Term-table phrases ("schengen visa") found with their words together count as a lexeme of their own.
  const phrases = await phraseHits(db, analysis, [...texts, ...labelTexts]);
  const lexemesAt = (at: number) => new Set([...stems[at]!, ...(phrases.get(at) ?? [])]);
  const unitLexemes = new Map(texts.map((_, i) => [i, lexemesAt(i)]));
  const titleLexemes = new Map(passages.map((_, p) => [p, lexemesAt(texts.length + p)]));
  const headingLexemes = new Map(passages.map((_, p) => [p, lexemesAt(texts.length + passages.length + p)]));

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
  const asksWhere = WHERE_QUESTION.test(analysis.question);
  const asksConditions = CONDITIONS_QUESTION.test(analysis.question);
  const topScore = passages[0]!.score || 1;
  const leadArticle = passages[0]!.articleSlug;
  return units.map((unit, index) => {
    const lexemes = unitLexemes.get(index) ?? new Set<string>();
    const title = titleLexemes.get(unit.passageRank) ?? new Set<string>();
    const heading = headingLexemes.get(unit.passageRank) ?? new Set<string>();
    // Title and heading say what a unit is about (an item's more than a sentence's); the heading counts more.
    const item = unit.kind !== "sentence";
    const contextShareOf = (lexeme: string) => (heading.has(lexeme) ? (item ? 0.75 : 0.5) : title.has(lexeme) ? (item ? 0.6 : 0.35) : 0);
    // A sentence is also about what the other sentences of its paragraph say.
    const paragraph = unit.kind === "sentence" ? paragraphLexemes.get(`${unit.passageRank}:${unit.block}`) : undefined;
    const match = questionMatch(analysis, analysis.terms, (term) =>
      lexemes.has(term.lexeme)
        ? term.factor
        : paragraph?.has(term.lexeme)
          ? Math.max(PARAGRAPH_SHARE, contextShareOf(term.lexeme)) * term.factor
          : contextShareOf(term.lexeme) * term.factor,
    );
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
    // A heading naming the kind of fact asked for ("Maximum amount") likely holds the answer.
    const headingText = unit.passage.heading ?? "";
    if ((wants.amount && AMOUNT_HEADING.test(headingText)) || (asksForTime && TIME_HEADING.test(headingText))) score += 0.1;
    if (wants.count && /\b\d+\b/.test(plain)) score += 0.15;
    // "Can my wife come?", "requirements for ...": the section that sets the conditions answers.
    if (asksConditions && CONDITIONS_HEADING.test(headingText)) score += 0.15;
    if (RELATED_HEADING.test(headingText)) score *= 0.3;
    if (asksWhere && /\bwhere\b/i.test(headingText)) score += WHERE_HEADING_BONUS;
    if (wants.requirement && REQUIREMENT.test(plain)) score += 0.15;
    const numbers = [...numbersIn(plain), ...numbersIn(headingText)];
    if (questionNumbers.some((n) => numbers.includes(n))) score += 0.1;
    // "For comparison, the 2025 thresholds were ...": an earlier figure, not the one asked for.
    if (/^for comparison\b/i.test(plain)) score *= 0.6;
    // Fragments, lead-ins and sentences leaning on another passage say little on their own.
    if (wordsOf(unit) < 5) score *= 0.5;
    if (plain.trim().endsWith(":")) score *= 0.3;
    if (dependsOnPrevious(unit) && unit.order === 0) score *= 0.6;
    if (SIGNPOST.test(plain.replace(/\([^)]*\)/g, ""))) score *= 0.4;
    // Retrieval's rank counts: it weighs the article title and the whole question.
    score *= (unit.passage.score / topScore) ** 2;
    if (unit.passage.articleSlug !== leadArticle) score *= OTHER_ARTICLE_FACTOR;
    return { ...unit, lexemes, score };
  });
}

/** The least score of an answer's best unit, for a short question (lower for a long one: questionLengthFactor). */
const MIN_UNIT_SCORE = 0.2;

export const WHERE_QUESTION = /\bwhere\b|\bwo\b|\bhow (?:do|can|could|should|would) (?:i|we|you|one) (?:best )?find\b|\bhow to find\b/i;
/** What a section that says where ("Where to look") adds for such a question, even when retrieval ranked it lower. */
const WHERE_HEADING_BONUS = 0.3;
/** A sentence that says a limit exists without stating it ("below the tax-free allowance"). */
export const VAGUE_LIMIT =
  /\b(?:there (?:are|is) (?:a )?limits?|limits? on how (?:long|much|many)|(?:is|are) limited\b|up to a (?:certain|maximum) (?:period|amount|number)|(?:below|under|above|over|exceeds?|exceeding|within|reach(?:es)?) (?:the|this|that|your) (?:[\w-]+ ){0,2}(?:allowance|threshold|limit|ceiling|cap)\b)/i;
const CONDITIONS_QUESTION =
  /^(?:(?:and|so|but)\s+)?(?:can|may|could)\s+(?:i|we|my|our|a|an|the|non-eu|international|students?)\b|\bis it possible\b|\ballowed to\b|\brequirements?\b|\bconditions?\b|\beligib|\bvoraussetzung/i;
const CONDITIONS_HEADING = /\b(?:conditions?|requirements?|who can|who may|eligib\w*|what you must|what you need|voraussetzung\w*)\b/i;
const RELATED_HEADING = /^(?:related (?:topics|articles|questions)|see also|further reading|more information)\b/i;
/** An amount given as a multiple of another: "at most three months' rent", "three times the net cold rent". */
const RELATIVE_AMOUNT = /\b(?:one|two|three|four|five|six|\d+)\s+(?:months?['’]s?|times)\s+(?:rent|salary|pay|the)\b/i;
/** Signposts ("This article covers ..."), not answers. */
const SIGNPOST =
  /\b(?:this|the) (?:article|page|guide) (?:covers|explains|lists|is about|describes|looks at)\b|\bin the (?:other )?(?:\w+ )?articles?\b|\b(?:covered|explained) in the article\b|\bsee the (?:\w+ )*article\b/i;
/** By index in `texts`: the question's phrase terms found in it. */
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

/** The units close in score to the best one, without near-repeats, within the word budget, each with what it leans on. */
export function selectUnits(units: ScoredUnit[], lengthFactor = 1): ScoredUnit[] {
  const sorted = [...units].sort(byScore);
  const top = sorted[0];
  if (!top || top.score < MIN_UNIT_SCORE * lengthFactor) return [];
  // Retrieval's best article matches the whole question best: it leads when its best unit is close enough.
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
  const articles = new Set<string>();
  for (const unit of ranked) {
    if (unit.score < best.score * RELATIVE_THRESHOLD) break;
    // Another article must earn its place: it adds a source the reader has to check.
    const slug = unit.passage.articleSlug;
    if (
      slug !== best.passage.articleSlug &&
      ((articles.size >= MAX_ARTICLES && !articles.has(slug)) || unit.score < best.score * OTHER_ARTICLE_THRESHOLD)
    )
      continue;
    // A unit leaning on the sentence before ("This is called ...") brings it along, up a short chain.
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
    if (unit !== best) continue;
    // The sentence right after the best one usually completes it: it comes along when relevant too.
    const next = units.find((u) => u.passage === best.passage && u.order === best.order + 1 && u.kind === "sentence");
    if (next && next.score >= best.score * NEXT_SENTENCE_THRESHOLD) tryAdd(next);
  }
  // Two items of a short list leave a gap ("DSH-1", "DSH-3"), as does one of "all three conditions": quoted whole.
  for (const unit of [...chosen]) {
    if (unit.kind === "sentence") continue;
    const siblings = listOf(unit, units);
    const quoted = siblings.filter(isChosen).length;
    // A list of amounts is only right whole; two parts of a breakdown of costs understate the total.
    const amounts = siblings.every((u) => AMOUNT.test(u.plain));
    const breakdown = quoted >= 2 && siblings.filter((u) => AMOUNT.test(u.plain)).length * 3 >= siblings.length * 2;
    // Under a lead-in the answer repeats, one option would read as the only one.
    const whole =
      unit.kind === "item" &&
      Boolean(unit.label) &&
      (WHOLE_LIST_LEAD_IN.test(unit.label!) || siblings.length <= MAX_LIST_ITEMS || informativeLabel(unit.label!));
    const [maxItems, maxWords] = whole
      ? [LEAD_IN_LIST_ITEMS, LEAD_IN_LIST_WORDS]
      : breakdown
        ? [MAX_BREAKDOWN_ITEMS, MAX_BREAKDOWN_WORDS]
        : [MAX_LIST_ITEMS, MAX_LIST_WORDS];
    if ((quoted < 2 && !amounts && !whole) || quoted === siblings.length || siblings.length > maxItems) continue;
    if (siblings.reduce((n, u) => n + wordsOf(u), 0) > maxWords) continue;
    for (const sibling of siblings) if (!isChosen(sibling)) chosen.push(sibling);
  }
  // One item left alone from a longer list, with no lead-in to show and no sentence of its own, says nothing.
  const fragment = (unit: ScoredUnit) => {
    if (unit === best || unit.kind !== "item" || (unit.label && informativeLabel(unit.label)) || !/^[a-zäöü]/.test(unit.plain.trim()))
      return false;
    const siblings = listOf(unit, units);
    return siblings.length > 2 && siblings.filter(isChosen).length === 1;
  };
  return chosen.some(fragment) && !chosen.every(fragment) ? chosen.filter((u) => !fragment(u)) : chosen;
}

/** The units of the list (or table) `unit` belongs to, itself included. */
function listOf(unit: ScoredUnit, units: ScoredUnit[]): ScoredUnit[] {
  return units.filter((u) => u.passage === unit.passage && u.block === unit.block && u.kind === unit.kind);
}

/** A list whose lead-in makes it one answer (all conditions, a counted list) is quoted whole up to this size. */
const LEAD_IN_LIST_ITEMS = 8;
const LEAD_IN_LIST_WORDS = 160;
const WHOLE_LIST_LEAD_IN = /\b(?:all|both|each of|every one of|the following|conditions?|requirements?|two|three|four|five|six)\b/i;

const DEPENDENT_START =
  /^(?:this|that|these|those|it|its|they|their|such|however|but|also|then|otherwise|in that case|there|for (?:it|this|that|them))\b/i;

export function dependsOnPrevious(unit: AnswerUnit): boolean {
  return unit.kind === "sentence" && DEPENDENT_START.test(unit.plain);
}

export function similarity(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  return [...a].filter((x) => b.has(x)).length / Math.min(a.size, b.size);
}
