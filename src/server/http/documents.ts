/**
 * The document routes: uploads (multipart/form-data, the one exception to the API's JSON bodies) and
 * downloads (the file itself). Both need the file's bytes, so they cannot go through the tRPC REST
 * adapter; this is their adapter, with the same context and error shapes. Cross-site posts are
 * refused by src/proxy.ts like every state-changing request.
 */
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { DOCUMENT_MESSAGES, documentNameSchema } from "~/lib/schemas/documents";
import { createContext } from "~/server/api/context";
import { AppError, SIGN_IN_REQUIRED_MESSAGE } from "~/server/errors";
import { readBodyBytes } from "~/server/http/body";
import { errorResponse } from "~/server/http/rest";
import { requestIdOf } from "~/server/observability/request-context";
import { consumeRateLimit } from "~/server/security/rate-limit";
import { openDocumentFile } from "~/server/services/documents/access.service";
import { fileTooLarge, maxFileBytes } from "~/server/services/documents/file-checks";
import { uploadDocument, uploadDocumentVersion } from "~/server/services/documents/upload.service";

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** Room for the form's boundaries, headers and name field around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const uploadFormSchema = z.object({
  file: z.instanceof(File, { message: DOCUMENT_MESSAGES.noFile }),
  name: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), documentNameSchema.optional()),
});

async function paramOf(context: RouteContext | undefined, name: string): Promise<string> {
  const value = (await context?.params)?.[name];
  return String(value ?? "");
}

/** The form's file and name; the body is refused past the size limit before and while it is read. */
async function readUploadForm(request: Request) {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type.trim())) throw new AppError("UNSUPPORTED_MEDIA_TYPE", DOCUMENT_MESSAGES.notMultipart);
  const body = await readBodyBytes(request, maxFileBytes() + FORM_OVERHEAD_BYTES, fileTooLarge);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("BAD_INPUT", DOCUMENT_MESSAGES.noFile);
  }
  const parsed = uploadFormSchema.safeParse({ file: form.get("file"), name: form.get("name") ?? undefined });
  if (!parsed.success) throw new TRPCError({ code: "BAD_REQUEST", cause: parsed.error });
  const { file, name } = parsed.data;
  return { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name, name };
}

/** POST /api/documents (a new document) and POST /api/documents/[id]/versions (its next version). */
export function documentUploadRoute(target: "document" | "version") {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    const requestId = requestIdOf(request.headers);
    try {
      const ctx = await createContext(request.headers);
      if (!ctx.session) throw new AppError("UNAUTHENTICATED", SIGN_IN_REQUIRED_MESSAGE);
      await consumeRateLimit(ctx.db, "upload", `user:${ctx.session.id}`);
      const form = await readUploadForm(request);
      const document =
        target === "document"
          ? await uploadDocument(ctx.db, ctx.session, form)
          : await uploadDocumentVersion(ctx.db, ctx.session, await paramOf(context, "id"), form);
      return Response.json({ success: true, document }, { status: 201, headers: { "x-request-id": requestId } });
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}

const versionSchema = z.coerce
  .number({ message: "version must be a whole number from 1." })
  .int("version must be a whole number from 1.")
  .min(1, "version must be a whole number from 1.")
  .optional();

/** RFC 5987 value: UTF-8, percent-encoded, with the characters encodeURIComponent leaves alone. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment` with an ASCII fallback name and the exact name in UTF-8. */
function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/** The headers of a file download: an attachment, its type trusted as given, never cached. */
export function attachmentHeaders(file: { mimeType: string; sizeBytes: number; fileName: string }, requestId: string): HeadersInit {
  return {
    "content-type": file.mimeType,
    "content-length": String(file.sizeBytes),
    "content-disposition": attachmentDisposition(file.fileName),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
    "x-request-id": requestId,
  };
}

/** GET /api/documents/[id]/download?version=N: the file, to its owner and to authorised staff only. */
export function documentDownloadRoute() {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    const requestId = requestIdOf(request.headers);
    try {
      const ctx = await createContext(request.headers);
      if (!ctx.session) throw new AppError("UNAUTHENTICATED", SIGN_IN_REQUIRED_MESSAGE);
      const version = versionSchema.safeParse(new URL(request.url).searchParams.get("version") ?? undefined);
      if (!version.success) throw new TRPCError({ code: "BAD_REQUEST", cause: version.error });
      const file = await openDocumentFile(ctx.db, ctx.session, await paramOf(context, "id"), version.data);
      return new Response(file.body, { headers: attachmentHeaders(file, requestId) });
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}
