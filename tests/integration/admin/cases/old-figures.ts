import { adminSection } from "~/lib/admin-sections";
import type { AdminProcedureCase } from "./types";

export const cases: AdminProcedureCase[] = [{ path: "admin.oldFigures.list", access: adminSection("old-figures").access }];
