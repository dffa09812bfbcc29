import { getDb } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { readBodyText } from "~/server/http/body";
import { log } from "~/server/observability/log";
import { gatewayEventOf, stripeWebhookReceiver, verifyStripeEvent } from "~/server/payments/stripe-events";
import { handleGatewayEvent } from "~/server/services/billing/billing-sync.service";

const WEBHOOK_BODY_LIMIT = 512 * 1024;

const json = (status: number, body: object) => Response.json(body, { status });

/**
 * POST /api/stripe/webhook: verifies Stripe's signature on the raw body, records each event id
 * once, and re-reads the named object from Stripe before changing anything.
 */
export async function handleStripeWebhook(request: Request): Promise<Response> {
  const db = getDb();
  const receiver = stripeWebhookReceiver(db);
  if (!receiver) {
    return json(404, { success: false, error: "Stripe webhooks are not configured." });
  }
  const signature = request.headers.get("stripe-signature");
  if (!signature) return json(400, { success: false, error: "Missing Stripe-Signature header." });
  let rawBody: string;
  try {
    rawBody = await readBodyText(request, WEBHOOK_BODY_LIMIT);
  } catch (error) {
    if (error instanceof AppError) return json(error.kind === "TOO_LARGE" ? 413 : 400, { success: false, error: error.message });
    throw error;
  }
  let verified: ReturnType<typeof verifyStripeEvent>;
  try {
    verified = verifyStripeEvent(receiver, rawBody, signature);
  } catch {
    return json(400, { success: false, error: "Invalid webhook signature." });
  }
  const event = gatewayEventOf(verified);
  try {
    const outcome = await handleGatewayEvent(db, receiver.gateway, event);
    return json(200, { received: true, outcome });
  } catch (error) {
    // Stripe retries a failed delivery; the event is recorded only once it has been handled.
    log.error({ err: error, eventId: event.id, eventType: event.type }, "Stripe webhook failed");
    return json(500, { success: false, error: "Webhook handling failed; it will be retried." });
  }
}
