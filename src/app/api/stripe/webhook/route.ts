import { handleStripeWebhook } from "~/server/http/stripe-webhook";

/** Stripe calls this; it is verified by signature, not by session. */
export { handleStripeWebhook as POST };
