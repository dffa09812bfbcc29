"use client";

import { useAuthModal } from "~/components/auth/auth-modals";
import type { RouterOutputs } from "~/trpc/react";
import { BookmarkButton } from "./bookmark-button";
import { deadlineLine } from "./scholarship-card";

type Bookmark = RouterOutputs["tools"]["scholarships"]["bookmarks"][number];

/** The user's bookmarked programmes with their deadlines; signed out, an invitation to log in. */
export function BookmarkList({ signedIn, loading, bookmarks }: { signedIn: boolean; loading: boolean; bookmarks: Bookmark[] }) {
  const { open } = useAuthModal();
  if (loading) return <p className="mt-2 text-sm text-slate-500">Loading...</p>;
  if (!signedIn) {
    return (
      <div className="mt-2 text-sm text-slate-600">
        <p>Log in to bookmark programmes. We mail you 14 days before a bookmarked programme&apos;s next dated deadline.</p>
        <button type="button" className="btn-secondary mt-3" onClick={() => open("login")}>
          Log in to bookmark
        </button>
      </div>
    );
  }
  if (bookmarks.length === 0)
    return (
      <p className="mt-2 text-sm text-slate-600">
        No bookmarks yet. Use ☆ Bookmark on a programme to keep it here and get a reminder before its deadline.
      </p>
    );
  return (
    <ul className="mt-3 space-y-3" aria-label="Bookmarked scholarships">
      {bookmarks.map(({ scholarship }) => (
        <li key={scholarship.slug} className="rounded-lg border border-slate-200 p-3 text-sm">
          <a
            href={scholarship.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-slate-900 underline-offset-2 hover:underline"
          >
            {scholarship.name}
          </a>
          <p className="mt-1 text-xs text-slate-600">{deadlineLine(scholarship.deadline)}</p>
          <div className="mt-2">
            <BookmarkButton slug={scholarship.slug} name={scholarship.name} bookmarked signedIn />
          </div>
        </li>
      ))}
    </ul>
  );
}
