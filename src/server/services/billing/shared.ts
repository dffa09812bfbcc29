/** What the billing use cases share: their dependencies, how a refused card is answered, one checkout at a time. */
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { PaymentDeclinedError, type PaymentGateway } from "~/server/payments/gateway";
import type { DemoGateway } from "~/server/payments/demo";
import type { SessionClaims } from "../sessions.service";
import { withLock } from "~/server/db/locks";

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

/** One checkout per user at a time: a second click waits for the first and then finds its result. */
export function withCheckoutLock<T>(db: Db, userId: string, work: () => Promise<T>): Promise<T> {
  return withLock(db, `checkout:${userId}`, work, { busyMessage: "A payment for this account is already being processed. Please wait a moment." });
}
