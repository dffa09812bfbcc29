/** Transactions, and paying what a failed renewal owes (the payment dialog). */
import type { z } from "zod";
import type { BillingTransaction } from "~/generated/prisma/client";
import { getPlan } from "~/lib/plans";
import type { customerQuerySchema, paymentIntentSchema } from "~/lib/schemas/billing";
import { AppError } from "~/server/errors";
import { syncSubscription } from "./billing-sync.service";
import { cardFor, NOT_FOUND_CARD, requireCustomer } from "./customers.service";
import { type BillingDeps, payment, withCheckoutLock, withCheckoutRepair } from "./shared";

const NOTHING_DUE = "There is no outstanding payment on your account.";

// ---- transactions ----

export const toTransactionDto = (tx: BillingTransaction) => ({
  id: tx.id,
  description: tx.description,
  date: tx.paidAt,
  amount: Number((tx.amountCents / 100).toFixed(2)),
  currency: tx.currency.toUpperCase(),
  status: tx.status,
  refunded: tx.refunded,
  receiptUrl: tx.receiptUrl,
  planId: tx.planId,
});

export async function listTransactions(deps: BillingDeps, input: z.infer<typeof customerQuerySchema>) {
  if (input.customer_id !== undefined) await requireCustomer(deps, input.customer_id);
  const rows = await deps.db.billingTransaction.findMany({
    where: { userId: deps.actor.id },
    orderBy: { paidAt: "desc" },
    take: 200,
  });
  return { transactions: rows.map(toTransactionDto) };
}

// ---- paying a failed renewal (the payment dialog) ----

/** The unpaid renewal of the user's past-due subscription, read from the provider; null when nothing is owed. */
export async function findAmountDue(deps: BillingDeps) {
  const row = await deps.db.subscription.findFirst({
    where: { userId: deps.actor.id, status: "past_due" },
    orderBy: { createdAt: "desc" },
  });
  if (!row) return null;
  const subscription = await deps.gateway.getSubscription(row.gatewaySubscriptionId);
  const invoice = subscription?.latestInvoice;
  if (subscription?.status !== "past_due" || !invoice || invoice.status === "paid") return null;
  return { subscription, invoice };
}

/**
 * POST /api/stripe/payment-intents: pays what the account owes (a failed renewal) with one of the
 * user's cards. The amount is the provider's invoice amount; a client's amount must equal it, so
 * nothing else can ever be charged here.
 */
export async function createPaymentIntent(deps: BillingDeps, input: z.infer<typeof paymentIntentSchema>) {
  const customer = await requireCustomer(deps, input.customerId);
  return withCheckoutLock(deps.db, deps.actor.id, async () => {
    const due = await findAmountDue(deps);
    if (!due) throw new AppError("CONFLICT", NOTHING_DUE);
    if (input.amount !== due.invoice.amountCents) {
      throw new AppError(
        "BAD_INPUT",
        `amount must be ${due.invoice.amountCents} cents: the outstanding ${getPlan(due.subscription.planId).name} renewal.`,
      );
    }
    const card = await cardFor(deps, customer.customerId, input.paymentMethodId);
    if (card.customerId !== customer.customerId) throw new AppError("NOT_FOUND", NOT_FOUND_CARD);
    const idempotencyKey = `pay-${due.invoice.id}-${card.id}`;
    const paymentIntent = await withCheckoutRepair(
      deps.db,
      { userId: deps.actor.id, customerId: customer.customerId, key: idempotencyKey },
      async () => {
        const { paymentIntent } = await payment(() =>
          deps.gateway.payInvoice(due.invoice.id, { paymentMethodId: card.id, idempotencyKey }),
        );
        const subscription = await deps.gateway.getSubscription(due.subscription.id);
        if (subscription) await syncSubscription(deps.db, subscription, deps.actor.id);
        return paymentIntent;
      },
    );
    return {
      clientSecret: paymentIntent.clientSecret,
      paymentIntentId: paymentIntent.id,
      status: paymentIntent.status,
      error: null,
    };
  });
}
