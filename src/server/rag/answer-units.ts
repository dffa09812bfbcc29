/**
 * Passage choice of the extractive answerer: every quotable unit (sentence, list item, table row) of
 * the retrieved passages is scored against the question, and the best few are chosen within a word
 * budget, with the lists, lead-ins and sentences they need to make sense.
 */
import type { Db } from "~/server/db/client";
import { type AnswerUnit, answerUnits } from "./markdown";
import { AMOUNT, askedFigure, factsAskedFor, REQUIREMENT } from "./question";
import type { QueryAnalysis, RetrievedPassage } from "./retrieval-types";
import { foldForSearch } from "./text";

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

/** An answer shorter than this is completed from its article; units must score this share of its best one. */
const MIN_ANSWER_WORDS = 40;
const FILL_THRESHOLD = 0.4;

/**
 * One short sentence rarely answers a question well ("Apply to the dorm and search privately at the
 * same time."): a short answer is completed with the next best units of its own article, down to a
 * lower share of the best score, until it says enough.
 */
export function fillShortAnswer(units: ScoredUnit[], chosen: ScoredUnit[]): ScoredUnit[] {
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

export function wordsOf(unit: AnswerUnit): number {
  return unit.plain.split(/\s+/).length;
}

/** A breakdown of costs (up to this many items of a sentence or two each) is quoted whole up to this many words. */
const MAX_BREAKDOWN_ITEMS = 6;
const MAX_BREAKDOWN_WORDS = 200;

/** Whether a list gives amounts: at least two in three of its items state one (rent, insurance, food ...). */
function mostlyAmounts(items: AnswerUnit[]): boolean {
  return items.filter((u) => AMOUNT.test(u.plain)).length * 3 >= items.length * 2;
}

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

/**
 * Scores every quotable unit of the passages: the weight of the question's words it contains
 * (synonyms a little less), more when it gives the kind of fact asked for (an amount, a date, a
 * duration, a number of the question), scaled by how well retrieval ranked its passage.
 */
export async function scoreUnits(db: Db, analysis: QueryAnalysis, passages: RetrievedPassage[]): Promise<ScoredUnit[]> {
  const units = passages.flatMap((passage, passageRank) => answerUnits(passage.text).map((unit) => ({ ...unit, passage, passageRank })));
  if (!units.length) return [];
  // Folded as the question's words are (ä/ae, ß/ss), so "Ausländerbehörde" matches its stem.
  const texts = units.map((u) => foldForSearch(u.label ? `${u.plain}\n${u.label}` : u.plain));
  // The passages' article titles, then their headings.
  const labelTexts = [...passages.map((p) => foldForSearch(p.articleTitle)), ...passages.map((p) => foldForSearch(p.heading ?? ""))];
  const stems = await stemsOf(db, [...texts, ...labelTexts]);
  // Phrases of the term table ("schengen visa") are found where their words stand together, and
  // then held as a lexeme of their own, as the question's terms name them.
  const phrases = await phraseHits(db, analysis, [...texts, ...labelTexts]);
  const withPhrases = (lexemes: string[], at: number) => new Set([...lexemes, ...(phrases.get(at) ?? [])]);
  const lexemesAt = (at: number) => withPhrases(stems[at]!, at);
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

/** The least score of an answer's best unit, for a short question (lower for a long one: questionLengthFactor). */
const MIN_UNIT_SCORE = 0.2;

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
export function selectUnits(units: ScoredUnit[], lengthFactor = 1): ScoredUnit[] {
  const sorted = [...units].sort((a, b) => b.score - a.score || a.passageRank - b.passageRank || a.order - b.order);
  const top = sorted[0];
  if (!top || top.score < MIN_UNIT_SCORE * lengthFactor) return [];
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
        ? [MAX_BREAKDOWN_ITEMS, MAX_BREAKDOWN_WORDS]
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

/** A list whose lead-in makes it one answer is quoted whole up to this size. */
const LEAD_IN_LIST_ITEMS = 8;
const LEAD_IN_LIST_WORDS = 160;
/** A lead-in that makes its items one whole: conditions that must all be met, a counted list. */
const WHOLE_LIST_LEAD_IN = /\b(?:all|both|each of|every one of|the following|conditions?|requirements?|two|three|four|five|six)\b/i;

const DEPENDENT_START =
  /^(?:this|that|these|those|it|its|they|their|such|however|but|also|then|otherwise|in that case|there|for (?:it|this|that|them))\b/i;

export function dependsOnPrevious(unit: AnswerUnit): boolean {
  return unit.kind === "sentence" && DEPENDENT_START.test(unit.plain);
}

export function similarity(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / Math.min(a.size, b.size);
}
