import type { Db } from "~/server/db/client";
import { DemoGateway } from "./demo";
import type { PaymentGateway } from "./gateway";
import { StripeGateway } from "./stripe";

export * from "./gateway";
export { DemoGateway } from "./demo";
export { StripeGateway } from "./stripe";

/** Stripe when STRIPE_SECRET_KEY is set (read at call time, see src/env.ts), else the demo gateway. */
export function stripeSettings() {
  const secretKey = process.env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return null;
  return {
    secretKey,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET?.trim() || null,
    host: process.env.STRIPE_API_HOST || undefined,
    port: process.env.STRIPE_API_PORT ? Number(process.env.STRIPE_API_PORT) : undefined,
    protocol: (process.env.STRIPE_API_PROTOCOL as "http" | "https" | undefined) || undefined,
  };
}

const cache = globalThis as unknown as { __stripeGateway?: { key: string; gateway: StripeGateway } };

export function getPaymentGateway(db: Db): PaymentGateway & Partial<Pick<DemoGateway, "tokenizeTestCard" | "advanceClock">> {
  const settings = stripeSettings();
  if (!settings) return new DemoGateway(db);
  const key = JSON.stringify(settings);
  if (cache.__stripeGateway?.key !== key) cache.__stripeGateway = { key, gateway: new StripeGateway(settings) };
  return cache.__stripeGateway.gateway;
}
