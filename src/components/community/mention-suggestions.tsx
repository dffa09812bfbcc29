"use client";

import { type ChangeEvent, type KeyboardEvent, type RefObject, useEffect, useId, useState } from "react";
import { MENTION_PREFIX_MAX } from "~/lib/schemas/community";
import { api } from "~/trpc/react";

/** The "@prefix" the caret is at the end of, or null: the same rule as a mention in a published post. */
function mentionAtCaret(text: string, caret: number): { start: number; prefix: string } | null {
  const before = text.slice(0, caret);
  const match = /(?<![\w@/.])@([a-z0-9_]{1,30})$/i.exec(before);
  if (!match || match[1]!.length > MENTION_PREFIX_MAX) return null;
  return { start: match.index, prefix: match[1]!.toLowerCase() };
}

/**
 * Suggestions of members' @handles while typing "@" and letters in a post's text area: a listbox under
 * it, moved through with the arrow keys, chosen with Enter or a click, closed with Escape. Choosing one
 * writes "@handle " in place of what was typed. Only members who have a handle are offered.
 */
export function useMentionSuggestions(
  textareaRef: RefObject<HTMLTextAreaElement | null>,
  onChange?: (event: ChangeEvent<HTMLTextAreaElement>) => unknown,
) {
  const listId = useId();
  const [at, setAt] = useState<{ start: number; prefix: string } | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [debounced, setDebounced] = useState<string | null>(null);
  useEffect(() => {
    const next = at?.prefix ?? null;
    const timer = setTimeout(() => setDebounced(next), 150);
    return () => clearTimeout(timer);
  }, [at?.prefix]);
  const query = api.community.mentionSuggestions.useQuery(
    { prefix: debounced ?? "" },
    { enabled: debounced !== null && debounced === at?.prefix, staleTime: 30_000 },
  );
  const handles = at && dismissed !== at.prefix && debounced === at.prefix ? (query.data ?? []) : [];
  const open = handles.length > 0;

  function readCaret() {
    const el = textareaRef.current;
    if (!el) return;
    setAt(mentionAtCaret(el.value, el.selectionStart));
    setActive(0);
  }

  function choose(handle: string) {
    const el = textareaRef.current;
    if (!el || !at) return;
    const caret = el.selectionStart;
    const inserted = `@${handle} `;
    el.value = `${el.value.slice(0, at.start)}${inserted}${el.value.slice(caret)}`;
    const position = at.start + inserted.length;
    el.setSelectionRange(position, position);
    el.focus();
    // The text area is uncontrolled: tell the form its value changed.
    onChange?.({ target: el, currentTarget: el, type: "change" } as unknown as ChangeEvent<HTMLTextAreaElement>);
    setAt(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (index + step + handles.length) % handles.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      choose(handles[Math.min(active, handles.length - 1)]!);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setDismissed(at?.prefix ?? null);
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  const textareaProps = {
    "aria-autocomplete": "list" as const,
    "aria-controls": open ? listId : undefined,
    "aria-activedescendant": open ? optionId(Math.min(active, handles.length - 1)) : undefined,
    onKeyDown,
    onInput: readCaret,
    onKeyUp: (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) readCaret();
    },
    onClick: readCaret,
    onBlur: () => setAt(null),
  };
  const listbox = open ? (
    <ul
      id={listId}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA listbox pattern on a list
      role="listbox"
      aria-label="Members to mention"
      className="mt-1 max-w-xs rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
    >
      {handles.map((handle, index) => (
        <li
          key={handle}
          id={optionId(index)}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA listbox pattern on a list
          role="option"
          tabIndex={-1}
          aria-selected={index === active}
          className={`cursor-pointer px-3 py-1.5 ${index === active ? "bg-brand-50 text-brand-800" : "text-slate-800"}`}
          onMouseDown={(event) => {
            event.preventDefault(); // keep the focus in the text area
            choose(handle);
          }}
        >
          @{handle}
        </li>
      ))}
    </ul>
  ) : null;
  return { textareaProps, listbox };
}
