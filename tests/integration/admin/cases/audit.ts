import { adminSection } from "~/lib/admin-sections";
import { recordAudit } from "~/server/services/audit.service";
import type { AdminProcedureCase } from "./types";

const access = adminSection("audit").access;

export const cases: AdminProcedureCase[] = [
  {
    path: "admin.audit.list",
    access,
    input: () => ({ area: "staff", from: "2026-01-01", to: "2026-12-31" }),
    badInput: { from: "2026-12-31", to: "2026-01-01" },
  },
  {
    path: "admin.audit.get",
    access,
    input: async ({ db, staff }) => {
      await recordAudit(db, { id: staff.id, email: staff.email, ip: null }, { action: "test.recorded", targetType: "test" });
      const entry = await db.auditLog.findFirstOrThrow({
        where: { action: "test.recorded" },
        orderBy: { createdAt: "desc" },
      });
      return { id: entry.id };
    },
    badInput: { id: "" },
  },
  { path: "admin.audit.filters", access },
];
