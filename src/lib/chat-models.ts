/**
 * What people read about the model behind an answer. The server records which model answered as
 * "local-knowledge" or "<provider>:<model id>" (the x-model header, the database); people see
 * "From our guides" for the knowledge base, or the hosted model's product name, never the id.
 */

/** The id recorded for answers of the knowledge-base model. */
export const LOCAL_MODEL_LABEL = "local-knowledge";

/** An answer of the knowledge-base model says where it comes from. */
export const FROM_OUR_GUIDES = "From our guides";

/** The knowledge-base model in the chat's model menu. */
export const GUIDES_CHOICE_LABEL = "Our guides";

const PROVIDER_NAMES: Record<string, string> = { openai: "OpenAI", deepseek: "DeepSeek" };

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "gpt-4.1-mini" -> "GPT-4.1 mini", "o3-mini" -> "o3 mini", "deepseek-chat" -> "Chat"; null for any other id. */
function productName(provider: string, id: string): string | null {
  const words = id.replace(/-\d{4}-\d{2}-\d{2}$/, "").split("-");
  if (provider === "openai" && words[0] === "gpt" && words[1]) return [`GPT-${words[1]}`, ...words.slice(2)].join(" ");
  if (provider === "openai" && /^o\d+$/.test(words[0] ?? "")) return words.join(" ");
  if (provider === "deepseek" && words[0] === "deepseek" && words.length > 1) return words.slice(1).map(capitalise).join(" ");
  return null;
}

/**
 * The name of a hosted model as people know it ("OpenAI GPT-4.1 mini" for "openai:gpt-4.1-mini");
 * the provider alone for a model id it does not know (e.g. a self-hosted model behind an
 * OpenAI-compatible address is "a hosted model"); null for the knowledge-base model.
 */
export function hostedModelName(recorded: string | null | undefined): string | null {
  if (!recorded || recorded === LOCAL_MODEL_LABEL) return null;
  const [provider = "", id = ""] = recorded.split(/:(.*)/s);
  const providerName = PROVIDER_NAMES[provider];
  const product = productName(provider, id);
  if (providerName && product) return `${providerName} ${product}`;
  return provider === "deepseek" ? "DeepSeek" : "a hosted model";
}
