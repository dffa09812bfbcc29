/**
 * Embeddings for re-ranking (text-embedding-3-large), used only when an OpenAI key is configured.
 * Vectors are stored as little-endian float32 bytes in the passage row: this machine's PostgreSQL
 * has no pgvector, and re-ranking only compares a query with a few dozen candidates.
 */
import { createHash } from "node:crypto";
import { createOpenAI } from "@ai-sdk/openai";
import { type EmbeddingModel, embed, embedMany } from "ai";
import { env } from "~/env";

export const EMBEDDING_MODEL_ID = "text-embedding-3-large";

export interface EmbeddingSettings {
  apiKey?: string;
  baseURL?: string;
  /** OPENAI_EMBEDDING_MODEL: another model name for an OpenAI-compatible server, or "none" to turn re-ranking off. */
  modelId?: string;
}

/**
 * The configured embedding model, or null (full-text search only) when no OpenAI key is set or
 * OPENAI_EMBEDDING_MODEL is "none", e.g. for an OpenAI-compatible server without embeddings.
 */
export function embeddingModel(settings: EmbeddingSettings = readEmbeddingSettings()): EmbeddingModel | null {
  const modelId = settings.modelId ?? EMBEDDING_MODEL_ID;
  if (!settings.apiKey || modelId === "none") return null;
  return createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL }).embedding(modelId);
}

/** Read at call time (not at import), so a key set for a running server or a test takes effect. */
function readEmbeddingSettings(): EmbeddingSettings {
  return { apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, modelId: env.OPENAI_EMBEDDING_MODEL };
}

/** The text embedded for a passage: what it is about (title, heading) and what it says. */
export function passageEmbeddingInput(passage: { title: string; heading: string | null; plainText: string }): string {
  return [passage.title, passage.heading, passage.plainText].filter(Boolean).join("\n");
}

export function embeddingHash(input: string, modelId = EMBEDDING_MODEL_ID): string {
  return createHash("sha256").update(`${modelId}\n${input}`).digest("hex");
}

export function packVector(vector: number[]): Uint8Array<ArrayBuffer> {
  const floats = Float32Array.from(vector);
  return new Uint8Array(floats.buffer);
}

export function unpackVector(bytes: Uint8Array): Float32Array {
  // Copy: the driver's buffer may not be aligned for a Float32Array view.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

export async function embedTexts(model: EmbeddingModel, values: string[], abortSignal?: AbortSignal): Promise<number[][]> {
  if (!values.length) return [];
  const { embeddings } = await embedMany({ model, values, maxParallelCalls: 2, abortSignal });
  return embeddings;
}

export async function embedQuery(model: EmbeddingModel, value: string, abortSignal?: AbortSignal): Promise<number[]> {
  // No retries: someone is waiting for the answer, and full-text search alone still works.
  const { embedding } = await embed({ model, value, maxRetries: 0, abortSignal });
  return embedding;
}
