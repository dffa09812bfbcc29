import { randomUUID } from "node:crypto";
import { getPlan } from "~/lib/plans";
import type { Db } from "~/server/db/client";
import { DemoGateway } from "~/server/payments";
import { syncSubscription } from "~/server/services/billing/billing-sync.service";
import { ensureCustomer } from "~/server/services/billing/customers.service";
import type { SessionClaims } from "~/server/services/sessions.service";
import { demoCard } from "./billing";

/**
 * A real demo-gateway payment of the user: a subscription without trial charged to Stripe's 4242
 * test card, synced as the checkout does, so its invoice is a paid BillingTransaction with a payment
 * intent. Answers that transaction.
 */
export async function paidDemoPayment(db: Db, claims: SessionClaims, planId: "pro" | "unlimited" = "pro") {
  const gateway = new DemoGateway(db);
  const customer = await ensureCustomer({ db, gateway, actor: claims });
  const card = await demoCard(db, "4242424242424242");
  await gateway.attachPaymentMethod(customer.customerId, card);
  const subscription = await gateway.createSubscription({
    customerId: customer.customerId,
    planId,
    priceId: getPlan(planId).stripePriceId!,
    paymentMethodId: card,
    trialDays: 0,
    idempotencyKey: randomUUID(),
    metadata: { userId: claims.id },
  });
  await syncSubscription(db, subscription, claims.id);
  return db.billingTransaction.findUniqueOrThrow({ where: { gatewayObjectId: subscription.latestInvoice!.id } });
}
