import { createCoachRecord, createContactMessage, createServiceRequest } from "../fixtures";
import type { AdminProcedureCase } from "./types";

const requests = ["backoffice:services"] as const;
const messages = ["support"] as const;

export const cases: AdminProcedureCase[] = [
  { path: "admin.support.serviceRequests", access: requests, input: () => ({ status: "all", priority: "urgent" }), badInput: { status: "lost" } },
  {
    path: "admin.support.setRequestStatus",
    access: requests,
    input: async ({ db, student }) => ({ id: (await createServiceRequest(db, student.id)).id, status: "processing" }),
    badInput: { id: "someone", status: "lost" },
  },
  {
    path: "admin.support.assignRequest",
    access: requests,
    input: async ({ db, student }) => ({ requestId: (await createServiceRequest(db, student.id)).id, coachId: (await createCoachRecord(db)).id }),
    badInput: { requestId: "", coachId: null },
  },
  { path: "admin.support.coachOptions", access: requests },
  { path: "admin.support.contactMessages", access: messages, input: () => ({ handled: "all", origin: "business" }), badInput: { handled: "maybe" } },
  { path: "admin.support.markHandled", access: messages, input: async ({ db }) => ({ id: (await createContactMessage(db)).id }), badInput: { id: "" } },
  {
    path: "admin.support.replyToContact",
    access: messages,
    input: async ({ db }) => ({ id: (await createContactMessage(db)).id, reply: "Thank you for writing; here is the answer." }),
    badInput: { id: "someone", reply: "   " },
  },
];
