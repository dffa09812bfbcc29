"use client";

import { type ChangeEvent, type FocusEvent, type Ref, type TextareaHTMLAttributes, useRef } from "react";
import { SectionTabs } from "~/components/ui/section-tabs";
import { useMentionSuggestions } from "./mention-suggestions";
import { PostMarkdown } from "./post-markdown";

/** The preview reads the text when its tab opens (the text area is uncontrolled, so typing re-renders nothing). */
function Preview({ readText }: { readText: () => string }) {
  const text = readText();
  return text.trim() ? (
    <div className="min-h-32 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3" data-testid="markdown-preview">
      <PostMarkdown body={text} />
    </div>
  ) : (
    <p className="min-h-32 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-600">Nothing to preview yet.</p>
  );
}

/**
 * A Markdown text area with Write and Preview tabs, rendered by the same renderer as published posts.
 * Spread react-hook-form's `register(name)` into `textarea`; `readText` gives the current text.
 */
export function MarkdownField({
  id,
  label,
  error,
  readText,
  textarea,
}: {
  id: string;
  label: string;
  error?: string;
  readText: () => string;
  textarea: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };
}) {
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ""}`;
  const element = useRef<HTMLTextAreaElement | null>(null);
  const { ref: formRef, onChange, onBlur, ...rest } = textarea;
  const mentions = useMentionSuggestions(element, onChange as ((event: ChangeEvent<HTMLTextAreaElement>) => unknown) | undefined);
  // The form's ref and ours both see the text area.
  const setRef = (node: HTMLTextAreaElement | null) => {
    element.current = node;
    if (typeof formRef === "function") formRef(node);
    else if (formRef) (formRef as { current: HTMLTextAreaElement | null }).current = node;
  };
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <SectionTabs
        label="Write or preview"
        tabs={[
          {
            value: "write",
            label: "Write",
            content: (
              <div>
                <textarea
                  id={id}
                  rows={7}
                  className="field-input min-h-32 font-mono text-sm"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy}
                  {...rest}
                  {...mentions.textareaProps}
                  ref={setRef}
                  onChange={onChange}
                  onBlur={(event: FocusEvent<HTMLTextAreaElement>) => {
                    mentions.textareaProps.onBlur();
                    onBlur?.(event);
                  }}
                />
                {mentions.listbox}
              </div>
            ),
          },
          { value: "preview", label: "Preview", content: <Preview readText={readText} /> },
        ]}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Markdown: **bold**, *italic*, [link](https://…), lists, &gt; quotes, `code`. Mention a member with @name.
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
