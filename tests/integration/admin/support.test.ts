/**
 * /admin/support: the queue of service requests (filters, order, status changes, assignment to an
 * active coach) and of contact messages (handled or not, mark handled, reply by mail), each change audited.
 */
import { subDays, subHours } from "date-fns";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SUPPORT_MESSAGES } from "~/server/services/support-queue.service";
import { createStaff } from "../../helpers/admin";
import { createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";
import { createCoachRecord, createContactMessage, createServiceRequest, rejection } from "./fixtures";

let t: TestDatabase;
let backoffice: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestDatabase();
  backoffice = await createStaff(t.db, "backoffice");
});
afterAll(() => t?.stop());

const support = () => backoffice.caller.admin.support;

describe("service requests", () => {
  beforeEach(async () => {
    await t.db.serviceRequest.deleteMany();
  });

  it("lists open requests urgent first, then the oldest; filters status, service and priority; searches the sender", async () => {
    const lena = await createUser(t.db, { firstName: "Lena", lastName: "Vogel" });
    const omar = await createUser(t.db, { firstName: "Omar", lastName: "Haddad" });
    const standard = await createServiceRequest(t.db, lena.claims.id, { createdAt: subHours(new Date(), 5) });
    const urgent = await createServiceRequest(t.db, omar.claims.id, { priority: "urgent", service: "consultation" });
    const olderHigh = await createServiceRequest(t.db, omar.claims.id, {
      priority: "high",
      createdAt: subDays(new Date(), 2),
    });
    const newerHigh = await createServiceRequest(t.db, lena.claims.id, {
      priority: "high",
      service: "document-review",
    });
    const done = await createServiceRequest(t.db, lena.claims.id, { priority: "urgent" });
    await t.db.serviceRequest.update({ where: { id: done.id }, data: { status: "completed" } });

    const open = await support().serviceRequests({});
    expect(open.total).toBe(4);
    expect(open.rows.map((row) => row.id)).toEqual([urgent.id, olderHigh.id, newerHigh.id, standard.id]);
    expect(open.rows[0]).toMatchObject({
      priority: "urgent",
      service: "consultation",
      user: { email: omar.email },
      coach: null,
    });

    expect((await support().serviceRequests({ status: "all" })).total).toBe(5);
    expect((await support().serviceRequests({ status: "completed" })).rows.map((row) => row.id)).toEqual([done.id]);
    expect((await support().serviceRequests({ service: "document-review" })).rows.map((row) => row.id)).toEqual([newerHigh.id]);
    expect((await support().serviceRequests({ priority: "high" })).rows.map((row) => row.id)).toEqual([olderHigh.id, newerHigh.id]);
    expect((await support().serviceRequests({ q: "VOGEL" })).rows.map((row) => row.id)).toEqual([newerHigh.id, standard.id]);
    expect((await support().serviceRequests({ sort: "createdAt", dir: "desc" })).rows.map((row) => row.id)).toEqual([
      newerHigh.id,
      urgent.id,
      standard.id,
      olderHigh.id,
    ]);
    expect((await support().serviceRequests({ pageSize: 10, page: 2 })).rows).toEqual([]);
  });

  it("changes a status with an audit row; the same status again writes nothing; unknown ids are 404", async () => {
    const student = await createUser(t.db);
    const request = await createServiceRequest(t.db, student.claims.id);
    expect(await support().setRequestStatus({ id: request.id, status: "approved" })).toEqual({
      success: true,
      changed: true,
    });
    expect(await support().setRequestStatus({ id: request.id, status: "approved" })).toEqual({
      success: true,
      changed: false,
    });
    expect(await t.db.auditLog.findMany({ where: { action: "service_request.status_changed", targetId: request.id } })).toMatchObject([
      {
        actorId: backoffice.claims.id,
        targetType: "service_request",
        before: { status: "pending" },
        after: { status: "approved" },
      },
    ]);
    expect(await rejection(support().setRequestStatus({ id: "missing", status: "approved" }))).toEqual({
      code: "NOT_FOUND",
      message: SUPPORT_MESSAGES.requestNotFound,
    });
  });

  it("assigns a request to an active coach and back, audited; an inactive coach is 409, an unknown one 404", async () => {
    const student = await createUser(t.db);
    const request = await createServiceRequest(t.db, student.claims.id);
    const coach = await createCoachRecord(t.db, { displayName: "Jonas Berger" });
    const inactive = await createCoachRecord(t.db, { displayName: "Away Coach", active: false });

    expect((await support().coachOptions()).map((option) => option.id)).toContain(coach.id);
    expect((await support().coachOptions()).map((option) => option.id)).not.toContain(inactive.id);

    expect(await support().assignRequest({ requestId: request.id, coachId: coach.id })).toEqual({
      coach: { id: coach.id, displayName: "Jonas Berger" },
      changed: true,
    });
    expect((await support().serviceRequests({})).rows[0]).toMatchObject({
      id: request.id,
      coach: { id: coach.id, displayName: "Jonas Berger", active: true },
    });
    expect(await t.db.auditLog.findMany({ where: { action: "service_request.assigned", targetId: request.id } })).toMatchObject([
      { before: { coachId: null }, after: { coachId: coach.id, coachName: "Jonas Berger" } },
    ]);

    expect(await rejection(support().assignRequest({ requestId: request.id, coachId: inactive.id }))).toEqual({
      code: "CONFLICT",
      message: SUPPORT_MESSAGES.coachInactive,
    });
    expect(await rejection(support().assignRequest({ requestId: request.id, coachId: "missing" }))).toEqual({
      code: "NOT_FOUND",
      message: SUPPORT_MESSAGES.coachNotFound,
    });
    expect(await rejection(support().assignRequest({ requestId: "missing", coachId: coach.id }))).toEqual({
      code: "NOT_FOUND",
      message: SUPPORT_MESSAGES.requestNotFound,
    });
    expect((await t.db.serviceRequest.findUniqueOrThrow({ where: { id: request.id } })).assignedCoachId).toBe(coach.id);

    expect(await support().assignRequest({ requestId: request.id, coachId: null })).toMatchObject({
      coach: null,
      changed: true,
    });
    expect((await t.db.serviceRequest.findUniqueOrThrow({ where: { id: request.id } })).assignedCoachId).toBeNull();
    expect(await t.db.auditLog.count({ where: { action: "service_request.unassigned", targetId: request.id } })).toBe(1);
  });
});

describe("contact messages", () => {
  beforeEach(async () => {
    await t.db.contactMessage.deleteMany();
  });

  it("lists unhandled messages by default, urgent first; handled and all on request; filters origin; searches", async () => {
    const old = await createContactMessage(t.db, { subject: "Press", createdAt: subDays(new Date(), 1) });
    const partner = await createContactMessage(t.db, {
      subject: "Partnership",
      origin: "institutes",
      name: "TU Example",
    });
    const urgent = await t.db.contactMessage.update({
      where: { id: (await createContactMessage(t.db)).id },
      data: { priority: "urgent" },
    });
    const handled = await createContactMessage(t.db);
    await support().markHandled({ id: handled.id });

    expect((await support().contactMessages({})).rows.map((row) => row.id)).toEqual([urgent.id, old.id, partner.id]);
    expect((await support().contactMessages({ handled: "handled" })).rows).toMatchObject([
      { id: handled.id, handledBy: { name: backoffice.claims.name, email: backoffice.email }, replies: [] },
    ]);
    expect((await support().contactMessages({ handled: "all" })).total).toBe(4);
    expect((await support().contactMessages({ origin: "institutes" })).rows.map((row) => row.id)).toEqual([partner.id]);
    expect((await support().contactMessages({ q: "tu exam" })).rows.map((row) => row.id)).toEqual([partner.id]);
    expect((await support().contactMessages({ sort: "createdAt", dir: "asc" })).rows[0]!.id).toBe(old.id);
  });

  it("marks a message handled by the staff member, audited; twice is 409, unknown 404", async () => {
    const message = await createContactMessage(t.db);
    expect(await support().markHandled({ id: message.id })).toEqual({ success: true });
    const stored = await t.db.contactMessage.findUniqueOrThrow({ where: { id: message.id } });
    expect(stored.handledById).toBe(backoffice.claims.id);
    expect(stored.handledAt).toBeInstanceOf(Date);
    expect(await t.db.auditLog.findMany({ where: { action: "contact_message.handled", targetId: message.id } })).toMatchObject([
      { actorId: backoffice.claims.id, targetType: "contact_message", after: { handledById: backoffice.claims.id } },
    ]);
    expect(await rejection(support().markHandled({ id: message.id }))).toEqual({
      code: "CONFLICT",
      message: SUPPORT_MESSAGES.alreadyHandled,
    });
    expect(await rejection(support().markHandled({ id: "missing" }))).toEqual({
      code: "NOT_FOUND",
      message: SUPPORT_MESSAGES.messageNotFound,
    });
  });

  it("replies by mail: the contact-reply mail is in the outbox, the message is handled, the audit row keeps the text", async () => {
    const sender = await createUser(t.db, { firstName: "Aisha" });
    const message = await createContactMessage(t.db, {
      name: "Aisha Khan",
      email: sender.email,
      subject: "Account or billing",
      userId: sender.claims.id,
    });
    const reply = "Hello Aisha,\n\nyour refund is on its way.\n\nIt takes 5 to 10 days.";
    const { mailId } = await support().replyToContact({ id: message.id, reply: `  ${reply}  ` });

    const mail = await t.db.mailMessage.findUniqueOrThrow({ where: { id: mailId } });
    expect(mail).toMatchObject({
      to: sender.email,
      kind: "contact-reply",
      userId: sender.claims.id,
      subject: "Re: Account or billing",
      status: "queued",
    });
    expect(mail.text).toContain("your refund is on its way.");
    expect(mail.text).toContain(`${backoffice.claims.name}, `);
    expect(await t.db.job.count({ where: { payload: { path: ["mailId"], equals: mailId } } })).toBe(1);

    const stored = await t.db.contactMessage.findUniqueOrThrow({ where: { id: message.id } });
    expect(stored.handledById).toBe(backoffice.claims.id);
    const [audit] = await t.db.auditLog.findMany({
      where: { action: "contact_message.replied", targetId: message.id },
    });
    expect(audit).toMatchObject({
      actorEmail: backoffice.email,
      before: { handledAt: null },
      after: { mailId, replyLength: reply.length, handledById: backoffice.claims.id },
    });
    expect(JSON.stringify(audit!.after)).not.toContain("refund"); // the text stays in the mail, not in the permanent log

    const listed = (await support().contactMessages({ handled: "handled" })).rows.find((row) => row.id === message.id)!;
    expect(listed.replies).toMatchObject([{ by: backoffice.email, status: "queued" }]);
    expect(listed.replies[0]!.text).toContain("your refund is on its way.");

    // A follow-up reply from a colleague keeps the first handling.
    const colleague = await createStaff(t.db, "admin");
    await colleague.caller.admin.support.replyToContact({
      id: message.id,
      reply: "One more thing: the receipt is in your billing tab.",
    });
    expect((await t.db.contactMessage.findUniqueOrThrow({ where: { id: message.id } })).handledById).toBe(backoffice.claims.id);
    expect(await t.db.mailMessage.count({ where: { to: sender.email, kind: "contact-reply" } })).toBe(2);
  });

  it("refuses an empty or over-long reply and an unknown message, and sends nothing then", async () => {
    const message = await createContactMessage(t.db);
    expect(await rejection(support().replyToContact({ id: message.id, reply: "   " }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Write a reply",
    });
    expect(await rejection(support().replyToContact({ id: message.id, reply: "x".repeat(5001) }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "The reply must be at most 5,000 characters",
    });
    expect(await rejection(support().replyToContact({ id: "missing", reply: "Hello" }))).toEqual({
      code: "NOT_FOUND",
      message: SUPPORT_MESSAGES.messageNotFound,
    });
    expect(await t.db.mailMessage.count({ where: { to: message.email } })).toBe(0);
    expect((await t.db.contactMessage.findUniqueOrThrow({ where: { id: message.id } })).handledAt).toBeNull();
  });
});
