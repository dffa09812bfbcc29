import { isStaff } from "~/lib/permissions";
import { DOCUMENT_MESSAGES } from "~/lib/schemas/documents";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { getObjectStorage, StoredObjectMissingError } from "~/server/storage";
import { worksOnEveryRequest } from "../request-work/access";
import type { SessionClaims } from "../sessions.service";

type Reader = Pick<SessionClaims, "id" | "role" | "twoFactorEnabled">;

/**
 * Who may read a document: its owner; staff whose role opens the support section; and the active coach
 * assigned to a request (or booked for a session) that the document is shared with. Staff powers
 * need two-factor sign-in, as everywhere in the management area.
 */
export async function canReadDocument(db: Db, actor: Reader | null, documentId: string): Promise<boolean> {
  if (!actor) return false;
  const document = await db.document.findUnique({ where: { id: documentId }, select: { userId: true } });
  if (!document) return false;
  if (document.userId === actor.id) return true;
  if (!isStaff(actor.role) || !actor.twoFactorEnabled) return false;
  if (worksOnEveryRequest(actor.role)) return true;
  const activeCoach = { userId: actor.id, active: true };
  const asCoach = await db.serviceRequestDocument.count({
    where: { documentId, request: { OR: [{ coach: activeCoach }, { booking: { coach: activeCoach } }] } },
  });
  return asCoach > 0;
}

/**
 * One version of a document (the newest by default) to download, for a reader `canReadDocument`
 * allows; to everybody else it does not exist.
 */
export async function openDocumentFile(db: Db, actor: Reader | null, documentId: string, version?: number, storage = getObjectStorage()) {
  if (!(await canReadDocument(db, actor, documentId))) throw new AppError("NOT_FOUND", DOCUMENT_MESSAGES.notFound);
  const file = await db.documentVersion.findFirst({
    where: { documentId, ...(version === undefined ? {} : { version }) },
    orderBy: { version: "desc" },
    select: { storageKey: true, fileName: true, mimeType: true, sizeBytes: true },
  });
  if (!file) throw new AppError("NOT_FOUND", DOCUMENT_MESSAGES.versionNotFound);
  try {
    return {
      fileName: file.fileName,
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
      body: await storage.get(file.storageKey),
    };
  } catch (error) {
    if (error instanceof StoredObjectMissingError) throw new AppError("NOT_FOUND", DOCUMENT_MESSAGES.fileMissing);
    throw error;
  }
}
