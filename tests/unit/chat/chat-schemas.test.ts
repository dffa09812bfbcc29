import { describe, expect, it } from "vitest";
import { confidenceTone } from "~/components/chat/message-item";
import { miniChatAllowed } from "~/components/chat/mini-chat-rules";
import { chatRequestSchema, feedbackSchema } from "~/lib/schemas/chat";
import { citedPassageNumbers, sourceList, sourcesBlock } from "~/server/ai/prompt";

describe("chat requests", () => {
  it("reads AI SDK UI messages and plain messages into one shape, trimmed", () => {
    const parsed = chatRequestSchema.parse({
      id: "conversation-1",
      messages: [
        { role: "user", content: "  Hi  " },
        {
          id: "a1",
          role: "assistant",
          parts: [{ type: "step-start" }, { type: "text", text: "Hello" }, { type: "text", text: "!" }],
          metadata: { model: "x" },
        },
        { id: "u2", role: "user", parts: [{ type: "text", text: "What is APS?" }] },
      ],
    });
    expect(parsed).toEqual({
      conversationId: "conversation-1",
      chatModel: undefined, // no choice: the default model of /admin/assistant answers
      messages: [
        { id: "m0", role: "user", text: "Hi", metadata: undefined },
        { id: "a1", role: "assistant", text: "Hello!", metadata: { model: "x" } },
        { id: "u2", role: "user", text: "What is APS?", metadata: undefined },
      ],
    });
  });

  it("refuses a system message, a blank last message, an unknown model and a bad conversation id", () => {
    expect(chatRequestSchema.safeParse({ messages: [{ role: "system", content: "x" }] }).success).toBe(false);
    expect(chatRequestSchema.safeParse({ messages: [{ role: "user", content: " " }] }).success).toBe(false);
    expect(chatRequestSchema.safeParse({ messages: [{ role: "user", content: "x" }], chatModel: "claude" }).success).toBe(false);
    expect(chatRequestSchema.safeParse({ id: "../../etc", messages: [{ role: "user", content: "x" }] }).success).toBe(false);
    expect(chatRequestSchema.safeParse({ messages: [{ role: "user", content: "x".repeat(8001) }] }).success).toBe(false);
  });
});

describe("feedback records", () => {
  it("keeps userId 'anonymous' and userType 'student' by default", () => {
    const parsed = feedbackSchema.parse({
      sessionId: "session-0001",
      messageId: "m1",
      feedbackType: "like",
      messageContent: "x",
      chatModel: "deepseek",
    });
    expect(parsed).toMatchObject({
      userId: "anonymous",
      userType: "student",
      isStreaming: true,
      ragEnabled: false,
      messageOrder: 0,
    });
  });
});

describe("the confidence indicator", () => {
  it("is red below 0.4, yellow below 0.7 and green otherwise", () => {
    expect([0, 0.399, 0.4, 0.699, 0.7, 1].map(confidenceTone)).toEqual(["red", "red", "yellow", "yellow", "green", "green"]);
  });
});

describe("the mini chat", () => {
  it("is hidden on the chat and in the admin area only", () => {
    expect(["/", "/students", "/pricing", "/swipe-ai", "/swipe-ai/x", "/admin", "/admin/users"].map(miniChatAllowed)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("sources of a hosted Deep Thinking answer", () => {
  const passage = (slug: string, title: string, heading: string | null, sources: { title: string; url: string }[]) => ({
    id: `${slug}-${heading}`,
    articleSlug: slug,
    articleTitle: title,
    topic: "finances",
    heading,
    text: "…",
    score: 1,
    lastReviewed: "2026-11-01",
    sources,
  });
  const ffo = { title: "Federal Foreign Office", url: "https://www.auswaertiges-amt.de/" };
  const jena = { title: "City of Jena", url: "https://neu.jena.de/de/node/99" };
  const passages = [
    passage("a", "Blocked account", "The current amount", [ffo]),
    passage("a", "Blocked account", "Money above the minimum", [jena]),
    passage("b", "Sponsor", null, [ffo]),
  ];

  it("lists the passages the answer cites, by number, each with its own section's sources", () => {
    expect(sourcesBlock(passages, "It is 11,904 EUR a year [1]. Money above it is yours [2].")).toBe(
      "\n\n**Sources**\n- [1] Blocked account (last reviewed 2026-11-01), section “The current amount”: [Federal Foreign Office](https://www.auswaertiges-amt.de/)\n- [2] Blocked account (last reviewed 2026-11-01), section “Money above the minimum”: [City of Jena](https://neu.jena.de/de/node/99)",
    );
    expect(sourcesBlock(passages, "No number cited.").match(/^- \[\d\]/gm)).toEqual(["- [1]", "- [2]", "- [3]"]);
    expect(sourcesBlock([])).toBe("");
  });

  it.each([
    ["It is 11,904 EUR [1].", [1]],
    ["See [2][3] and [1, 2].", [1, 2, 3]],
    ["Out of range [4], [0], and a link [text](https://x.org).", []],
    ["No citation at all.", []],
  ])("reads the passage numbers cited in %j", (text, numbers) => {
    expect(citedPassageNumbers(text, 3)).toEqual(numbers);
  });

  it("keeps every source behind the retrieved sections in the message metadata, each once per article", () => {
    expect(sourceList(passages)).toEqual([
      { title: "Blocked account", url: ffo.url, lastReviewed: "2026-11-01" },
      { title: "Blocked account", url: jena.url, lastReviewed: "2026-11-01" },
      { title: "Sponsor", url: ffo.url, lastReviewed: "2026-11-01" },
    ]);
  });
});
