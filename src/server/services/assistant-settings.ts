import { env } from "~/env";
import { GUIDES_CHOICE_LABEL, hostedModelName } from "~/lib/chat-models";
import { type AssistantModel, type AssistantSettings, assistantSettingsSchema } from "~/lib/schemas/assistant-settings";
import { chatModelOptions } from "~/server/ai/models";
import type { Db, DbOrTx } from "~/server/db/client";
import { OTHER_COUNTRY_UNKNOWN_TEXT, SURE_CONFIDENCE, UNKNOWN_TEXT } from "~/server/rag";
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

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The chat's model menu: only the models this server can answer with, by the names people know them
 * ("OpenAI GPT-4.1 mini", "Our guides"). With one, the chat shows no menu.
 */
export function listChatModels(): { value: AssistantModel; label: string }[] {
  return chatModelOptions()
    .filter((option) => option.configured)
    .map((option) => ({ value: option.value, label: capitalise(hostedModelName(option.recorded) ?? GUIDES_CHOICE_LABEL) }));
}

export function updateAssistantSettings(db: Db, actor: AuditActor, value: unknown): Promise<AssistantSettings> {
  return writeSetting(db, actor, assistantSettings, value);
}
