import type { Prisma } from "~/generated/prisma/client";
import { documentDownloadHref } from "~/lib/schemas/documents";
import type { ReviewChecklistItem, ReviewPurpose } from "~/lib/schemas/service-work";
import type { DbOrTx } from "~/server/db/client";
import { toRequestDto } from "../service-requests.service";
import { STAFF_REQUEST_FIELDS } from "../support-queue.service";

const DETAIL_FIELDS = {
  ...STAFF_REQUEST_FIELDS,
  purpose: true,
  verdict: true,
  missingItems: true,
  recheckRequestedAt: true,
  completedAt: true,
  messages: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      kind: true,
      status: true,
      body: true,
      fromStaff: true,
      createdAt: true,
      author: { select: { name: true } },
    },
  },
  comments: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      documentVersionId: true,
      body: true,
      round: true,
      createdAt: true,
      author: { select: { name: true } },
    },
  },
  documents: {
    orderBy: { addedAt: "asc" },
    select: {
      document: {
        select: {
          id: true,
          name: true,
          versions: {
            orderBy: { version: "asc" },
            select: { id: true, version: true, fileName: true, mimeType: true, sizeBytes: true, createdAt: true },
          },
        },
      },
    },
  },
} satisfies Prisma.ServiceRequestSelect;

type DetailRow = Prisma.ServiceRequestGetPayload<{ select: typeof DETAIL_FIELDS }>;

function toDetail({ messages, comments, documents, purpose, missingItems, ...row }: DetailRow) {
  return {
    ...toRequestDto(row),
    purpose: purpose as ReviewPurpose | null,
    missingItems: missingItems as ReviewChecklistItem[],
    messages: messages.map(({ author, ...message }) => ({ ...message, authorName: author?.name ?? null })),
    // Every version of each shared document, the ones uploaded after the request too, with the comments on it.
    documents: documents.map(({ document }) => ({
      id: document.id,
      name: document.name,
      versions: document.versions.map((version) => ({
        ...version,
        downloadHref: documentDownloadHref(document.id, version.version),
        comments: comments
          .filter((comment) => comment.documentVersionId === version.id)
          .map(({ author, documentVersionId: _, ...comment }) => ({ ...comment, authorName: author?.name ?? null })),
      })),
    })),
  };
}

export type RequestDetail = ReturnType<typeof toDetail>;

/** A request with its thread, its documents (each version with the reviewer's comments) and its verdict. */
export async function loadRequestDetail(db: DbOrTx, id: string): Promise<RequestDetail> {
  return toDetail(await db.serviceRequest.findUniqueOrThrow({ where: { id }, select: DETAIL_FIELDS }));
}
