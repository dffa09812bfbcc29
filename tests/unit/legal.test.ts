import { afterEach, describe, expect, it } from "vitest";
import { legalDetails } from "~/server/services/legal.service";

const SETTINGS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "DEEPSEEK_API_KEY",
  "SMTP_URL",
  "S3_BUCKET",
  "S3_ENDPOINT",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "LINKEDIN_CLIENT_ID",
  "LINKEDIN_CLIENT_SECRET",
  "OPERATOR_LEGAL_NAME",
] as const;
const saved = Object.fromEntries(SETTINGS.map((key) => [key, process.env[key]]));

function configure(values: Partial<Record<(typeof SETTINGS)[number], string>>) {
  for (const key of SETTINGS) delete process.env[key];
  Object.assign(process.env, values);
}

afterEach(() => {
  for (const key of SETTINGS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe("legal details (imprint, privacy policy)", () => {
  it("names no processor, no sign-in provider and no legal name when nothing is configured", () => {
    configure({});
    const details = legalDetails();
    expect(details.processors).toEqual([]);
    expect(details.signInProviders).toEqual([]);
    expect(details.stripe).toBe(false);
    expect(details.operator.legalName).toBeNull();
  });

  it("names exactly the providers and processors that are configured", () => {
    configure({
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      DEEPSEEK_API_KEY: "dk",
      SMTP_URL: "smtp://mail.example.org:587",
      S3_BUCKET: "docs",
      S3_ENDPOINT: "https://s3.example.net",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      OPERATOR_LEGAL_NAME: "Example GmbH",
    });
    const details = legalDetails();
    expect(details.processors.map((processor) => processor.name)).toEqual([
      "Stripe",
      "DeepSeek",
      "Our mail server (mail.example.org)",
      "The S3-compatible file store at s3.example.net",
    ]);
    expect(details.signInProviders).toEqual(["Google"]);
    expect(details.stripe).toBe(true);
    expect(details.operator.legalName).toBe("Example GmbH");
  });

  it("names the server an OpenAI-compatible base URL points to, not OpenAI", () => {
    configure({
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: "https://llm.example.com/v1",
      LINKEDIN_CLIENT_ID: "id",
      LINKEDIN_CLIENT_SECRET: "s",
    });
    expect(legalDetails().processors.map((processor) => processor.name)).toEqual([
      "The OpenAI-compatible model service at llm.example.com",
    ]);
    expect(legalDetails().signInProviders).toEqual(["LinkedIn"]);
    configure({ OPENAI_API_KEY: "k" });
    expect(legalDetails().processors.map((processor) => processor.name)).toEqual(["OpenAI"]);
  });
});
