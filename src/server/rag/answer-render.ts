/** The extractive answer's text, cited per article; and the texts of "I don't know" and of a greeting. */
import answerWords from "~/content/answer-words.json";
import { joinWithAnd } from "~/lib/join-with-and";
import type { Db } from "~/server/db/client";
import { groupBy, informativeLabel, type ScoredUnit } from "./answer-units";
import type { Retrieval, RetrievedPassage } from "./retrieval-types";
import { stripMarkdown } from "./text";

/** Defaults of what staff may change in /admin/assistant: below SURE_CONFIDENCE the answer says it is not sure. */
export const SURE_CONFIDENCE = 0.55;
export const UNKNOWN_TEXT = "I don't know. I could not find anything about this in my knowledge base, and I will not guess.";
export const OTHER_COUNTRY_UNKNOWN_TEXT =
  "I don't know. My knowledge base is about studying and living in Germany, and it has nothing reliable on plans for {country}, so I will not guess. To weigh {country} against Germany (tuition, proof of funds, living costs, work while studying, staying after graduation), see the country comparison: [Compare countries](/compare).";

/** The chosen units by article, the lead article first, each group ending with its sources and review date. */
export function renderAnswer(chosen: ScoredUnit[], retrieval: Retrieval, sureConfidence = SURE_CONFIDENCE): string {
  const sections: string[] = [];
  for (const units of groupBy(chosen, (unit) => unit.passage.articleSlug).values()) {
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
    sections.push(`${renderGroup(units)}\n\n${sourceLine(units[0]!.passage, quotedSources(units.map((unit) => unit.passage)))}`);
  }
  const preface = retrieval.confidence < sureConfidence ? `${NOT_SURE_TEXT}\n\n` : "";
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

/** How an answer opens when retrieval is not sure it answers the question. */
export const NOT_SURE_TEXT = "I am not fully sure this answers your question, but this is what my knowledge base says:";

/** "Source: <article> (last reviewed <date>), based on [A](…) and [B](…)". */
export function sourceLine(article: Pick<RetrievedPassage, "articleTitle" | "lastReviewed">, sources: RetrievedPassage["sources"]): string {
  const links = sources.map((source) => `[${source.title.replace(/[[\]]/g, "")}](${source.url})`);
  const based = links.length ? `, based on ${joinWithAnd(links)}` : "";
  return `Source: ${article.articleTitle} (last reviewed ${article.lastReviewed})${based}`;
}

const FALLBACK_SUGGESTIONS = answerWords.fallbackSuggestions;

/** Questions the knowledge base answers: from the topic threads near the question, else one per topic. */
export async function suggestedQuestions(db: Db, topics: string[]): Promise<string[]> {
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

export function unknownText(
  suggestions: string[],
  texts: { unknownText?: string; otherCountryText?: string },
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

export function greetingText(suggestions: string[]): string {
  return [
    `Hello! I answer questions about ${COVERAGE}, from a knowledge base with sources and review dates.`,
    "You could ask, for example:",
    suggestions.map((q) => `- ${q}`).join("\n"),
  ].join("\n\n");
}
