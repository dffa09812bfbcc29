import type Stripe from "stripe";
import type { Db } from "~/server/db/client";
import type { GatewayEvent } from "./gateway";
import { getPaymentGateway, stripeSettings } from "./index";
import { StripeGateway } from "./stripe";

/** Where Stripe's webhook deliveries are checked: the Stripe gateway and its signing secret. */
export interface StripeWebhookReceiver {
  gateway: StripeGateway;
  webhookSecret: string;
}

/** The receiver of Stripe's webhooks, or null when Stripe or its webhook secret is not configured. */
export function stripeWebhookReceiver(db: Db): StripeWebhookReceiver | null {
  const settings = stripeSettings();
  const gateway = getPaymentGateway(db);
  if (!settings?.webhookSecret || !(gateway instanceof StripeGateway)) return null;
  return { gateway, webhookSecret: settings.webhookSecret };
}

/** Verifies Stripe's signature on the raw body; throws when it does not match. */
export function verifyStripeEvent({ gateway, webhookSecret }: StripeWebhookReceiver, rawBody: string, signature: string): Stripe.Event {
  return gateway.constructEvent(rawBody, signature, webhookSecret);
}

/** What a verified event is about; the named object is re-read from Stripe before anything changes. */
export function gatewayEventOf(event: Stripe.Event): GatewayEvent {
  const object = event.data.object as {
    id?: string;
    customer?: string | { id: string } | null;
    payment_intent?: string | { id: string } | null;
  };
  const previous = (event.data.previous_attributes ?? {}) as { customer?: string | null };
  const customer = object.customer ?? previous.customer ?? null;
  const paymentIntent = object.payment_intent ?? null;
  return {
    id: event.id,
    type: event.type,
    objectId: object.id ?? "",
    customerId: typeof customer === "string" ? customer : (customer?.id ?? null),
    paymentIntentId: typeof paymentIntent === "string" ? paymentIntent : (paymentIntent?.id ?? null),
  };
}
