/**
 * The work on a service request: a review of the user's own documents within the plan, withdrawal
 * giving the month back, staff status changes with a note (message, notification, mail), comments
 * per document version, completion, the one re-check, and who may act (section staff, the assigned
 * coach; not a student, not another coach).
 */
import { addDays, subDays } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanId } from "~/lib/plans";
import { SERVICE_REQUEST_MESSAGES } from "~/lib/schemas/entitlements";
import { REQUEST_WORK_MESSAGES } from "~/lib/schemas/request-work";
import { createStaff } from "../../helpers/admin";
import { callerFor, createUser } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";
import { rejection } from "../admin/fixtures";

let t: TestDatabase;
let backoffice: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestDatabase();
  backoffice = await createStaff(t.db, "backoffice");
});
afterAll(() => t?.stop());

type User = Awaited<ReturnType<typeof createUser>>;
const api = (user: User) => callerFor(t.db, user.claims);
const HELP = "Please check my documents for the uni-assist application.";

async function userOn(planId: PlanId) {
  const user = await createUser(t.db);
  if (planId === "free") return user;
  await t.db.subscription.create({
    data: {
      userId: user.claims.id,
      gatewaySubscriptionId: `sub_test_${user.claims.id}`,
      customerId: `cus_test_${user.claims.id}`,
      planId,
      status: "active",
      currentPeriodStart: subDays(new Date(), 1),
      currentPeriodEnd: addDays(new Date(), 29),
    },
  });
  return user;
}

let keys = 0;
/** A document with `versions` uploaded versions, as the documents' upload route stores it. */
async function documentOf(user: User, name = "CV", versions = 1) {
  return t.db.document.create({
    data: {
      userId: user.claims.id,
      name,
      versions: {
        create: Array.from({ length: versions }, (_, i) => ({
          version: i + 1,
          storageKey: `test-key-${++keys}`,
          fileName: `${name}.pdf`,
          mimeType: "application/pdf",
          sizeBytes: 1000,
        })),
      },
    },
    include: { versions: { orderBy: { version: "asc" } } },
  });
}

async function reviewOf(user: User, documentIds: string[]) {
  return api(user).services.request({ service: "document-review", message: HELP, purpose: "uni_assist", documentIds });
}

/** A designer account that is an active coach, signed in with two factors. */
async function coachAccount() {
  const staff = await createStaff(t.db, "designer");
  const coach = await t.db.coach.create({ data: { userId: staff.claims.id, displayName: `Coach ${staff.lastName}` } });
  return { ...staff, coach };
}

describe("requesting a document review", () => {
  it("links the user's own documents and purpose; another user's document is refused and nothing is written", async () => {
    const pro = await userOn("pro");
    const cv = await documentOf(pro, "CV");
    const letter = await documentOf(pro, "Motivation letter");
    const created = await reviewOf(pro, [cv.id, letter.id, cv.id]);
    expect(created).toMatchObject({
      service: "document-review",
      purpose: "uni_assist",
      status: "pending",
      priority: "high",
      withdrawnAt: null,
    });
    const detail = await api(pro).services.detail({ requestId: created.id });
    expect(detail.documents.map((document) => document.name)).toEqual(["CV", "Motivation letter"]);
    expect(detail.documents[0]!.versions[0]).toMatchObject({
      version: 1,
      downloadHref: `/api/documents/${cv.id}/download?version=1`,
      comments: [],
    });

    const other = await userOn("pro");
    const foreign = await documentOf(other, "Someone's passport");
    expect(await rejection(reviewOf(pro, [cv.id, foreign.id]))).toEqual({
      code: "NOT_FOUND",
      message: SERVICE_REQUEST_MESSAGES.documentNotFound,
    });
    expect(await t.db.serviceRequest.count({ where: { userId: pro.claims.id } })).toBe(1);
  });

  it("needs documents and a purpose", async () => {
    const pro = await userOn("pro");
    const error = await rejection(api(pro).services.request({ service: "document-review", message: HELP }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain(SERVICE_REQUEST_MESSAGES.documentsRequired);
  });

  it("is refused on Free, allowed on Pro up to the monthly maximum; a withdrawal gives the allowance back", async () => {
    const free = await userOn("free");
    const freeDocument = await documentOf(free);
    expect((await rejection(reviewOf(free, [freeDocument.id]))).code).toBe("FORBIDDEN");

    const pro = await userOn("pro");
    const cv = await documentOf(pro);
    const made: { id: string }[] = [];
    for (let i = 0; i < 5; i++) made.push(await reviewOf(pro, [cv.id]));
    const over = await rejection(reviewOf(pro, [cv.id]));
    expect(over.code).toBe("FORBIDDEN");
    expect(over.message).toContain("Your Pro plan includes 5 service requests per month");

    expect(await api(pro).services.withdraw({ id: made[0]!.id })).toEqual({ success: true });
    expect(await api(pro).services.usage({ service: "document-review" })).toMatchObject({ used: 4, max: 5 });
    expect(await api(pro).billing.overview()).toMatchObject({ services: { used: 4, max: 5 } });
    const withdrawn = (await api(pro).services.mine({ service: "document-review" })).find((row) => row.id === made[0]!.id);
    expect(withdrawn?.withdrawnAt).toBeInstanceOf(Date);
    expect((await rejection(api(pro).services.withdraw({ id: made[0]!.id }))).message).toBe(SERVICE_REQUEST_MESSAGES.alreadyWithdrawn);
    expect((await reviewOf(pro, [cv.id])).status).toBe("pending");

    // Staff see it as withdrawn and cannot act on it.
    expect((await backoffice.caller.admin.support.serviceRequests({})).rows.map((row) => row.id)).not.toContain(made[0]!.id);
    expect(await rejection(backoffice.caller.admin.support.setRequestStatus({ id: made[0]!.id, status: "processing" }))).toEqual({
      code: "CONFLICT",
      message: REQUEST_WORK_MESSAGES.withdrawn,
    });
  });

  it("a withdrawn consultation is not counted in the Account tab", async () => {
    const unlimited = await userOn("unlimited");
    const consultation = await api(unlimited).services.request({
      service: "consultation",
      message: HELP,
      preferredDate: addDays(new Date(), 3).toISOString().slice(0, 10),
      preferredTime: "morning",
    });
    await api(unlimited).services.withdraw({ id: consultation.id });
    expect((await api(unlimited).account.overview()).activity.consultations).toBe(0);
  });
});

describe("staff work on a review", () => {
  it("status change with a note: status message, notification, mail and audit; the student reads it", async () => {
    const pro = await userOn("pro");
    const cv = await documentOf(pro);
    const request = await reviewOf(pro, [cv.id]);
    expect(
      await backoffice.caller.admin.support.setRequestStatus({
        id: request.id,
        status: "processing",
        note: "A reviewer is reading your CV now.",
      }),
    ).toEqual({ success: true, changed: true });
    expect(await backoffice.caller.admin.support.setRequestStatus({ id: request.id, status: "processing" })).toEqual({
      success: true,
      changed: false,
    });

    const detail = await api(pro).services.detail({ requestId: request.id });
    expect(detail.status).toBe("processing");
    expect(detail.messages).toMatchObject([
      { kind: "status", status: "processing", fromStaff: true, body: "A reviewer is reading your CV now." },
    ]);
    expect(
      await t.db.notification.findMany({
        where: { userId: pro.claims.id },
        select: { kind: true, requestId: true, text: true },
      }),
    ).toEqual([{ kind: "service_update", requestId: request.id, text: "Document Review: your request is now processing" }]);
    const mails = await t.db.mailMessage.findMany({ where: { to: pro.email, kind: "service-update" } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Document Review: your request is now processing");
    expect(mails[0]!.text).toContain("A reviewer is reading your CV now.");
    expect(mails[0]!.text).toContain(`/services/requests/${request.id}`);
    expect(
      await t.db.auditLog.count({
        where: { action: "service_request.status_changed", targetId: request.id, actorId: backoffice.claims.id },
      }),
    ).toBe(1);
  });

  it("comments per version and round, completes with a verdict; one re-check, then round 2 comments; the student cannot act as staff", async () => {
    const pro = await userOn("pro");
    const cv = await documentOf(pro, "CV");
    const request = await reviewOf(pro, [cv.id]);
    const staff = backoffice.caller.admin.support;
    const v1 = cv.versions[0]!;
    await staff.commentOnVersion({ requestId: request.id, documentVersionId: v1.id, body: "Use the Europass layout." });

    const elsewhere = await documentOf(pro, "Passport");
    expect(
      await rejection(
        staff.commentOnVersion({
          requestId: request.id,
          documentVersionId: elsewhere.versions[0]!.id,
          body: "Not shared.",
        }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: REQUEST_WORK_MESSAGES.versionNotShared });
    expect((await rejection(staff.commentOnVersion({ requestId: request.id, documentVersionId: v1.id, body: "   " }))).code).toBe(
      "BAD_REQUEST",
    );

    // A student calling the staff procedures is refused; a re-check before completion is too early.
    for (const call of [
      () => api(pro).admin.support.completeReview({ requestId: request.id, verdict: "Fine." }),
      () => api(pro).admin.support.request({ requestId: request.id }),
    ]) {
      expect((await rejection(call())).code).toBe("FORBIDDEN");
    }
    expect(await rejection(api(pro).services.recheck({ requestId: request.id }))).toEqual({
      code: "CONFLICT",
      message: REQUEST_WORK_MESSAGES.recheckNotReady,
    });

    await staff.completeReview({
      requestId: request.id,
      verdict: "Good CV; the APS certificate is missing.",
      missingItems: ["aps", "aps"],
    });
    expect(await rejection(staff.completeReview({ requestId: request.id, verdict: "Again." }))).toEqual({
      code: "CONFLICT",
      message: REQUEST_WORK_MESSAGES.alreadyCompleted,
    });
    let detail = await api(pro).services.detail({ requestId: request.id });
    expect(detail).toMatchObject({
      status: "completed",
      verdict: "Good CV; the APS certificate is missing.",
      missingItems: ["aps"],
      round: 1,
    });
    expect(detail.completedAt).toBeInstanceOf(Date);
    expect(detail.documents[0]!.versions[0]!.comments).toMatchObject([
      { body: "Use the Europass layout.", round: 1, authorName: backoffice.claims.name },
    ]);
    expect(
      await t.db.notification.count({
        where: { userId: pro.claims.id, text: "Document Review: your document review is complete" },
      }),
    ).toBe(1);
    expect(
      await t.db.mailMessage.count({
        where: { to: pro.email, subject: "Document Review: your document review is complete" },
      }),
    ).toBe(1);

    // The student uploads version 2 and asks for the one re-check.
    const v2 = await t.db.documentVersion.create({
      data: {
        documentId: cv.id,
        version: 2,
        storageKey: `test-key-${++keys}`,
        fileName: "CV.pdf",
        mimeType: "application/pdf",
        sizeBytes: 1200,
      },
    });
    expect(await api(pro).services.recheck({ requestId: request.id, note: "Added the APS certificate." })).toEqual({
      success: true,
      round: 2,
    });
    expect(await rejection(api(pro).services.recheck({ requestId: request.id }))).toEqual({
      code: "CONFLICT",
      message: REQUEST_WORK_MESSAGES.recheckUsed,
    });
    const queued = (await staff.serviceRequests({})).rows.find((row) => row.id === request.id);
    expect(queued).toMatchObject({ status: "pending", round: 2 });
    expect(queued?.studentMessageAt).toBeInstanceOf(Date);

    await staff.commentOnVersion({ requestId: request.id, documentVersionId: v2.id, body: "Now complete." });
    await staff.completeReview({ requestId: request.id, verdict: "Ready to submit.", missingItems: [] });
    detail = await api(pro).services.detail({ requestId: request.id });
    expect(detail.documents[0]!.versions.map((version) => version.comments.map((comment) => [comment.round, comment.body]))).toEqual([
      [[1, "Use the Europass layout."]],
      [[2, "Now complete."]],
    ]);
    expect(detail).toMatchObject({ status: "completed", round: 2, verdict: "Ready to submit.", missingItems: [] });
    // Completed after the re-check: still no round 3.
    expect(await rejection(api(pro).services.recheck({ requestId: request.id }))).toEqual({
      code: "CONFLICT",
      message: REQUEST_WORK_MESSAGES.recheckUsed,
    });
    expect(
      await t.db.auditLog.count({
        where: {
          targetId: request.id,
          action: { in: ["service_request.commented", "service_request.review_completed"] },
        },
      }),
    ).toBe(4);
  });

  it("the thread: the student writes, the queue flags it; a staff reply notifies the student", async () => {
    const user = await userOn("free");
    const request = await api(user).services.request({ service: "visa-assistance", message: HELP });
    await api(user).services.write({ requestId: request.id, body: "My appointment is on 3 March." });
    const staff = backoffice.caller.admin.support;
    expect((await staff.serviceRequests({})).rows.find((row) => row.id === request.id)?.studentMessageAt).toBeInstanceOf(Date);
    await staff.replyToRequest({ requestId: request.id, body: "Bring the blocked account confirmation." });
    expect((await staff.serviceRequests({})).rows.find((row) => row.id === request.id)?.studentMessageAt).toBeNull();
    const detail = await api(user).services.detail({ requestId: request.id });
    expect(detail.messages.map((message) => [message.fromStaff, message.body])).toEqual([
      [false, "My appointment is on 3 March."],
      [true, "Bring the blocked account confirmation."],
    ]);
    expect(
      await t.db.mailMessage.count({
        where: { to: user.email, subject: "Visa Assistance: you have a new message from our team" },
      }),
    ).toBe(1);
    expect(await rejection(staff.commentOnVersion({ requestId: request.id, documentVersionId: "x", body: "Hi" }))).toEqual({
      code: "CONFLICT",
      message: REQUEST_WORK_MESSAGES.notReview,
    });
  });

  it("another student's request is not found, on every student procedure", async () => {
    const owner = await userOn("free");
    const request = await api(owner).services.request({ service: "career-guidance", message: HELP });
    const other = await userOn("free");
    for (const call of [
      () => api(other).services.detail({ requestId: request.id }),
      () => api(other).services.write({ requestId: request.id, body: "Hello" }),
      () => api(other).services.recheck({ requestId: request.id }),
      () => api(other).services.withdraw({ id: request.id }),
    ]) {
      expect((await rejection(call())).code).toBe("NOT_FOUND");
    }
    expect((await api(other).services.all()).map((row) => row.id)).not.toContain(request.id);
    expect((await api(owner).services.all()).map((row) => row.id)).toEqual([request.id]);
  });
});

describe("coaches", () => {
  it("the assigned coach works on the request without the section's permissions; another coach cannot", async () => {
    const pro = await userOn("pro");
    const cv = await documentOf(pro);
    const request = await reviewOf(pro, [cv.id]);
    const assigned = await coachAccount();
    const unassigned = await coachAccount();
    await backoffice.caller.admin.support.assignRequest({ requestId: request.id, coachId: assigned.coach.id });

    const mine = await assigned.caller.admin.support.myRequests();
    expect(mine.coach?.id).toBe(assigned.coach.id);
    expect(mine.rows.map((row) => row.id)).toEqual([request.id]);
    expect((await assigned.caller.admin.support.request({ requestId: request.id })).canAssign).toBe(false);
    await assigned.caller.admin.support.commentOnVersion({
      requestId: request.id,
      documentVersionId: cv.versions[0]!.id,
      body: "Looks good.",
    });
    await assigned.caller.admin.support.setRequestStatus({ id: request.id, status: "processing", note: "Started." });
    await assigned.caller.admin.support.completeReview({
      requestId: request.id,
      verdict: "Ready.",
      missingItems: ["translations"],
    });
    expect(await t.db.auditLog.count({ where: { targetId: request.id, actorId: assigned.claims.id } })).toBe(3);

    expect((await unassigned.caller.admin.support.myRequests()).rows).toEqual([]);
    for (const call of [
      () => unassigned.caller.admin.support.request({ requestId: request.id }),
      () => unassigned.caller.admin.support.replyToRequest({ requestId: request.id, body: "Hello" }),
      () => unassigned.caller.admin.support.setRequestStatus({ id: request.id, status: "rejected" }),
    ]) {
      expect(await rejection(call())).toEqual({ code: "NOT_FOUND", message: REQUEST_WORK_MESSAGES.notFound });
    }
    // The queue and assignment stay with the section's staff.
    expect((await rejection(assigned.caller.admin.support.serviceRequests({}))).code).toBe("FORBIDDEN");
    expect((await rejection(assigned.caller.admin.support.assignRequest({ requestId: request.id, coachId: null }))).code).toBe("FORBIDDEN");

    // A deactivated coach loses the request.
    await t.db.coach.update({ where: { id: assigned.coach.id }, data: { active: false } });
    expect((await rejection(assigned.caller.admin.support.request({ requestId: request.id }))).code).toBe("NOT_FOUND");
  });
});
