"use client";

import * as Dialog from "@radix-ui/react-dialog";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { BRAND_NAME } from "~/lib/brand";
import { type MenuEntry, SIDE_MENU, topicAnchor } from "~/lib/navigation";
import { api } from "~/trpc/react";

/** The sidebar: brand and the two-level menu, as a drawer opened by the header's menu toggle. */
export function SideMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [parent, setParent] = useState<MenuEntry | null>(null);
  const close = () => {
    onOpenChange(false);
    setParent(null);
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-xl focus:outline-none"
        >
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title asChild>
              <Link href="/" onClick={close} className="text-lg font-bold text-brand-700">
                {BRAND_NAME}
              </Link>
            </Dialog.Title>
            <Dialog.Close className="rounded-md p-2 text-slate-600 hover:bg-slate-100" aria-label="Close menu">
              <span aria-hidden>✕</span>
            </Dialog.Close>
          </div>
          <nav aria-label="Main menu" className="flex-1 overflow-y-auto p-3">
            {parent ? (
              <SecondLevel parent={parent} onBack={() => setParent(null)} onNavigate={close} />
            ) : (
              <FirstLevel onOpenChildren={setParent} onNavigate={close} />
            )}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const itemClass =
  "flex w-full items-center justify-between rounded-lg px-3 py-2.5 text-left text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-700";

function FirstLevel({ onOpenChildren, onNavigate }: { onOpenChildren: (entry: MenuEntry) => void; onNavigate: () => void }) {
  const pathname = usePathname();
  return (
    <ul className="space-y-1">
      {SIDE_MENU.map((entry) => (
        <li key={entry.label}>
          {entry.children || entry.threadChildren ? (
            <button type="button" className={itemClass} onClick={() => onOpenChildren(entry)} aria-label={`${entry.label}: open submenu`}>
              {entry.label} <span aria-hidden>›</span>
            </button>
          ) : (
            <Link href={entry.href!} className={itemClass} onClick={onNavigate} aria-current={pathname === entry.href ? "page" : undefined}>
              {entry.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

function SecondLevel({ parent, onBack, onNavigate }: { parent: MenuEntry; onBack: () => void; onNavigate: () => void }) {
  return (
    <div>
      <button type="button" className={`${itemClass} justify-start gap-2 text-slate-500`} onClick={onBack}>
        <span aria-hidden>‹</span> Back
      </button>
      {parent.href ? (
        <Link href={parent.href} onClick={onNavigate} className={`${itemClass} mt-1 font-semibold text-slate-900`}>
          {parent.label} overview
        </Link>
      ) : null}
      {parent.threadChildren ? (
        <ThreadEntries onNavigate={onNavigate} />
      ) : (
        <ul className="mt-1 space-y-1">
          {parent.children?.map((child) => (
            <li key={child.label}>
              <Link href={child.href!} className={itemClass} onClick={onNavigate}>
                {child.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Students' second level: one entry per thread; choosing one scrolls to that topic on /students. */
function ThreadEntries({ onNavigate }: { onNavigate: () => void }) {
  // Fetched again whenever the menu opens: staff edits of threads show without a page reload.
  const threads = api.content.threads.useQuery(undefined, { staleTime: 0 });
  const router = useRouter();
  const pathname = usePathname();
  if (threads.isPending) return <p className="px-3 py-2 text-sm text-slate-500">Loading topics...</p>;
  if (!threads.data?.length) return <p className="px-3 py-2 text-sm text-slate-500">No threads available</p>;
  return (
    <ul className="mt-1 space-y-1">
      {threads.data.map((thread) => {
        const anchor = topicAnchor(thread.slug);
        return (
          <li key={thread.id}>
            <button
              type="button"
              className={itemClass}
              onClick={() => {
                onNavigate();
                if (pathname === "/students") {
                  // After the drawer has closed and released its scroll lock.
                  setTimeout(() => document.getElementById(anchor)?.scrollIntoView({ behavior: "smooth", block: "start" }), 150);
                  window.history.replaceState(window.history.state, "", `#${anchor}`);
                } else {
                  router.push(`/students#${anchor}`);
                }
              }}
            >
              {thread.title}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
