import type { Db } from "~/server/db/client";
import { LOCK_IDS, tryWithAdvisoryLock } from "~/server/db/locks";
import { getPaymentGateway } from "~/server/payments";
import type { PaymentGateway } from "~/server/payments/gateway";
import { runBillingJob } from "~/server/services/billing/billing-sync.service";

/**
 * Runs the billing job unless another instance (or another run in this one) is running it: the
 * work happens under a PostgreSQL advisory lock shared by every instance on the database.
 */
export async function runBillingJobExclusively(db: Db, gateway: PaymentGateway, connectionString = process.env.DATABASE_URL) {
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  const outcome = await tryWithAdvisoryLock(connectionString, LOCK_IDS.billingJob, () => runBillingJob(db, gateway));
  return outcome.acquired ? { ran: true as const, ...outcome.result } : { ran: false as const };
}

/** Runs the billing job every BILLING_JOB_INTERVAL_SECONDS in this instance. Returns a stop function. */
export function startBillingJob(db: Db, intervalSeconds = Number(process.env.BILLING_JOB_INTERVAL_SECONDS ?? 60)) {
  const tick = async () => {
    try {
      await runBillingJobExclusively(db, getPaymentGateway(db));
    } catch (error) {
      console.error("[billing] job failed:", error);
    }
  };
  const timer = setInterval(() => void tick(), intervalSeconds * 1000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
