"use client";

import Link from "next/link";
import { errorMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { api } from "~/trpc/react";
import { ForumTime } from "./forum-time";
import { PagedList } from "./paged-list";

/** The member's notifications, newest first; opening one marks it read, and "Mark all as read" clears the bell. */
export function NotificationList() {
  const utils = api.useUtils();
  const list = api.community.notifications.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor, staleTime: 0 });
  const markRead = api.community.markRead.useMutation({
    onSuccess: () => {
      void utils.community.notifications.invalidate();
      void utils.community.unreadCount.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, "That did not work. Please try again.")),
  });
  if (list.isPending)
    return (
      <p className="text-sm text-slate-600" role="status">
        Loading...
      </p>
    );
  if (list.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(list.error, "Your notifications could not be loaded.")}
      </p>
    );
  const unread = list.data.pages.some((page) => page.items.some((item) => !item.read));
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <button type="button" className="btn-secondary" disabled={!unread || markRead.isPending} onClick={() => markRead.mutate({})}>
          Mark all as read
        </button>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white px-3 shadow-sm">
        <PagedList
          query={list}
          emptyText="No notifications yet. Replies to your topics, mentions, likes and answers show up here."
          renderItem={(item) => (
            <Link
              href={item.href}
              onClick={() => (item.read ? undefined : markRead.mutate({ ids: [item.id] }))}
              className="flex items-start justify-between gap-3 rounded-lg px-2 py-1 hover:bg-slate-50"
            >
              <span className={item.read ? "text-slate-600" : "font-semibold text-slate-900"}>
                {item.read ? null : <span className="sr-only">Unread: </span>}
                {item.summary}
              </span>
              <span className="shrink-0 text-xs text-slate-600">
                <ForumTime date={item.createdAt} />
              </span>
            </Link>
          )}
        />
      </div>
    </div>
  );
}
