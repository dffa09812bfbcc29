/**
 * POST /api/chat and /api/chat-rag: validate, meter, stream. The routes are streams, so they cannot go
 * through the tRPC REST adapter; this is their one adapter, with the same context and error shapes.
 */
import { randomUUID } from "node:crypto";
import { consumeStream, createUIMessageStreamResponse, streamText, toUIMessageStream, type ModelMessage, type TextStreamPart, type ToolSet } from "ai";
import { createContext } from "~/server/api/context";
import { TRPCError } from "@trpc/server";
import { readJsonBody } from "~/server/http/body";
import { errorResponse } from "~/server/http/rest";
import { retrieve, type Retrieval } from "~/server/rag/retrieve";
import { chatRequestSchema, type AssistantMetadata, type ChatMessageInput } from "~/lib/schemas/chat";
import { reserveTokens, settleTokens, type ChatActor, type Reservation } from "~/server/services/allowance.service";
import { assertConversationUsable, saveConversation } from "~/server/services/chat.service";
import { promptTokenEstimate, recordUsage, tokenCount } from "~/server/services/tokens.service";
import type { Db } from "~/server/db/client";
import { resolveChatModel, type ResolvedModel } from "./models";
import { chatInstructions, sourceList, sourcesBlock } from "./prompt";

export const AI_CONNECTION_ERROR = "Failed to connect to AI service";
/** The longest answer a request may get, and the shortest worth starting. */
export const MAX_ANSWER_TOKENS = 1200;
export const MIN_ANSWER_TOKENS = 150;
/** Messages of the conversation sent to the model: enough context, bounded cost. */
const HISTORY_MESSAGES = 12;
const RETRIEVED_PASSAGES = 5;
const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;

type Part = TextStreamPart<ToolSet>;

function actorOf(session: { id: string } | null, headers: Headers, ip: string): ChatActor {
  if (session) return { userId: session.id };
  const sessionId = headers.get("x-session-id");
  return { userId: null, sessionId: sessionId && SESSION_ID.test(sessionId) ? sessionId : null, ip };
}

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

export function chatRoute({ rag }: { rag: boolean }) {
  const route = rag ? "chat-rag" : "chat";
  return async function POST(request: Request): Promise<Response> {
    const requestId = randomUUID();
    let reservation: Reservation | null = null;
    let db: Db | null = null;
    try {
      const parsed = chatRequestSchema.safeParse(await readJsonBody(request));
      if (!parsed.success) throw new TRPCError({ code: "BAD_REQUEST", cause: parsed.error });
      const input = parsed.data;
      const ctx = await createContext(request.headers);
      db = ctx.db;
      const actor = actorOf(ctx.session, request.headers, ctx.ip);
      if (input.conversationId && actor.userId) await assertConversationUsable(ctx.db, actor.userId, input.conversationId);

      const question = input.messages.at(-1)!.text;
      const resolved = resolveChatModel(ctx.db, input.chatModel);
      const retrieval: Retrieval | null = rag ? await retrieve(ctx.db, question, { limit: RETRIEVED_PASSAGES }) : null;
      const instructions = chatInstructions(retrieval?.passages ?? null);
      const history: ModelMessage[] = input.messages
        .slice(-HISTORY_MESSAGES)
        .filter((message) => message.text)
        .map((message) => ({ role: message.role, content: message.text }));

      const inputEstimate = promptTokenEstimate([resolved.hosted ? instructions : "", ...history.map((message) => String(message.content))]);
      reservation = await reserveTokens(ctx.db, actor, inputEstimate + MAX_ANSWER_TOKENS, inputEstimate + MIN_ANSWER_TOKENS);
      const maxOutputTokens = Math.max(MIN_ANSWER_TOKENS, reservation.amount - inputEstimate);

      const startedAt = Date.now();
      const result = streamText({
        model: resolved.model,
        instructions: resolved.hosted ? instructions : undefined,
        messages: history,
        maxOutputTokens,
        maxRetries: 1,
        abortSignal: request.signal,
        // Failures are logged once below, with the request id, where they are answered.
        onError: () => {},
      });
      const reader = result.stream.getReader();
      const first = await firstParts(reader);
      const settlement: Settlement = { db: ctx.db, actor, reservation, route, resolved, inputEstimate };

      if (first.failure !== undefined || (first.done && !first.parts.some((part) => part.type === "text-delta"))) {
        console.error(`[chat] request ${requestId}: ${resolved.label} failed before answering:`, first.failure ?? "empty stream");
        await settle(settlement, { text: "", aborted: false, failed: true });
        reservation = null;
        return Response.json({ success: false, error: AI_CONNECTION_ERROR }, { status: 502, headers: { "x-request-id": requestId, "x-model": resolved.label } });
      }

      const assistantId = randomUUID();
      const metadata: AssistantMetadata = {
        model: resolved.label,
        ragEnabled: rag,
        ...(retrieval
          ? { confidence: retrieval.confidence, sourcesCount: retrieval.passages.length, sources: sourceList(retrieval.passages) }
          : {}),
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
            await saveConversation(ctx.db, actor.userId, input.conversationId, [...input.messages, answer]);
          }
        } catch (error) {
          console.error(`[chat] request ${requestId}: settling failed:`, error);
        }
      });

      const headers: Record<string, string> = { "x-request-id": requestId, "x-model": resolved.label };
      if (retrieval) {
        headers["x-confidence-score"] = String(retrieval.confidence);
        headers["x-sources-count"] = String(retrieval.passages.length);
      }
      if (heldReservation.remaining !== null) headers["x-tokens-remaining"] = String(heldReservation.remaining);

      return createUIMessageStreamResponse({
        headers,
        stream: toUIMessageStream({
          stream: parts,
          generateMessageId: () => assistantId,
          messageMetadata: ({ part }) => {
            if (part.type === "start") return metadata;
            if (part.type === "finish") return { ...metadata, responseTimeMs: Date.now() - startedAt, tokens: part.totalUsage.totalTokens };
            return undefined;
          },
          onError: (error) => {
            console.error(`[chat] request ${requestId}: ${resolved.label} failed while answering:`, error);
            return AI_CONNECTION_ERROR;
          },
        }),
        consumeSseStream: consumeStream,
      });
    } catch (error) {
      if (reservation && db) await settleTokens(db, reservation, 0).catch(() => {});
      return errorResponse(error, requestId);
    }
  };
}
