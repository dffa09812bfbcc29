/**
 * What the app keeps on this device for reading offline (the /offline page): the last conversations
 * the signed-in user opened and their saved tool results, as the pages received them. Kept in the
 * browser's localStorage under one key, for one account at a time, and deleted at sign-out.
 */

import { OFFLINE_SNAPSHOT_KEY } from "./offline-snapshot-key";

export { OFFLINE_SNAPSHOT_KEY };
/** How many conversations are kept: the most recently updated. */
export const OFFLINE_CONVERSATIONS = 5;
/** How many saved tool results are kept: the newest. */
export const OFFLINE_SAVED_RESULTS = 10;

export interface OfflineMessage {
  role: string;
  text: string;
}

export interface OfflineConversation {
  id: string;
  title: string;
  updatedAt: string;
  messages: OfflineMessage[];
}

export interface OfflineSavedResult {
  id: string;
  tool: string;
  title: string;
  createdAt: string;
  result: unknown;
}

export interface OfflineSnapshot {
  userId: string;
  conversations: OfflineConversation[];
  savedResults: OfflineSavedResult[];
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const iso = (value: Date | string) => new Date(value).toISOString();

export function readSnapshot(store: Store): OfflineSnapshot | null {
  try {
    const parsed = JSON.parse(store.getItem(OFFLINE_SNAPSHOT_KEY) ?? "null") as OfflineSnapshot | null;
    return parsed && typeof parsed.userId === "string" && Array.isArray(parsed.conversations) && Array.isArray(parsed.savedResults)
      ? parsed
      : null;
  } catch {
    return null;
  }
}

function update(store: Store, userId: string, change: (snapshot: OfflineSnapshot) => OfflineSnapshot) {
  const current = readSnapshot(store);
  // Another account's snapshot is replaced, never mixed.
  const base = current?.userId === userId ? current : { userId, conversations: [], savedResults: [] };
  try {
    store.setItem(OFFLINE_SNAPSHOT_KEY, JSON.stringify(change(base)));
  } catch {
    // Storage full or disabled: offline reading is a convenience, the app works without it.
  }
}

/** A conversation as `chat.get` returns it: its text parts, newest conversations first, at most five. */
export function recordConversation(
  store: Store,
  userId: string,
  conversation: {
    id: string;
    title: string;
    updatedAt: Date | string;
    messages: { role: string; parts: { type: string; text?: string }[] }[];
  },
) {
  const entry: OfflineConversation = {
    id: conversation.id,
    title: conversation.title,
    updatedAt: iso(conversation.updatedAt),
    messages: conversation.messages.map((message) => ({
      role: message.role,
      text: message.parts.map((part) => (part.type === "text" ? (part.text ?? "") : "")).join(""),
    })),
  };
  update(store, userId, (snapshot) => ({
    ...snapshot,
    conversations: [entry, ...snapshot.conversations.filter((c) => c.id !== entry.id)]
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .slice(0, OFFLINE_CONVERSATIONS),
  }));
}

/** The conversations of `chat.list` that are kept but older than the list says: to be fetched again. */
export function staleConversations(store: Store, userId: string, list: { id: string; updatedAt: Date | string }[]): string[] {
  const snapshot = readSnapshot(store);
  const kept = new Map((snapshot?.userId === userId ? snapshot.conversations : []).map((c) => [c.id, c.updatedAt]));
  return list
    .slice(0, OFFLINE_CONVERSATIONS)
    .filter((entry) => kept.get(entry.id) !== iso(entry.updatedAt))
    .map((entry) => entry.id);
}

/** The saved tool results as `tools.saved.list` returns them (newest first): the newest ten. */
export function recordSavedResults(
  store: Store,
  userId: string,
  results: { id: string; tool: string; title: string; createdAt: Date | string; result: unknown }[],
) {
  update(store, userId, (snapshot) => ({
    ...snapshot,
    savedResults: results
      .slice(0, OFFLINE_SAVED_RESULTS)
      .map(({ id, tool, title, createdAt, result }) => ({ id, tool, title, createdAt: iso(createdAt), result })),
  }));
}

export function clearSnapshot(store: Store) {
  store.removeItem(OFFLINE_SNAPSHOT_KEY);
}
