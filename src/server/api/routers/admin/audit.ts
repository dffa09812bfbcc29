import { adminSection } from "~/lib/admin-sections";
import { recordIdSchema } from "~/lib/schemas/admin";
import { auditListSchema } from "~/lib/schemas/audit";
import { auditFilterOptions, getAuditEntry, listAuditLog } from "~/server/services/admin/audit-log.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

const audit = staffProcedure(adminSection("audit").access);

/** /admin/audit: the log of staff actions, read-only (the table refuses changes). */
export const auditRouter = createTRPCRouter({
  list: audit.input(auditListSchema).query(({ ctx, input }) => listAuditLog(ctx.db, input)),
  get: audit.input(recordIdSchema).query(({ ctx, input }) => getAuditEntry(ctx.db, input.id)),
  filters: audit.query(({ ctx }) => auditFilterOptions(ctx.db)),
});
