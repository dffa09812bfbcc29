"use client";

import type { ColumnDef } from "@tanstack/react-table";
import type { inferRouterInputs } from "@trpc/server";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { type ReactNode, useState } from "react";
import type { AppRouter } from "~/server/api/root";

/** The inputs of the management area's procedures, for casting a list's URL state to its query. */
export type AdminInputs = inferRouterInputs<AppRouter>["admin"];

const BADGE_TONES = {
  neutral: "bg-slate-100 text-slate-700",
  hidden: "bg-amber-100 text-amber-900",
  info: "bg-brand-50 text-brand-700",
  warning: "bg-red-100 text-red-800",
  ok: "bg-emerald-100 text-emerald-900",
} as const;

export function Badge({ tone = "neutral", children, title }: { tone?: keyof typeof BADGE_TONES; children: ReactNode; title?: string }) {
  return (
    <span title={title} className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_TONES[tone]}`}>
      {children}
    </span>
  );
}

/**
 * The buttons of a table row. Positioned, so that the screen-reader-only texts of its buttons stay
 * inside the table's scrolling box instead of widening the page on a phone.
 */
export function RowActions({ children }: { children: ReactNode }) {
  return <span className="relative flex flex-wrap gap-2">{children}</span>;
}

/** The record's name after a button's visible word, for screen readers: "Hide “Visa”". */
function ForRecord({ name }: { name: string }) {
  return <span className="sr-only"> “{name}”</span>;
}

/** "Hide" or "Show" for the record called `name`, by its current state. */
export function HideButton({
  name,
  hidden,
  disabled,
  onSetHidden,
}: {
  name: string;
  hidden: boolean;
  disabled?: boolean;
  onSetHidden: (hidden: boolean) => void;
}) {
  return (
    <button type="button" className="btn-secondary px-3 py-1" disabled={disabled} onClick={() => onSetHidden(!hidden)}>
      {hidden ? "Show" : "Hide"}
      <ForRecord name={name} />
    </button>
  );
}

/**
 * Edit, Hide/Show and (with `remove`) Delete for the record called `name`. Delete asks
 * `remove.question` first.
 */
export function EditHideDeleteActions({
  name,
  hidden,
  onEdit,
  editDisabled,
  onSetHidden,
  hideDisabled,
  remove,
}: {
  name: string;
  hidden: boolean;
  onEdit: () => void;
  editDisabled?: boolean;
  onSetHidden: (hidden: boolean) => void;
  hideDisabled?: boolean;
  remove?: { question: string; disabled?: boolean; onConfirm: () => void };
}) {
  return (
    <RowActions>
      <button type="button" className="btn-secondary px-3 py-1" disabled={editDisabled} onClick={onEdit}>
        Edit
        <ForRecord name={name} />
      </button>
      <HideButton name={name} hidden={hidden} disabled={hideDisabled} onSetHidden={onSetHidden} />
      {remove ? (
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-red-700"
          disabled={remove.disabled}
          onClick={() => {
            if (window.confirm(remove.question)) remove.onConfirm();
          }}
        >
          Delete
          <ForRecord name={name} />
        </button>
      ) : null}
    </RowActions>
  );
}

/**
 * A record's text edited in its table row: `label` names the text box for screen readers; Save
 * hands the text to `onSave`, Cancel to `onCancel`.
 */
export function RowTextForm({
  id,
  label,
  text,
  saving,
  error,
  onSave,
  onCancel,
}: {
  id: string;
  label: string;
  text: string;
  saving: boolean;
  error?: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(text);
  return (
    <form
      className="min-w-56 space-y-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave(value);
      }}
    >
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field-input"
        rows={2}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        // biome-ignore lint/a11y/noAutofocus: the field opens on the staff member's own click, to be typed in
        autoFocus
      />
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      <span className="flex gap-2">
        <button type="submit" className="btn-primary px-3 py-1" disabled={saving}>
          Save
        </button>
        <button type="button" className="btn-secondary px-3 py-1" onClick={onCancel}>
          Cancel
        </button>
      </span>
    </form>
  );
}

const DANGER_BUTTON =
  "inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * Cancel and submit at the foot of a dialog's form; `danger` paints the submit button red (in full:
 * `.btn-primary` is plain CSS, which a utility such as bg-red-600 cannot override).
 */
export function FormButtons({
  onCancel,
  pending,
  disabled,
  label,
  danger,
}: {
  onCancel: () => void;
  pending: boolean;
  disabled?: boolean;
  label: string;
  danger?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className={danger ? DANGER_BUTTON : "btn-primary"} disabled={pending || disabled}>
        {pending ? "Saving..." : label}
      </button>
    </div>
  );
}

/** Shown or hidden on the site (or for the assistant). */
export function VisibilityBadge({ hidden }: { hidden: boolean }) {
  return hidden ? <Badge tone="hidden">Hidden</Badge> : <Badge tone="ok">Shown</Badge>;
}

/**
 * "Move up" and "Move down" for a record at `position` (1-based) of `count`. The labels name the
 * record, so screen readers can tell the buttons of each row apart.
 */
export function MoveButtons({
  name,
  position,
  count,
  disabled,
  onMove,
}: {
  name: string;
  position: number;
  count: number;
  disabled?: boolean;
  onMove: (position: number) => void;
}) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className="w-6 text-right tabular-nums text-slate-600">{position}</span>
      <button
        type="button"
        className="rounded-md border border-slate-300 bg-white px-1.5 py-0.5 text-xs hover:bg-slate-50 disabled:opacity-40"
        aria-label={`Move “${name}” up`}
        disabled={disabled || position <= 1}
        onClick={() => onMove(position - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="rounded-md border border-slate-300 bg-white px-1.5 py-0.5 text-xs hover:bg-slate-50 disabled:opacity-40"
        aria-label={`Move “${name}” down`}
        disabled={disabled || position >= count}
        onClick={() => onMove(position + 1)}
      >
        ↓
      </button>
    </span>
  );
}

/**
 * The "Order" column of a list kept in the site's order: the record's place, with "Move up" and
 * "Move down" for those who may edit.
 */
export function orderColumn<Row extends { id: string }>({
  canEdit,
  count,
  moving,
  name,
  position,
  onMove,
}: {
  canEdit: boolean;
  count: number;
  moving: boolean;
  name: (row: Row) => string;
  position: (row: Row) => number;
  onMove: (id: string, position: number) => void;
}): ColumnDef<Row, unknown> {
  return {
    id: "position",
    header: "Order",
    enableSorting: true,
    enableHiding: false,
    cell: ({ row }) =>
      canEdit ? (
        <MoveButtons
          name={name(row.original)}
          position={position(row.original)}
          count={count}
          disabled={moving}
          onMove={(to) => onMove(row.original.id, to)}
        />
      ) : (
        <span className="tabular-nums">{position(row.original)}</span>
      ),
  };
}

const CONTENT_TABS = [
  { href: "/admin/content", label: "Topic threads" },
  { href: "/admin/content/prompts", label: "Chat prompts" },
  { href: "/admin/content/tags", label: "Tags" },
];

/** The parts of /admin/content. */
export function ContentNav() {
  const pathname = usePathname();
  const current = (href: string) =>
    href === "/admin/content" ? pathname === href || pathname.startsWith("/admin/content/threads") : pathname.startsWith(href);
  return (
    <nav aria-label="Content" className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200">
      {CONTENT_TABS.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          aria-current={current(tab.href) ? "page" : undefined}
          className="whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 aria-[current=page]:border-brand-600 aria-[current=page]:text-brand-700"
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

export const VISIBILITY_FILTER = {
  key: "visibility",
  label: "Shown",
  options: [
    { value: "shown", label: "Shown" },
    { value: "hidden", label: "Hidden" },
  ],
};
