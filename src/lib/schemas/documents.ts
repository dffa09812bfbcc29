import { z } from "zod";

/** Addresses of a document's files (served by src/server/http/documents.ts). */
export function documentDownloadHref(documentId: string, version?: number): string {
  const base = `/api/documents/${encodeURIComponent(documentId)}/download`;
  return version === undefined ? base : `${base}?version=${version}`;
}
export function documentVersionsHref(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}/versions`;
}
export const DOCUMENTS_UPLOAD_PATH = "/api/documents";

const DOCUMENT_NAME_MAX = 120;

/** Control and format characters (including right-to-left overrides that disguise a name's end). */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}]/gu;

/** A name as people see it: no control characters, single spaces. */
export function cleanDisplayText(value: string): string {
  return value.replace(HIDDEN_CHARACTERS, "").replace(/\s+/g, " ").trim();
}

export const documentNameSchema = z
  .string()
  .transform(cleanDisplayText)
  .pipe(
    z
      .string()
      .min(1, "Give the document a name.")
      .max(DOCUMENT_NAME_MAX, `A document name can have at most ${DOCUMENT_NAME_MAX} characters.`),
  );

export const documentIdSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const renameDocumentSchema = documentIdSchema.extend({ name: documentNameSchema });

/** The file types the server accepts, as their detected MIME type, with the words people know them by. */
export const DOCUMENT_TYPE_LABELS: Record<string, string> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word",
};

export const DOCUMENT_MESSAGES = {
  wrongType: "This file is not a PDF, JPEG, PNG or Word document (.docx).",
  empty: "This file is empty.",
  noFile: 'Choose a file to upload (form field "file").',
  notMultipart: "Send the file as multipart/form-data.",
  notFound: "That document does not exist.",
  versionNotFound: "That version of the document does not exist.",
  fileMissing: "This file is no longer available.",
  sharedWithOpenRequest:
    "This document is shared with a service request that is still open. You can delete it once the request is completed, rejected or withdrawn.",
  quota: (quotaMb: number, usedBytes: number) =>
    `Your documents may take up to ${quotaMb} MB and you are using ${formatBytes(usedBytes)}: this file does not fit. Delete documents you no longer need to make room.`,
} as const;

/** 1.2 MB, 340 KB, 12 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
