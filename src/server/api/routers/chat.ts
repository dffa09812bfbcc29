import { z } from "zod";
import { conversationIdSchema, feedbackSchema, importGuestConversationSchema, renameConversationSchema } from "~/lib/schemas/chat";
import { listChatModels } from "~/server/services/assistant-settings";
import { getAllowanceStatus } from "~/server/services/chat/allowance.service";
import {
  deleteConversation,
  getConversation,
  importGuestConversation,
  listConversations,
  renameConversation,
} from "~/server/services/chat/conversations.service";
import { readTypicalTokens } from "~/server/services/chat/typical-tokens.service";
import { submitFeedback } from "~/server/services/feedback.service";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "../trpc";

const sessionIdInput = z
  .object({
    sessionId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .nullish(),
  })
  .optional();

/** Conversations of the signed-in user (another user's id answers 404), token allowance, feedback. */
export const chatRouter = createTRPCRouter({
  list: protectedProcedure.query(({ ctx }) => listConversations(ctx.db, ctx.session.id)),
  get: protectedProcedure
    .input(z.object({ id: conversationIdSchema }))
    .query(({ ctx, input }) => getConversation(ctx.db, ctx.session.id, input.id)),
  rename: protectedProcedure
    .input(renameConversationSchema)
    .mutation(({ ctx, input }) => renameConversation(ctx.db, ctx.session.id, input.id, input.title)),
  delete: protectedProcedure
    .input(z.object({ id: conversationIdSchema }))
    .mutation(({ ctx, input }) => deleteConversation(ctx.db, ctx.session.id, input.id)),
  /** The conversation a guest had in this browser tab, kept in the account after sign-up or sign-in. */
  importGuestConversation: protectedProcedure
    .input(importGuestConversationSchema)
    .mutation(({ ctx, input }) => importGuestConversation(ctx.db, ctx.session.id, input)),
  allowance: publicProcedure
    .input(sessionIdInput)
    .query(({ ctx, input }) =>
      getAllowanceStatus(
        ctx.db,
        ctx.session ? { userId: ctx.session.id } : { userId: null, sessionId: input?.sessionId ?? null, ip: ctx.ip },
      ),
    ),
  /** The chat's model choice: unconfigured hosted models come disabled, with the reason. */
  models: publicProcedure.query(() => listChatModels()),
  /** The pricing page's typical tokens per kind of question (measured medians, or the labelled estimates). */
  typicalTokens: publicProcedure.query(({ ctx }) => readTypicalTokens(ctx.db)),
  feedback: publicProcedure.input(feedbackSchema).mutation(({ ctx, input }) => submitFeedback(ctx.db, ctx.session, input, ctx.ip)),
});
