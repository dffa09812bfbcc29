"use client";

import { markdownToPlainText } from "~/lib/markdown-plain-text";

/**
 * Puts an answer on the clipboard twice over: as plain text (no Markdown markers; lists as lines,
 * links with their addresses) for plain fields, and as its rendered HTML for editors that paste rich
 * text (headings, lists, links). Browsers without ClipboardItem, or that refuse it, get the text alone.
 */
export async function copyAnswer(markdown: string, html: string | null): Promise<void> {
  const text = markdownToPlainText(markdown);
  if (html && typeof ClipboardItem !== "undefined" && typeof navigator.clipboard?.write === "function") {
    try {
      await navigator.clipboard.write([
        new ClipboardItem({
          "text/plain": new Blob([text], { type: "text/plain" }),
          "text/html": new Blob([html], { type: "text/html" }),
        }),
      ]);
      return;
    } catch {
      // e.g. rich text refused by this browser: the text alone below
    }
  }
  await navigator.clipboard.writeText(text);
}
