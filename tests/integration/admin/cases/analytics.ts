import type { AdminProcedureCase } from "./types";

export const cases: AdminProcedureCase[] = [];
