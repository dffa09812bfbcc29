import { randomBytes } from "node:crypto";
import { adminSection } from "~/lib/admin-sections";
import { hashToken } from "~/server/services/account-tokens.service";
import type { AdminProcedureCase, CaseContext } from "./types";

const access = adminSection("staff").access;
let counter = 0;
const uniqueEmail = () => `invitee-${Date.now()}-${++counter}@example.com`;

/** A pending invitation for the revoke and resend cases. */
async function pendingInvite({ db }: CaseContext) {
  const invite = await db.staffInvite.create({
    data: {
      email: uniqueEmail(),
      role: "designer",
      tokenHash: hashToken(randomBytes(16).toString("hex")),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  return { id: invite.id };
}

export const cases: AdminProcedureCase[] = [
  {
    path: "admin.staff.list",
    access,
    input: () => ({ q: "example", role: "admin", sort: "lastLoginAt" }),
    badInput: { pageSize: 7 },
  },
  { path: "admin.staff.invites", access },
  {
    path: "admin.staff.invite",
    access,
    input: () => ({ email: uniqueEmail(), role: "designer" }),
    badInput: { email: "not an address", role: "designer" },
  },
  { path: "admin.staff.revokeInvite", access, input: pendingInvite, badInput: { id: "" } },
  { path: "admin.staff.resendInvite", access, input: pendingInvite, badInput: { id: "" } },
  // The student keeps its role and status: the call is allowed and changes nothing.
  {
    path: "admin.staff.changeRole",
    access,
    input: ({ student }) => ({ userId: student.id, role: "user" }),
    badInput: { userId: "x", role: "owner" },
  },
  {
    path: "admin.staff.setStatus",
    access,
    input: ({ student }) => ({ userId: student.id, status: "active" }),
    badInput: { userId: "x", status: "deleted" },
  },
];
