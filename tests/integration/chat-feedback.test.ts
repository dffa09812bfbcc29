/** POST /api/feedback: spec 3's record with the x-session-id header, validated, stored, answered. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "~/app/api/feedback/route";
import { DISLIKE_REASONS } from "~/lib/schemas/chat";
import { callRoute } from "../helpers/rest";
import { createUser, sessionCookie } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.stop();
});

const record = (overrides: Record<string, unknown> = {}) => ({
  userId: "anonymous",
  messageId: "msg-1",
  feedbackType: "like",
  messageContent: "You need €11,904 for 2025 in the blocked account.",
  userPrompt: "How much is the blocked account?",
  conversationId: "conv-feedback-1",
  messageOrder: 1,
  ragEnabled: true,
  confidenceScore: 0.82,
  sourcesCount: 3,
  chatModel: "openai",
  embeddingModel: "openai-large",
  dislikeReason: null,
  customFeedback: null,
  responseLength: 49,
  responseTime: 1234,
  isStreaming: true,
  pageUrl: "http://localhost:3000/swipe-ai",
  userType: "student",
  ...overrides,
});

const send = (body: unknown, headers: Record<string, string> = { "x-session-id": "session-feedback-1" }, cookie?: string) =>
  callRoute(POST, "/api/feedback", { method: "POST", body, headers, cookie });

describe("POST /api/feedback", () => {
  it("lets only who received the answer rate it: another account, a signed-out caller or someone else's conversation get 404 and change nothing", async () => {
    const owner = await createUser(database.db);
    const ownerCookie = await sessionCookie(database.db, owner.claims);
    const other = await createUser(database.db);
    const otherCookie = await sessionCookie(database.db, other.claims);
    const headers = { "x-session-id": "session-owned-1" };
    expect((await send(record({ messageId: "msg-owned", feedbackType: "like" }), headers, ownerCookie)).status).toBe(201);

    const takeover = record({ messageId: "msg-owned", feedbackType: "dislike", dislikeReason: DISLIKE_REASONS[0], customFeedback: "x" });
    for (const cookie of [otherCookie, undefined]) {
      const response = await send(takeover, headers, cookie);
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ success: false, error: "This answer was not found." });
    }
    const row = await database.db.feedback.findFirstOrThrow({ where: { messageId: "msg-owned" } });
    expect(row).toMatchObject({ accountId: owner.claims.id, feedbackType: "like", customFeedback: null });

    // An answer in another user's stored conversation is not theirs to rate.
    await database.db.conversation.create({ data: { id: "conv-owned-1", userId: owner.claims.id, title: "Blocked account" } });
    const foreign = await send(
      record({ messageId: "msg-foreign", conversationId: "conv-owned-1" }),
      { "x-session-id": "session-other-1" },
      otherCookie,
    );
    expect(foreign.status).toBe(404);
    expect(await database.db.feedback.count({ where: { messageId: "msg-foreign" } })).toBe(0);

    // The owner changes their own opinion.
    expect((await send(takeover, headers, ownerCookie)).status).toBe(201);
    expect(await database.db.feedback.findFirstOrThrow({ where: { messageId: "msg-owned" } })).toMatchObject({ feedbackType: "dislike" });
  });

  it("stores a like as the spec's anonymous record and answers success", async () => {
    const response = await send(record());
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      success: true,
      feedback: { messageId: "msg-1", feedbackType: "like", dislikeReason: null },
    });
    const row = await database.db.feedback.findFirstOrThrow({ where: { messageId: "msg-1" } });
    expect(row).toMatchObject({
      sessionId: "session-feedback-1",
      userId: "anonymous",
      accountId: null,
      ragEnabled: true,
      confidenceScore: 0.82,
      sourcesCount: 3,
      chatModel: "openai",
      responseTime: 1234,
      userType: "student",
      isStreaming: true,
    });
  });

  it("replaces a like with a later dislike and its reason and comment; a signed-in account is linked internally", async () => {
    const user = await createUser(database.db);
    const cookie = await sessionCookie(database.db, user.claims);
    await send(record({ messageId: "msg-2" }), undefined, cookie);
    const response = await send(
      record({
        messageId: "msg-2",
        feedbackType: "dislike",
        dislikeReason: DISLIKE_REASONS[3],
        customFeedback: "The amount is from last year.",
      }),
      undefined,
      cookie,
    );
    expect(response.status).toBe(201);
    const rows = await database.db.feedback.findMany({ where: { messageId: "msg-2" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: "anonymous",
      accountId: user.claims.id,
      feedbackType: "dislike",
      dislikeReason: "Not factually correct",
      customFeedback: "The amount is from last year.",
    });
  });

  it.each([
    ["The x-session-id header is required", {}, record()],
    ["x-session-id header must be 8-64", { "x-session-id": "no" }, record()],
    ["feedbackType must be 'like' or 'dislike'", undefined, record({ feedbackType: "love" })],
    ["dislikeReason must be one of the listed reasons", undefined, record({ feedbackType: "dislike", dislikeReason: "Too short" })],
    ["A like cannot have a dislike reason", undefined, record({ dislikeReason: DISLIKE_REASONS[0] })],
    ["userId must be 'anonymous'", undefined, record({ userId: "someone-else" })],
    ["messageId is required", undefined, record({ messageId: undefined })],
    ["chatModel must be 'openai', 'deepseek' or 'local'", undefined, record({ chatModel: "gpt" })],
  ])("refuses a bad record: %s", async (message, headers, body) => {
    const response = await send(body, headers as Record<string, string> | undefined);
    expect(response.status).toBe(400);
    expect(response.json.success).toBe(false);
    expect(response.json.error).toContain(message);
  });
});
