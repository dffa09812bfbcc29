/** Where and when the floating mini chat (./mini-chat-box.tsx) shows. */

export const MINI_CHAT_SCROLL_PX = 100;

/** What the mini chat must never cover: every form, and what a page marks (the pricing cards). */
export const MINI_CHAT_AVOID_SELECTOR = "form:not([data-mini-chat]), [data-mini-chat-avoid]";

/** Hidden on the chat itself and the admin area. */
export function miniChatAllowed(pathname: string): boolean {
  return !pathname.startsWith("/swipe-ai") && !pathname.startsWith("/admin");
}
