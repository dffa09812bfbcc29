"use client";

import type { UIMessage } from "ai";

/** Spec 3: the session id and the conversation id live in session storage (one browser tab's visit). */
const SESSION_KEY = "swipeai-session-id";
const CONVERSATION_KEY = "swipeai-conversation-id";
const ORDER_KEY = "swipeai-feedback-order";
const MESSAGES_PREFIX = "swipeai-messages:";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The text of a chat message (its text parts joined). */
export function messageText(message: UIMessage): string {
  return message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
}

export function newId(): string {
  return crypto.randomUUID();
}

export function getSessionId(): string {
  const store = storage();
  let id = store?.getItem(SESSION_KEY);
  if (!id) {
    id = newId();
    store?.setItem(SESSION_KEY, id);
  }
  return id;
}

export function getStoredConversationId(): string | null {
  return storage()?.getItem(CONVERSATION_KEY) ?? null;
}

export function storeConversationId(id: string) {
  storage()?.setItem(CONVERSATION_KEY, id);
}

/** "New chat": a reload starts a new conversation too, instead of reopening the last one. */
export function forgetStoredConversationId() {
  storage()?.removeItem(CONVERSATION_KEY);
}

/** The feedback record's messageOrder: a counter per browser session. */
export function nextFeedbackOrder(): number {
  const store = storage();
  const next = Number(store?.getItem(ORDER_KEY) ?? "0") + 1;
  store?.setItem(ORDER_KEY, String(next));
  return next;
}

/** Visitors without an account keep their conversation in the tab, so a reload does not lose it. */
export function loadLocalMessages(conversationId: string): UIMessage[] {
  try {
    return JSON.parse(storage()?.getItem(MESSAGES_PREFIX + conversationId) ?? "[]") as UIMessage[];
  } catch {
    return [];
  }
}

export function saveLocalMessages(conversationId: string, messages: UIMessage[]) {
  try {
    storage()?.setItem(MESSAGES_PREFIX + conversationId, JSON.stringify(messages));
  } catch {
    // storage full or disabled: the conversation simply is not kept across reloads
  }
}

/** Once a guest's conversation is in their account, the tab's copy goes. */
export function removeLocalMessages(conversationId: string) {
  storage()?.removeItem(MESSAGES_PREFIX + conversationId);
}

/** The guest conversation of this tab worth moving into an account: its messages that have text. */
export function guestMessagesToImport(conversationId: string): UIMessage[] {
  return loadLocalMessages(conversationId).filter((message) => message.parts.some((part) => part.type === "text" && part.text.trim()));
}
