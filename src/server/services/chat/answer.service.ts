/**
 * The chat use case behind POST /api/chat and /api/chat-rag: check the conversation, reserve tokens,
 * retrieve, answer, settle and save the conversation. It knows no HTTP: it returns the answer's
 * stream parts, which src/server/http/chat-stream.ts turns into the AI SDK UI message stream response.
 */
import { randomUUID } from "node:crypto";
import { streamText, type ModelMessage, type TextStreamPart, type ToolSet } from "ai";
import { retrieve, type Retrieval } from "~/server/rag/retrieve";
import type { AssistantMetadata, ChatMessageInput, ChatRequest } from "~/lib/schemas/chat";
import { tokenCount } from "~/server/ai/local-model";
import { resolveChatModel, type ResolvedModel } from "~/server/ai/models";
import { chatInstructions, sourceList, sourcesBlock } from "~/server/ai/prompt";
import type { Db } from "~/server/db/client";
import { reserveTokens, settleTokens, type ChatActor, type Reservation } from "./allowance.service";
import { consumeRateLimit } from "~/server/security/rate-limit";
import { assertConversationUsable, saveConversation } from "./conversations.service";
import { promptTokenEstimate, recordUsage } from "./tokens.service";
import { readAssistantSettings } from "../assistant-settings";
import { comparisonLinkFor } from "../tools/compare-link";

/** The longest answer a request may get, and the shortest worth starting. */
export const MAX_ANSWER_TOKENS = 1200;
export const MIN_ANSWER_TOKENS = 150;
/** Messages of the conversation sent to the model: enough context, bounded cost. */
const HISTORY_MESSAGES = 12;
const RETRIEVED_PASSAGES = 5;

type Part = TextStreamPart<ToolSet>;

/** Reads the model's parts until the first text (or failure), so a provider that fails at once gets a clean error response. */
async function firstParts(reader: ReadableStreamDefaultReader<Part>) {
  const parts: Part[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { parts, failure: undefined, done: true };
    parts.push(value);
    if (value.type === "error") return { parts, failure: value.error, done: false };
    if (value.type === "text-delta" || value.type === "finish" || value.type === "abort") return { parts, failure: undefined, done: false };
  }
}

interface Outcome {
  text: string;
  usage?: { inputTokens?: number; outputTokens?: number };
  aborted: boolean;
  failed: boolean;
}

/**
 * Passes the model's parts on, appending `appendix` as a last text block, and reports once at the end
 * what was produced, whether the stream finished, was aborted or failed midway.
 */
function meteredParts(reader: ReadableStreamDefaultReader<Part>, buffered: Part[], appendix: string, onEnd: (outcome: Outcome) => Promise<void>) {
  const outcome: Outcome = { text: "", aborted: false, failed: false };
  let ending: Promise<void> | null = null;
  const end = () => (ending ??= onEnd(outcome));
  const observe = (part: Part, controller: ReadableStreamDefaultController<Part>) => {
    if (part.type === "text-delta") outcome.text += part.text;
    if (part.type === "abort") outcome.aborted = true;
    if (part.type === "error") outcome.failed = true;
    if (part.type === "finish") outcome.usage = part.totalUsage;
    if (part.type === "finish-step" && appendix && !outcome.failed) {
      controller.enqueue({ type: "text-start", id: "sources" });
      controller.enqueue({ type: "text-delta", id: "sources", text: appendix });
      controller.enqueue({ type: "text-end", id: "sources" });
      outcome.text += appendix;
      appendix = "";
    }
    controller.enqueue(part);
  };
  return new ReadableStream<Part>({
    start(controller) {
      for (const part of buffered) observe(part, controller);
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          // Settled and saved before the stream ends, so a client that sees the end sees the result.
          await end();
          controller.close();
        } else observe(value, controller);
      } catch (error) {
        // A provider stream that breaks (a dropped connection) ends the answer with an error part.
        observe({ type: "error", error }, controller);
        await end();
        controller.close();
      }
    },
    cancel(reason) {
      outcome.aborted = true;
      void end();
      return reader.cancel(reason);
    },
  });
}

interface Settlement {
  db: Db;
  actor: ChatActor;
  reservation: Reservation;
  route: "chat" | "chat-rag";
  resolved: ResolvedModel;
  inputEstimate: number;
}

/** Charges an answer: the provider's usage when it reports one, else the tokenizer's count of what was produced. */
async function settle({ db, actor, reservation, route, resolved, inputEstimate }: Settlement, outcome: Outcome) {
  const outputTokens = outcome.usage?.outputTokens ?? tokenCount(outcome.text);
  const inputTokens = outcome.usage?.inputTokens ?? inputEstimate;
  const used = outcome.text ? inputTokens + outputTokens : 0;
  const charged = Math.min(used, reservation.amount);
  // The ledger first: once the reservation is gone, the answer's record exists.
  await recordUsage(db, {
    subject: actor.userId !== null ? `user:${actor.userId}` : `address:${actor.ip}`,
    userId: actor.userId,
    route,
    model: resolved.label,
    inputTokens,
    outputTokens,
    charged,
    aborted: outcome.aborted || outcome.failed,
  });
  await settleTokens(db, reservation, charged);
  return charged;
}

export interface ChatAnswerRequest {
  db: Db;
  actor: ChatActor;
  input: ChatRequest;
  /** Deep Thinking: ground the answer in passages retrieved from the knowledge base. */
  rag: boolean;
  /** For the log lines of this answer. */
  requestId: string;
  /** Stops the model when the client goes away. */
  signal?: AbortSignal;
}

/** An answer under way, or the model's failure before it said anything (then nothing is charged). */
export type ChatAnswer =
  | { ok: false; model: string }
  | {
      ok: true;
      /** What answered, e.g. "openai:gpt-4.1-mini", "local-knowledge". */
      model: string;
      assistantId: string;
      metadata: AssistantMetadata;
      startedAt: number;
      /** The model's parts (plus the sources block); settling and saving happen as it ends. */
      parts: ReadableStream<TextStreamPart<ToolSet>>;
      retrieval: Retrieval | null;
      /** Tokens left after this answer's reservation, or null when unlimited. */
      tokensRemaining: number | null;
    };

/**
 * Starts an answer: throws AppError (404 for another user's conversation, 429 at the token limit)
 * before anything is streamed; once streaming, the answer is settled and saved when its parts end.
 */
export const ANONYMOUS_CHAT_LIMITED_MESSAGE = "You have asked many questions in a short time. Please wait a few minutes, or sign up for a free account to keep going.";

export async function answerChat({ db, actor, input, rag, requestId, signal }: ChatAnswerRequest): Promise<ChatAnswer> {
  const route = rag ? "chat-rag" : "chat";
  let reservation: Reservation | null = null;
  try {
    if (input.conversationId && actor.userId) await assertConversationUsable(db, actor.userId, input.conversationId);
    if (actor.userId === null) await consumeRateLimit(db, "anonymousChat", actor.ip, ANONYMOUS_CHAT_LIMITED_MESSAGE);

    const question = input.messages.at(-1)!.text;
    // Read per answer: a change in /admin/assistant applies to the next one.
    const settings = await readAssistantSettings(db);
    const resolved = resolveChatModel(db, input.chatModel, {
      defaultModel: settings.defaultChatModel,
      local: {
        answer: { sureConfidence: settings.sureConfidence, unknownText: settings.unknownText, otherCountryText: settings.otherCountryText },
        recordUnanswered: route,
      },
    });
    const retrieval: Retrieval | null = rag ? await retrieve(db, question, { limit: RETRIEVED_PASSAGES }) : null;
    const instructions = chatInstructions(retrieval?.passages ?? null);
    const history: ModelMessage[] = input.messages
      .slice(-HISTORY_MESSAGES)
      .filter((message) => message.text)
      .map((message) => ({ role: message.role, content: message.text }));

    const inputEstimate = promptTokenEstimate([resolved.hosted ? instructions : "", ...history.map((message) => String(message.content))]);
    reservation = await reserveTokens(db, actor, inputEstimate + MAX_ANSWER_TOKENS, inputEstimate + MIN_ANSWER_TOKENS);
    const maxOutputTokens = Math.max(MIN_ANSWER_TOKENS, reservation.amount - inputEstimate);

    const startedAt = Date.now();
    const result = streamText({
      model: resolved.model,
      instructions: resolved.hosted ? instructions : undefined,
      messages: history,
      maxOutputTokens,
      maxRetries: 1,
      abortSignal: signal,
      // Failures are logged once below, with the request id, where they are answered.
      onError: () => {},
    });
    const reader = result.stream.getReader();
    const first = await firstParts(reader);
    const settlement: Settlement = { db, actor, reservation, route, resolved, inputEstimate };

    if (first.failure !== undefined || (first.done && !first.parts.some((part) => part.type === "text-delta"))) {
      console.error(`[chat] request ${requestId}: ${resolved.label} failed before answering:`, first.failure ?? "empty stream");
      await settle(settlement, { text: "", aborted: false, failed: true });
      reservation = null;
      return { ok: false, model: resolved.label };
    }

    const assistantId = randomUUID();
    const comparison = comparisonLinkFor(question);
    const metadata: AssistantMetadata = {
      model: resolved.label,
      ragEnabled: rag,
      ...(retrieval
        ? { confidence: retrieval.confidence, sourcesCount: retrieval.passages.length, sources: sourceList(retrieval.passages) }
        : {}),
      ...(comparison ? { links: [comparison] } : {}),
      createdAt: startedAt,
    };
    const appendix = resolved.hosted && retrieval ? sourcesBlock(retrieval.passages) : "";
    const heldReservation = reservation;
    reservation = null; // from here on the stream settles it
    const parts = meteredParts(reader, first.parts, appendix, async (outcome) => {
      try {
        const charged = await settle({ ...settlement, reservation: heldReservation }, outcome);
        if (actor.userId && input.conversationId && outcome.text) {
          const answer: ChatMessageInput = {
            id: assistantId,
            role: "assistant",
            text: outcome.text,
            metadata: { ...metadata, tokens: charged, responseTimeMs: Date.now() - startedAt },
          };
          await saveConversation(db, actor.userId, input.conversationId, [...input.messages, answer]);
        }
      } catch (error) {
        console.error(`[chat] request ${requestId}: settling failed:`, error);
      }
    });

    return { ok: true, model: resolved.label, assistantId, metadata, startedAt, parts, retrieval, tokensRemaining: heldReservation.remaining };
  } catch (error) {
    if (reservation) await settleTokens(db, reservation, 0).catch(() => {});
    throw error;
  }
}
