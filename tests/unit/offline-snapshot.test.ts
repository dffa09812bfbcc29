import { describe, expect, it } from "vitest";
import { isIos } from "~/components/pwa/install-prompt";
import {
  clearSnapshot,
  OFFLINE_CONVERSATIONS,
  readSnapshot,
  recordConversation,
  recordSavedResults,
  staleConversations,
} from "~/lib/offline-snapshot";
import { webAppManifest } from "~/lib/web-app-manifest";

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const conversation = (id: string, day: number) => ({
  id,
  title: `Conversation ${id}`,
  updatedAt: new Date(Date.UTC(2026, 10, day)),
  messages: [
    { role: "user", parts: [{ type: "text", text: "How much is the blocked account?" }] },
    {
      role: "assistant",
      parts: [{ type: "text", text: "11,904 EUR " }, { type: "source-url" }, { type: "text", text: "for 2026." }],
    },
  ],
});

describe("offline snapshot", () => {
  it("keeps the text of the newest conversations, newest first, at most five", () => {
    const store = memoryStore();
    for (let day = 1; day <= 7; day++) recordConversation(store, "u1", conversation(`c${day}`, day));
    recordConversation(store, "u1", conversation("c3", 20)); // updated again: moves to the top
    const snapshot = readSnapshot(store)!;
    expect(snapshot.conversations.map((c) => c.id)).toEqual(["c3", "c7", "c6", "c5", "c4"]);
    expect(snapshot.conversations).toHaveLength(OFFLINE_CONVERSATIONS);
    expect(snapshot.conversations[0]!.messages).toEqual([
      { role: "user", text: "How much is the blocked account?" },
      { role: "assistant", text: "11,904 EUR for 2026." },
    ]);
  });

  it("names the listed conversations whose kept copy is missing or older", () => {
    const store = memoryStore();
    recordConversation(store, "u1", conversation("a", 1));
    recordConversation(store, "u1", conversation("b", 2));
    const list = [
      { id: "b", updatedAt: new Date(Date.UTC(2026, 10, 2)) },
      { id: "a", updatedAt: new Date(Date.UTC(2026, 10, 3)) },
      { id: "c", updatedAt: new Date(Date.UTC(2026, 10, 1)) },
    ];
    expect(staleConversations(store, "u1", list)).toEqual(["a", "c"]);
    expect(staleConversations(store, "someone-else", list)).toEqual(["b", "a", "c"]);
  });

  it("never mixes two accounts, and is deleted at sign-out", () => {
    const store = memoryStore();
    recordConversation(store, "u1", conversation("a", 1));
    recordSavedResults(store, "u1", [
      {
        id: "s1",
        tool: "visa-checker",
        title: "India, study",
        createdAt: "2026-11-01T10:00:00.000Z",
        result: { ok: true },
      },
    ]);
    expect(readSnapshot(store)).toMatchObject({ userId: "u1", savedResults: [{ id: "s1", title: "India, study" }] });
    recordSavedResults(store, "u2", []);
    expect(readSnapshot(store)).toEqual({ userId: "u2", conversations: [], savedResults: [] });
    clearSnapshot(store);
    expect(readSnapshot(store)).toBeNull();
  });

  it("reads damaged storage as nothing saved", () => {
    const store = memoryStore();
    store.setItem("swipeabroad:offline:v1", "{not json");
    expect(readSnapshot(store)).toBeNull();
  });
});

describe("installing the app", () => {
  it("knows iPhone and iPad (iPadOS reports a Mac with touch), not a Mac or Android", () => {
    expect(
      isIos("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1"),
    ).toBe(true);
    expect(isIos("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15", 5)).toBe(true);
    expect(isIos("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15", 0)).toBe(false);
    expect(isIos("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36")).toBe(false);
  });

  it("has a manifest an installing browser accepts: name, start, standalone, 192 and 512 px icons and a maskable one", () => {
    const manifest = webAppManifest();
    expect(manifest).toMatchObject({ short_name: "SwipeAbroad", start_url: "/", display: "standalone" });
    expect(manifest.icons?.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ["192x192", "any"],
      ["512x512", "any"],
      ["512x512", "maskable"],
    ]);
  });
});
