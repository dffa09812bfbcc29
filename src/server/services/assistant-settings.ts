import { env } from "~/env";
import { type AssistantModel, type AssistantSettings, assistantSettingsSchema } from "~/lib/schemas/assistant-settings";
import { chatModelOptions } from "~/server/ai/models";
import type { Db, DbOrTx } from "~/server/db/client";
import { OTHER_COUNTRY_UNKNOWN_TEXT, SURE_CONFIDENCE, UNKNOWN_TEXT } from "~/server/rag/answer";
import type { AuditActor } from "./audit.service";
import { defineSetting, readSetting, writeSetting } from "./settings.service";

/**
 * The assistant's settings (/admin/assistant): the model that answers when a chat names none (or
 * names a provider that is not configured), the confidence below which the local model says it is
 * not sure, the anonymous visitors' daily allowances and the "I don't know" texts. Read on every
 * answer, so a change applies to the next one. Until staff save them, the defaults are the
 * environment's allowances and the built-in texts.
 */
const assistantSettings = defineSetting({
  name: "assistant",
  schema: assistantSettingsSchema,
  defaults: (): AssistantSettings => ({
    defaultChatModel: "openai",
    sureConfidence: SURE_CONFIDENCE,
    anonymousSessionTokens: env.ANONYMOUS_SESSION_TOKEN_ALLOWANCE,
    anonymousAddressTokens: env.ANONYMOUS_ADDRESS_TOKEN_ALLOWANCE,
    unknownText: UNKNOWN_TEXT,
    otherCountryText: OTHER_COUNTRY_UNKNOWN_TEXT,
  }),
});

export function readAssistantSettings(db: DbOrTx): Promise<AssistantSettings> {
  return readSetting(db, assistantSettings);
}

/** What the settings page shows: the values in force, the defaults, and which models are configured. */
export async function getAssistantSettingsView(db: Db) {
  return {
    values: await readAssistantSettings(db),
    defaults: assistantSettings.defaults(),
    models: chatModelOptions(),
  };
}

/** Why a model cannot be chosen in the chat: the same for every provider, naming no setting. */
const NOT_CONFIGURED_REASON = "not configured on this server";

const CHOICE_LABELS: Record<AssistantModel, string> = {
  openai: "OpenAI",
  deepseek: "DeepSeek",
  local: "Local knowledge base",
};

/** The chat's model choice: every model, those not configured on this server with the reason they cannot be chosen. */
export function listChatModels(): { value: AssistantModel; label: string; disabledReason: string | null }[] {
  return chatModelOptions().map((option) => ({
    value: option.value,
    label: CHOICE_LABELS[option.value],
    disabledReason: option.configured ? null : NOT_CONFIGURED_REASON,
  }));
}

export function updateAssistantSettings(db: Db, actor: AuditActor, value: unknown): Promise<AssistantSettings> {
  return writeSetting(db, actor, assistantSettings, value);
}
