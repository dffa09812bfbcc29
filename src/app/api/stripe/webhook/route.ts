import { getDb } from "~/server/db/client";
import { handleStripeWebhook } from "~/server/payments/webhook";

/** Stripe calls this; it is verified by signature, not by session. */
export const POST = (request: Request) => handleStripeWebhook(getDb(), request);
