import type { Db } from "~/server/db/client";
import { readBodyText } from "~/server/http";
import { AppError } from "~/server/errors";
import { handleGatewayEvent } from "~/server/services/billing-sync.service";
import { getPaymentGateway, stripeSettings } from "./index";
import type { GatewayEvent } from "./gateway";
import { StripeGateway } from "./stripe";

const WEBHOOK_BODY_LIMIT = 512 * 1024;

const json = (status: number, body: object) => Response.json(body, { status });

/**
 * POST /api/stripe/webhook: verifies Stripe's signature on the raw body, records each event id
 * once, and re-reads the named object from Stripe before changing anything.
 */
export async function handleStripeWebhook(db: Db, request: Request): Promise<Response> {
  const settings = stripeSettings();
  const gateway = getPaymentGateway(db);
  if (!settings?.webhookSecret || !(gateway instanceof StripeGateway)) {
    return json(404, { success: false, error: "Stripe webhooks are not configured." });
  }
  const signature = request.headers.get("stripe-signature");
  if (!signature) return json(400, { success: false, error: "Missing Stripe-Signature header." });
  let rawBody: string;
  try {
    rawBody = await readBodyText(request, WEBHOOK_BODY_LIMIT);
  } catch (error) {
    if (error instanceof AppError) return json(413, { success: false, error: error.message });
    throw error;
  }
  let event;
  try {
    event = gateway.constructEvent(rawBody, signature, settings.webhookSecret);
  } catch {
    return json(400, { success: false, error: "Invalid webhook signature." });
  }
  const object = event.data.object as { id?: string; customer?: string | { id: string } | null };
  const previous = (event.data.previous_attributes ?? {}) as { customer?: string | null };
  const customer = object.customer ?? previous.customer ?? null;
  const normalized: GatewayEvent = {
    id: event.id,
    type: event.type,
    objectId: object.id ?? "",
    customerId: typeof customer === "string" ? customer : (customer?.id ?? null),
  };
  try {
    const outcome = await handleGatewayEvent(db, gateway, normalized);
    return json(200, { received: true, outcome });
  } catch (error) {
    // Stripe retries a failed delivery; the event is recorded only once it has been handled.
    console.error(`[stripe] webhook ${event.id} (${event.type}) failed:`, error);
    return json(500, { success: false, error: "Webhook handling failed; it will be retried." });
  }
}
