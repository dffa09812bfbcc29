import { adminSection } from "~/lib/admin-sections";
import { paidDemoPayment } from "../../../helpers/finance";
import type { AdminProcedureCase } from "./types";

const access = adminSection("finance").access;

export const cases: AdminProcedureCase[] = [
  {
    path: "admin.finance.transactions",
    access,
    input: () => ({ page: 1, status: "succeeded", refunded: "no" }),
    badInput: { status: "pending" },
  },
  { path: "admin.finance.summary", access },
  {
    path: "admin.finance.refund",
    access: ["finance:payments"],
    input: async ({ db, student }) => ({
      transactionId: (await paidDemoPayment(db, student)).id,
      reason: "Charged twice by mistake.",
    }),
    badInput: { transactionId: "x", reason: "" },
  },
];
