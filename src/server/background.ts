import { env } from "~/env";
import type { Db } from "~/server/db/client";
import { type PeriodicJob, registerJobHandler, startJobRunner } from "~/server/jobs/runner";
import { deliverMail, MAIL_JOB } from "~/server/mail/outbox";
import { getPaymentGateway } from "~/server/payments";
import {
  CHECKOUT_REPAIR_JOB,
  type CheckoutRepairPayload,
  repairCheckout,
  runBillingJob,
} from "~/server/services/billing/billing-sync.service";
import { computeTypicalTokens } from "~/server/services/chat/typical-tokens.service";
import { REMINDER_INTERVAL_SECONDS, sendCoachingReminders } from "~/server/services/coaching/reminders.service";
import { sendCommunityDigests } from "~/server/services/community/notifications.service";
import { purgeExpiredData } from "~/server/services/retention.service";
import { sendRoadmapDigests } from "~/server/services/roadmap/digest.service";
import { sendDeadlineReminders } from "~/server/services/tools/scholarships.service";

export const JOB_KINDS = {
  mail: MAIL_JOB,
  billing: "billing.run",
  checkoutRepair: CHECKOUT_REPAIR_JOB,
  retention: "retention.purge",
  scholarshipReminders: "scholarships.remind",
  roadmapDigest: "roadmap.digest",
  communityDigest: "community.digest",
  coachingReminders: "coaching.remind",
  typicalTokens: "chat.typical-tokens",
} as const;

/** Every background task of the product, in one runner. */
export function registerJobHandlers() {
  registerJobHandler(JOB_KINDS.mail, deliverMail);
  // Grace periods, renewals and lapsed plans move on even when nobody opens a page.
  registerJobHandler(JOB_KINDS.billing, async (db) => {
    await runBillingJob(db, getPaymentGateway(db));
  });
  // A checkout whose process stopped after the provider took it is finished from the provider's state.
  registerJobHandler(JOB_KINDS.checkoutRepair, async (db, payload) => {
    await repairCheckout(db, getPaymentGateway(db), payload as CheckoutRepairPayload);
  });
  registerJobHandler(JOB_KINDS.retention, async (db) => {
    await purgeExpiredData(db);
  });
  // A mail 14 days before each bookmarked scholarship's deadline, once per deadline.
  registerJobHandler(JOB_KINDS.scholarshipReminders, async (db) => {
    await sendDeadlineReminders(db);
  });
  // The weekly mail of the roadmap steps due in the next 14 days.
  registerJobHandler(JOB_KINDS.roadmapDigest, async (db) => {
    await sendRoadmapDigests(db);
  });
  // The daily mail of community notifications not read and not mailed yet.
  registerJobHandler(JOB_KINDS.communityDigest, async (db) => {
    await sendCommunityDigests(db);
  });
  // Mails to the student and the coach 24 hours and 1 hour before each session.
  registerJobHandler(JOB_KINDS.coachingReminders, async (db) => {
    await sendCoachingReminders(db);
  });
  // The pricing page's typical tokens per kind of question: medians of the last 30 days' answers.
  registerJobHandler(JOB_KINDS.typicalTokens, async (db) => {
    await computeTypicalTokens(db);
  });
}

export function periodicJobs(): PeriodicJob[] {
  return [
    { kind: JOB_KINDS.billing, intervalSeconds: env.BILLING_JOB_INTERVAL_SECONDS },
    { kind: JOB_KINDS.retention, intervalSeconds: 6 * 3600 },
    { kind: JOB_KINDS.scholarshipReminders, intervalSeconds: 24 * 3600 },
    { kind: JOB_KINDS.roadmapDigest, intervalSeconds: 7 * 24 * 3600 },
    { kind: JOB_KINDS.communityDigest, intervalSeconds: 24 * 3600 },
    { kind: JOB_KINDS.coachingReminders, intervalSeconds: REMINDER_INTERVAL_SECONDS },
    { kind: JOB_KINDS.typicalTokens, intervalSeconds: 6 * 3600 },
  ];
}

/** Starts this instance's job runner; returns a function that stops it. */
export function startJobs(db: Db) {
  registerJobHandlers();
  return startJobRunner(db, { pollMs: env.JOB_POLL_INTERVAL_MS, periodic: periodicJobs() });
}
