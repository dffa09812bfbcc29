import { z } from "zod";
import { listOutbox, listTroubledJobs, retryJob } from "~/server/services/operations.service";
import { createTRPCRouter, permissionProcedure } from "../trpc";

export const operationsRouter = createTRPCRouter({
  outbox: permissionProcedure("support")
    .input(z.object({ to: z.string().max(200).optional() }))
    .query(({ ctx, input }) => listOutbox(ctx.db, input)),
  troubledJobs: permissionProcedure("support").query(({ ctx }) => listTroubledJobs(ctx.db)),
  retryJob: permissionProcedure("support")
    .input(z.object({ id: z.string().min(1).max(100) }))
    .mutation(({ ctx, input }) => retryJob(ctx.db, input.id)),
});
