import { z } from "zod";
import { PLAN_IDS } from "../plans";
import { listQuery, recordIdSchema } from "./admin";
import { fromNotAfterTo, periodFilters } from "./admin-period";

export const TRANSACTION_STATUSES = ["succeeded", "failed", "refunded"] as const;

export const transactionListSchema = fromNotAfterTo(
  listQuery(["paidAt", "amount"], {
    status: z.enum(TRANSACTION_STATUSES, { error: "status must be succeeded, failed or refunded" }).optional(),
    plan: z.enum(PLAN_IDS, { error: "plan must be free, pro or unlimited" }).optional(),
    refunded: z.enum(["yes", "no"], { error: "refunded must be 'yes' or 'no'" }).optional(),
    ...periodFilters,
  }),
);
export type TransactionListQuery = z.infer<typeof transactionListSchema>;

export const refundSchema = z.object({
  transactionId: recordIdSchema.shape.id,
  reason: z
    .string({ error: "Give a reason for the refund" })
    .trim()
    .min(3, "Give a reason for the refund (at least 3 characters)")
    .max(500, "The reason must be at most 500 characters"),
});
export type RefundInput = z.infer<typeof refundSchema>;
