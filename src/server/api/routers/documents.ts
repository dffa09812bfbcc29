import { documentIdSchema, renameDocumentSchema } from "~/lib/schemas/documents";
import { deleteDocument, documentUsage, listDocuments, renameDocument } from "~/server/services/documents/documents.service";
import { createTRPCRouter, protectedProcedure } from "../trpc";

/** The signed-in user's documents; uploads and downloads go through /api/documents (src/server/http/documents.ts). */
export const documentsRouter = createTRPCRouter({
  list: protectedProcedure.query(({ ctx }) => listDocuments(ctx.db, ctx.session)),
  usage: protectedProcedure.query(({ ctx }) => documentUsage(ctx.db, ctx.session)),
  rename: protectedProcedure.input(renameDocumentSchema).mutation(({ ctx, input }) => renameDocument(ctx.db, ctx.session, input)),
  delete: protectedProcedure.input(documentIdSchema).mutation(({ ctx, input }) => deleteDocument(ctx.db, ctx.session, input)),
});
