import { z } from "zod";
import { PLAN_IDS } from "~/lib/plans";
import { listQuery } from "./admin";

/** /admin/customers: student accounts, searched by name or email, filtered by plan, status and verification. */
export const customerListSchema = listQuery(["createdAt", "name", "lastLoginAt"], {
  plan: z.enum(PLAN_IDS, { error: "Choose a plan: free, pro or unlimited" }).optional(),
  status: z.enum(["active", "suspended"], { error: "Choose a status: active or suspended" }).optional(),
  verified: z.enum(["yes", "no"], { error: "Verified must be yes or no" }).optional(),
});
export type CustomerListInput = z.input<typeof customerListSchema>;

/** The student an account action applies to. */
export const customerActionSchema = z.object({
  userId: z.string({ error: "userId is required" }).trim().min(1, "userId is required").max(100, "userId is too long"),
});

export const MAX_TOKEN_GRANT = 1_000_000;

const GRANT_MESSAGES = {
  amount: `Grant between 1 and ${MAX_TOKEN_GRANT.toLocaleString("en-US")} tokens`,
  reasonRequired: "Give a reason for the grant",
} as const;

/** A one-off token allowance for the current month, with the reason staff give for it. */
export const grantTokensSchema = customerActionSchema.extend({
  amount: z.coerce
    .number({ error: GRANT_MESSAGES.amount })
    .int(GRANT_MESSAGES.amount)
    .min(1, GRANT_MESSAGES.amount)
    .max(MAX_TOKEN_GRANT, GRANT_MESSAGES.amount),
  reason: z
    .string({ error: GRANT_MESSAGES.reasonRequired })
    .trim()
    .min(1, GRANT_MESSAGES.reasonRequired)
    .max(500, "The reason must be at most 500 characters"),
});
