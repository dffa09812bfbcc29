/**
 * chat.importGuestConversation: the conversation a guest had in the browser moves into the account
 * after sign-up or sign-in. Checked: what is refused and why, the limits, and that another user's
 * conversation is never touched (nor revealed) by an import under its id.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUEST_IMPORTS_PER_DAY, MAX_CHAT_MESSAGES, MAX_MESSAGE_CHARS } from "~/lib/schemas/chat";
import { GUEST_IMPORT_LIMIT_MESSAGE } from "~/server/services/chat/conversations.service";
import { callerFor, createUser } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.stop();
});

const question = (text: string, id = "q1") => ({ id, role: "user" as const, parts: [{ type: "text", text }] });
const answer = (text: string, id = "a1", metadata?: Record<string, unknown>) => ({
  id,
  role: "assistant" as const,
  parts: [{ type: "step-start" }, { type: "text", text }],
  metadata,
});

const guestConversation = (id: string) => ({
  id,
  messages: [
    question("How much money do I need in a blocked account?"),
    answer("For 2025 the blocked account needs 11,904 EUR.", "a1", {
      model: "local-knowledge",
      sources: [{ title: "Federal Foreign Office", url: "https://www.auswaertiges-amt.de/en/visa-service" }],
      links: [{ title: "Costs", href: "/tools/cost-calculator", description: "Work out your costs" }],
    }),
    question("And for health insurance?", "q2"),
    answer("Students under 30 join a statutory insurer.", "a2"),
  ],
});

/** The tRPC error an awaited call throws, with its code and message. */
async function failure(call: Promise<unknown>) {
  const error = (await call.then(
    () => null,
    (thrown: unknown) => thrown,
  )) as { code?: string; message: string } | null;
  if (!error) throw new Error("the call succeeded");
  return error;
}

describe("chat.importGuestConversation", () => {
  it("saves the guest's messages as the user's conversation, under the browser's id, and lists it", async () => {
    const user = await createUser(database.db);
    const api = callerFor(database.db, user.claims);
    const saved = await api.chat.importGuestConversation(guestConversation("guest-conversation-0001"));
    expect(saved.id).toBe("guest-conversation-0001");
    expect(saved.title).toBe("How much money do I need in a blocked account?");
    expect(saved.messages.map((message) => [message.role, message.parts[0]!.text])).toEqual([
      ["user", "How much money do I need in a blocked account?"],
      ["assistant", "For 2025 the blocked account needs 11,904 EUR."],
      ["user", "And for health insurance?"],
      ["assistant", "Students under 30 join a statutory insurer."],
    ]);
    expect(saved.messages[1]!.metadata).toMatchObject({
      model: "local-knowledge",
      sources: [{ title: "Federal Foreign Office" }],
    });
    expect((await api.chat.get({ id: saved.id })).messages).toHaveLength(4);
    expect((await api.chat.list()).map((conversation) => conversation.id)).toContain(saved.id);
  });

  it("refuses what is not a conversation, with a clear message, and stores nothing", async () => {
    const user = await createUser(database.db);
    const api = callerFor(database.db, user.claims);
    const cases: [unknown, RegExp][] = [
      [{ id: "guest-empty-0001", messages: [] }, /There is no conversation to import/],
      [{ id: "no", messages: [question("Hello?")] }, /Conversation id must be 8-64/],
      [{ id: "guest-answer-first", messages: [answer("An answer without a question")] }, /A conversation starts with a question/],
      [{ id: "guest-blank-0001", messages: [question("   ")] }, /Each message needs text/],
      [{ id: "guest-role-0001", messages: [{ ...question("Hi"), role: "system" }] }, /Message role must be 'user' or 'assistant'/],
      [
        { id: "guest-long-00001", messages: [question("x".repeat(MAX_MESSAGE_CHARS + 1))] },
        new RegExp(`at most ${MAX_MESSAGE_CHARS} characters`),
      ],
      [
        {
          id: "guest-many-00001",
          messages: Array.from({ length: MAX_CHAT_MESSAGES + 1 }, (_, i) => question(`Question ${i}`, `q${i}`)),
        },
        new RegExp(`at most ${MAX_CHAT_MESSAGES} messages`),
      ],
      [
        {
          id: "guest-source-0001",
          messages: [question("Hi"), answer("Answer", "a1", { sources: [{ title: "Bad", url: "javascript:alert(1)" }] })],
        },
        /Source addresses must be http\(s\)/,
      ],
      [
        {
          id: "guest-link-00001",
          messages: [question("Hi"), answer("Answer", "a1", { links: [{ title: "Away", href: "//evil.example/", description: "" }] })],
        },
        /Link cards must point to a page of this site/,
      ],
      [
        { id: "guest-meta-00001", messages: [question("Hi"), answer("Answer", "a1", { padding: "x".repeat(20_001) })] },
        /details can have at most 20000 characters/,
      ],
    ];
    for (const [input, message] of cases) {
      const error = await failure(api.chat.importGuestConversation(input as never));
      expect(error.code, JSON.stringify(input).slice(0, 80)).toBe("BAD_REQUEST");
      expect(error.message).toMatch(message);
    }
    expect(await database.db.conversation.count({ where: { userId: user.claims.id } })).toBe(0);
  });

  it("is for signed-in users only", async () => {
    const error = await failure(callerFor(database.db, null).chat.importGuestConversation(guestConversation("guest-anon-00001")));
    expect(error.code).toBe("UNAUTHORIZED");
  });

  it("never touches another user's conversation under the same id: the import gets a new id", async () => {
    const owner = await createUser(database.db);
    const other = await createUser(database.db);
    const ownerApi = callerFor(database.db, owner.claims);
    await ownerApi.chat.importGuestConversation(guestConversation("shared-id-000001"));

    const intruder = callerFor(database.db, other.claims);
    const saved = await intruder.chat.importGuestConversation({
      id: "shared-id-000001",
      messages: [question("Overwrite this?")],
    });
    expect(saved.id).not.toBe("shared-id-000001");
    expect(saved.messages).toHaveLength(1);
    // The owner's conversation is as it was, and the other user still cannot read it.
    expect((await ownerApi.chat.get({ id: "shared-id-000001" })).messages).toHaveLength(4);
    expect((await failure(intruder.chat.get({ id: "shared-id-000001" }))).code).toBe("NOT_FOUND");
    expect((await intruder.chat.list()).map((conversation) => conversation.id)).toEqual([saved.id]);
  });

  it("keeps the user's own conversation under that id too: importing it again adds a copy, never overwrites", async () => {
    const user = await createUser(database.db);
    const api = callerFor(database.db, user.claims);
    await api.chat.importGuestConversation(guestConversation("own-id-00000001"));
    const again = await api.chat.importGuestConversation({
      id: "own-id-00000001",
      messages: [question("A later guest question")],
    });
    expect(again.id).not.toBe("own-id-00000001");
    expect((await api.chat.get({ id: "own-id-00000001" })).messages).toHaveLength(4);
  });

  it("answers a repeat of the same import (a reload while it was under way) with the saved conversation, not a copy", async () => {
    const user = await createUser(database.db);
    const api = callerFor(database.db, user.claims);
    const first = await api.chat.importGuestConversation(guestConversation("repeat-id-000001"));
    const repeat = await api.chat.importGuestConversation(guestConversation("repeat-id-000001"));
    expect(repeat.id).toBe("repeat-id-000001");
    expect(repeat.messages).toEqual(first.messages);
    expect((await api.chat.list()).map((conversation) => conversation.id)).toEqual(["repeat-id-000001"]);
  });

  it(`allows ${GUEST_IMPORTS_PER_DAY} imports a day per account, then answers 429`, async () => {
    const user = await createUser(database.db);
    const api = callerFor(database.db, user.claims);
    for (let i = 0; i < GUEST_IMPORTS_PER_DAY; i++) {
      await api.chat.importGuestConversation({ id: `limit-${i}-0000000`, messages: [question(`Question ${i}`)] });
    }
    const error = await failure(api.chat.importGuestConversation({ id: "limit-over-000000", messages: [question("One more")] }));
    expect(error.code).toBe("TOO_MANY_REQUESTS");
    expect(error.message).toBe(GUEST_IMPORT_LIMIT_MESSAGE);
    expect(await database.db.conversation.count({ where: { userId: user.claims.id } })).toBe(GUEST_IMPORTS_PER_DAY);
    // Another account has its own allowance.
    const other = await createUser(database.db);
    await expect(
      callerFor(database.db, other.claims).chat.importGuestConversation({
        id: "limit-other-00000",
        messages: [question("Mine")],
      }),
    ).resolves.toMatchObject({
      id: "limit-other-00000",
    });
  });
});
