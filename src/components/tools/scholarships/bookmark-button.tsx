"use client";

import { useAuthModal } from "~/components/auth/auth-modals";
import { toast } from "~/components/ui/toast";
import { api } from "~/trpc/react";

/** The bookmark toggle of a card: signed out it opens the login modal; signed in it adds or removes the bookmark. */
export function BookmarkButton({
  slug,
  name,
  bookmarked,
  signedIn,
}: {
  slug: string;
  name: string;
  bookmarked: boolean;
  signedIn: boolean;
}) {
  const { open } = useAuthModal();
  const utils = api.useUtils();
  const refresh = () => utils.tools.scholarships.bookmarks.invalidate();
  const add = api.tools.scholarships.bookmark.useMutation({
    onSuccess: () => toast.success("Bookmarked. We will remind you 14 days before a dated deadline."),
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  const remove = api.tools.scholarships.unbookmark.useMutation({
    onSuccess: () => toast.success("Bookmark removed"),
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  const busy = add.isPending || remove.isPending;
  return (
    <button
      type="button"
      className={bookmarked ? "btn-primary shrink-0" : "btn-secondary shrink-0"}
      aria-pressed={signedIn ? bookmarked : undefined}
      aria-label={`${bookmarked ? "Remove bookmark" : "Bookmark"}: ${name}`}
      disabled={busy}
      onClick={() => {
        if (!signedIn) {
          toast.info("Log in to bookmark scholarships and get deadline reminders.");
          open("login");
          return;
        }
        if (bookmarked) remove.mutate({ slug });
        else add.mutate({ slug });
      }}
    >
      {bookmarked ? "★ Bookmarked" : "☆ Bookmark"}
    </button>
  );
}
