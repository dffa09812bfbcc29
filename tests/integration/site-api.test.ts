import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "~/app/api/account/export/route";
import { GET as overviewRoute } from "~/app/api/account/overview/route";
import { POST as contactRoute } from "~/app/api/contact/route";
import { POST as newsletterRoute } from "~/app/api/newsletter/route";
import { PATCH as patchStudent } from "~/app/api/students/me/route";
import { callRoute } from "../helpers/rest";
import { callerFor, createUser, sessionCookie } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test?.stop();
});

describe("POST /api/newsletter", () => {
  it("rejects an empty or malformed address with the spec's messages", async () => {
    const empty = await callRoute(newsletterRoute, "/api/newsletter", { method: "POST", body: { email: "" } });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ success: false, error: "Please enter your email address" });
    const invalid = await callRoute(newsletterRoute, "/api/newsletter", {
      method: "POST",
      body: { email: "not-an-email" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error).toBe("Please enter a valid email address");
    expect(await test.db.newsletterSubscriber.count()).toBe(0);
  });

  it("stores an address once, however often it is sent, and subscribes it only from the confirmation mail", async () => {
    for (const email of ["reader@example.com", " Reader@Example.com "]) {
      const response = await callRoute(newsletterRoute, "/api/newsletter", { method: "POST", body: { email } });
      expect(response.status).toBe(200);
      expect(response.json).toEqual({
        success: true,
        message: "Almost done: we sent you an email. Click its link to confirm your subscription.",
      });
    }
    expect(await test.db.newsletterSubscriber.findMany({ select: { email: true, confirmedAt: true } })).toEqual([
      { email: "reader@example.com", confirmedAt: null },
    ]);
    // Double opt-in: only the newest mail's link works.
    const mails = await test.db.mailMessage.findMany({
      where: { to: "reader@example.com", kind: "newsletter-confirm" },
      orderBy: { createdAt: "asc" },
    });
    expect(mails).toHaveLength(2);
    const tokenOf = (text: string) => decodeURIComponent(/newsletter\/confirm\?token=(\S+)/.exec(text)![1]!);
    const api = callerFor(test.db, null);
    await expect(api.site.confirmNewsletter({ token: tokenOf(mails[0]!.text) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await api.site.confirmNewsletter({ token: tokenOf(mails[1]!.text) })).toEqual({ success: true });
    expect(await test.db.newsletterSubscriber.findUniqueOrThrow({ where: { email: "reader@example.com" } })).toMatchObject({
      confirmedAt: expect.any(Date),
    });
    const again = await callRoute(newsletterRoute, "/api/newsletter", {
      method: "POST",
      body: { email: "reader@example.com" },
    });
    expect(again.json).toEqual({ success: true, message: "You are already subscribed to our newsletter." });
    expect(await test.db.mailMessage.count({ where: { to: "reader@example.com" } })).toBe(2);
  });
});

describe("POST /api/contact", () => {
  it("validates and stores a message, linked to the signed-in sender", async () => {
    const bad = await callRoute(contactRoute, "/api/contact", {
      method: "POST",
      body: { name: "", email: "x@y.de", subject: "Press", message: "Hello there, team" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("Please enter your name");

    const user = await createUser(test.db);
    const cookie = await sessionCookie(test.db, user.claims);
    const body = {
      name: "Maria",
      email: "maria@example.com",
      subject: "Privacy request",
      message: "Please tell me what you store.",
    };
    const ok = await callRoute(contactRoute, "/api/contact", { method: "POST", body, cookie });
    expect(ok.status).toBe(201);
    const stored = await test.db.contactMessage.findUniqueOrThrow({ where: { id: ok.json.id } });
    expect(stored).toMatchObject({ ...body, userId: user.claims.id });
  });
});

describe("account overview and export", () => {
  it("need a session", async () => {
    expect((await callRoute(exportRoute, "/api/account/export")).status).toBe(401);
    expect((await callRoute(overviewRoute, "/api/account/overview")).status).toBe(401);
  });

  it("export everything stored about the user as a JSON download, and only theirs", async () => {
    const user = await createUser(test.db, { firstName: "Aisha", lastName: "Khan" });
    const other = await createUser(test.db, { firstName: "Other", lastName: "Person" });
    const cookie = await sessionCookie(test.db, user.claims);
    await callRoute(patchStudent, "/api/students/me", {
      method: "PATCH",
      body: { phone: "+49 30 1234567", nationality: "Pakistani" },
      cookie,
    });
    await callRoute(newsletterRoute, "/api/newsletter", { method: "POST", body: { email: user.email } });
    await callerFor(test.db, user.claims).site.sendContactMessage({
      name: "Aisha",
      email: user.email,
      subject: "General question",
      message: "A question about visas.",
    });
    await callerFor(test.db, other.claims).site.sendContactMessage({
      name: "Other",
      email: other.email,
      subject: "Press",
      message: "Someone else's message",
    });

    const response = await callRoute(exportRoute, "/api/account/export", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("attachment");
    const data = response.json;
    expect(data.account).toMatchObject({ email: user.email, name: "Aisha Khan", hasPassword: true });
    expect(JSON.stringify(data)).not.toContain("passwordHash");
    expect(data.profile).toMatchObject({
      firstName: "Aisha",
      lastName: "Khan",
      phone: "+49 30 1234567",
      nationality: "Pakistani",
    });
    expect(data.newsletter.email).toBe(user.email);
    expect(data.contactMessages).toHaveLength(1);
    expect(data.contactMessages[0].message).toBe("A question about visas.");

    const overview = await callRoute(overviewRoute, "/api/account/overview", { cookie });
    expect(overview.json.account).toMatchObject({
      plan: "free",
      status: "active",
      activity: { contactMessages: 1, newsletterSubscribed: true },
    });
    expect(overview.json.account.profileCompletion).toBe(50);
  });
});
