/**
 * POST /api/chat and /api/chat-rag: validate, answer, stream. The routes are streams, so they cannot go
 * through the tRPC REST adapter; this is their one adapter, with the same context and error shapes.
 */

import { TRPCError } from "@trpc/server";
import { consumeStream, createUIMessageStreamResponse, toUIMessageStream } from "ai";
import { chatRequestSchema } from "~/lib/schemas/chat";
import { createContext } from "~/server/api/context";
import { containsUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "~/server/api/trpc";
import { addressKey } from "~/server/auth/request";
import { assertJsonRequest, readJsonBody } from "~/server/http/body";
import { errorResponse } from "~/server/http/rest";
import { log } from "~/server/observability/log";
import { requestIdOf } from "~/server/observability/request-context";
import type { ChatActor } from "~/server/services/chat/allowance.service";
import { answerChat } from "~/server/services/chat/answer.service";

const AI_CONNECTION_ERROR = "Failed to connect to AI service";
const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;

function actorOf(session: { id: string } | null, headers: Headers, ip: string): ChatActor {
  if (session) return { userId: session.id };
  const sessionId = headers.get("x-session-id");
  // Anonymous allowances and limits key the address as every limit does (IPv6 by /64).
  return { userId: null, sessionId: sessionId && SESSION_ID.test(sessionId) ? sessionId : null, ip: addressKey(ip) };
}

export function chatRoute({ rag }: { rag: boolean }) {
  return async (request: Request): Promise<Response> => {
    const requestId = requestIdOf(request.headers);
    try {
      assertJsonRequest(request);
      const body = await readJsonBody(request);
      if (containsUnstorableText(body)) throw new TRPCError({ code: "BAD_REQUEST", message: UNSTORABLE_TEXT_MESSAGE });
      const parsed = chatRequestSchema.safeParse(body);
      if (!parsed.success) throw new TRPCError({ code: "BAD_REQUEST", cause: parsed.error });
      const ctx = await createContext(request.headers);
      const actor = actorOf(ctx.session, request.headers, ctx.ip);
      const answer = await answerChat({
        db: ctx.db,
        actor,
        input: parsed.data,
        rag,
        requestId,
        signal: request.signal,
      });
      if (!answer.ok) {
        return Response.json(
          { success: false, error: AI_CONNECTION_ERROR },
          { status: 502, headers: { "x-request-id": requestId, "x-model": answer.model } },
        );
      }

      const { metadata, retrieval } = answer;
      const headers: Record<string, string> = { "x-request-id": requestId, "x-model": answer.model };
      if (retrieval) {
        headers["x-confidence-score"] = String(retrieval.confidence);
        headers["x-sources-count"] = String(retrieval.passages.length);
      }
      if (answer.tokensRemaining !== null) headers["x-tokens-remaining"] = String(answer.tokensRemaining);

      return createUIMessageStreamResponse({
        headers,
        stream: toUIMessageStream({
          stream: answer.parts,
          generateMessageId: () => answer.assistantId,
          messageMetadata: ({ part }) => {
            if (part.type === "start") return metadata;
            // The answer is settled before its finish part goes out: the metadata says what it was charged.
            if (part.type === "finish") return answer.finalMetadata();
            return undefined;
          },
          onError: (error) => {
            log.error({ requestId, model: answer.model, err: error }, "chat model failed while answering");
            return AI_CONNECTION_ERROR;
          },
        }),
        consumeSseStream: consumeStream,
      });
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}
