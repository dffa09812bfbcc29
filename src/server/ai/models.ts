import { createDeepSeek } from "@ai-sdk/deepseek";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import type { Db } from "~/server/db/client";
import type { ChatModelChoice } from "~/lib/schemas/chat";
import { createLocalKnowledgeModel } from "./local-model";
import { env } from "~/env";

export const LOCAL_MODEL_LABEL = "local-knowledge";

export interface ResolvedModel {
  model: LanguageModel;
  /** What answered, for the x-model header and the UI: "openai:gpt-4.1-mini", "local-knowledge". */
  label: string;
  hosted: boolean;
}

/**
 * The model behind a chat choice: the hosted model when its key is set (OpenAI also through
 * OPENAI_BASE_URL, e.g. Ollama or vLLM), otherwise the local knowledge-base model.
 * Settings are read per request so a changed environment takes effect without a rebuild.
 */
export function resolveChatModel(db: Db, choice: ChatModelChoice): ResolvedModel {
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
  return { model: createLocalKnowledgeModel(db), label: LOCAL_MODEL_LABEL, hosted: false };
}
