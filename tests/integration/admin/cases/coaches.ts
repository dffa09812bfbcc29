import { createCoachRecord, createStaffAccount } from "../fixtures";
import type { AdminProcedureCase } from "./types";

const access = ["customers:coaches"] as const;

export const cases: AdminProcedureCase[] = [
  { path: "admin.coaches.list", access, input: () => ({ active: "yes" }), badInput: { active: "maybe" } },
  {
    path: "admin.coaches.create",
    access,
    input: async ({ db }) => ({
      email: (await createStaffAccount(db)).email,
      languages: ["en", "de"],
      subjects: ["uni-assist", "visa"],
    }),
    badInput: { email: "not-an-address" },
  },
  {
    path: "admin.coaches.update",
    access,
    input: async ({ db }) => ({ id: (await createCoachRecord(db)).id, bio: "Studied in Aachen.", active: false }),
    badInput: { id: "someone", languages: ["no-such-language"] },
  },
];
