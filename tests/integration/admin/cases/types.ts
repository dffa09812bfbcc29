import type { StaffAccess } from "~/lib/admin-sections";
import type { Db } from "~/server/db/client";
import type { SessionClaims } from "~/server/services/sessions.service";

export interface CaseContext {
  db: Db;
  /** The staff member the "works" call runs as. */
  staff: SessionClaims;
  /** An ordinary student account that exists for the cases to act on. */
  student: SessionClaims;
}

/**
 * One management procedure in the permission table (tests/integration/admin/permissions.test.ts):
 * refused for accounts without `access` and for staff without two factors, working for staff with
 * it, and refusing `badInput` with BAD_REQUEST.
 */
export interface AdminProcedureCase {
  /** Dotted path under the app router, e.g. "admin.staff.list". */
  path: string;
  access: StaffAccess;
  /**
   * A valid input, made anew before every call (so a mutation may create the record it changes);
   * absent for procedures without input.
   */
  input?: (ctx: CaseContext) => unknown | Promise<unknown>;
  /** An input the procedure must refuse as bad (absent only for procedures without input). */
  badInput?: unknown;
}
