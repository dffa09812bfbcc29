import { env } from "~/env";
import type { Db } from "~/server/db/client";
import { DemoGateway } from "./demo";
import type { DemoGatewayTools, PaymentGateway } from "./gateway";
import { isStripeUnreachable, StripeGateway } from "./stripe";

export { DemoGateway } from "./demo";
export * from "./gateway";
export { StripeGateway } from "./stripe";

export const PAYMENT_PROVIDER_UNAVAILABLE_MESSAGE = "The payment service cannot be reached right now. Please try again in a few minutes.";

/** A payment provider that cannot be reached is a temporary failure (503), not a bug. */
export const isPaymentProviderUnavailable = isStripeUnreachable;

/** Stripe when STRIPE_SECRET_KEY is set (read at call time from src/env.ts), else the demo gateway. */
export function stripeSettings() {
  const secretKey = env.STRIPE_SECRET_KEY;
  if (!secretKey) return null;
  return {
    secretKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    host: env.STRIPE_API_HOST,
    port: env.STRIPE_API_PORT,
    protocol: env.STRIPE_API_PROTOCOL,
  };
}

const cache = globalThis as unknown as { __stripeGateway?: { key: string; gateway: StripeGateway } };

export function getPaymentGateway(db: Db): PaymentGateway {
  const settings = stripeSettings();
  if (!settings) return new DemoGateway(db);
  const key = JSON.stringify(settings);
  if (cache.__stripeGateway?.key !== key) cache.__stripeGateway = { key, gateway: new StripeGateway(settings) };
  return cache.__stripeGateway.gateway;
}

/** The demo gateway's own tools when `gateway` is the demo gateway; null for Stripe. */
export function demoToolsOf(gateway: PaymentGateway): DemoGatewayTools | null {
  return gateway instanceof DemoGateway ? gateway : null;
}

/** The demo gateway's own tools when it is the gateway in use (no STRIPE_SECRET_KEY), else null. */
export function demoGateway(db: Db): DemoGatewayTools | null {
  return demoToolsOf(getPaymentGateway(db));
}
