/** A post's answer: one part per question; a part repeating another is left out, an unanswered one says so in a line. */
import type { ComposedAnswer } from "./answer";
import type { PostQuestion } from "./post";
import type { RetrievedPassage } from "./retrieval-types";

export interface PostPart {
  question: PostQuestion;
  composed: ComposedAnswer;
}

const PART_UNKNOWN_TEXT = "I don't know: my knowledge base has nothing reliable on this, and I will not guess.";

/** What a part says: the passages it quotes and the tool data it leads with. */
const quoted = (composed: ComposedAnswer) => `${[...(composed.quotedPassageIds ?? [])].sort().join(" ")}\n${composed.toolText ?? ""}`;
const heading = (asked: string) => `**${asked.replace(/\*+/g, "").replace(/\s+/g, " ").trim()}**`;

/** The answers to a post's questions as one answer; a single part is returned as it is. */
export function combineParts(parts: PostPart[]): ComposedAnswer & { parts: ComposedAnswer[] } {
  const answered = parts.filter((part) => part.composed.kind === "answer");
  if (parts.length === 1 || !answered.length) return { ...parts[0]!.composed, parts: parts.map((p) => p.composed) };
  const shown: PostPart[] = [];
  for (const part of parts) {
    if (part.composed.kind === "answer" && shown.some((s) => quoted(s.composed) === quoted(part.composed))) continue;
    shown.push(part);
  }
  const sections = shown.map(({ question, composed }) =>
    [heading(question.asked), composed.kind === "answer" ? composed.text : PART_UNKNOWN_TEXT].join("\n\n"),
  );
  const passages = new Map<string, RetrievedPassage>();
  for (const { composed } of shown) for (const passage of composed.retrieval.passages) passages.set(passage.id, passage);
  // The cards of the tools whose data the shown parts lead with, each once.
  const links = shown.flatMap(({ composed }) => (composed.kind === "answer" ? (composed.toolLinks ?? []) : []));
  const toolLinks = links.filter((link, i) => links.findIndex((other) => other.href === link.href) === i);
  return {
    kind: "answer",
    text: sections.join("\n\n"),
    ...(toolLinks.length ? { toolLinks } : {}),
    retrieval: { passages: [...passages.values()], confidence: Math.max(...answered.map((p) => p.composed.retrieval.confidence)) },
    quotedPassageIds: [...new Set(answered.flatMap((p) => p.composed.quotedPassageIds ?? []))],
    parts: parts.map((p) => p.composed),
  };
}
