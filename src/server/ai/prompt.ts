import { guideSectionHref } from "~/lib/guides";
import { languageName } from "~/lib/locale";
import type { AssistantMetadata, ConsideredPassage } from "~/lib/schemas/chat";
import { type RetrievedPassage, stripMarkdown } from "~/server/rag";

const BASE_INSTRUCTIONS = `You are SwipeAI, the assistant of SwipeAbroad. You help students and professionals plan studying and moving to Germany (and Austria and Switzerland).
Students act on your answers for their visa and their money: be accurate and concrete, give amounts with the year they apply to, and say plainly when you are not sure.
Point to the official source to check (German missions, the Federal Foreign Office, DAAD, uni-assist, Make it in Germany, the university) when rules may have changed.
Answer in the language of the question. Use short paragraphs and Markdown lists where they help.
When you cannot answer, begin with "I don't know" and say where to look.`;

/**
 * The user's language setting (src/lib/locale.ts): any language but English is the answer's
 * language; with English (the default) the model answers in the question's language.
 */
function answerLanguageInstruction(language: string | null | undefined): string {
  const name = languageName(language);
  if (!name || name === "English") return "";
  return `\nThe user chose ${name} as their language in their settings: answer in ${name}, unless they ask for another language.`;
}

/** Instructions for a hosted model, with the retrieved passages in Deep Thinking mode, in the user's language. */
export function chatInstructions(passages: RetrievedPassage[] | null, language?: string | null): string {
  const base = BASE_INSTRUCTIONS + answerLanguageInstruction(language);
  if (!passages) return base;
  if (passages.length === 0) {
    return `${base}
Our knowledge base has nothing on this question. Say so, answer only what you are sure of, and suggest where to look.`;
  }
  const context = passages
    .map(
      (passage, index) =>
        `[${index + 1}] ${passage.articleTitle}${passage.heading ? `, section “${passage.heading}”` : ""} (last reviewed ${passage.lastReviewed})\n${passage.text}`,
    )
    .join("\n\n");
  return `${base}
Answer only from the numbered passages of our knowledge base below. After every sentence that uses a passage, cite its number in square brackets, such as [1] or [2][3]; use only the numbers below and never invent a source or a link. An answer that cites no passage number is not shown to the user.
Quote a list (documents, steps) whole and in order; give an amount with its unit, period and the date it applies from.
If the passages do not answer the question, say so instead of guessing.

${context}`;
}

/** The passage numbers ([1], [2][3]) a hosted model's answer cites, among the `count` passages it was given. */
export function citedPassageNumbers(text: string, count: number): number[] {
  const cited = new Set<number>();
  for (const match of text.matchAll(/\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\]/g)) {
    for (const number of match[1]!.split(",").map(Number)) if (number >= 1 && number <= count) cited.add(number);
  }
  return [...cited].sort((a, b) => a - b);
}

/**
 * The sources block appended to a hosted model's Deep Thinking answer: one line per passage it
 * cites (every passage when it cites none), with the passage's number, its article, section, review
 * date and the sources behind that section.
 */
export function sourcesBlock(passages: RetrievedPassage[], answer = ""): string {
  const cited = citedPassageNumbers(answer, passages.length);
  const numbers = cited.length ? cited : passages.map((_, index) => index + 1);
  const lines = numbers.map((number) => {
    const passage = passages[number - 1]!;
    const links = passage.sources.map((source) => `[${source.title}](${source.url})`).join(", ");
    const section = passage.heading ? `, section “${passage.heading}”` : "";
    return `- [${number}] ${passage.articleTitle} (last reviewed ${passage.lastReviewed})${section}${links ? `: ${links}` : ""}`;
  });
  return lines.length ? `\n\n**Sources**\n${lines.join("\n")}` : "";
}

/** The sources of a retrieval as message metadata: each article with each source behind its retrieved sections, once. */
export function sourceList(passages: RetrievedPassage[]) {
  const seen = new Map<string, { title: string; url: string; lastReviewed: string }>();
  for (const passage of passages) {
    for (const source of passage.sources.length ? passage.sources : [{ url: "" }]) {
      const key = `${passage.articleSlug} ${source.url}`;
      if (!seen.has(key)) seen.set(key, { title: passage.articleTitle, url: source.url, lastReviewed: passage.lastReviewed });
    }
  }
  return [...seen.values()];
}

/** Guide sections linked under an answer at most. */
const GUIDE_LINKS = 3;

/** The guide sections an answer rests on, once each, best first: where to read on. */
export function guideLinks(passages: RetrievedPassage[]): NonNullable<AssistantMetadata["guides"]> {
  const links = new Map<string, { title: string; href: string }>();
  for (const passage of passages) {
    const href = guideSectionHref(passage.topic, passage.articleSlug, passage.heading);
    if (!links.has(href)) links.set(href, { title: passage.heading ?? passage.articleTitle, href });
  }
  return [...links.values()].slice(0, GUIDE_LINKS);
}

/** "Regenerate" with a hosted model: a new answer, not the one the user asked to replace. */
export function regenerateInstructions(previousAnswer: string): string {
  return `The user asked for another answer than this one:
<previous-answer>
${previousAnswer}
</previous-answer>
Give a different answer (another angle, other facts, a different structure). If there is no other correct answer, repeat it.`;
}

const EXCERPT_CHARS = 220;

/** The passages Deep Thinking considered, for the answer's sources list; `quoted` marks those the local model quoted. */
export function consideredPassages(passages: RetrievedPassage[], quoted: Set<string> | null): ConsideredPassage[] {
  return passages.map((passage) => {
    const plain = stripMarkdown(passage.text).replace(/\s+/g, " ").trim();
    return {
      id: passage.id,
      articleTitle: passage.articleTitle,
      heading: passage.heading,
      excerpt: plain.length > EXCERPT_CHARS ? `${plain.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : plain,
      lastReviewed: passage.lastReviewed,
      sources: passage.sources.map((source) => ({ title: source.title, url: source.url })),
      ...(quoted ? { quoted: quoted.has(passage.id) } : {}),
    };
  });
}
