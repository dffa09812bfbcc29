/**
 * The local knowledge-base model: an AI SDK language model (provider spec v4, so `streamText` and
 * `generateText` use it like any hosted model) that needs no account anywhere. It is a real
 * extractive answerer over our own knowledge base (src/server/rag/answer.ts): it answers only with
 * text taken from retrieved passages, cites them with their review dates, and says plainly when it
 * does not know. Usage is the question's and the answer's tokens (o200k, the tokenizer of OpenAI's current models).
 */
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import type { EmbeddingModel } from "ai";
import { countTokens, decode, encode } from "gpt-tokenizer";
import type { Db } from "~/server/db/client";
import {
  type AnswerOptions,
  type AnswerRoute,
  answerQuestion,
  type ComposedAnswer,
  combineParts,
  ENGLISH_ANSWER_NOTE_DE,
  isGerman,
  type PostPart,
  type PostQuestion,
  type ProfileContext,
  profileAddition,
  questionsOfPost,
  recordUnansweredQuestion,
  stripMarkdown,
  type ToolAnswer,
  type ToolAnswerSource,
  withToolAnswer,
} from "~/server/rag";

const LOCAL_MODEL_ID = "local-knowledge";

/** Tokens of a text with the o200k tokenizer of OpenAI's current models: the meter when a provider reports no usage. */
export function tokenCount(text: string): number {
  return text ? countTokens(text) : 0;
}

/** Tokens of what a person reads of a Markdown answer: link texts without their addresses, no markup. */
export function readTokenCount(markdown: string): number {
  return tokenCount(stripMarkdown(markdown));
}

export interface LocalKnowledgeModelOptions {
  /** Embedding model for re-ranking; defaults to the configured one (none without OPENAI_API_KEY). */
  embeddings?: EmbeddingModel | null;
  /** The assistant's settings (/admin/assistant): confidence threshold and "I don't know" texts. */
  answer?: Pick<AnswerOptions, "sureConfidence" | "unknownText" | "otherCountryText">;
  /** When set, questions answered "I don't know" are recorded with this route. */
  recordUnanswered?: AnswerRoute;
  /** "Regenerate": the passages earlier answers quoted, and the answer replaced. */
  regenerate?: Pick<AnswerOptions, "excludePassageIds" | "previousAnswer">;
  /** The asker's profile: an answer about applying gets the facts that depend on it (APS). */
  profile?: ProfileContext | null;
  /** The tools' data that answers the question; looked up through `toolAnswers` when not given. */
  toolAnswer?: ToolAnswer | null;
  /** Where the tools' data for each question of a post comes from (the tool services); none without it. */
  toolAnswers?: ToolAnswerSource;
  /** Told what was composed (its kind and the passages it quotes) before it is streamed. */
  /** With `parts`, the answer of each question of the post. */
  onComposed?: (composed: ComposedAnswer & { parts: ComposedAnswer[] }) => void;
}

export function createLocalKnowledgeModel(db: Db, options: LocalKnowledgeModelOptions = {}): LanguageModelV4 {
  /** One question of a post: the tools' data when it asks for it, else (and also) the knowledge base. */
  async function answerOne(
    { question, asked: own, title }: PostQuestion,
    post: string,
    history: string[],
    call: LanguageModelV4CallOptions,
    single: boolean,
  ) {
    const given = single ? options.toolAnswer : undefined;
    // What the person asked, under the post's title: not the sentences around it, which only say which case it is.
    const asked = title ? `${title}: ${own}` : own;
    const tool =
      given !== undefined ? given : ((await options.toolAnswers?.(db, question, { history, ...(single ? {} : { post, asked }) })) ?? null);
    const fromKnowledgeBase = await answerQuestion(db, question, {
      ...options.answer,
      ...(single ? options.regenerate : { excludePassageIds: options.regenerate?.excludePassageIds }),
      history,
      embeddings: options.embeddings,
      abortSignal: call.abortSignal,
    });
    return tool ? withToolAnswer(fromKnowledgeBase, tool) : fromKnowledgeBase;
  }

  async function answer(call: LanguageModelV4CallOptions) {
    const userTexts = call.prompt
      .filter((m) => m.role === "user")
      .map(messageText)
      .filter(Boolean);
    const post = userTexts.at(-1) ?? "";
    const history = userTexts.slice(0, -1);
    const questions = questionsOfPost(post);
    const parts: PostPart[] = [];
    for (const question of questions)
      parts.push({ question, composed: await answerOne(question, post, history, call, questions.length === 1) });
    const composed = combineParts(parts);
    if (composed.kind === "unknown" && options.recordUnanswered) await recordUnansweredQuestion(db, post, options.recordUnanswered);
    if (composed.kind === "answer") {
      const addition = await profileAddition(db, options.profile, post, composed.text);
      if (addition) composed.text = `${composed.text}\n\n${addition}`;
    }
    // The knowledge base is English: a German question is told so, in German, before the answer.
    if (isGerman(post) && composed.kind !== "greeting") composed.text = `${ENGLISH_ANSWER_NOTE_DE}\n\n${composed.text}`;
    options.onComposed?.(composed);
    const { text, truncated } = limitTokens(composed.text, call.maxOutputTokens);
    const finishReason: LanguageModelV4FinishReason = truncated ? { unified: "length", raw: "length" } : { unified: "stop", raw: "stop" };
    return { text, finishReason, usage: usageOf(post, text), composed };
  }

  return {
    specificationVersion: "v4",
    provider: "swipeabroad",
    modelId: LOCAL_MODEL_ID,
    supportedUrls: {},

    async doGenerate(call): Promise<LanguageModelV4GenerateResult> {
      const { text, finishReason, usage, composed } = await answer(call);
      return {
        content: [{ type: "text", text }],
        finishReason,
        usage,
        providerMetadata: { swipeabroad: { confidence: composed.retrieval.confidence, kind: composed.kind } },
        response: { modelId: LOCAL_MODEL_ID, timestamp: new Date() },
        warnings: [],
      };
    },

    async doStream(call) {
      const { text, finishReason, usage, composed } = await answer(call);
      const pieces = text.match(/\S+\s*|\s+/g) ?? [];
      const signal = call.abortSignal;
      let index = 0;
      let started = false;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        // Pull-based: the answer goes out as fast as the consumer reads it, a few words per part,
        // and stops when the request is aborted.
        pull(controller) {
          if (!started) {
            started = true;
            controller.enqueue({ type: "stream-start", warnings: [] });
            controller.enqueue({ type: "response-metadata", modelId: LOCAL_MODEL_ID, timestamp: new Date() });
            controller.enqueue({ type: "text-start", id: "answer" });
            return;
          }
          if (signal?.aborted) {
            controller.error(signal.reason ?? new DOMException("The operation was aborted.", "AbortError"));
            return;
          }
          if (index < pieces.length) {
            const delta = pieces.slice(index, index + WORDS_PER_PART).join("");
            index += WORDS_PER_PART;
            controller.enqueue({ type: "text-delta", id: "answer", delta });
            return;
          }
          controller.enqueue({ type: "text-end", id: "answer" });
          controller.enqueue({
            type: "finish",
            finishReason,
            usage,
            providerMetadata: { swipeabroad: { confidence: composed.retrieval.confidence, kind: composed.kind } },
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}

const WORDS_PER_PART = 3;

function messageText(message: LanguageModelV4Prompt[number]): string {
  if (message.role === "system") return message.content;
  return message.content
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("")
    .trim();
}

/** Cuts the answer at `maxOutputTokens` (the caller's budget), on a token boundary. */
function limitTokens(text: string, maxOutputTokens: number | undefined): { text: string; truncated: boolean } {
  if (maxOutputTokens === undefined) return { text, truncated: false };
  const tokens = encode(text);
  if (tokens.length <= maxOutputTokens) return { text, truncated: false };
  return { text: decode(tokens.slice(0, Math.max(0, maxOutputTokens))), truncated: true };
}

/**
 * What the person sees is what is counted: the question they wrote and the answer they read (its
 * text, not the Markdown and link addresses behind it). The conversation before it and the passages
 * searched are the product's own work, not the asker's.
 */
function usageOf(question: string, text: string): LanguageModelV4Usage {
  const input = tokenCount(question);
  const output = readTokenCount(text);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}
