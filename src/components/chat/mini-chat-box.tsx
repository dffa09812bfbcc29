"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { MINI_CHAT_AVOID_SELECTOR, MINI_CHAT_SCROLL_PX, miniChatAllowed } from "./mini-chat-rules";

/**
 * Whether a form or a marked part of the page is on screen. Watched with IntersectionObserver; a
 * MutationObserver adds what the page renders later (client navigation, dialogs, loaded lists).
 */
function useAvoidedContentInView(pathname: string): boolean {
  const [inView, setInView] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page brings new elements to watch
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const visible = new Set<Element>();
    const watched = new WeakSet<Element>();
    const intersections = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target);
        else visible.delete(entry.target);
      }
      setInView([...visible].some((element) => element.isConnected));
    });
    const watchAll = () => {
      for (const element of document.querySelectorAll(MINI_CHAT_AVOID_SELECTOR)) {
        if (watched.has(element)) continue;
        watched.add(element);
        intersections.observe(element);
      }
    };
    watchAll();
    const mutations = new MutationObserver(() => {
      watchAll();
      for (const element of visible) if (!element.isConnected) visible.delete(element);
      setInView(visible.size > 0);
    });
    mutations.observe(document.body, { childList: true, subtree: true });
    return () => {
      mutations.disconnect();
      intersections.disconnect();
    };
  }, [pathname]);
  return inView;
}

/**
 * The floating mini chat: shown after 100 px of scroll; a non-blank message opens the chat with it.
 * It steps aside while a form or the pricing cards are on screen, so it never covers what the user
 * fills in or compares.
 */
export function MiniChatBox() {
  const pathname = usePathname();
  const router = useRouter();
  const [scrolled, setScrolled] = useState(false);
  const [text, setText] = useState("");
  const avoided = useAvoidedContentInView(pathname);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts at a new scroll position
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > MINI_CHAT_SCROLL_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [pathname]);

  // Someone typing keeps the box, even when a form scrolls into view.
  const shown = miniChatAllowed(pathname) && scrolled && (!avoided || text.trim() !== "");

  if (!shown) return null;
  return (
    <form
      role="search"
      aria-label="Ask SwipeAI"
      data-mini-chat
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
        placeholder="Ask about studying in Germany"
        className="field-input min-w-0 flex-1"
      />
      <button type="submit" className="btn-primary" disabled={!text.trim()}>
        Ask
      </button>
    </form>
  );
}
