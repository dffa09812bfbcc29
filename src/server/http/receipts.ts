/** GET /api/billing/receipts: the signed-in user's receipts as a PDF download (the file, so not the JSON REST adapter). */
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { createContext } from "~/server/api/context";
import { AppError, SIGN_IN_REQUIRED_MESSAGE } from "~/server/errors";
import { attachmentHeaders } from "~/server/http/documents";
import { errorResponse } from "~/server/http/rest";
import { requestIdOf } from "~/server/observability/request-context";
import { receiptsPdf } from "~/server/services/billing/receipts.service";

const querySchema = z.object({
  id: z.string().trim().min(1, "id must not be empty").max(255, "id is too long").optional(),
});

/** All receipts in one PDF, or `?id=` for one; only the owner's (anyone else's: 404). */
export function receiptsDownloadRoute() {
  return async (request: Request): Promise<Response> => {
    const requestId = requestIdOf(request.headers);
    try {
      const ctx = await createContext(request.headers);
      if (!ctx.session) throw new AppError("UNAUTHENTICATED", SIGN_IN_REQUIRED_MESSAGE);
      const query = querySchema.safeParse({ id: new URL(request.url).searchParams.get("id") ?? undefined });
      if (!query.success) throw new TRPCError({ code: "BAD_REQUEST", cause: query.error });
      const file = await receiptsPdf(ctx.db, ctx.session, query.data.id);
      return new Response(new Uint8Array(file.bytes), {
        headers: attachmentHeaders({ mimeType: "application/pdf", sizeBytes: file.bytes.byteLength, fileName: file.fileName }, requestId),
      });
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}
