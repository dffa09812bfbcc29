"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";

export const MINI_CHAT_SCROLL_PX = 100;

/** Hidden on the chat itself and the admin area (spec 2.4). */
export function miniChatAllowed(pathname: string): boolean {
  return !pathname.startsWith("/swipe-ai") && !pathname.startsWith("/admin");
}

/** The floating mini chat: shown after 100 px of scroll; a non-blank message opens the chat with it. */
export function MiniChatBox() {
  const pathname = usePathname();
  const router = useRouter();
  const [scrolled, setScrolled] = useState(false);
  const [text, setText] = useState("");

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > MINI_CHAT_SCROLL_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [pathname]);

  if (!miniChatAllowed(pathname) || !scrolled) return null;
  return (
    <form
      role="search"
      aria-label="Ask SwipeAI"
      className="fixed right-3 bottom-3 left-3 z-30 flex gap-2 rounded-2xl border border-slate-200 bg-white p-2 shadow-lg sm:left-auto sm:w-96"
      onSubmit={(event) => {
        event.preventDefault();
        const message = text.trim();
        if (!message) return;
        setText("");
        router.push(`/swipe-ai?message=${encodeURIComponent(message)}&autoSubmit=1`);
      }}
    >
      <label htmlFor="mini-chat-input" className="sr-only">
        Ask SwipeAI a question
      </label>
      <input
        id="mini-chat-input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Ask SwipeAI about studying in Germany"
        className="field-input flex-1"
      />
      <button type="submit" className="btn-primary" disabled={!text.trim()}>
        Ask
      </button>
    </form>
  );
}
