"use client";

import { useState } from "react";
import { MAX_TAGS } from "~/lib/schemas/community";

/** Tags as chips: type a tag and press comma or Enter (or paste "visa, housing"); × removes one. */
export function TagInput({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState("");
  const add = (text: string) => {
    const tags = text
      .split(",")
      .map((tag) => tag.trim().toLowerCase().replace(/\s+/g, "-"))
      .filter(Boolean);
    if (tags.length) onChange([...new Set([...value, ...tags])]);
    setDraft("");
  };
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Tags (optional)
      </label>
      <div className="field-input flex flex-wrap items-center gap-1.5">
        {value.map((tag) => (
          <span key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-sm text-brand-800">
            #{tag}
            <button
              type="button"
              className="rounded-full px-1 text-brand-800 hover:bg-brand-100"
              aria-label={`Remove tag ${tag}`}
              onClick={() => onChange(value.filter((each) => each !== tag))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          value={draft}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          className="min-w-24 flex-1 border-0 bg-transparent p-0 text-sm outline-none focus:ring-0"
          onChange={(event) => (event.target.value.includes(",") ? add(event.target.value) : setDraft(event.target.value))}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add(draft);
            } else if (event.key === "Backspace" && !draft && value.length) onChange(value.slice(0, -1));
          }}
          onBlur={() => add(draft)}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Up to {MAX_TAGS}, separated by commas, e.g. visa, blocked-account.
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
