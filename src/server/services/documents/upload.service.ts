import { DOCUMENT_MESSAGES } from "~/lib/schemas/documents";
import type { Db } from "~/server/db/client";
import { withLock } from "~/server/db/locks";
import { AppError } from "~/server/errors";
import { log } from "~/server/observability/log";
import { getObjectStorage, newStorageKey, type ObjectStorage } from "~/server/storage";
import type { SessionClaims } from "../sessions.service";
import { bytesUsedBy, DOCUMENT_WITH_VERSIONS, toDocumentDto } from "./documents.service";
import { type CheckedFile, checkUploadedFile, nameFromFileName, quotaBytes, quotaMb } from "./file-checks";

export interface UploadInput {
  bytes: Uint8Array;
  /** The name the browser sent; cleaned, shown and offered on download, never used as a path. */
  fileName: string;
}

/**
 * Stores the checked file under a new random key and records it with `record`, one upload of the
 * user at a time, so that two uploads cannot both squeeze under the quota. Bytes that could not be
 * recorded are removed again.
 */
async function storeWithinQuota<T>(
  db: Db,
  actor: SessionClaims,
  file: CheckedFile,
  storage: ObjectStorage,
  record: (storageKey: string) => Promise<T>,
): Promise<T> {
  return withLock(db, `documents:${actor.id}`, async () => {
    const used = await bytesUsedBy(db, actor.id);
    if (used + file.bytes.byteLength > quotaBytes()) throw new AppError("CONFLICT", DOCUMENT_MESSAGES.quota(quotaMb(), used));
    const storageKey = newStorageKey();
    await storage.put(storageKey, file.bytes, file.mimeType);
    try {
      return await record(storageKey);
    } catch (error) {
      await storage
        .delete(storageKey)
        .catch((cleanup: unknown) => log.error({ storageKey, err: cleanup }, "could not remove an unrecorded document object"));
      throw error;
    }
  });
}

/** A new document with its first version; `name` defaults to the file's name without extension. */
export async function uploadDocument(db: Db, actor: SessionClaims, input: UploadInput & { name?: string }, storage = getObjectStorage()) {
  const file = await checkUploadedFile(input.bytes, input.fileName);
  const document = await storeWithinQuota(db, actor, file, storage, (storageKey) =>
    db.document.create({
      data: {
        userId: actor.id,
        name: input.name ?? nameFromFileName(file.fileName),
        versions: {
          create: {
            version: 1,
            storageKey,
            fileName: file.fileName,
            mimeType: file.mimeType,
            sizeBytes: file.bytes.byteLength,
          },
        },
      },
      include: DOCUMENT_WITH_VERSIONS,
    }),
  );
  return toDocumentDto(document);
}

/** The next version of one of the user's documents (earlier versions are kept). */
export async function uploadDocumentVersion(
  db: Db,
  actor: SessionClaims,
  documentId: string,
  input: UploadInput,
  storage = getObjectStorage(),
) {
  const owned = await db.document.findFirst({ where: { id: documentId, userId: actor.id }, select: { id: true } });
  if (!owned) throw new AppError("NOT_FOUND", DOCUMENT_MESSAGES.notFound);
  const file = await checkUploadedFile(input.bytes, input.fileName);
  const document = await storeWithinQuota(db, actor, file, storage, async (storageKey) => {
    const latest = await db.documentVersion.aggregate({ where: { documentId }, _max: { version: true } });
    return db.document.update({
      where: { id: documentId, userId: actor.id },
      data: {
        versions: {
          create: {
            version: (latest._max.version ?? 0) + 1,
            storageKey,
            fileName: file.fileName,
            mimeType: file.mimeType,
            sizeBytes: file.bytes.byteLength,
          },
        },
      },
      include: DOCUMENT_WITH_VERSIONS,
    });
  });
  return toDocumentDto(document);
}
