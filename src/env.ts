import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";

const optional = z.string().trim().min(1).optional();
const flag = z
  .enum(["true", "false"])
  .default("false")
  .transform((value) => value === "true");
const count = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const WINDOW_UNITS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** A rate limit written as "<requests>/<window>", e.g. "10/1h", "30/1m", "200/1d". */
const rateLimitSetting = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((value, ctx) => {
      const match = /^(\d+)\s*\/\s*(\d+)\s*([smhd])$/.exec(value);
      if (!match) {
        ctx.addIssue({
          code: "custom",
          message: `must look like "10/1h" (requests / window with s, m, h or d), got "${value}"`,
        });
        return z.NEVER;
      }
      return {
        points: Number(match[1]),
        windowSeconds: Number(match[2]) * WINDOW_UNITS[match[3] as keyof typeof WINDOW_UNITS],
      };
    });

/** TRUST_PROXY: how many proxies of ours stand in front of the app ("true" = 1, "false" = 0). */
const proxyHops = z
  .string()
  .trim()
  .default("0")
  .transform((value, ctx) => {
    if (value === "false") return 0;
    if (value === "true") return 1;
    const hops = Number(value);
    if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
      ctx.addIssue({ code: "custom", message: "must be the number of proxies in front of the app (0-10)" });
      return z.NEVER;
    }
    return hops;
  });

const server = {
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  // ---- database ----
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default(".data"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).optional(),
  // ---- serving ----
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  NEXTAUTH_URL: z.url().optional(),
  NEXTAUTH_SECRET: z.string().min(32).optional(),
  TRUST_PROXY: proxyHops,
  // ---- operations ----
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Bearer token that opens GET /api/metrics (Prometheus); unset: the route answers 404.
  METRICS_TOKEN: z.string().trim().min(16).optional(),
  // ---- sign-in ----
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  LINKEDIN_CLIENT_ID: optional,
  LINKEDIN_CLIENT_SECRET: optional,
  ADMIN_EMAILS: z.string().default(""),
  LOGIN_THROTTLE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  // ---- rate limits, per address (IPv6 by /64) unless noted ----
  RATE_LIMIT_SIGNUP: rateLimitSetting("10/1h"),
  RATE_LIMIT_PASSWORD_RESET: rateLimitSetting("5/1h"), // per address, and the same per email
  RATE_LIMIT_VERIFICATION_RESEND: rateLimitSetting("5/1h"), // per account
  RATE_LIMIT_CONTACT: rateLimitSetting("5/1h"),
  RATE_LIMIT_NEWSLETTER: rateLimitSetting("10/1h"),
  RATE_LIMIT_FEEDBACK: rateLimitSetting("120/1h"),
  RATE_LIMIT_ANONYMOUS_CHAT: rateLimitSetting("30/10m"),
  RATE_LIMIT_COMMUNITY_POST: rateLimitSetting("20/10m"), // topics and replies per account, every member
  RATE_LIMIT_UPLOAD: rateLimitSetting("30/1h"), // document uploads (new documents and versions) per account
  // ---- documents: limits, and where the files are kept (a folder in DATA_DIR, or an S3-compatible store) ----
  // Unset: the product's limits, DOCUMENT_MAX_MB and DOCUMENT_QUOTA_MB of src/lib/schemas/service-work.ts.
  DOCUMENT_MAX_MB: z.coerce.number().int().min(1).max(10).optional(),
  DOCUMENT_QUOTA_MB: z.coerce.number().int().min(1).max(100_000).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: optional,
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: flag,
  // ---- the operator (imprint, receipts): never made up; unset values are shown as "not set" ----
  OPERATOR_LEGAL_NAME: optional, // e.g. "Example GmbH"
  OPERATOR_REPRESENTATIVE: optional, // who represents the company, e.g. "Managing director: Jane Doe"
  OPERATOR_REGISTER: optional, // commercial register entry, e.g. "Amtsgericht Berlin-Charlottenburg, HRB 123456"
  OPERATOR_VAT_ID: optional, // e.g. "DE123456789"
  OPERATOR_PHONE: optional,
  // VAT included in the prices, in percent (e.g. 19). Unset: receipts show no VAT amount.
  OPERATOR_VAT_RATE: z.coerce.number().min(0).max(100).optional(),
  // ---- mail ----
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().trim().min(3).default("SwipeAbroad <no-reply@swipeabroad.de>"),
  // ---- background jobs ----
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  BILLING_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // ---- the assistant ----
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_CHAT_MODEL: z.string().trim().min(1).default("gpt-4.1-mini"),
  OPENAI_EMBEDDING_MODEL: z.string().trim().min(1).default("text-embedding-3-large"),
  DEEPSEEK_API_KEY: optional,
  DEEPSEEK_BASE_URL: z.url().optional(),
  DEEPSEEK_CHAT_MODEL: z.string().trim().min(1).default("deepseek-chat"),
  // A provider that sends nothing for this long (before the first token or between two) is given up on.
  AI_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  ANONYMOUS_SESSION_TOKEN_ALLOWANCE: count(5000),
  ANONYMOUS_ADDRESS_TOKEN_ALLOWANCE: count(30000),
  // ---- payments ----
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_HOST: optional,
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  DEMO_PAYMENTS: flag,
};

const client = {
  NEXT_PUBLIC_COMPANY_ADDRESS: optional,
  NEXT_PUBLIC_CONTACT_EMAIL: z.email().default("hello@swipeabroad.de"),
  NEXT_PUBLIC_PRIVACY_EMAIL: z.email().default("privacy@swipeabroad.de"),
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optional,
  // Stripe price ids of the paid plans; the demo gateway knows its own.
  NEXT_PUBLIC_STRIPE_PRICE_ID_PRO: z.string().trim().min(1).default("price_demo_pro"),
  NEXT_PUBLIC_STRIPE_PRICE_ID_UNLIMITED: z.string().trim().min(1).default("price_demo_unlimited"),
};

const SERVER_KEYS = Object.keys(server);

class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "SettingsError";
  }
}

function load() {
  return createEnv({
    server,
    client,
    // Next inlines only literal process.env.NEXT_PUBLIC_* reads into browser code.
    experimental__runtimeEnv: {
      NEXT_PUBLIC_COMPANY_ADDRESS: process.env.NEXT_PUBLIC_COMPANY_ADDRESS,
      NEXT_PUBLIC_CONTACT_EMAIL: process.env.NEXT_PUBLIC_CONTACT_EMAIL,
      NEXT_PUBLIC_PRIVACY_EMAIL: process.env.NEXT_PUBLIC_PRIVACY_EMAIL,
      NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY,
      NEXT_PUBLIC_STRIPE_PRICE_ID_PRO: process.env.NEXT_PUBLIC_STRIPE_PRICE_ID_PRO,
      NEXT_PUBLIC_STRIPE_PRICE_ID_UNLIMITED: process.env.NEXT_PUBLIC_STRIPE_PRICE_ID_UNLIMITED,
    },
    emptyStringAsUndefined: true,
    onValidationError: (issues) => {
      throw new SettingsError(issues.map((issue) => `${issue.path?.map(String).join(".") ?? "?"}: ${issue.message}`));
    },
  });
}

type Env = ReturnType<typeof load>;
let cached: { signature: string; value: Env } | undefined;

// The settings as the process has them now; a change (tests set them between cases) is read again.
function signature() {
  if (typeof window !== "undefined") return "browser";
  return SERVER_KEYS.map((key) => process.env[key] ?? "\u0000").join("\u0001");
}

function current(): Env {
  const now = signature();
  if (!cached || cached.signature !== now) cached = { signature: now, value: load() };
  return cached.value;
}

/**
 * Every setting of the product, validated, with its default. All are optional: with none set the
 * product runs on its embedded defaults. `.env.example` documents each one. Read settings only here.
 */
export const env: Env = new Proxy({} as Env, { get: (_, key) => current()[key as keyof Env] });

/**
 * What is wrong with the settings, as a list a person can act on: each invalid value, and the
 * combinations that would make the product pretend (payments that cannot be real).
 */
export function settingsProblems(): string[] {
  let settings: Env;
  try {
    settings = load();
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
  const problems: string[] = [];
  if (settings.STRIPE_SECRET_KEY && !settings.STRIPE_WEBHOOK_SECRET) {
    problems.push("STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (payments are confirmed by Stripe's signed webhooks)");
  }
  if (settings.DATABASE_URL && !settings.STRIPE_SECRET_KEY && !settings.DEMO_PAYMENTS) {
    problems.push(
      "STRIPE_SECRET_KEY: required with DATABASE_URL, so that a deployment never takes test cards as payment; set DEMO_PAYMENTS=true to run the demo gateway on purpose",
    );
  }
  // Real charges need a seller: receipts and the imprint name the operator and give its postal address.
  const sellerMissing = [
    ["OPERATOR_LEGAL_NAME", settings.OPERATOR_LEGAL_NAME],
    ["NEXT_PUBLIC_COMPANY_ADDRESS", settings.NEXT_PUBLIC_COMPANY_ADDRESS],
  ].filter(([, value]) => !value);
  if (settings.STRIPE_SECRET_KEY && sellerMissing.length > 0) {
    problems.push(
      `${sellerMissing.map(([name]) => name).join(" and ")}: required with STRIPE_SECRET_KEY (receipts and the imprint must name the operator and its postal address before real cards are charged)`,
    );
  }
  if (settings.STRIPE_SECRET_KEY && settings.DEMO_PAYMENTS) {
    problems.push("DEMO_PAYMENTS: cannot be true while STRIPE_SECRET_KEY is set");
  }
  if (Boolean(settings.GOOGLE_CLIENT_ID) !== Boolean(settings.GOOGLE_CLIENT_SECRET)) {
    problems.push("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither");
  }
  if (Boolean(settings.LINKEDIN_CLIENT_ID) !== Boolean(settings.LINKEDIN_CLIENT_SECRET)) {
    problems.push("LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET: set both or neither");
  }
  if (Boolean(settings.S3_ACCESS_KEY_ID) !== Boolean(settings.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither");
  }
  if (!settings.S3_BUCKET && (settings.S3_ENDPOINT || settings.S3_ACCESS_KEY_ID)) {
    problems.push("S3_BUCKET: required with S3_ENDPOINT or S3 keys (without a bucket, documents are kept in DATA_DIR/uploads)");
  }
  return problems;
}

/** The app's public address: NEXTAUTH_URL, else http://localhost:$PORT. */
export function appUrl(): string {
  return (env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}
