"use client";

import Link from "next/link";
import { api } from "~/trpc/react";

/** The unread count is asked again this often while a page is open. */
const UNREAD_POLL_MS = 60_000;
const NOTIFICATIONS_PATH = "/community/notifications";

/** The header's bell (signed in only): the community's unread notifications, linking to the list. */
export function NotificationBell() {
  const unread = api.community.unreadCount.useQuery(undefined, { refetchInterval: UNREAD_POLL_MS, staleTime: 0 });
  const count = unread.data ?? 0;
  return (
    <Link
      href={NOTIFICATIONS_PATH}
      className="relative rounded-lg p-1.5 text-slate-700 hover:bg-slate-100 sm:p-2"
      data-testid="notification-bell"
    >
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
      >
        <path d="M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.73 21a2 2 0 01-3.46 0" />
      </svg>
      <span className="sr-only">Notifications{count ? `: ${count} unread` : ""}</span>
      {count ? (
        <span
          aria-hidden
          className="absolute -right-0.5 -top-0.5 min-w-[1.1rem] rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-[1.1rem] text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
