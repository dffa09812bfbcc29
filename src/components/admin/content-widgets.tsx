"use client";

import type { inferRouterInputs } from "@trpc/server";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
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

/** Shown or hidden on the site (or for the assistant). */
export function VisibilityBadge({ hidden }: { hidden: boolean }) {
  return hidden ? <Badge tone="hidden">Hidden</Badge> : <Badge tone="ok">Shown</Badge>;
}

/**
 * "Move up" and "Move down" for a record at `position` (1-based) of `count`. The labels name the
 * record, so screen readers can tell the buttons of each row apart.
 */
export function MoveButtons({ name, position, count, disabled, onMove }: { name: string; position: number; count: number; disabled?: boolean; onMove: (position: number) => void }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className="w-6 text-right tabular-nums text-slate-600">{position}</span>
      <button type="button" className="rounded-md border border-slate-300 bg-white px-1.5 py-0.5 text-xs hover:bg-slate-50 disabled:opacity-40" aria-label={`Move “${name}” up`} disabled={disabled || position <= 1} onClick={() => onMove(position - 1)}>
        ↑
      </button>
      <button type="button" className="rounded-md border border-slate-300 bg-white px-1.5 py-0.5 text-xs hover:bg-slate-50 disabled:opacity-40" aria-label={`Move “${name}” down`} disabled={disabled || position >= count} onClick={() => onMove(position + 1)}>
        ↓
      </button>
    </span>
  );
}

const CONTENT_TABS = [
  { href: "/admin/content", label: "Topic threads" },
  { href: "/admin/content/prompts", label: "Chat prompts" },
  { href: "/admin/content/tags", label: "Tags" },
];

/** The parts of /admin/content. */
export function ContentNav() {
  const pathname = usePathname();
  const current = (href: string) => (href === "/admin/content" ? pathname === href || pathname.startsWith("/admin/content/threads") : pathname.startsWith(href));
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

export const VISIBILITY_FILTER = { key: "visibility", label: "Shown", options: [{ value: "shown", label: "Shown" }, { value: "hidden", label: "Hidden" }] };
