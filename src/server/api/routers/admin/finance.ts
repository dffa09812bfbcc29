import { adminSection } from "~/lib/admin-sections";
import { refundSchema, transactionListSchema } from "~/lib/schemas/admin-finance";
import { getPaymentGateway } from "~/server/payments";
import { financeSummary, listTransactions, refundTransaction } from "~/server/services/admin/finance.service";
import { createTRPCRouter, staffProcedure } from "../../trpc";

const read = staffProcedure(adminSection("finance").access);

export const financeRouter = createTRPCRouter({
  transactions: read.input(transactionListSchema).query(({ ctx, input }) => listTransactions(ctx.db, input)),
  summary: read.query(({ ctx }) => financeSummary(ctx.db)),
  /** Money moves: finance:payments only. */
  refund: staffProcedure(["finance:payments"])
    .input(refundSchema)
    .mutation(({ ctx, input }) => refundTransaction(ctx.db, getPaymentGateway(ctx.db), ctx.actor, input)),
});
