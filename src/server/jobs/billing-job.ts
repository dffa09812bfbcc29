import type { Db } from "~/server/db/client";
import { getPaymentGateway } from "~/server/payments";
import { runBillingJob } from "~/server/services/billing-sync.service";

/**
 * Runs the billing job every BILLING_JOB_INTERVAL_SECONDS in this instance; a lease in PostgreSQL
 * makes sure only one instance works at a time. Returns a stop function.
 */
export function startBillingJob(db: Db, intervalSeconds = Number(process.env.BILLING_JOB_INTERVAL_SECONDS ?? 60)) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runBillingJob(db, getPaymentGateway(db));
    } catch (error) {
      console.error("[billing] job failed:", error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalSeconds * 1000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
