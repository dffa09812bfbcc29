/**
 * A hosted model answering from retrieved passages must cite them by number ([1], [2]). Its answer
 * is held back until it cites one (from then on it streams as it comes); an answer that ends
 * citing none is not shown: the local knowledge-base model's answer to the same question takes its
 * place, with a note saying so, and its usage replaces the hosted model's in the finish part (the
 * answer is charged for what is shown).
 */
import type { LanguageModelUsage, TextStreamPart, ToolSet } from "ai";
import { citedPassageNumbers } from "~/server/ai/prompt";

type Part = TextStreamPart<ToolSet>;

/** Said under the local model's answer when it replaces a hosted answer that cited no passage. */
export const UNCITED_ANSWER_NOTE =
  "_The hosted model's answer cited none of the knowledge base's passages, so the local knowledge-base model answered instead._";

export interface Replacement {
  text: string;
  usage: LanguageModelUsage;
}

export interface CitationCheck {
  /** The parts to pass on: the hosted answer once it cites a passage, or the replacement. */
  reader: ReadableStreamDefaultReader<Part>;
  /** Whether the hosted answer was replaced (known once the parts have gone out). */
  replaced: () => boolean;
}

const isText = (part: Part) => part.type === "text-start" || part.type === "text-delta" || part.type === "text-end";

/**
 * Passes the hosted model's parts on once its text cites one of the `passageCount` passages; when it
 * finishes without, its text parts are dropped and `replace()`'s text is sent in their place.
 */
export function requireCitation(
  source: ReadableStreamDefaultReader<Part>,
  passageCount: number,
  replace: () => Promise<Replacement>,
): CitationCheck {
  let holding = true;
  let replaced = false;
  let text = "";
  const held: Part[] = [];

  /** The held parts with the replacement's text instead of the hosted text, and its usage in the finish part. */
  async function replacementParts(): Promise<Part[]> {
    let local: Replacement;
    try {
      local = await replace();
    } catch (error) {
      // Without the local answer, the hosted one is better than none.
      console.error("[chat] the local answer replacing an uncited hosted answer failed:", error);
      return held.splice(0);
    }
    replaced = true;
    const answer: Part[] = [
      { type: "text-start", id: "local-answer" },
      { type: "text-delta", id: "local-answer", text: `${local.text}\n\n${UNCITED_ANSWER_NOTE}` },
      { type: "text-end", id: "local-answer" },
    ];
    const rest = held
      .filter((part) => !isText(part))
      .map((part): Part => (part.type === "finish" ? { ...part, totalUsage: local.usage } : part));
    // The answer goes where the hosted text began: before the step's end.
    const at = rest.findIndex((part) => part.type === "finish-step" || part.type === "finish");
    return at < 0 ? [...rest, ...answer] : [...rest.slice(0, at), ...answer, ...rest.slice(at)];
  }

  const stream = new ReadableStream<Part>({
    async pull(controller) {
      for (;;) {
        const { done, value } = await source.read();
        if (done) {
          if (holding && held.length) {
            holding = false;
            for (const part of text ? await replacementParts() : held.splice(0)) controller.enqueue(part);
          }
          controller.close();
          return;
        }
        if (!holding) {
          controller.enqueue(value);
          return;
        }
        held.push(value);
        if (value.type === "text-delta") text += value.text;
        const cites = citedPassageNumbers(text, passageCount).length > 0;
        // A failure or a stop passes on what was produced, as an uncited answer would have been.
        const broken = value.type === "error" || value.type === "abort";
        if (cites || broken) {
          holding = false;
          for (const part of held.splice(0)) controller.enqueue(part);
          return;
        }
        if (value.type === "finish" && text) {
          holding = false;
          for (const part of await replacementParts()) controller.enqueue(part);
          return;
        }
      }
    },
    cancel(reason) {
      return source.cancel(reason);
    },
  });
  return { reader: stream.getReader(), replaced: () => replaced };
}
