/** The port through which the answerer gets a question's tool data, and how it joins an answer or a hosted model's context. */
import type { ToolLink } from "~/lib/schemas/chat";
import type { Db } from "~/server/db/client";
import type { ComposedAnswer } from "./answer";
import { NOT_SURE_TEXT } from "./answer-render";
import { CITY_ARTICLE_PREFIX } from "./city-articles";

export type ToolAnswerKind = "costs" | "visa" | "scholarships" | "university";

export interface ToolAnswer {
  kind: ToolAnswerKind;
  /** The answer in Markdown: figures, what they are, their sources and checked dates. */
  text: string;
  /** The tool cards, pre-filled with the question's values. */
  links: ToolLink[];
}

/** The tool data that answers a question, or null; history and post fill in what the question leaves out, `asked` decides. */
export type ToolAnswerSource = (
  db: Db,
  question: string,
  options: { history?: string[]; post?: string; asked?: string },
) => Promise<ToolAnswer | null>;

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

/** The local answer with the tool data leading; the knowledge base's answer follows when sure and not just the city articles. */
export function withToolAnswer(composed: ComposedAnswer, tool: ToolAnswer): ComposedAnswer {
  if (composed.kind === "no-other") return composed;
  const sure = composed.kind === "answer" && !composed.text.startsWith(NOT_SURE_TEXT);
  const quoted = new Set(composed.quotedPassageIds ?? []);
  const quotedSlugs = composed.retrieval.passages.filter((passage) => quoted.has(passage.id)).map((passage) => passage.articleSlug);
  const repeats = quotedSlugs.length > 0 && quotedSlugs.every((slug) => slug.startsWith(CITY_ARTICLE_PREFIX));
  if (!sure || repeats)
    return { ...composed, kind: "answer", text: tool.text, quotedPassageIds: [], toolText: tool.text, toolLinks: tool.links };
  return {
    ...composed,
    kind: "answer",
    text: `${tool.text}\n\n**From the knowledge base:**\n\n${composed.text}`,
    toolText: tool.text,
    toolLinks: tool.links,
  };
}
