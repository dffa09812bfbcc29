import { describe, expect, it } from "vitest";
import { auditChanges } from "~/components/admin/audit-entry";
import { auditListSchema } from "~/lib/schemas/audit";
import { acceptInviteNewFormSchema, acceptInviteSchema, inviteStaffSchema, staffListSchema } from "~/lib/schemas/staff";

describe("staff schemas", () => {
  it("invites an address, lower-cased, to a staff role only", () => {
    expect(inviteStaffSchema.parse({ email: " Dora@Example.COM ", role: "designer" })).toEqual({
      email: "dora@example.com",
      role: "designer",
    });
    expect(inviteStaffSchema.safeParse({ email: "dora@example.com", role: "user" }).success).toBe(false);
    expect(inviteStaffSchema.safeParse({ email: "dora", role: "admin" }).error?.issues[0]?.message).toBe(
      "Please enter a valid email address",
    );
  });

  it("accepts a new account with a name and a signup-length password, or an existing one with its password", () => {
    expect(
      acceptInviteSchema.safeParse({
        account: "new",
        token: "t",
        firstName: "Dora",
        lastName: "D",
        password: "long enough",
      }).success,
    ).toBe(true);
    expect(
      acceptInviteSchema.safeParse({
        account: "new",
        token: "t",
        firstName: "",
        lastName: "D",
        password: "long enough",
      }).error?.issues[0]?.message,
    ).toBe("First name is required");
    expect(
      acceptInviteSchema.safeParse({ account: "new", token: "t", firstName: "Dora", lastName: "D", password: "short" }).error?.issues[0]
        ?.message,
    ).toBe("Password must be at least 8 characters long");
    expect(acceptInviteSchema.safeParse({ account: "existing", token: "t", password: "x" }).success).toBe(true);
    expect(acceptInviteSchema.safeParse({ account: "existing", token: "", password: "x" }).error?.issues[0]?.message).toBe(
      "The link is incomplete.",
    );
    expect(acceptInviteSchema.safeParse({ account: "other", token: "t", password: "x" }).success).toBe(false);
    expect(
      acceptInviteNewFormSchema.safeParse({
        firstName: "D",
        lastName: "D",
        password: "long enough",
        confirmPassword: "long enougH",
      }).error?.issues[0]?.message,
    ).toBe("Passwords don't match");
  });

  it("reads list queries from the URL's text", () => {
    expect(staffListSchema.parse({ page: "2", pageSize: "50", role: "backoffice", q: "  " })).toMatchObject({
      page: 2,
      pageSize: 50,
      role: "backoffice",
      q: undefined,
      dir: "desc",
    });
    expect(staffListSchema.safeParse({ role: "user" }).success).toBe(false);
    expect(auditListSchema.parse({ area: "", from: "2026-03-01", to: "2026-03-01" })).toMatchObject({
      area: undefined,
      from: "2026-03-01",
      to: "2026-03-01",
    });
    expect(auditListSchema.safeParse({ from: "2026-03-02", to: "2026-03-01" }).error?.issues[0]?.message).toBe(
      "The period must end on or after its first day",
    );
    expect(auditListSchema.safeParse({ from: "1 March" }).error?.issues[0]?.message).toBe("Dates must be written YYYY-MM-DD");
  });
});

describe("the audit entry's diff", () => {
  const lines = (before: unknown, after: unknown) =>
    auditChanges(before, after).flatMap((change) =>
      change.value
        .replace(/\n$/, "")
        .split("\n")
        .map((line) => `${change.added ? "+" : change.removed ? "-" : " "}${line}`),
    );

  it("marks the changed values only", () => {
    expect(lines({ role: "user", email: "a@example.com" }, { role: "admin", email: "a@example.com" })).toEqual([
      " {",
      '   "email": "a@example.com",',
      '-  "role": "user"',
      '+  "role": "admin"',
      " }",
    ]);
  });

  it("shows a creation as all added and a removal as all removed", () => {
    expect(lines(null, { status: "suspended" })).toEqual(["+{", '+  "status": "suspended"', "+}"]);
    expect(lines({ status: "active" }, undefined)).toEqual(["-{", '-  "status": "active"', "-}"]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});
