import { ANY_STAFF } from "~/lib/admin-sections";
import { createCoachRecord, createContactMessage, createServiceRequest } from "../fixtures";
import type { AdminProcedureCase, CaseContext } from "./types";

const requests = ["backoffice:services", "support"] as const;
const messages = ["support"] as const;

/**
 * A request the calling staff member may work on: assigned to them as coach (the least powerful
 * role reaching these procedures, designer, holds none of the section's keys). A document review
 * with one shared document version.
 */
async function assignedReview({ db, staff, student }: CaseContext) {
  const coach =
    (await db.coach.findUnique({ where: { userId: staff.id } })) ??
    (await db.coach.create({ data: { userId: staff.id, displayName: "Case coach" } }));
  const document = await db.document.create({
    data: {
      userId: student.id,
      name: "CV",
      versions: {
        create: {
          version: 1,
          storageKey: `case-${crypto.randomUUID()}`,
          fileName: "cv.pdf",
          mimeType: "application/pdf",
          sizeBytes: 10,
        },
      },
    },
    include: { versions: true },
  });
  const request = await db.serviceRequest.create({
    data: {
      userId: student.id,
      service: "document-review",
      purpose: "cv",
      message: "Please review my CV.",
      priority: "high",
      assignedCoachId: coach.id,
      documents: { create: { documentId: document.id } },
    },
  });
  return { requestId: request.id, versionId: document.versions[0]!.id };
}

export const cases: AdminProcedureCase[] = [
  {
    path: "admin.support.serviceRequests",
    access: requests,
    input: () => ({ status: "all", priority: "urgent" }),
    badInput: { status: "lost" },
  },
  {
    path: "admin.support.setRequestStatus",
    access: ANY_STAFF,
    input: async (ctx) => ({ id: (await assignedReview(ctx)).requestId, status: "processing", note: "Started." }),
    badInput: { id: "someone", status: "lost" },
  },
  {
    path: "admin.support.request",
    access: ANY_STAFF,
    input: async (ctx) => ({ requestId: (await assignedReview(ctx)).requestId }),
    badInput: { requestId: "" },
  },
  { path: "admin.support.myRequests", access: ANY_STAFF },
  {
    path: "admin.support.replyToRequest",
    access: ANY_STAFF,
    input: async (ctx) => ({ requestId: (await assignedReview(ctx)).requestId, body: "We are on it." }),
    badInput: { requestId: "x", body: "  " },
  },
  {
    path: "admin.support.commentOnVersion",
    access: ANY_STAFF,
    input: async (ctx) => {
      const { requestId, versionId } = await assignedReview(ctx);
      return { requestId, documentVersionId: versionId, body: "Use the Europass layout." };
    },
    badInput: { requestId: "x", documentVersionId: "", body: "Hi" },
  },
  {
    path: "admin.support.completeReview",
    access: ANY_STAFF,
    input: async (ctx) => ({
      requestId: (await assignedReview(ctx)).requestId,
      verdict: "Ready to submit.",
      missingItems: ["aps"],
    }),
    badInput: { requestId: "x", verdict: "Fine", missingItems: ["unknown"] },
  },
  {
    path: "admin.support.assignRequest",
    access: requests,
    input: async ({ db, student }) => ({
      requestId: (await createServiceRequest(db, student.id)).id,
      coachId: (await createCoachRecord(db)).id,
    }),
    badInput: { requestId: "", coachId: null },
  },
  { path: "admin.support.coachOptions", access: requests },
  {
    path: "admin.support.contactMessages",
    access: messages,
    input: () => ({ handled: "all", origin: "business" }),
    badInput: { handled: "maybe" },
  },
  {
    path: "admin.support.markHandled",
    access: messages,
    input: async ({ db }) => ({ id: (await createContactMessage(db)).id }),
    badInput: { id: "" },
  },
  {
    path: "admin.support.replyToContact",
    access: messages,
    input: async ({ db }) => ({
      id: (await createContactMessage(db)).id,
      reply: "Thank you for writing; here is the answer.",
    }),
    badInput: { id: "someone", reply: "   " },
  },
];
