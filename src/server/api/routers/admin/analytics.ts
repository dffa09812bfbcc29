import { adminSection } from "~/lib/admin-sections";
import { reportPeriodSchema } from "~/lib/schemas/admin-period";
import { analyticsReport } from "~/server/services/admin/analytics.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

export const analyticsRouter = createTRPCRouter({
  /** Sign-ups, verified, active users, answers and tokens by day; plan mix, conversions and churn. */
  report: staffProcedure(adminSection("analytics").access)
    .input(reportPeriodSchema)
    .query(({ ctx, input }) => analyticsReport(ctx.db, input)),
});
