"use client";

import * as Popover from "@radix-ui/react-popover";
import { useId, useMemo, useRef, useState } from "react";
import type { Option } from "~/lib/options";
import { filterOptions, NO_OPTIONS_TEXT, SELECT_LIST_MAX_HEIGHT_PX, showsSearch } from "~/lib/ui/select";

export interface SelectBoxProps {
  id?: string;
  options: Option[];
  value: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  "aria-label"?: string;
  "aria-labelledby"?: string;
}

/**
 * A select box on a Radix popover: Escape and outside clicks close it (Radix), a search box appears
 * above 10 options, an empty result reads 'No options found'. Arrow keys move between options.
 */
export function SelectBox({ id, options, value, onChange, placeholder = "Select...", disabled, ...aria }: SelectBoxProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const visible = useMemo(() => filterOptions(options, query), [options, query]);
  const selected = options.find((option) => option.value === value);

  function choose(option: Option) {
    onChange(option.value);
    setOpen(false);
    setQuery("");
  }
  function focusOption(index: number) {
    const items = listRef.current?.querySelectorAll<HTMLElement>("[role=option]");
    items?.[Math.max(0, Math.min(index, items.length - 1))]?.focus();
  }

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQuery("");
      }}
    >
      <Popover.Trigger asChild disabled={disabled}>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-haspopup="listbox"
          {...aria}
          className="field-input flex items-center justify-between text-left"
        >
          <span className={selected ? "truncate" : "truncate text-slate-500"}>{selected?.label ?? placeholder}</span>
          <span aria-hidden className="ml-2 text-slate-400">
            ▾
          </span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          onOpenAutoFocus={(event) => {
            if (!showsSearch(options.length)) {
              event.preventDefault();
              requestAnimationFrame(() =>
                focusOption(
                  Math.max(
                    0,
                    options.findIndex((o) => o.value === value),
                  ),
                ),
              );
            }
          }}
        >
          {showsSearch(options.length) ? (
            <input
              type="search"
              aria-label="Search options"
              placeholder="Search..."
              className="field-input mb-1"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "ArrowDown") {
                  e.preventDefault();
                  focusOption(0);
                }
                if (e.key === "Enter" && visible[0]) {
                  e.preventDefault();
                  choose(visible[0]);
                }
              }}
            />
          ) : null}
          <ul
            id={listId}
            ref={listRef}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA listbox pattern on a list
            role="listbox"
            className="overflow-y-auto"
            style={{ maxHeight: SELECT_LIST_MAX_HEIGHT_PX }}
          >
            {visible.length === 0 ? (
              <li className="px-3 py-2 text-sm text-slate-500">{NO_OPTIONS_TEXT}</li>
            ) : (
              visible.map((option, index) => (
                <li
                  key={option.value}
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA listbox pattern on a list
                  role="option"
                  tabIndex={-1}
                  aria-selected={option.value === value}
                  onClick={() => choose(option)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter" || e.key === " ") {
                      e.preventDefault();
                      choose(option);
                    }
                    if (e.key === "ArrowDown") {
                      e.preventDefault();
                      focusOption(index + 1);
                    }
                    if (e.key === "ArrowUp") {
                      e.preventDefault();
                      focusOption(index - 1);
                    }
                  }}
                  className="cursor-pointer rounded-md px-3 py-2 text-sm text-slate-700 outline-none hover:bg-brand-50 focus:bg-brand-50 aria-selected:font-semibold aria-selected:text-brand-700"
                >
                  {option.label}
                </li>
              ))
            )}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
