import type { Prisma, RequestStatus } from "~/generated/prisma/client";
import { DOCUMENT_MESSAGES, documentDownloadHref } from "~/lib/schemas/documents";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { log } from "~/server/observability/log";
import { getObjectStorage, type ObjectStorage } from "~/server/storage";
import type { SessionClaims } from "../sessions.service";
import { maxFileBytes, maxFileMb, quotaBytes, quotaMb } from "./file-checks";

/** Requests in these states still need their documents; withdrawn requests do not. */
const OPEN_REQUEST_STATUSES: RequestStatus[] = ["pending", "processing", "approved"];
const openRequest = {
  status: { in: OPEN_REQUEST_STATUSES },
  withdrawnAt: null,
} satisfies Prisma.ServiceRequestWhereInput;

export const DOCUMENT_WITH_VERSIONS = {
  versions: {
    orderBy: { version: "desc" },
    select: { version: true, fileName: true, mimeType: true, sizeBytes: true, createdAt: true },
  },
  _count: { select: { requests: { where: { request: openRequest } } } },
} satisfies Prisma.DocumentInclude;

type DocumentRecord = Prisma.DocumentGetPayload<{ include: typeof DOCUMENT_WITH_VERSIONS }>;

/** A document as its owner sees it: newest version first, each with its download address. */
export function toDocumentDto({ _count, versions, userId: _userId, ...document }: DocumentRecord) {
  return {
    ...document,
    versions: versions.map((version) => ({
      ...version,
      downloadUrl: documentDownloadHref(document.id, version.version),
    })),
    latest: versions[0] ?? null,
    sizeBytes: versions.reduce((sum, version) => sum + version.sizeBytes, 0),
    sharedWithOpenRequest: _count.requests > 0,
  };
}

export type DocumentDto = ReturnType<typeof toDocumentDto>;

/** Bytes of all versions of all the user's documents: what the quota counts. */
export async function bytesUsedBy(db: Db, userId: string): Promise<number> {
  const sum = await db.documentVersion.aggregate({ where: { document: { userId } }, _sum: { sizeBytes: true } });
  return sum._sum.sizeBytes ?? 0;
}

export async function listDocuments(db: Db, actor: SessionClaims): Promise<DocumentDto[]> {
  const documents = await db.document.findMany({
    where: { userId: actor.id },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    include: DOCUMENT_WITH_VERSIONS,
  });
  return documents.map(toDocumentDto);
}

/** Storage used and the limits, for the quota bar and the upload form. */
export async function documentUsage(db: Db, actor: SessionClaims) {
  const [usedBytes, documents] = await Promise.all([bytesUsedBy(db, actor.id), db.document.count({ where: { userId: actor.id } })]);
  return {
    usedBytes,
    quotaBytes: quotaBytes(),
    maxFileBytes: maxFileBytes(),
    quotaMb: quotaMb(),
    maxFileMb: maxFileMb(),
    documents,
  };
}

async function ownedDocument(db: Db, actor: SessionClaims, id: string) {
  const document = await db.document.findFirst({ where: { id, userId: actor.id }, select: { id: true } });
  if (!document) throw new AppError("NOT_FOUND", DOCUMENT_MESSAGES.notFound);
  return document;
}

export async function renameDocument(db: Db, actor: SessionClaims, input: { id: string; name: string }): Promise<DocumentDto> {
  await ownedDocument(db, actor, input.id);
  return toDocumentDto(await db.document.update({ where: { id: input.id }, data: { name: input.name }, include: DOCUMENT_WITH_VERSIONS }));
}

/**
 * Deletes a document with every version and their stored files. A document shared with a request
 * that is still open stays: the reviewer or coach is working with it.
 */
export async function deleteDocument(db: Db, actor: SessionClaims, input: { id: string }, storage = getObjectStorage()) {
  await ownedDocument(db, actor, input.id);
  const keys = await db.$transaction(async (tx) => {
    const openShares = await tx.serviceRequestDocument.count({ where: { documentId: input.id, request: openRequest } });
    if (openShares > 0) throw new AppError("CONFLICT", DOCUMENT_MESSAGES.sharedWithOpenRequest);
    const versions = await tx.documentVersion.findMany({
      where: { documentId: input.id },
      select: { storageKey: true },
    });
    await tx.document.delete({ where: { id: input.id } });
    return versions.map((version) => version.storageKey);
  });
  await deleteStoredObjects(keys, storage);
  return { deleted: true as const };
}

/** The storage keys of every version of the user's documents (taken before the account is deleted). */
export async function storageKeysOfUser(db: Db, userId: string): Promise<string[]> {
  const versions = await db.documentVersion.findMany({ where: { document: { userId } }, select: { storageKey: true } });
  return versions.map((version) => version.storageKey);
}

/**
 * Removes stored files whose rows are gone. A failure is logged, not thrown: the rows are deleted
 * already, and the random keys lead nowhere without them.
 */
export async function deleteStoredObjects(keys: string[], storage: ObjectStorage = getObjectStorage()): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, index) => {
    if (result.status === "rejected")
      log.error({ storageKey: keys[index], err: result.reason }, "could not remove a stored document object");
  });
}

/** The documents' metadata for the account's data export (the files themselves download one by one). */
export async function exportDocuments(db: Db, userId: string) {
  const documents = await db.document.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: {
      name: true,
      createdAt: true,
      versions: {
        orderBy: { version: "asc" },
        select: { version: true, fileName: true, mimeType: true, sizeBytes: true, createdAt: true },
      },
    },
  });
  return documents;
}
