import { TRPCError } from "@trpc/server";
import { addDays, subDays } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanId } from "~/lib/plans";
import { publicError } from "~/server/api/trpc";
import { callerFor, createUser } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.stop());

type User = Awaited<ReturnType<typeof createUser>>;

/** A user whose live subscription is `planId` (a row as the billing flows write it), or who has lapsed. */
async function userOn(planId: PlanId | "lapsed-pro") {
  const user = await createUser(t.db);
  if (planId === "free") return user;
  const now = new Date();
  const lapsed = planId === "lapsed-pro";
  await t.db.subscription.create({
    data: {
      userId: user.claims.id,
      gatewaySubscriptionId: `sub_test_${user.claims.id}`,
      customerId: `cus_test_${user.claims.id}`,
      planId: lapsed ? "pro" : planId,
      status: "active",
      // A lapsed plan: cancelled at the end of a period that is over, with no webhook having run yet.
      currentPeriodStart: lapsed ? subDays(now, 40) : subDays(now, 1),
      currentPeriodEnd: lapsed ? subDays(now, 10) : addDays(now, 29),
      cancelAtPeriodEnd: lapsed,
    },
  });
  return user;
}

const api = (user: User) => callerFor(t.db, user.claims);
const HELP = "I need help with my blocked account and the visa appointment.";
const inTwoDays = () => addDays(new Date(), 2).toISOString().slice(0, 10);

/** A document review of one of the user's documents (a row as the upload route stores it). */
async function reviewRequest(user: User) {
  const document = await t.db.document.create({
    data: {
      userId: user.claims.id,
      name: "CV",
      versions: {
        create: {
          version: 1,
          storageKey: `key-${crypto.randomUUID()}`,
          fileName: "cv.pdf",
          mimeType: "application/pdf",
          sizeBytes: 100,
        },
      },
    },
  });
  return api(user).services.request({
    service: "document-review",
    message: HELP,
    purpose: "cv",
    documentIds: [document.id],
  });
}

/** The error a call fails with, with the message a client receives. */
async function rejection(promise: Promise<unknown>): Promise<{ code: TRPCError["code"]; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: publicError(error as TRPCError).message };
}

describe("service requests", () => {
  it("a Free user requests visa assistance once a month, then gets the limit message", async () => {
    const user = await userOn("free");
    const created = await api(user).services.request({ service: "visa-assistance", message: HELP });
    expect(created).toMatchObject({
      service: "visa-assistance",
      status: "pending",
      priority: "standard",
      preferredDate: null,
    });
    expect(await api(user).services.usage({ service: "visa-assistance" })).toMatchObject({
      planId: "free",
      used: 1,
      max: 1,
      included: true,
      upgradeTo: "pro",
    });

    const second = await rejection(api(user).services.request({ service: "career-guidance", message: HELP }));
    expect(second.code).toBe("FORBIDDEN");
    expect(second.message).toBe(
      "Your Free plan includes 1 service request per month and you have used it. Upgrade on the pricing page for more: /pricing?plan=pro",
    );
    expect(await t.db.serviceRequest.count({ where: { userId: user.claims.id } })).toBe(1);

    const mine = await api(user).services.mine({ service: "visa-assistance" });
    expect(mine.map((request) => request.id)).toEqual([created.id]);
  });

  it("requests of earlier months do not count", async () => {
    const user = await userOn("free");
    await t.db.serviceRequest.create({
      data: {
        userId: user.claims.id,
        service: "visa-assistance",
        message: HELP,
        priority: "standard",
        status: "completed",
        createdAt: subDays(new Date(), 40),
      },
    });
    const created = await api(user).services.request({ service: "visa-assistance", message: HELP });
    expect(created.status).toBe("pending");
  });

  it("consultation is refused on Free and Pro with the plan needed, allowed on Unlimited", async () => {
    const consultation = {
      service: "consultation" as const,
      message: HELP,
      preferredDate: inTwoDays(),
      preferredTime: "morning" as const,
    };
    for (const plan of ["free", "pro"] as const) {
      const user = await userOn(plan);
      const error = await rejection(api(user).services.request(consultation));
      expect(error.code).toBe("FORBIDDEN");
      expect(error.message).toBe(
        `Consultation needs the Unlimited plan; you are on ${plan === "free" ? "Free" : "Pro"}. Upgrade on the pricing page: /pricing?plan=unlimited`,
      );
      expect(await api(user).services.usage({ service: "consultation" })).toMatchObject({
        included: false,
        upgradeTo: "unlimited",
      });
    }
    const unlimited = await userOn("unlimited");
    const created = await api(unlimited).services.request(consultation);
    expect(created).toMatchObject({ service: "consultation", priority: "urgent", preferredTime: "morning" });
    expect(created.preferredDate).toBe(consultation.preferredDate);
    expect(await api(unlimited).services.usage({ service: "consultation" })).toMatchObject({
      used: 1,
      max: null,
      included: true,
      upgradeTo: null,
    });
  });

  it("a consultation needs a preferred date in the future and a time of day", async () => {
    const user = await userOn("unlimited");
    const today = new Date().toISOString().slice(0, 10);
    const past = await rejection(
      api(user).services.request({
        service: "consultation",
        message: HELP,
        preferredDate: today,
        preferredTime: "evening",
      }),
    );
    expect(past.code).toBe("BAD_REQUEST");
    expect(past.message).toBe("The preferred date must be in the future");
    const missing = await rejection(api(user).services.request({ service: "consultation", message: HELP }));
    expect(missing.message).toBe("Choose a preferred date for the consultation");
    const short = await rejection(api(user).services.request({ service: "visa-assistance", message: "help" }));
    expect(short.message).toBe("Please describe what you need help with in at least 10 characters");
    const long = await rejection(api(user).services.request({ service: "visa-assistance", message: "x".repeat(2001) }));
    expect(long.message).toBe("Please keep your request under 2000 characters");
    const unknown = await rejection(api(user).services.request({ service: "tarot" as "consultation", message: HELP }));
    expect(unknown.code).toBe("BAD_REQUEST");
  });

  it("document review is refused on Free and allowed on Pro, with Pro's priority and limit of 5", async () => {
    const free = await userOn("free");
    const refused = await rejection(reviewRequest(free));
    expect(refused.message).toBe(
      "Document Review needs the Pro or Unlimited plan; you are on Free. Upgrade on the pricing page: /pricing?plan=pro",
    );

    const pro = await userOn("pro");
    for (let i = 0; i < 5; i++) expect((await reviewRequest(pro)).priority).toBe("high");
    expect(await api(pro).services.usage({ service: "document-review" })).toMatchObject({
      used: 5,
      max: 5,
      upgradeTo: "unlimited",
    });
    const sixth = await rejection(api(pro).services.request({ service: "visa-assistance", message: HELP }));
    expect(sixth.message).toBe(
      "Your Pro plan includes 5 service requests per month and you have used all 5. Upgrade on the pricing page for more: /pricing?plan=unlimited",
    );
  });

  it("a lapsed paid plan falls back to Free at once", async () => {
    const user = await userOn("lapsed-pro");
    const refused = await rejection(reviewRequest(user));
    expect(refused.message).toContain("you are on Free");
    await api(user).services.request({ service: "visa-assistance", message: HELP });
    const second = await rejection(api(user).services.request({ service: "visa-assistance", message: HELP }));
    expect(second.message).toContain("Your Free plan includes 1 service request per month");
  });

  it("5 parallel requests on Free create exactly 1", async () => {
    const user = await userOn("free");
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => api(user).services.request({ service: "visa-assistance", message: HELP })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected")
        expect((result.reason as TRPCError).message).toContain("Your Free plan includes 1 service request per month");
    }
    expect(await t.db.serviceRequest.count({ where: { userId: user.claims.id } })).toBe(1);
  });

  it("withdraws only the user's own pending requests; the row stays, marked withdrawn", async () => {
    const owner = await userOn("pro");
    const other = await userOn("pro");
    const first = await api(owner).services.request({ service: "visa-assistance", message: HELP });
    const notFound = await rejection(api(other).services.withdraw({ id: first.id }));
    expect(notFound.code).toBe("NOT_FOUND");
    expect(await api(other).services.mine({ service: "visa-assistance" })).toEqual([]);

    const handled = await api(owner).services.request({ service: "visa-assistance", message: HELP });
    await t.db.serviceRequest.update({ where: { id: handled.id }, data: { status: "processing" } });
    expect((await rejection(api(owner).services.withdraw({ id: handled.id }))).code).toBe("CONFLICT");

    expect(await api(owner).services.withdraw({ id: first.id })).toEqual({ success: true });
    expect((await t.db.serviceRequest.findUnique({ where: { id: first.id } }))?.withdrawnAt).toBeInstanceOf(Date);
  });

  it("anonymous callers are refused", async () => {
    const error = await rejection(callerFor(t.db, null).services.request({ service: "visa-assistance", message: HELP }));
    expect(error.code).toBe("UNAUTHORIZED");
  });
});

describe("university applications", () => {
  const application = (n: number) => ({
    university: `TU Example ${n}`,
    programme: "M.Sc. Computer Science",
    programType: "master" as const,
    deadline: "2027-01-15",
  });

  it("tracks up to 1 on Free, 3 on Pro and any number on Unlimited", async () => {
    for (const [plan, max] of [
      ["free", 1],
      ["pro", 3],
      ["unlimited", null],
    ] as const) {
      const user = await userOn(plan);
      const allowed = max ?? 6;
      for (let i = 0; i < allowed; i++) await api(user).applications.add(application(i));
      const list = await api(user).applications.list();
      expect(list).toMatchObject({ planId: plan, max });
      expect(list.applications).toHaveLength(allowed);
      if (max !== null) {
        const refused = await rejection(api(user).applications.add(application(99)));
        expect(refused.code).toBe("FORBIDDEN");
        expect(refused.message).toBe(
          plan === "free"
            ? "Your Free plan includes 1 tracked application and you have used it. Upgrade on the pricing page for more: /pricing?plan=pro"
            : "Your Pro plan includes 3 tracked applications and you have used all 3. Upgrade on the pricing page for more: /pricing?plan=unlimited",
        );
      }
    }
  });

  it("5 parallel adds on Free track exactly 1", async () => {
    const user = await userOn("free");
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => api(user).applications.add(application(i))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await t.db.universityApplication.count({ where: { userId: user.claims.id } })).toBe(1);
  });

  it("a lapsed Pro plan tracks only 1 more, and deleting one frees a place", async () => {
    const user = await userOn("lapsed-pro");
    const first = await api(user).applications.add(application(1));
    expect((await rejection(api(user).applications.add(application(2)))).message).toContain(
      "Your Free plan includes 1 tracked application",
    );
    await api(user).applications.remove({ id: first.id });
    await api(user).applications.add(application(3));
  });

  it("stores the fields, changes the status, and keeps other users out", async () => {
    const owner = await userOn("pro");
    const other = await userOn("pro");
    const { id } = await api(owner).applications.add({
      ...application(1),
      programType: "language_course",
      deadline: "2024-03-01",
      notes: "  Send the APS certificate  ",
    });
    const [stored] = (await api(owner).applications.list()).applications;
    expect(stored).toMatchObject({
      id,
      programType: "language_course",
      deadline: "2024-03-01",
      status: "not_applied",
      notes: "Send the APS certificate",
    });

    await api(owner).applications.setStatus({ id, status: "applied" });
    expect((await api(owner).applications.list()).applications[0]!.status).toBe("applied");

    expect((await rejection(api(other).applications.setStatus({ id, status: "approved" }))).code).toBe("NOT_FOUND");
    expect((await rejection(api(other).applications.remove({ id }))).code).toBe("NOT_FOUND");
    expect((await api(other).applications.list()).applications).toEqual([]);
    expect((await t.db.universityApplication.findUnique({ where: { id } }))?.status).toBe("applied");
  });

  it("rejects bad input with clear messages", async () => {
    const user = await userOn("unlimited");
    const cases: [object, string][] = [
      [{ ...application(1), university: "  " }, "University is required"],
      [{ ...application(1), deadline: "2027-02-30" }, "Application deadline must be a valid date"],
      [{ ...application(1), programType: "diploma" }, "Choose a program type"],
      [{ ...application(1), status: "waiting" }, "Choose a status"],
      [{ ...application(1), notes: "x".repeat(1001) }, "Notes must be at most 1000 characters"],
    ];
    for (const [input, message] of cases) {
      const error = await rejection(api(user).applications.add(input as ReturnType<typeof application>));
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toBe(message);
    }
  });
});

describe("priority support", () => {
  const message = {
    name: "Lena",
    email: "lena@example.com",
    subject: "General question" as const,
    message: "When does the winter semester start?",
  };

  it("contact messages carry the priority of the sender's effective plan", async () => {
    const expected = [
      ["free", "standard"],
      ["pro", "high"],
      ["unlimited", "urgent"],
      ["lapsed-pro", "standard"],
    ] as const;
    for (const [plan, priority] of expected) {
      const user = await userOn(plan);
      const { id } = await api(user).site.sendContactMessage(message);
      expect((await t.db.contactMessage.findUnique({ where: { id } }))?.priority).toBe(priority);
    }
    const { id } = await callerFor(t.db, null).site.sendContactMessage(message);
    expect((await t.db.contactMessage.findUnique({ where: { id } }))?.priority).toBe("standard");
  });
});

describe("the billing summary and the account tab read real numbers", () => {
  it("services used this month and total consultations", async () => {
    delete process.env.STRIPE_SECRET_KEY;
    const free = await userOn("free");
    expect((await api(free).billing.overview()).services).toEqual({ used: 0, max: 1 });
    await api(free).services.request({ service: "career-guidance", message: HELP });
    expect((await api(free).billing.overview()).services).toEqual({ used: 1, max: 1 });
    expect((await api(free).account.overview()).activity.consultations).toBe(0);

    const unlimited = await userOn("unlimited");
    await api(unlimited).services.request({
      service: "consultation",
      message: HELP,
      preferredDate: inTwoDays(),
      preferredTime: "afternoon",
    });
    await api(unlimited).services.request({ service: "visa-assistance", message: HELP });
    expect((await api(unlimited).billing.overview()).services).toEqual({ used: 2, max: null });
    expect((await api(unlimited).account.overview()).activity.consultations).toBe(1);
    const exported = await api(unlimited).account.export();
    expect(exported.serviceRequests.map((request) => request.service)).toEqual(["consultation", "visa-assistance"]);
  });
});

describe("the support queue", () => {
  const contact = (text: string) => ({
    name: "Lena",
    email: "lena@example.com",
    subject: "General question" as const,
    message: text,
  });

  it("lists open requests and messages urgent first, then the oldest; staff move statuses; users are refused", async () => {
    await t.db.serviceRequest.deleteMany();
    await t.db.contactMessage.deleteMany();
    const free = await userOn("free");
    const pro = await userOn("pro");
    const unlimited = await userOn("unlimited");
    const freeRequest = await api(free).services.request({ service: "visa-assistance", message: HELP });
    const proRequest = await reviewRequest(pro);
    const unlimitedRequest = await api(unlimited).services.request({ service: "career-guidance", message: HELP });
    const olderProRequest = await api(pro).services.request({ service: "visa-assistance", message: HELP });
    await t.db.serviceRequest.update({
      where: { id: olderProRequest.id },
      data: { createdAt: subDays(new Date(), 1) },
    });
    const done = await api(pro).services.request({ service: "visa-assistance", message: HELP });
    await t.db.serviceRequest.update({ where: { id: done.id }, data: { status: "completed" } });

    await callerFor(t.db, null).site.sendContactMessage(contact("Anonymous question about the site."));
    await api(unlimited).site.sendContactMessage(contact("Urgent question about my coaching."));
    await api(pro).site.sendContactMessage(contact("A question about document review."));

    const admin = await createUser(t.db);
    await t.db.user.update({ where: { id: admin.claims.id }, data: { role: "admin" } });
    const staff = callerFor(t.db, { ...admin.claims, role: "admin", twoFactorEnabled: true });

    const queue = (await staff.admin.support.serviceRequests({})).rows;
    expect(queue.map((request) => request.id)).toEqual([unlimitedRequest.id, olderProRequest.id, proRequest.id, freeRequest.id]);
    expect(queue[0]).toMatchObject({ priority: "urgent", user: { email: unlimited.email } });

    const messages = (await staff.admin.support.contactMessages({})).rows;
    expect(messages.map((message) => message.priority)).toEqual(["urgent", "high", "standard"]);

    await staff.admin.support.setRequestStatus({ id: unlimitedRequest.id, status: "processing" });
    expect((await api(unlimited).services.mine({ service: "career-guidance" }))[0]!.status).toBe("processing");
    await staff.admin.support.setRequestStatus({ id: freeRequest.id, status: "rejected" });
    expect((await staff.admin.support.serviceRequests({})).rows.map((request) => request.id)).not.toContain(freeRequest.id);
    expect((await rejection(staff.admin.support.setRequestStatus({ id: "missing", status: "approved" }))).code).toBe("NOT_FOUND");
    expect((await rejection(staff.admin.support.setRequestStatus({ id: proRequest.id, status: "lost" as "approved" }))).message).toBe(
      "Choose a request status",
    );

    await staff.admin.support.markHandled({ id: messages[0]!.id });
    expect((await staff.admin.support.contactMessages({})).rows.map((message) => message.priority)).toEqual(["high", "standard"]);
    expect((await rejection(staff.admin.support.markHandled({ id: messages[0]!.id }))).code).toBe("CONFLICT");
    expect((await rejection(staff.admin.support.markHandled({ id: "missing" }))).code).toBe("NOT_FOUND");

    // Backoffice staff hold both keys; ordinary users hold none.
    const backoffice = callerFor(t.db, { ...admin.claims, role: "backoffice", twoFactorEnabled: true });
    expect((await backoffice.admin.support.serviceRequests({})).rows).toHaveLength(3);
    for (const call of [
      () => api(pro).admin.support.serviceRequests({}),
      () => api(pro).admin.support.contactMessages({}),
      () => api(pro).admin.support.setRequestStatus({ id: proRequest.id, status: "approved" }),
    ]) {
      expect((await rejection(call())).code).toBe("FORBIDDEN");
    }
    expect((await rejection(callerFor(t.db, null).admin.support.contactMessages({}))).code).toBe("UNAUTHORIZED");
  });
});
