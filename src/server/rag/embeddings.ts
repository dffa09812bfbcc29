/** Embeddings for re-ranking, with an OpenAI key; stored as float32 bytes, as there is no pgvector and candidates are few. */
import { createHash } from "node:crypto";
import { createOpenAI } from "@ai-sdk/openai";
import type { EmbeddingModel } from "ai";
import { env } from "~/env";
import { stripMarkdown } from "./text";

export const EMBEDDING_MODEL_ID = "text-embedding-3-large";

export interface EmbeddingSettings {
  apiKey?: string;
  baseURL?: string;
  /** OPENAI_EMBEDDING_MODEL: another model name for an OpenAI-compatible server, or "none" to turn re-ranking off. */
  modelId?: string;
}

/**
 * The configured embedding model, or null (full-text search only) without an OpenAI key or with
 * OPENAI_EMBEDDING_MODEL "none". The settings are read at each call, so a key set later takes effect.
 */
export function embeddingModel(
  settings: EmbeddingSettings = { apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, modelId: env.OPENAI_EMBEDDING_MODEL },
): EmbeddingModel | null {
  const modelId = settings.modelId ?? EMBEDDING_MODEL_ID;
  if (!settings.apiKey || modelId === "none") return null;
  return createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL }).embedding(modelId);
}

/** The text embedded for a passage: what it is about (title, heading) and what it says. */
export function passageEmbeddingInput(title: string, heading: string | null, markdown: string): string {
  return [title, heading, stripMarkdown(markdown)].filter(Boolean).join("\n");
}

export function embeddingHash(input: string, modelId = EMBEDDING_MODEL_ID): string {
  return createHash("sha256").update(`${modelId}\n${input}`).digest("hex");
}

export function packVector(vector: number[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Float32Array.from(vector).buffer);
}

export function unpackVector(bytes: Uint8Array): Float32Array {
  // Copy: the driver's buffer may not be aligned for a Float32Array view.
  return new Float32Array(Uint8Array.from(bytes).buffer);
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
