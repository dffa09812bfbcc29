/**
 * The chat use case behind POST /api/chat and /api/chat-rag: check the conversation, reserve tokens,
 * retrieve, answer, settle and save the conversation. It knows no HTTP: it returns the answer's
 * stream parts, which src/server/http/chat-stream.ts turns into the AI SDK UI message stream response.
 */
import { randomUUID } from "node:crypto";
import { generateText, type ModelMessage, streamText, type TextStreamPart, type ToolSet } from "ai";
import { env } from "~/env";
import { classifyQuestion } from "~/lib/question-kinds";
import {
  type AnswerCharge,
  type AssistantMetadata,
  answerAdmitsNotKnowing,
  type ChatMessageInput,
  type ChatRequest,
  MAX_TOOL_LINKS,
} from "~/lib/schemas/chat";
import { createLocalKnowledgeModel, type LocalKnowledgeModelOptions, readTokenCount, tokenCount } from "~/server/ai/local-model";
import { LOCAL_MODEL_LABEL, type ResolvedModel, resolveChatModel } from "~/server/ai/models";
import { chatInstructions, consideredPassages, guideLinks, regenerateInstructions, sourceList, sourcesBlock } from "~/server/ai/prompt";
import type { Db } from "~/server/db/client";
import { log } from "~/server/observability/log";
import {
  type ComposedAnswer,
  followUpInstructions,
  type ProfileContext,
  profileInstructions,
  type Retrieval,
  resolveFollowUp,
  retrieve,
  toolAnswerInstructions,
} from "~/server/rag";
import { consumeRateLimit } from "~/server/security/rate-limit";
import { readAssistantSettings } from "../assistant-settings";
import { answerLanguage } from "../student.service";
import { comparisonLinkFor } from "../tools/compare-link";
import { answerFromTools } from "../tools/tool-answers.service";
import { type ChatActor, type Reservation, reserveTokens, settleTokens } from "./allowance.service";
import { requireCitation, UNCITED_ANSWER_NOTE } from "./cited-answer";
import { assertConversationUsable, saveConversation } from "./conversations.service";
import { promptTokenEstimate, recordUsage } from "./tokens.service";

/** The longest answer a request may get, and the shortest worth starting. */
const MAX_ANSWER_TOKENS = 1200;
const MIN_ANSWER_TOKENS = 150;
/** Messages of the conversation sent to the model: enough context, bounded cost. */
const HISTORY_MESSAGES = 12;
const RETRIEVED_PASSAGES = 5;

type Part = TextStreamPart<ToolSet>;

/**
 * An abort the client did not ask for is a timeout of ours (the provider went silent): a failure of
 * the provider, answered with the connection error, not a client that left.
 */
const providerTimedOut = (part: Part, clientSignal: AbortSignal | undefined) => part.type === "abort" && !clientSignal?.aborted;

/** Reads the model's parts until the first text (or failure), so a provider that fails at once gets a clean error response. */
async function firstParts(reader: ReadableStreamDefaultReader<Part>, clientSignal: AbortSignal | undefined) {
  const parts: Part[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { parts, failure: undefined, done: true };
    if (providerTimedOut(value, clientSignal)) return { parts, failure: "the provider did not answer in time", done: false };
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
  /** A regenerated hosted answer that repeats the one it replaces. */
  repeated?: boolean;
}

/** Said after a regenerated hosted answer that is the same as the one it replaces. */
const SAME_ANSWER_NOTE = "\n\n_This is the same answer as before: there is no other answer._";

/**
 * Passes the model's parts on, appending `appendixOf(outcome)` as a last text block, and reports once
 * what was produced, whether the stream finished (before its finish part goes out, so the finish
 * metadata carries the charge), was aborted or failed midway.
 */
function meteredParts(
  reader: ReadableStreamDefaultReader<Part>,
  buffered: Part[],
  clientSignal: AbortSignal | undefined,
  appendixOf: (outcome: Outcome) => string,
  onEnd: (outcome: Outcome) => Promise<void>,
) {
  const outcome: Outcome = { text: "", aborted: false, failed: false };
  let ending: Promise<void> | null = null;
  let appended = false;
  const end = () => (ending ??= onEnd(outcome));
  const observe = (received: Part, controller: ReadableStreamDefaultController<Part>) => {
    // A stream that stalled is a provider failure: the client sees the connection error.
    const part: Part = providerTimedOut(received, clientSignal)
      ? { type: "error", error: new Error("The AI provider stopped answering") }
      : received;
    if (part.type === "text-delta") outcome.text += part.text;
    if (part.type === "abort") outcome.aborted = true;
    if (part.type === "error") outcome.failed = true;
    if (part.type === "finish") outcome.usage = part.totalUsage;
    const appendix = part.type === "finish-step" && !appended && !outcome.failed ? appendixOf(outcome) : "";
    if (appendix) {
      appended = true;
      controller.enqueue({ type: "text-start", id: "sources" });
      controller.enqueue({ type: "text-delta", id: "sources", text: appendix });
      controller.enqueue({ type: "text-end", id: "sources" });
      outcome.text += appendix;
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
        } else if (value.type === "finish") {
          outcome.usage = value.totalUsage;
          await end();
          observe(value, controller);
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
  question: string;
  retrieval: Retrieval | null;
  sureConfidence: number;
  /** What the local model composed (its kind), once it has. */
  composed: () => ComposedAnswer | null;
  /** The local model's answer replaced the hosted one, which cited no passage: it is charged as the local answer. */
  replaced?: boolean;
}

/**
 * What an answer is charged for. An answer that found nothing is not charged for nothing: the local
 * model's "I don't know" (and its "no other answer" on Regenerate) costs nothing; a hosted model's
 * short "I don't know" with no passage to go on, or a regenerated answer that repeats the one before,
 * costs only the question's tokens (the provider read it). A stopped or broken answer is charged for
 * what was produced.
 */
function chargeOf(
  { resolved, retrieval, sureConfidence, composed, replaced }: Settlement,
  outcome: Outcome,
  outputTokens: number,
): AnswerCharge {
  if (!outcome.text) return "none";
  if (outcome.aborted || outcome.failed) return "answer";
  if (!resolved.hosted || replaced) {
    const kind = composed()?.kind;
    return kind === "unknown" || kind === "no-other" ? "none" : "answer";
  }
  if (outcome.repeated) return "question-only";
  const noPassageUsed = !retrieval || retrieval.passages.length === 0 || retrieval.confidence < sureConfidence;
  return answerAdmitsNotKnowing(outcome.text) && noPassageUsed && outputTokens <= MIN_ANSWER_TOKENS ? "question-only" : "answer";
}

/** Charges an answer: the provider's usage when it reports one, else the tokenizer's count of what was produced. */
async function settle(settlement: Settlement, outcome: Outcome): Promise<{ charged: number; charge: AnswerCharge }> {
  const { db, actor, reservation, route, resolved, inputEstimate } = settlement;
  // A stopped local answer reports no usage: it is counted as the local model counts, by what was read.
  const outputTokens = outcome.usage?.outputTokens ?? (resolved.hosted && !settlement.replaced ? tokenCount : readTokenCount)(outcome.text);
  const inputTokens = outcome.usage?.inputTokens ?? inputEstimate;
  const charge = chargeOf(settlement, outcome, outputTokens);
  const used = charge === "answer" ? inputTokens + outputTokens : charge === "question-only" ? inputTokens : 0;
  const charged = Math.min(used, reservation.amount);
  // The ledger first: once the reservation is gone, the answer's record exists.
  await recordUsage(db, {
    subject: actor.userId !== null ? `user:${actor.userId}` : `address:${actor.ip}`,
    userId: actor.userId,
    route,
    model: settlement.replaced ? LOCAL_MODEL_LABEL : resolved.label,
    inputTokens,
    outputTokens,
    charged,
    aborted: outcome.aborted || outcome.failed,
    questionKind: classifyQuestion(settlement.question),
    charge,
  });
  await settleTokens(db, reservation, charged);
  return { charged, charge };
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
      /** The metadata with what the answer was charged: complete once its finish part has gone out. */
      finalMetadata: () => AssistantMetadata;
    };

/**
 * Starts an answer: throws AppError (404 for another user's conversation, 429 at the token limit)
 * before anything is streamed; once streaming, the answer is settled and saved when its parts end.
 */
const ANONYMOUS_CHAT_LIMITED_MESSAGE =
  "You have asked many questions in a short time. Please wait a few minutes, or sign up for a free account to keep going.";

export async function answerChat({ db, actor, input, rag, requestId, signal }: ChatAnswerRequest): Promise<ChatAnswer> {
  const route = rag ? "chat-rag" : "chat";
  let reservation: Reservation | null = null;
  try {
    if (input.conversationId && actor.userId) await assertConversationUsable(db, actor.userId, input.conversationId);
    if (actor.userId === null) await consumeRateLimit(db, "anonymousChat", actor.ip, ANONYMOUS_CHAT_LIMITED_MESSAGE);

    const question = input.messages.at(-1)!.text;
    // Read per answer: a change in /admin/assistant applies to the next one.
    const [settings, profile] = await Promise.all([readAssistantSettings(db), profileOf(db, actor)]);
    const regenerate = input.regenerate;
    let composed: ComposedAnswer | null = null;
    // The tools' data for this question, for the local model's answer, a hosted model's context and the card.
    const earlierQuestions = input.messages
      .slice(0, -1)
      .filter((message) => message.role === "user")
      .map((message) => message.text);
    const toolAnswer = await answerFromTools(db, question, { history: earlierQuestions });
    const localOptions: LocalKnowledgeModelOptions = {
      answer: {
        sureConfidence: settings.sureConfidence,
        unknownText: settings.unknownText,
        otherCountryText: settings.otherCountryText,
      },
      recordUnanswered: route,
      // A local answer that replaced a hosted one is compared without the note it carried.
      regenerate: regenerate
        ? {
            excludePassageIds: regenerate.usedPassageIds,
            previousAnswer: regenerate.previousAnswer.replace(UNCITED_ANSWER_NOTE, "").trim(),
          }
        : undefined,
      profile,
      toolAnswer,
      toolAnswers: answerFromTools,
      onComposed: (answer) => {
        composed = answer;
      },
    };
    const resolved = resolveChatModel(db, input.chatModel, {
      defaultModel: settings.defaultChatModel,
      local: localOptions,
    });
    // A follow-up ("and in Munich?") is retrieved for, and told to a hosted model, as the question it stands for.
    const standalone = resolveFollowUp(question, earlierQuestions);
    const retrieval: Retrieval | null = rag ? await retrieve(db, standalone, { limit: RETRIEVED_PASSAGES }) : null;
    const language = resolved.hosted ? await answerLanguage(db, actor.userId) : null;
    const instructions = [
      chatInstructions(retrieval?.passages ?? null, language),
      followUpInstructions(question, standalone),
      toolAnswerInstructions(toolAnswer),
      profileInstructions(profile),
      regenerate ? regenerateInstructions(regenerate.previousAnswer) : null,
    ]
      .filter(Boolean)
      .join("\n\n");
    const history: ModelMessage[] = input.messages
      .slice(-HISTORY_MESSAGES)
      .filter((message) => message.text)
      .map((message) => ({ role: message.role, content: message.text }));

    // A hosted model reads the instructions and the history, and its provider bills them; the local
    // model is charged what the person sees, so only the question counts as input.
    const inputEstimate = resolved.hosted
      ? promptTokenEstimate([instructions, ...history.map((message) => String(message.content))])
      : tokenCount(question);
    reservation = await reserveTokens(db, actor, inputEstimate + MAX_ANSWER_TOKENS, inputEstimate + MIN_ANSWER_TOKENS);
    const maxOutputTokens = Math.max(MIN_ANSWER_TOKENS, reservation.amount - inputEstimate);

    const startedAt = Date.now();
    // A provider that does not answer at all (no headers, no first token) is given up on after the timeout.
    const silence = new AbortController();
    const silenceTimer = setTimeout(
      () => silence.abort(new DOMException("The AI provider did not answer in time", "TimeoutError")),
      env.AI_PROVIDER_TIMEOUT_MS,
    );
    const result = streamText({
      model: resolved.model,
      instructions: resolved.hosted ? instructions : undefined,
      messages: history,
      maxOutputTokens,
      // "Regenerate" asks a hosted model for a new sample.
      ...(regenerate && resolved.hosted ? { temperature: 1 } : {}),
      maxRetries: 1,
      abortSignal: AbortSignal.any([signal, silence.signal].filter((s): s is AbortSignal => s !== undefined)),
      // A stream that stalls between two chunks is given up on too.
      timeout: { chunkMs: env.AI_PROVIDER_TIMEOUT_MS },
      // Failures are logged once below, with the request id, where they are answered.
      onError: () => {},
    });
    // With passages to go on, a hosted answer must cite one; otherwise the local model answers instead.
    const citation =
      resolved.hosted && retrieval?.passages.length
        ? requireCitation(result.stream.getReader(), retrieval.passages.length, async () => {
            const local = await generateText({
              model: createLocalKnowledgeModel(db, localOptions),
              messages: history,
              maxOutputTokens,
              abortSignal: signal,
            });
            return { text: local.text, usage: local.totalUsage };
          })
        : null;
    const reader = citation?.reader ?? result.stream.getReader();
    const first = await firstParts(reader, signal).finally(() => clearTimeout(silenceTimer));
    const replaced = citation?.replaced() ?? false;
    // What answered: the local model when it replaced an uncited hosted answer.
    const label = replaced ? LOCAL_MODEL_LABEL : resolved.label;
    const settlement: Settlement = {
      db,
      actor,
      reservation,
      route,
      resolved,
      inputEstimate,
      question,
      retrieval,
      sureConfidence: settings.sureConfidence,
      composed: () => composed,
      replaced,
    };

    if (first.failure !== undefined || (first.done && !first.parts.some((part) => part.type === "text-delta"))) {
      log.error({ requestId, model: resolved.label, err: first.failure ?? "empty stream" }, "chat model failed before answering");
      await settle(settlement, { text: "", aborted: false, failed: true });
      reservation = null;
      return { ok: false, model: resolved.label };
    }

    const assistantId = randomUUID();
    const comparison = comparisonLinkFor(question);
    // The local model has composed its answer by its first text: which passages it quotes is known.
    const quoted = new Set((composed as ComposedAnswer | null)?.quotedPassageIds ?? []);
    const usedPassageIds = [...new Set([...(regenerate?.usedPassageIds ?? []), ...quoted])];
    // The guide sections to read on: those the local answer quotes; a hosted answer's passages were all handed to it.
    const answeredFrom = retrieval ?? (composed as ComposedAnswer | null)?.retrieval;
    const guides = answeredFrom ? guideLinks(answeredFrom.passages.filter((p) => (resolved.hosted && !replaced) || quoted.has(p.id))) : [];
    // The cards of the tools the answer used: a local answer's own (each question of a post decides), else the
    // question's (a hosted answer, or a regenerated one that repeats the answer it replaces).
    const local = composed as ComposedAnswer | null;
    const toolLinks = (local && local.kind !== "no-other" ? local.toolLinks : toolAnswer?.links)?.slice(0, MAX_TOOL_LINKS);
    const metadata: AssistantMetadata = {
      model: label,
      ragEnabled: rag,
      ...(retrieval
        ? {
            confidence: retrieval.confidence,
            sourcesCount: retrieval.passages.length,
            sources: sourceList(retrieval.passages),
            passages: consideredPassages(retrieval.passages, resolved.hosted && !replaced ? null : quoted),
          }
        : {}),
      ...(usedPassageIds.length ? { usedPassageIds } : {}),
      ...(comparison ? { links: [comparison] } : {}),
      ...(toolLinks?.length ? { toolLinks } : {}),
      ...(guides.length ? { guides } : {}),
      createdAt: startedAt,
    };
    let final: AssistantMetadata = metadata;
    const appendixOf = (outcome: Outcome) => {
      // The local answer that replaced a hosted one has its own source lines.
      if (replaced) return "";
      let appendix = resolved.hosted && retrieval ? sourcesBlock(retrieval.passages, outcome.text) : "";
      if (resolved.hosted && regenerate && sameAnswer(outcome.text + appendix, regenerate.previousAnswer)) {
        outcome.repeated = true;
        appendix += SAME_ANSWER_NOTE;
      }
      return appendix;
    };
    const heldReservation = reservation;
    reservation = null; // from here on the stream settles it
    const parts = meteredParts(reader, first.parts, signal, appendixOf, async (outcome) => {
      try {
        const { charged, charge } = await settle({ ...settlement, reservation: heldReservation }, outcome);
        final = { ...metadata, tokens: charged, charge, responseTimeMs: Date.now() - startedAt };
        if (actor.userId && input.conversationId && outcome.text) {
          const answer: ChatMessageInput = { id: assistantId, role: "assistant", text: outcome.text, metadata: final };
          await saveConversation(db, actor.userId, input.conversationId, [...input.messages, answer]);
        }
      } catch (error) {
        log.error({ requestId, err: error }, "settling a chat answer failed");
      }
    });

    return {
      ok: true,
      model: label,
      assistantId,
      metadata,
      startedAt,
      parts,
      retrieval,
      tokensRemaining: heldReservation.remaining,
      finalMetadata: () => final,
    };
  } catch (error) {
    if (reservation) await settleTokens(db, reservation, 0).catch(() => {});
    throw error;
  }
}

const normalized = (text: string) => text.replace(SAME_ANSWER_NOTE, "").replace(/\s+/g, " ").trim();
const sameAnswer = (text: string, previous: string) => normalized(text) === normalized(previous);

/** The profile fields an answer may depend on (signed-in users with a profile). */
async function profileOf(db: Db, actor: ChatActor): Promise<ProfileContext | null> {
  if (!actor.userId) return null;
  const student = await db.student.findUnique({
    where: { userId: actor.userId },
    select: { nationality: true, country: true },
  });
  return student ? { nationality: student.nationality, countryOfResidence: student.country } : null;
}
