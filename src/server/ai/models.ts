import { createDeepSeek } from "@ai-sdk/deepseek";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import { env } from "~/env";
import { LOCAL_MODEL_LABEL } from "~/lib/chat-models";
import type { AssistantModel } from "~/lib/schemas/assistant-settings";
import type { ChatModelChoice } from "~/lib/schemas/chat";
import type { Db } from "~/server/db/client";
import { createLocalKnowledgeModel, type LocalKnowledgeModelOptions } from "./local-model";

export { LOCAL_MODEL_LABEL };

export interface ResolvedModel {
  model: LanguageModel;
  /** What answered, for the x-model header and the database: "openai:gpt-4.1-mini", "local-knowledge" (people see ~/lib/chat-models' names). */
  label: string;
  hosted: boolean;
}

export interface ChatModelOption {
  value: AssistantModel;
  /** For staff (/admin/assistant): the provider with its model id. */
  label: string;
  /** The id recorded for its answers ("openai:gpt-4.1-mini"). */
  recorded: string;
  /** False when the provider's key is not set: the local model answers instead. */
  configured: boolean;
  /** What is missing, when not configured (for staff: names the setting). */
  missing?: string;
}

/** The models the product can answer with, and whether each is configured on this server. */
export function chatModelOptions(): ChatModelOption[] {
  return [
    {
      value: "openai",
      label: `OpenAI (${env.OPENAI_CHAT_MODEL})`,
      recorded: `openai:${env.OPENAI_CHAT_MODEL}`,
      configured: Boolean(env.OPENAI_API_KEY),
      missing: "OPENAI_API_KEY is not set",
    },
    {
      value: "deepseek",
      label: `DeepSeek (${env.DEEPSEEK_CHAT_MODEL})`,
      recorded: `deepseek:${env.DEEPSEEK_CHAT_MODEL}`,
      configured: Boolean(env.DEEPSEEK_API_KEY),
      missing: "DEEPSEEK_API_KEY is not set",
    },
    {
      value: "local",
      label: "Local knowledge-base model (quotes the knowledge base, no account needed)",
      recorded: LOCAL_MODEL_LABEL,
      configured: true,
    },
  ];
}

function hostedModel(choice: AssistantModel): ResolvedModel | null {
  if (choice === "openai" && env.OPENAI_API_KEY) {
    const modelId = env.OPENAI_CHAT_MODEL;
    const openai = createOpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL });
    // Chat Completions: the API every OpenAI-compatible server speaks.
    return { model: openai.chat(modelId), label: `openai:${modelId}`, hosted: true };
  }
  if (choice === "deepseek" && env.DEEPSEEK_API_KEY) {
    const modelId = env.DEEPSEEK_CHAT_MODEL;
    const deepseek = createDeepSeek({ apiKey: env.DEEPSEEK_API_KEY, baseURL: env.DEEPSEEK_BASE_URL });
    return { model: deepseek(modelId), label: `deepseek:${modelId}`, hosted: true };
  }
  return null;
}

export interface ResolveOptions {
  /** The model staff chose in /admin/assistant for chats that name none, or name an unconfigured provider. */
  defaultModel?: AssistantModel;
  /** Settings of the local knowledge-base model. */
  local?: LocalKnowledgeModelOptions;
}

/**
 * The model behind a chat choice: the chosen hosted model when its key is set (OpenAI also through
 * OPENAI_BASE_URL, e.g. Ollama or vLLM); otherwise the default model when it is configured; otherwise
 * the local knowledge-base model. Settings are read per request so a change takes effect without a
 * restart.
 */
export function resolveChatModel(db: Db, choice: ChatModelChoice | undefined, options: ResolveOptions = {}): ResolvedModel {
  if (choice === "local") return { model: createLocalKnowledgeModel(db, options.local), label: LOCAL_MODEL_LABEL, hosted: false };
  const chosen = choice ? hostedModel(choice) : null;
  if (chosen) return chosen;
  const fallback = options.defaultModel && options.defaultModel !== "local" ? hostedModel(options.defaultModel) : null;
  if (fallback) return fallback;
  return { model: createLocalKnowledgeModel(db, options.local), label: LOCAL_MODEL_LABEL, hosted: false };
}
