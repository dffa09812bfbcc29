/** What the billing use cases share: their dependencies, how a refused card is answered, one checkout at a time. */
import type { Db } from "~/server/db/client";
import { withLock } from "~/server/db/locks";
import { AppError } from "~/server/errors";
import { enqueueJob } from "~/server/jobs/runner";
import { PaymentDeclinedError, type PaymentGateway } from "~/server/payments/gateway";
import type { SessionClaims } from "../sessions.service";
import { CHECKOUT_REPAIR_JOB, type CheckoutRepairPayload } from "./billing-sync.service";

export interface BillingDeps {
  db: Db;
  gateway: PaymentGateway;
  actor: SessionClaims;
}

/** A refused card becomes a 402 with the provider's message; nothing else is turned into text here. */
export async function payment<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentDeclinedError) throw new AppError("PAYMENT_FAILED", error.message);
    throw error;
  }
}

/** One checkout per user at a time: a second click waits for the first and then finds its result. */
export function withCheckoutLock<T>(db: Db, userId: string, work: () => Promise<T>): Promise<T> {
  return withLock(db, `checkout:${userId}`, work, {
    busyMessage: "A payment for this account is already being processed. Please wait a moment.",
  });
}

/** Later than any checkout's provider call can take (the Stripe client gives up after 20 s, twice retried). */
const CHECKOUT_REPAIR_DELAY_MS = 2 * 60_000;

/**
 * Runs a checkout's provider call and local writes with a safety net. First a repair job is queued,
 * due after the call could have finished; if the process stops after the provider took the payment
 * but before our rows were written, whichever instance runs jobs next (the next start, at the latest)
 * re-reads the provider's state and finishes it. A checkout that completes withdraws the job.
 */
export async function withCheckoutRepair<T>(db: Db, repair: CheckoutRepairPayload & { key: string }, work: () => Promise<T>): Promise<T> {
  const uniqueKey = `checkout-repair:${repair.key}`;
  const payload: CheckoutRepairPayload = { userId: repair.userId, customerId: repair.customerId };
  await enqueueJob(db, CHECKOUT_REPAIR_JOB, { ...payload }, { runAt: new Date(Date.now() + CHECKOUT_REPAIR_DELAY_MS), uniqueKey });
  const result = await work();
  await db.job.deleteMany({ where: { uniqueKey, status: "queued" } });
  return result;
}
