"use client";

import { useEffect } from "react";

/**
 * Scrolls to the section named in the URL's hash once the page is shown (and opens it when it is a
 * collapsed FAQ entry); the side menu opens /students#topic-... while its drawer, which locks
 * scrolling, is still closing.
 */
export function ScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const timer = setTimeout(() => {
      const target = document.getElementById(id);
      if (target instanceof HTMLDetailsElement) target.open = true;
      target?.scrollIntoView({ block: "start" });
    }, 150);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
