import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as exportRoute from "~/app/api/account/export/route";
import * as signupRoute from "~/app/api/auth/signup/route";
import * as addressesRoute from "~/app/api/billing-addresses/route";
import * as contactRoute from "~/app/api/contact/route";
import * as feedbackRoute from "~/app/api/feedback/route";
import * as newsletterRoute from "~/app/api/newsletter/route";
import { settingsProblems } from "~/env";
import { signInWithPassword } from "~/server/services/auth.service";
import { callRoute, type RouteHandler } from "../helpers/rest";
import { callerFor, createUser, sessionCookie, signInAs } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

/** Every row of every table of the app, as text, to search for what is left of a person. */
async function allRowsAsText(db: TestDatabase["db"]) {
  const tables = await db.$queryRaw<{ table_name: string }[]>`
    SELECT table_name::text AS table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`;
  let text = "";
  for (const { table_name } of tables) {
    const rows = await db.$queryRawUnsafe<unknown[]>(`SELECT row_to_json(t)::text AS row FROM "${table_name}" t`);
    text += `${rows.map((row) => `${table_name}: ${(row as { row: string }).row}`).join("\n")}\n`;
  }
  return text;
}

describe("the person's data", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
  });
  afterAll(() => database?.stop());

  it("deleting the account asks for the password, then leaves no row with the user's id or email", async () => {
    const user = await createUser(database.db, { email: "leaving.person@example.com", verified: false });
    const session = await signInAs(database.db, user.claims);
    const cookie = await sessionCookie(database.db, session);
    const api = callerFor(database.db, session, "203.0.113.70");
    // Leave traces everywhere a person can.
    await signInWithPassword(database.db, { email: user.email, password: "wrong-password" }, "203.0.113.70").catch(() => null);
    await api.site.subscribeNewsletter({ email: user.email });
    await api.site.sendContactMessage({
      name: "Leaving Person",
      email: user.email,
      subject: "General question",
      message: "A question about visas.",
    });
    await callerFor(database.db, null, "203.0.113.71").site.sendContactMessage({
      name: "Leaving Person",
      email: user.email,
      subject: "Privacy request",
      message: "Sent while signed out.",
    });
    await callRoute(feedbackRoute.POST as RouteHandler, "/api/feedback", {
      method: "POST",
      cookie,
      headers: { "x-session-id": "session-abcdef12" },
      body: {
        messageId: "m-1",
        feedbackType: "dislike",
        messageContent: "An answer",
        userPrompt: "My name is Leaving Person",
        conversationId: null,
        messageOrder: 1,
        ragEnabled: true,
        confidenceScore: 0.5,
        sourcesCount: 2,
        chatModel: "local-knowledge",
        embeddingModel: null,
        dislikeReason: "other",
        customFeedback: "I am leaving.person@example.com",
        responseLength: 9,
        responseTime: 100,
        isStreaming: true,
        pageUrl: "http://localhost:3000/swipe-ai",
        userType: "student",
      },
    });
    await database.db.tokenUsage.create({
      data: {
        subject: `user:${user.claims.id}`,
        userId: user.claims.id,
        route: "chat",
        model: "local-knowledge",
        inputTokens: 5,
        outputTokens: 9,
        charged: 14,
      },
    });
    await database.db.tokenAllowance.create({
      data: { subject: `user:${user.claims.id}`, period: "2026-11", used: 14 },
    });
    await api.auth.resendVerification();
    await api.users.twoFactor.begin();
    expect(await allRowsAsText(database.db)).toContain(user.email);

    await expect(api.users.deleteAccount({})).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Enter your password to delete your account."),
    });
    await expect(api.users.deleteAccount({ password: "not-my-password" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Your password is not correct.",
    });
    await expect(api.users.requestDeletionCode()).rejects.toMatchObject({
      message: "Your account has a password: enter it to delete your account.",
    });
    await api.users.deleteAccount({ password: user.password });

    const left = await allRowsAsText(database.db);
    expect(left).not.toContain(user.claims.id);
    expect(left.toLowerCase()).not.toContain("leaving.person@example.com");
    expect(left).not.toContain("Leaving Person");
    expect((await callRoute(exportRoute.GET as RouteHandler, "/api/account/export", { cookie })).status).toBe(401);
  });

  it("an account without a password confirms deletion with a mailed code", async () => {
    const user = await createUser(database.db);
    await database.db.user.update({ where: { id: user.claims.id }, data: { passwordHash: null } });
    const api = callerFor(database.db, await signInAs(database.db, user.claims));
    expect(await api.users.requestDeletionCode()).toEqual({
      message: "We sent a 6-digit code to your email address. It works for 10 minutes.",
    });
    const mail = await database.db.mailMessage.findFirstOrThrow({
      where: { to: user.email, kind: "account-deletion-code" },
    });
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await expect(api.users.deleteAccount({ code: code === "000000" ? "111111" : "000000" })).rejects.toMatchObject({
      message: "That code is not correct or has expired.",
    });
    await api.users.deleteAccount({ code });
    expect(await database.db.user.count({ where: { id: user.claims.id } })).toBe(0);
  });

  it("the export holds the person's own data only: not the sign-in attempts others made with their email", async () => {
    const user = await createUser(database.db);
    await signInWithPassword(database.db, { email: user.email, password: "someone-guessing" }, "198.51.100.99").catch(() => null);
    const cookie = await sessionCookie(database.db, user.claims);
    const res = await callRoute(exportRoute.GET as RouteHandler, "/api/account/export", { cookie });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("198.51.100.99");
    expect(res.json).not.toHaveProperty("loginAttempts");
    expect(res.json.sessions).toEqual([expect.objectContaining({ device: "Chrome on Linux", revokedAt: null })]);
    expect(res.json.account).toMatchObject({
      email: user.email,
      emailVerifiedAt: expect.any(String),
      twoFactorEnabledAt: null,
    });
    expect(res.json.community).toEqual({ handle: null, suspendedUntil: null, posts: [], likes: [], flags: [] });
  });

  it("the export holds the person's community posts with their earlier versions", async () => {
    const user = await createUser(database.db);
    const category = await database.db.forumCategory.create({
      data: { slug: "export-test", name: "Export", description: "For the export test" },
    });
    const topic = await database.db.forumTopic.create({
      data: {
        categoryId: category.id,
        authorId: user.claims.id,
        title: "My question about the Anmeldung",
        slug: "anmeldung",
      },
    });
    const post = await database.db.forumPost.create({
      data: {
        topicId: topic.id,
        authorId: user.claims.id,
        position: 0,
        body: "Where do I register?",
        editedAt: new Date(),
      },
    });
    await database.db.forumPostEdit.create({ data: { postId: post.id, title: "Anmeldung?", body: "Where?" } });
    const res = await callRoute(exportRoute.GET as RouteHandler, "/api/account/export", {
      cookie: await sessionCookie(database.db, user.claims),
    });
    expect(res.json.community.posts).toEqual([
      expect.objectContaining({
        topic: "My question about the Anmeldung",
        body: "Where do I register?",
        status: "visible",
        edits: [expect.objectContaining({ title: "Anmeldung?", body: "Where?" })],
      }),
    ]);
  });
});

describe("rate limits", () => {
  let database: TestDatabase;
  const saved = { ...process.env };
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
  });
  afterAll(async () => {
    process.env = saved;
    await database?.stop();
  });

  it("signup, contact, newsletter and feedback answer 429 with Retry-After past their limit, per address", async () => {
    process.env.RATE_LIMIT_SIGNUP = "2/1h";
    process.env.RATE_LIMIT_CONTACT = "1/10m";
    process.env.RATE_LIMIT_NEWSLETTER = "1/1m";
    const from = (address: string) => ({ "x-app-peer-address": address });
    const signup = (n: number, address: string) =>
      callRoute(signupRoute.POST as RouteHandler, "/api/auth/signup", {
        method: "POST",
        headers: from(address),
        body: {
          firstName: "Rate",
          lastName: `Limited${n}`,
          email: `rate-${n}-${address.replace(/\W/g, "")}@example.com`,
          password: "a-good-password",
        },
      });
    const first = await signup(1, "2001:db8:aa:1::1");
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect((await signup(2, "2001:db8:aa:1::2")).status).toBe(201);
    const third = await signup(3, "2001:db8:aa:1:ffff::9"); // the same /64
    expect(third.status).toBe(429);
    expect(third.json).toEqual({
      success: false,
      error: "Too many accounts were created from your network. Please try again later.",
    });
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await database.db.user.count({ where: { email: { startsWith: "rate-3-" } } })).toBe(0);
    expect((await signup(4, "2001:db8:aa:2::1")).status).toBe(201);

    const contact = () =>
      callRoute(contactRoute.POST as RouteHandler, "/api/contact", {
        method: "POST",
        headers: from("192.0.2.44"),
        body: {
          name: "Ana",
          email: "ana@example.com",
          subject: "General question",
          message: "A question about my student visa.",
        },
      });
    expect((await contact()).status).toBe(201);
    const refused = await contact();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(await database.db.contactMessage.count({ where: { email: "ana@example.com" } })).toBe(1);

    const newsletter = () =>
      callRoute(newsletterRoute.POST as RouteHandler, "/api/newsletter", {
        method: "POST",
        headers: from("192.0.2.45"),
        body: { email: "news@example.com" },
      });
    expect((await newsletter()).status).toBe(200);
    expect((await newsletter()).status).toBe(429);
  });

  it("forgot-password is limited per address and per email", async () => {
    process.env.RATE_LIMIT_PASSWORD_RESET = "2/1h";
    const ask = (address: string, email: string) => callerFor(database.db, null, address).auth.forgotPassword({ email });
    await ask("192.0.2.60", "one@example.com");
    await ask("192.0.2.61", "one@example.com");
    await expect(ask("192.0.2.62", "one@example.com")).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    await ask("192.0.2.60", "two@example.com");
    await expect(ask("192.0.2.60", "three@example.com")).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });
});

describe("settings", () => {
  const saved = { ...process.env };
  afterAll(() => {
    process.env = saved;
  });

  it("payments never pretend: PostgreSQL without Stripe keys, or a key without its webhook secret, is refused", () => {
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "DEMO_PAYMENTS", "DATABASE_URL"]) delete process.env[key];
    process.env.OPERATOR_LEGAL_NAME = "Example GmbH";
    process.env.NEXT_PUBLIC_COMPANY_ADDRESS = "Example GmbH; Street 1; 10115 Berlin; Germany";
    expect(settingsProblems()).toEqual([]);
    process.env.DATABASE_URL = "postgresql://app@db.example.com/app";
    expect(settingsProblems()).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY: .*DEMO_PAYMENTS=true/)]);
    process.env.DEMO_PAYMENTS = "true";
    expect(settingsProblems()).toEqual([]);
    delete process.env.DEMO_PAYMENTS;
    process.env.STRIPE_SECRET_KEY = "sk_live_x";
    expect(settingsProblems()).toEqual([expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/)]);
    process.env.RATE_LIMIT_SIGNUP = "ten per hour";
    process.env.TRUST_PROXY = "many";
    expect(settingsProblems()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^RATE_LIMIT_SIGNUP: must look like "10\/1h"/),
        expect.stringMatching(/^TRUST_PROXY: /),
      ]),
    );
  });

  it("npm start refuses to start on PostgreSQL without Stripe keys, naming the settings, before opening anything", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      encoding: "utf8",
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: "postgresql://app@127.0.0.1:9/none",
        PORT: "3999",
      } as unknown as NodeJS.ProcessEnv,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("cannot start: fix these settings");
    expect(result.stderr).toContain("STRIPE_SECRET_KEY");
    expect(result.stderr).toContain("DEMO_PAYMENTS=true");
  });

  it("real card payments need the operator: with Stripe keys and no legal name or address, start is refused naming both; demo mode needs neither", () => {
    process.env = { ...saved };
    for (const key of ["DATABASE_URL", "DEMO_PAYMENTS", "STRIPE_SECRET_KEY", "OPERATOR_LEGAL_NAME", "NEXT_PUBLIC_COMPANY_ADDRESS"])
      delete process.env[key];
    // Demo mode: the imprint says "not set", and the start goes on.
    expect(settingsProblems()).toEqual([]);
    process.env.STRIPE_SECRET_KEY = "sk_live_x";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_x";
    expect(settingsProblems()).toEqual([
      "OPERATOR_LEGAL_NAME and NEXT_PUBLIC_COMPANY_ADDRESS: required with STRIPE_SECRET_KEY (receipts and the imprint must name the operator and its postal address before real cards are charged)",
    ]);
    process.env.OPERATOR_LEGAL_NAME = "Example GmbH";
    expect(settingsProblems()).toEqual([expect.stringMatching(/^NEXT_PUBLIC_COMPANY_ADDRESS: required with STRIPE_SECRET_KEY/)]);
    process.env.NEXT_PUBLIC_COMPANY_ADDRESS = "Example GmbH; Street 1; 10115 Berlin; Germany";
    expect(settingsProblems()).toEqual([]);
  });

  it("npm start with Stripe keys and no operator stops before opening anything, with a non-zero exit naming the settings", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      encoding: "utf8",
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        STRIPE_SECRET_KEY: "sk_live_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        PORT: "3999",
      } as unknown as NodeJS.ProcessEnv,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("cannot start: fix these settings");
    expect(result.stderr).toContain("OPERATOR_LEGAL_NAME and NEXT_PUBLIC_COMPANY_ADDRESS: required with STRIPE_SECRET_KEY");
  });
});

describe("request bodies", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
  });
  afterAll(() => database?.stop());

  it("a text/plain or form POST to a billing route answers 415 and changes nothing", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookie(database.db, user.claims);
    const body = JSON.stringify({
      name: "Plain Text",
      email: user.email,
      country: "DE",
      addressLine1: "Street 1",
      city: "Berlin",
      postalCode: "10115",
    });
    for (const type of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await callRoute(addressesRoute.POST as RouteHandler, "/api/billing-addresses", {
        method: "POST",
        cookie,
        rawBody: body,
        headers: { "content-type": type },
      });
      expect(res.status, type).toBe(415);
      expect(res.json).toEqual({
        success: false,
        error: "Send the request body as JSON (Content-Type: application/json).",
      });
    }
    expect(await database.db.billingAddress.count({ where: { userId: user.claims.id } })).toBe(0);
    const json = await callRoute(addressesRoute.POST as RouteHandler, "/api/billing-addresses", {
      method: "POST",
      cookie,
      rawBody: body,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(json.status).toBe(201);
  });
});
