import { createUser } from "../../../helpers/session";
import type { AdminProcedureCase } from "./types";

const read = ["customers:view", "customers:students"] as const;
const act = ["customers:students"] as const;

export const cases: AdminProcedureCase[] = [
  {
    path: "admin.customers.list",
    access: read,
    input: () => ({ q: "user", plan: "free", status: "active", verified: "yes", sort: "name", dir: "asc" }),
    badInput: { pageSize: 7 },
  },
  { path: "admin.customers.get", access: read, input: ({ student }) => ({ id: student.id }), badInput: { id: "" } },
  {
    path: "admin.customers.suspend",
    access: act,
    input: async ({ db }) => ({ userId: (await createUser(db)).claims.id }),
    badInput: { userId: "" },
  },
  {
    path: "admin.customers.reactivate",
    access: act,
    input: async ({ db }) => {
      const user = await createUser(db);
      await db.user.update({ where: { id: user.claims.id }, data: { status: "suspended" } });
      return { userId: user.claims.id };
    },
    badInput: { userId: 42 },
  },
  {
    path: "admin.customers.signOutEverywhere",
    access: act,
    input: ({ student }) => ({ userId: student.id }),
    badInput: {},
  },
  {
    path: "admin.customers.grantTokens",
    access: act,
    input: ({ student }) => ({ userId: student.id, amount: 1_000, reason: "Apology for an outage" }),
    badInput: { userId: "someone", amount: 0, reason: "Too little" },
  },
  {
    path: "admin.customers.resendVerification",
    access: act,
    input: async ({ db }) => ({ userId: (await createUser(db, { verified: false })).claims.id }),
    badInput: { userId: "" },
  },
];
