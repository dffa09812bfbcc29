import type { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canAccess } from "~/lib/admin-sections";
import { ROLES, type Role } from "~/lib/permissions";
import { appRouter } from "~/server/api/root";
import { NO_PERMISSION_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE } from "~/server/api/trpc";
import { callByPath, createStaff } from "../../helpers/admin";
import { callerFor, createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";
import { ADMIN_CASES } from "./cases";
import type { CaseContext } from "./cases/types";

/**
 * The permission table of the management area: every admin procedure, called by each role that
 * lacks its access (403), by staff with access but without two factors (403), by the least
 * powerful role with access (works), and with bad input (400).
 */
let t: TestDatabase;
const staffByRole = new Map<Role, Awaited<ReturnType<typeof createStaff>>>();
const withoutTwoFactor = new Map<Role, Awaited<ReturnType<typeof createStaff>>>();
let student: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  for (const role of ROLES) {
    staffByRole.set(role, await createStaff(t.db, role));
    if (role !== "user") withoutTwoFactor.set(role, await createStaff(t.db, role, { twoFactor: false }));
  }
  student = await createUser(t.db);
});
afterAll(() => t.stop());

async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as TRPCError;
  }
  return null;
}

// Least powerful first: a procedure must work for the narrowest role its rule lets in.
const ROLES_BY_POWER: Role[] = ["designer", "backoffice", "admin"];

describe("every admin procedure is in the permission table", () => {
  it("lists each procedure under admin exactly once", () => {
    const procedures = Object.keys((appRouter._def as unknown as { procedures: Record<string, unknown> }).procedures).filter((path) =>
      path.startsWith("admin."),
    );
    const listed = ADMIN_CASES.map((c) => c.path);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...procedures].sort()).toEqual([...listed].sort());
  });
});

describe.each(ADMIN_CASES.map((c) => [c.path, c] as const))("%s", (_path, procedureCase) => {
  const context = (role: Role): CaseContext => ({
    db: t.db,
    staff: staffByRole.get(role)!.session,
    student: student.claims,
  });

  it("is refused for a signed-out visitor and for every role without access", async () => {
    const anonymous = await errorOf(callByPath(callerFor(t.db, null), procedureCase.path, await procedureCase.input?.(context("admin"))));
    expect(anonymous?.code).toBe("UNAUTHORIZED");
    for (const role of ROLES.filter((r) => !canAccess(r, procedureCase.access))) {
      const error = await errorOf(
        callByPath(staffByRole.get(role)!.caller, procedureCase.path, await procedureCase.input?.(context(role))),
      );
      expect(error?.code, `${role} must be refused`).toBe("FORBIDDEN");
      expect(error?.message).toBe(NO_PERMISSION_MESSAGE);
    }
  });

  it("is refused for staff with access but without two-factor sign-in", async () => {
    const role = ROLES_BY_POWER.find((r) => canAccess(r, procedureCase.access))!;
    const error = await errorOf(
      callByPath(withoutTwoFactor.get(role)!.caller, procedureCase.path, await procedureCase.input?.(context(role))),
    );
    expect(error?.code).toBe("FORBIDDEN");
    expect(error?.message).toBe(TWO_FACTOR_REQUIRED_MESSAGE);
  });

  it("works for the least powerful role with access", async () => {
    const role = ROLES_BY_POWER.find((r) => canAccess(r, procedureCase.access))!;
    const error = await errorOf(callByPath(staffByRole.get(role)!.caller, procedureCase.path, await procedureCase.input?.(context(role))));
    expect(error, error ? `${error.code}: ${error.message}` : "").toBeNull();
  });

  if (procedureCase.badInput !== undefined) {
    it("refuses bad input with 400", async () => {
      const role = ROLES_BY_POWER.find((r) => canAccess(r, procedureCase.access))!;
      const error = await errorOf(callByPath(staffByRole.get(role)!.caller, procedureCase.path, procedureCase.badInput));
      expect(error?.code).toBe("BAD_REQUEST");
    });
  }
});
