import { z } from "zod";
import { requiredText } from "./common";

/** The models a chat may be answered by: the two hosted providers of the chat's choice, and the local knowledge-base model. */
const ASSISTANT_MODELS = ["openai", "deepseek", "local"] as const;
export type AssistantModel = (typeof ASSISTANT_MODELS)[number];

const MAX_ANONYMOUS_TOKENS = 10_000_000;
export const COUNTRY_PLACEHOLDER = "{country}";

const tokens = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of tokens` })
    .int(`${label} must be a whole number of tokens`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_ANONYMOUS_TOKENS, `${label} can be at most ${MAX_ANONYMOUS_TOKENS.toLocaleString("en")} tokens`);

/** The assistant's settings staff change in /admin/assistant; the same schema checks the form and the server. */
export const assistantSettingsSchema = z.object({
  defaultChatModel: z.enum(ASSISTANT_MODELS, { error: "Choose one of the listed models" }),
  sureConfidence: z
    .number({ error: "The confidence threshold must be a number from 0 to 1" })
    .min(0, "The confidence threshold must be a number from 0 to 1")
    .max(1, "The confidence threshold must be a number from 0 to 1"),
  anonymousSessionTokens: tokens("The allowance per visitor's browser session"),
  anonymousAddressTokens: tokens("The allowance per address"),
  unknownText: requiredText("The “I don't know” text", 1000),
  otherCountryText: requiredText("The “I don't know” text for another country", 1000).refine(
    (text) => text.includes(COUNTRY_PLACEHOLDER),
    `Keep ${COUNTRY_PLACEHOLDER} in this text: it is replaced by the country the question is about`,
  ),
});
export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;
