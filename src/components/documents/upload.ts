import { DOCUMENTS_UPLOAD_PATH, documentVersionsHref } from "~/lib/schemas/documents";
import type { RouterOutputs } from "~/trpc/react";

export type UserDocument = RouterOutputs["documents"]["list"][number];

const UPLOAD_FAILED = "The upload failed. Please try again.";

/**
 * Sends a file to the upload route (a new document, or the next version of `documentId`) and answers
 * the stored document; a refusal throws the server's own message (size, type, quota).
 */
export async function uploadDocumentFile(file: File, options: { name?: string; documentId?: string } = {}): Promise<UserDocument> {
  const body = new FormData();
  body.set("file", file);
  if (options.name?.trim()) body.set("name", options.name.trim());
  const url = options.documentId ? documentVersionsHref(options.documentId) : DOCUMENTS_UPLOAD_PATH;
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", body });
  } catch {
    throw new Error(UPLOAD_FAILED);
  }
  const json = (await response.json().catch(() => null)) as {
    success?: boolean;
    error?: string;
    document?: UserDocument;
  } | null;
  if (!response.ok || !json?.success || !json.document) throw new Error(json?.error ?? UPLOAD_FAILED);
  return json.document;
}
