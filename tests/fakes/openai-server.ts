/**
 * An OpenAI-compatible HTTP server for tests: POST /v1/chat/completions (and /chat/completions, the
 * path DeepSeek's base URL leads to), streamed as server-sent events with a final usage chunk, or as
 * one JSON body. The scenario decides the answer: a normal answer, 401, 429, 500, a stream that is
 * cut off midway, no answer at all ("hang": the request is read and never answered), or a stream that
 * stops midway and stays open ("stall"). POST /v1/embeddings answers a deterministic bag-of-words vector per input, so that
 * texts sharing words are similar. It records every request so tests can check what the providers sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeScenario = "answer" | "unauthorized" | "rate-limited" | "server-error" | "cut-off" | "hang" | "stall";

interface FakeRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    max_tokens?: number;
    max_completion_tokens?: number;
    messages: Array<{ role: string; content: unknown }>;
    stream_options?: { include_usage?: boolean };
  };
}

export const FAKE_EMBEDDING_DIMENSIONS = 64;

/** A bag-of-words vector: each lower-cased word adds 1 to a dimension picked by its hash. */
function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
    vector[hash % FAKE_EMBEDDING_DIMENSIONS]! += 1;
  }
  return vector;
}

export interface FakeOpenAIServer {
  /** Base URL ending in /v1, as OPENAI_BASE_URL expects. */
  url: string;
  requests: FakeRequest[];
  embeddingRequests: number;
  scenario: FakeScenario;
  /** The words of the streamed answer, one chunk each. */
  answerChunks: string[];
  usage: { prompt_tokens: number; completion_tokens: number };
  /** Pause between two streamed chunks, in ms. */
  chunkDelayMs: number;
  close(): Promise<void>;
}

const ERROR_BODIES: Record<
  Exclude<FakeScenario, "answer" | "cut-off" | "hang" | "stall">,
  { status: number; message: string; type: string; code: string }
> = {
  unauthorized: {
    status: 401,
    message: "Incorrect API key provided: sk-test. (secret provider detail)",
    type: "invalid_request_error",
    code: "invalid_api_key",
  },
  "rate-limited": {
    status: 429,
    message: "Rate limit reached for requests (secret provider detail)",
    type: "requests",
    code: "rate_limit_exceeded",
  },
  "server-error": {
    status: 500,
    message: "The server had an error while processing your request (secret provider detail)",
    type: "server_error",
    code: "internal_error",
  },
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAIServer(): Promise<FakeOpenAIServer> {
  const state: Omit<FakeOpenAIServer, "url" | "close"> = {
    requests: [],
    embeddingRequests: 0,
    scenario: "answer",
    answerChunks: ["The blocked ", "account ", "amount ", "comes from ", "the fake server."],
    usage: { prompt_tokens: 120, completion_tokens: 30 },
    chunkDelayMs: 5,
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (request.method === "POST" && path.endsWith("/embeddings")) {
      const body = JSON.parse(await readBody(request)) as { model: string; input: string | string[] };
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      state.embeddingRequests += 1;
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          object: "list",
          model: body.model,
          data: inputs.map((input, index) => ({ object: "embedding", index, embedding: fakeEmbedding(input) })),
          usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
        }),
      );
      return;
    }
    if (request.method !== "POST" || !path.endsWith("/chat/completions")) {
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "Not found" } }));
      return;
    }
    const body = JSON.parse(await readBody(request)) as FakeRequest["body"];
    state.requests.push({ path, authorization: request.headers.authorization, body });

    // Never answered: the connection stays open until the client gives up (or the fake closes).
    if (state.scenario === "hang") return;
    if (state.scenario !== "answer" && state.scenario !== "cut-off" && state.scenario !== "stall") {
      const error = ERROR_BODIES[state.scenario];
      response
        .writeHead(error.status, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: error.message, type: error.type, param: null, code: error.code } }));
      return;
    }

    const id = `chatcmpl-${state.requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: object, finishReason: string | null = null) => ({
      id,
      object: "chat.completion.chunk",
      created,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
    const usage = { ...state.usage, total_tokens: state.usage.prompt_tokens + state.usage.completion_tokens };

    if (!body.stream) {
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id,
          object: "chat.completion",
          created,
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content: state.answerChunks.join("") }, finish_reason: "stop" }],
          usage,
        }),
      );
      return;
    }

    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    // Resolves once the chunk is handed to the socket, so a cut-off stream still delivers what it sent.
    const send = (data: unknown) =>
      new Promise<void>((resolve) =>
        response.write(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`, () => resolve()),
      );
    await send(chunk({ role: "assistant", content: "" }));
    const chunks = state.scenario === "cut-off" || state.scenario === "stall" ? state.answerChunks.slice(0, 2) : state.answerChunks;
    for (const text of chunks) {
      await sleep(state.chunkDelayMs);
      await send(chunk({ content: text }));
    }
    // Stalled: two chunks, then silence on an open connection.
    if (state.scenario === "stall") return;
    if (state.scenario === "cut-off") {
      // The connection drops midway: no finish reason, no usage, no [DONE].
      await sleep(state.chunkDelayMs);
      response.socket?.destroy();
      return;
    }
    await send(chunk({}, "stop"));
    if (body.stream_options?.include_usage)
      await send({ id, object: "chat.completion.chunk", created, model: body.model, choices: [], usage });
    await send("[DONE]");
    response.end();
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake = state as FakeOpenAIServer;
  fake.url = `http://127.0.0.1:${port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
