/** List answers: a question asking for documents, steps or what to bring gets the list that answers it, whole and in order. */
import { joinWithAnd } from "~/lib/join-with-and";
import type { Db } from "~/server/db/client";
import { dependsOnPrevious, groupBy, type ScoredUnit, stemsOf, wordsOf } from "./answer-units";
import { parseBlocks } from "./markdown";
import { listVerbOf, questionMatch } from "./query-analysis";
import type { ListRequest } from "./question";
import type { QueryAnalysis, RetrievedPassage } from "./retrieval-types";
import { sourcesOfPassage } from "./retrieve";
import { foldForSearch, stripMarkdown } from "./text";

/** Articles whose whole text a list answer may quote: the best few of the retrieval. */
const LIST_ARTICLES = 2;
const LIST_ARTICLE_SHARE = 0.8;
const LIST_WORD_BUDGET = 170;
/** A checklist spread over several sections may take this many words. */
const CHECKLIST_WORD_BUDGET = 320;
/** Shares of the question's weight a list's title, heading and lead-in must cover, and its heading and lead-in alone. */
const LIST_ABOUT_SHARE = 0.3;
const LIST_OTHER_ABOUT_SHARE = 0.5;
/** A list of another article than retrieval's best counts for this share: it rarely takes the best article's place. */
const LIST_OTHER_ARTICLE_FACTOR = 0.75;
const LIST_HEAD_SHARE = 0.25;
/** A list longer than this is quoted up to here, and the answer says how many items follow in the article. */
const LIST_MAX_ITEMS = 20;

/** The retrieved passages, then the rest of the best articles (a list asked for may share no word with the question). */
export async function withWholeArticles(db: Db, retrieved: RetrievedPassage[], excluded: Set<string>) {
  const best = groupBy(retrieved, (passage) => passage.articleSlug);
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

/** The list whose heading or lead-in names what is asked for, with equally good lists of its article, led by a direct sentence. */
export async function selectList(
  db: Db,
  analysis: QueryAnalysis,
  units: ScoredUnit[],
  request: ListRequest,
  positions: Map<string, number>,
): Promise<ScoredUnit[]> {
  const bestUnit = Math.max(0, ...units.map((u) => u.score));
  if (bestUnit < 0.2) return [];
  const itemUnits = units.filter((unit) => unit.kind === "item");
  const lists = [...groupBy(itemUnits, (unit) => `${unit.passage.id}:${unit.block}`).values()].filter((list) => list.length >= 2);
  if (!lists.length) return [];
  const heads = lists.map((items) => `${items[0]!.passage.heading ?? ""}\n${items[0]!.label ?? ""}`);
  const titles = lists.map((items) => items[0]!.passage.articleTitle);
  const stems = await stemsOf(db, [...heads, ...titles, request.noun ?? ""].map(foldForSearch));
  const lexemesOf = new Map(stems.map((lexemes, i) => [i, new Set(lexemes)]));
  const nounStems = lexemesOf.get(2 * heads.length) ?? new Set<string>();
  const matchOf = (lexemes: Set<string>) => questionMatch(analysis, analysis.terms, (term) => (lexemes.has(term.lexeme) ? term.factor : 0));

  const topScore = units[0]!.passage.score || 1;
  const leadArticle = units[0]!.passage.articleSlug;
  const listVerb = listVerbOf(analysis.question);
  const candidates: ListCandidate[] = lists.map((items, index) => {
    const head = lexemesOf.get(index) ?? new Set<string>();
    const headMatch = matchOf(head);
    const aboutMatch = matchOf(new Set([...head, ...(lexemesOf.get(heads.length + index) ?? [])]));
    const headText = heads[index]!;
    // "What do I need for the Anmeldung?" names no noun: a section of the documents to bring names it.
    const namesNoun =
      [...nounStems].some((stem) => head.has(stem)) ||
      Boolean(listVerb && new RegExp(`\\b${listVerb}\\b`, "i").test(headText)) ||
      (!request.noun && !request.procedural && NEEDED_THINGS_HEADING.test(items[0]!.passage.heading ?? ""));
    const ordered = isOrderedList(items[0]!);
    const procedure = !request.procedural ? 0 : /\b(?:how to|steps?|process|procedure)\b/i.test(headText) ? 0.6 : ordered ? 0.3 : 0;
    const top = [...items].sort((a, b) => b.score - a.score).slice(0, 3);
    const itemValue = top.reduce((sum, u) => sum + u.score, 0) / top.length / bestUnit;
    // Heading and lead-in say what a list is about: items sharing the question's words may be about another situation.
    const rank = (items[0]!.passage.score / topScore) ** 2;
    const own = items[0]!.passage.articleSlug === leadArticle ? 1 : LIST_OTHER_ARTICLE_FACTOR;
    // "It is needed for:" lists what a thing is used for, not what one needs for it.
    const uses = USES_LEAD_IN.test(items[0]!.label ?? "") ? USES_FACTOR : 1;
    const value = uses * own * rank * (0.5 * itemValue + 2 * headMatch + (namesNoun ? 0.4 : 0) + procedure);
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
  // "How do I apply?": a list of steps about the verb asked about answers, rather than another list.
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
  // A checklist split over consecutive sections of one style is quoted whole, as is one whose article is the checklist asked for.
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

  const items = picked.flatMap((list) => list.items);
  let rank = 2;
  const chosen = items.slice(0, LIST_MAX_ITEMS).map((item): ScoredUnit => ({ ...item, score: (rank -= 0.001) }));
  chosen.push(listEnding(picked, Math.max(0, items.length - LIST_MAX_ITEMS)));
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
    .sort((a, b) => b.score - a.score)[0];
  if (lead) chosen.unshift({ ...lead, score: 3 });
  return chosen;
}

/** The question with its typos read as retrieval read them ("documnets" as "documents"). */
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

/** Whether a list of steps is about what the question asks how to do, or the question asks for steps. */
function procedureFor(question: string, list: ListCandidate): boolean {
  if (/\bsteps?\b|\bprocess\b|\bprocedure\b/i.test(question)) return true;
  const verb = /\bhow (?:do|can|should|would) (?:i|we|you) ([a-z]+)|\bhow to ([a-z]+)/i.exec(question);
  const stem = (verb?.[1] ?? verb?.[2] ?? "").toLowerCase().slice(0, 4);
  return stem.length === 4 && `${list.passage.heading ?? ""} ${list.passage.articleTitle}`.toLowerCase().includes(stem);
}

/** Whether most items begin with a bold term ("**Passport**, ..."): a checklist's style. */
function checklistStyle(list: ListCandidate): boolean {
  return list.items.filter((item) => /^\*\*/.test(item.markdown)).length * 2 > list.items.length;
}

/** A section with more than its list (paragraphs around it) is not just a further part of a checklist. */
function onlyPartOfSection(list: ListCandidate, units: ScoredUnit[]): boolean {
  return units.some((u) => u.passage.id === list.passage.id && u.kind === "sentence");
}

/** The line that ends a list answer: that the list is whole, or how many items follow in the article. */
function listEnding(picked: ListCandidate[], left: number): ScoredUnit {
  const last = picked[picked.length - 1]!;
  const headings = [...new Set(picked.map((list) => list.passage.heading).filter((h): h is string => Boolean(h)))];
  const where = headings.length ? ` under ${joinWithAnd(headings.map((h) => `“${stripMarkdown(h)}”`))}` : "";
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

function isOrderedList(item: ScoredUnit): boolean {
  const block = parseBlocks(item.passage.text)[item.block - 1];
  return block?.kind === "list" && /^\s*\d+[.)]\s/.test(block.raw);
}
