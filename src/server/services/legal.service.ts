import { env } from "~/env";
import { configuredProviders } from "~/server/auth/providers";
import { type OperatorDetails, operatorDetails } from "~/server/operator";

/** A service that receives personal data from this server, named as the privacy policy names it. */
interface Processor {
  name: string;
  /** What it receives and why. */
  role: string;
}

export interface LegalDetails {
  operator: OperatorDetails;
  /** The social sign-in providers configured here (Google, LinkedIn); empty when none is. */
  signInProviders: string[];
  /** The outside services this server sends personal data to, as configured. */
  processors: Processor[];
  /** Card payments go to Stripe; otherwise the demo gateway runs in the app and charges nothing. */
  stripe: boolean;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
};

function configuredProcessors(): Processor[] {
  const processors: Processor[] = [];
  if (env.STRIPE_SECRET_KEY) {
    processors.push({
      name: "Stripe",
      role: "takes card payments: your card details, billing name and address go to Stripe directly (it acts as an independent controller for payment data)",
    });
  }
  if (env.OPENAI_API_KEY) {
    const host = env.OPENAI_BASE_URL ? hostOf(env.OPENAI_BASE_URL) : null;
    processors.push({
      name: host && host !== "api.openai.com" ? `The OpenAI-compatible model service at ${host}` : "OpenAI",
      role:
        "when the assistant answers with this model, it receives your chat messages (with your profile's nationality and country of residence) and generates the answer" +
        (env.OPENAI_EMBEDDING_MODEL === "none" ? "" : "; the knowledge-base search also sends it your question to rank passages"),
    });
  }
  if (env.DEEPSEEK_API_KEY) {
    processors.push({
      name: "DeepSeek",
      role: "when the assistant answers with this model, it receives your chat messages (with your profile's nationality and country of residence) and generates the answer",
    });
  }
  if (env.SMTP_URL) {
    const host = hostOf(env.SMTP_URL);
    processors.push({
      name: host ? `Our mail server (${host})` : "Our mail server",
      role: "delivers the mails you ask for or that concern your account (verification, password reset, receipts, digests)",
    });
  }
  if (env.S3_BUCKET) {
    const host = env.S3_ENDPOINT ? hostOf(env.S3_ENDPOINT) : null;
    processors.push({
      name: host ? `The S3-compatible file store at ${host}` : "Amazon S3",
      role: "keeps the documents you upload",
    });
  }
  return processors;
}

/** What the imprint and the privacy policy state: the operator's details and the services configured on this server. */
export function legalDetails(): LegalDetails {
  const providers = configuredProviders();
  return {
    operator: operatorDetails(),
    signInProviders: [...(providers.google ? ["Google"] : []), ...(providers.linkedin ? ["LinkedIn"] : [])],
    processors: configuredProcessors(),
    stripe: Boolean(env.STRIPE_SECRET_KEY),
  };
}
