/** What the billing use cases share: their dependencies, how a refused card is answered, one checkout at a time. */
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { PaymentDeclinedError, type PaymentGateway } from "~/server/payments/gateway";
import type { DemoGateway } from "~/server/payments/demo";
import type { SessionClaims } from "../sessions.service";
import { releaseLease, tryLease } from "./billing-sync.service";

type Gateway = PaymentGateway & Partial<Pick<DemoGateway, "tokenizeTestCard">>;
export interface BillingDeps {
  db: Db;
  gateway: Gateway;
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

const CHECKOUT_LEASE_MS = 60_000;

/** One checkout per user at a time: a second click waits for the first and then finds its result. */
export async function withCheckoutLock<T>(db: Db, userId: string, work: () => Promise<T>): Promise<T> {
  const key = `checkout:${userId}`;
  const deadline = Date.now() + 30_000;
  while (!(await tryLease(db, key, CHECKOUT_LEASE_MS))) {
    if (Date.now() > deadline) throw new AppError("CONFLICT", "A payment for this account is already being processed. Please wait a moment.");
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  try {
    return await work();
  } finally {
    await releaseLease(db, key);
  }
}
