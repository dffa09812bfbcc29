import { addDays, subDays } from "date-fns";
import type { PlanId } from "~/lib/plans";
import type { Db } from "~/server/db/client";
import { DemoGateway } from "~/server/payments";
import { runBillingJob } from "~/server/services/billing/billing-sync.service";
import type { SessionClaims } from "~/server/services/sessions.service";
import { callerFor } from "./session";

/** A demo-gateway card of one of Stripe's test numbers, not yet attached. */
export function demoCard(db: Db, number: string) {
  return new DemoGateway(db).tokenizeTestCard({
    number,
    expMonth: 12,
    expYear: new Date().getFullYear() + 2,
    cvc: "123",
  });
}

/**
 * Makes the user's demo subscription past due, as a real failed renewal does: a card whose charges
 * fail becomes the default, the period ends, and the billing job tries to renew.
 */
export async function failRenewal(db: Db, claims: SessionClaims) {
  const sub = await db.subscription.findFirstOrThrow({
    where: { userId: claims.id, status: { in: ["trialing", "active", "past_due"] } },
    orderBy: { createdAt: "desc" },
  });
  if (sub.status === "past_due") return sub;
  await callerFor(db, claims).billing.addPaymentMethod({ paymentMethodId: await demoCard(db, "4000000000000341") });
  const row = await db.demoGatewayObject.findUniqueOrThrow({ where: { id: sub.gatewaySubscriptionId } });
  await db.demoGatewayObject.update({
    where: { id: row.id },
    data: {
      data: { ...(row.data as object), currentPeriodEnd: addDays(new Date(), -1).toISOString(), lastAttemptAt: null },
    },
  });
  await runBillingJob(db, new DemoGateway(db));
  return db.subscription.findUniqueOrThrow({ where: { id: sub.id } });
}

/** A live subscription to `planId` for 30 days, as the billing flows write its row. */
export function subscribeTo(db: Db, userId: string, planId: PlanId, now = new Date()) {
  return db.subscription.create({
    data: {
      userId,
      gatewaySubscriptionId: `sub_test_${userId}_${planId}_${now.getTime()}`,
      customerId: `cus_test_${userId}`,
      planId,
      status: "active",
      currentPeriodStart: subDays(now, 1),
      currentPeriodEnd: addDays(now, 29),
    },
  });
}
