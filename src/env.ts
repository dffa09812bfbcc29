import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";

const optional = z.string().trim().min(1).optional();

/**
 * Every setting of the product, validated once. All are optional: with none set the product runs
 * on its embedded defaults (PGlite database, generated session secret, email+password sign-in).
 * `.env.example` documents each one.
 */
export const env = createEnv({
  server: {
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    DATABASE_URL: z.url().optional(),
    DATA_DIR: z.string().optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).optional(),
    NEXTAUTH_URL: z.url().optional(),
    NEXTAUTH_SECRET: z.string().min(32).optional(),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    LINKEDIN_CLIENT_ID: optional,
    LINKEDIN_CLIENT_SECRET: optional,
    TRUST_PROXY: z.enum(["true", "false"]).default("false"),
    // Comma-separated emails whose accounts are admins (set at signup and login).
    ADMIN_EMAILS: z.string().optional(),
    // The assistant: hosted models when their keys are set, else the local knowledge-base model.
    OPENAI_API_KEY: optional,
    OPENAI_BASE_URL: z.url().optional(), // any OpenAI-compatible server (Ollama, vLLM, ...)
    OPENAI_CHAT_MODEL: z.string().trim().min(1).default("gpt-4.1-mini"),
    // Embedding model for re-ranking retrieval; "none" turns embeddings off.
    OPENAI_EMBEDDING_MODEL: z.string().trim().min(1).default("text-embedding-3-large"),
    DEEPSEEK_API_KEY: optional,
    DEEPSEEK_BASE_URL: z.url().optional(),
    DEEPSEEK_CHAT_MODEL: z.string().trim().min(1).default("deepseek-chat"),
    // Tokens an anonymous visitor may use per day: per browser session, and per address.
    ANONYMOUS_SESSION_TOKEN_ALLOWANCE: z.coerce.number().int().min(0).default(5000),
    ANONYMOUS_ADDRESS_TOKEN_ALLOWANCE: z.coerce.number().int().min(0).default(30000),
    // Stripe: all of these together switch billing from the demo gateway to Stripe.
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    // Where the Stripe SDK connects (tests point it at tests/fakes/stripe-server.ts).
    STRIPE_API_HOST: optional,
    STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
    // How often the billing job (grace periods, demo renewals) runs.
    BILLING_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  },
  client: {
    NEXT_PUBLIC_COMPANY_ADDRESS: optional,
    NEXT_PUBLIC_CONTACT_EMAIL: z.email().optional(),
    NEXT_PUBLIC_PRIVACY_EMAIL: z.email().optional(),
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optional,
    NEXT_PUBLIC_STRIPE_PRICE_ID_PRO: optional,
    NEXT_PUBLIC_STRIPE_PRICE_ID_UNLIMITED: optional,
  },
  experimental__runtimeEnv: {
    NEXT_PUBLIC_COMPANY_ADDRESS: process.env.NEXT_PUBLIC_COMPANY_ADDRESS,
    NEXT_PUBLIC_CONTACT_EMAIL: process.env.NEXT_PUBLIC_CONTACT_EMAIL,
    NEXT_PUBLIC_PRIVACY_EMAIL: process.env.NEXT_PUBLIC_PRIVACY_EMAIL,
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY,
    NEXT_PUBLIC_STRIPE_PRICE_ID_PRO: process.env.NEXT_PUBLIC_STRIPE_PRICE_ID_PRO,
    NEXT_PUBLIC_STRIPE_PRICE_ID_UNLIMITED: process.env.NEXT_PUBLIC_STRIPE_PRICE_ID_UNLIMITED,
  },
  emptyStringAsUndefined: true,
  skipValidation: process.env.SKIP_ENV_VALIDATION === "true",
});
