import { adminSection } from "~/lib/admin-sections";
import type { AdminProcedureCase } from "./types";

export const cases: AdminProcedureCase[] = [
  {
    path: "admin.analytics.report",
    access: adminSection("analytics").access,
    input: () => ({ from: "2026-01-01", to: "2026-01-31" }),
    badInput: { from: "2026-01-01" },
  },
];
