import { ANY_STAFF, adminSection } from "~/lib/admin-sections";
import { recordIdSchema } from "~/lib/schemas/admin";
import { outboxListSchema } from "~/lib/schemas/system";
import { listOutbox, listTroubledJobs, outboxKinds, retryJob } from "~/server/services/admin/outbox.service";
import { systemHealth } from "~/server/services/admin/system.service";
import { undeliverableEntitlements } from "~/server/services/plan-offer.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

const system = staffProcedure(adminSection("system").access);
// The outbox and failed jobs are the support desk's too (/admin/outbox).
const outbox = staffProcedure(adminSection("outbox").access);

/** /admin/system (health, admins) and /admin/outbox (mails and failed jobs, support). */
export const systemRouter = createTRPCRouter({
  health: system.query(({ ctx }) => systemHealth(ctx.db)),
  outbox: outbox.input(outboxListSchema).query(({ ctx, input }) => listOutbox(ctx.db, input)),
  outboxKinds: outbox.query(({ ctx }) => outboxKinds(ctx.db)),
  troubledJobs: outbox.query(({ ctx }) => listTroubledJobs(ctx.db)),
  retryJob: outbox.input(recordIdSchema).mutation(({ ctx, input }) => retryJob(ctx.db, ctx.actor, input.id)),
  /** Plan entitlements nobody can deliver now (the dashboard's warnings, for every staff role). */
  undeliverable: staffProcedure(ANY_STAFF).query(({ ctx }) => undeliverableEntitlements(ctx.db)),
});
