import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { env } from "~/env";
import { cleanDisplayText, DOCUMENT_MESSAGES } from "~/lib/schemas/documents";
import { DOCUMENT_MAX_MB, DOCUMENT_MIME_TYPES, DOCUMENT_QUOTA_MB } from "~/lib/schemas/service-work";
import { fileTooLargeMessage } from "~/lib/ui/file-upload";
import { AppError } from "~/server/errors";

type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/** The extension a file of each accepted type is saved with, and the other spellings people use. */
const EXTENSIONS: Record<DocumentMimeType, readonly string[]> = {
  "application/pdf": ["pdf"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
};

const KNOWN_EXTENSIONS = new Set(Object.values(EXTENSIONS).flat());
const FILE_NAME_MAX = 150;

/** The limits in MB: the settings, else the product's own. */
export const maxFileMb = () => env.DOCUMENT_MAX_MB ?? DOCUMENT_MAX_MB;
export const quotaMb = () => env.DOCUMENT_QUOTA_MB ?? DOCUMENT_QUOTA_MB;
export const maxFileBytes = () => maxFileMb() * 1024 * 1024;
export const quotaBytes = () => quotaMb() * 1024 * 1024;

/** Throws 413 with the upload widget's own wording when a file passes the size limit. */
export function fileTooLarge(): AppError {
  return new AppError("TOO_LARGE", fileTooLargeMessage(maxFileMb()));
}

/** The accepted type of these bytes, read from the bytes themselves (magic numbers), or 415. */
async function detectDocumentType(bytes: Uint8Array): Promise<DocumentMimeType> {
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime as DocumentMimeType | undefined;
  if (!mime || !DOCUMENT_MIME_TYPES.includes(mime)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", DOCUMENT_MESSAGES.wrongType);
  return mime;
}

/**
 * A file name fit to show and to offer in Content-Disposition: the last path part only, no control
 * characters, at most 150 characters, ending in the extension of the type the bytes really are.
 * It is never used as a path (objects are stored under random keys).
 */
function cleanFileName(raw: string, mimeType: DocumentMimeType): string {
  const lastPart = raw.split(/[\\/]/).pop() ?? "";
  const cleaned = cleanDisplayText(lastPart).replace(/^[.\s]+/, "");
  const ext = path.extname(cleaned).slice(1).toLowerCase();
  const extensions = EXTENSIONS[mimeType];
  // A document extension that names another type is replaced; anything else stays part of the name.
  const stem = (KNOWN_EXTENSIONS.has(ext) ? cleaned.slice(0, -(ext.length + 1)) : cleaned).trim() || "document";
  const suffix = `.${extensions.includes(ext) ? ext : extensions[0]}`;
  return `${stem.slice(0, FILE_NAME_MAX - suffix.length).trim()}${suffix}`;
}

/** A document's name from its file's name: without the extension. */
export function nameFromFileName(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, "");
}

export interface CheckedFile {
  bytes: Uint8Array;
  mimeType: DocumentMimeType;
  fileName: string;
}

/** Every check on an uploaded file, on the server, whatever the browser checked before. */
export async function checkUploadedFile(bytes: Uint8Array, rawFileName: string): Promise<CheckedFile> {
  if (bytes.byteLength === 0) throw new AppError("BAD_INPUT", DOCUMENT_MESSAGES.empty);
  if (bytes.byteLength > maxFileBytes()) throw fileTooLarge();
  const mimeType = await detectDocumentType(bytes);
  return { bytes, mimeType, fileName: cleanFileName(rawFileName, mimeType) };
}
