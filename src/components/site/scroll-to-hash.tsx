"use client";

import { useEffect } from "react";

/**
 * Scrolls to the section named in the URL's hash once the page is shown; the side menu opens
 * /students#topic-... while its drawer (which locks scrolling) is still closing.
 */
export function ScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const timer = setTimeout(() => document.getElementById(id)?.scrollIntoView({ block: "start" }), 150);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
