"use client";

import { useSession } from "~/components/auth/session";
import { errorMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { api } from "~/trpc/react";

/** Watching: new replies (topic) or new topics (category) notify the member. */
function WatchButton({
  watching,
  pending,
  onChange,
  what,
}: {
  watching: boolean;
  pending: boolean;
  onChange: (watching: boolean) => void;
  what: string;
}) {
  return (
    <button
      type="button"
      className="btn-secondary"
      aria-pressed={watching}
      disabled={pending}
      title={watching ? `You are notified of new ${what}` : `Get notified of new ${what}`}
      onClick={() => onChange(!watching)}
    >
      {watching ? "Watching" : "Watch"}
    </button>
  );
}

function useWatchMutation(onDone: (watching: boolean) => void) {
  return api.community.watch.useMutation({
    onSuccess: (result) => {
      onDone(result.watching);
      toast.success(result.watching ? "You are watching this now." : "You stopped watching.");
    },
    onError: (error) => toast.error(errorMessage(error, "That did not work. Please try again.")),
  });
}

/** A category's watch toggle, for signed-in members only. */
export function CategoryWatchToggle({ categorySlug }: { categorySlug: string }) {
  const { status } = useSession();
  const utils = api.useUtils();
  const current = api.community.categoryWatching.useQuery({ categorySlug }, { enabled: status === "authenticated" });
  const watch = useWatchMutation((watching) => utils.community.categoryWatching.setData({ categorySlug }, { watching }));
  if (status !== "authenticated" || !current.data) return null;
  return (
    <WatchButton
      what="topics in this category"
      watching={current.data.watching}
      pending={watch.isPending}
      onChange={(watching) => watch.mutate({ categorySlug, watching })}
    />
  );
}

/** A topic's watch toggle; the topic page knows whether the member watches it. */
export function TopicWatchToggle({ topicId, watching, onChange }: { topicId: string; watching: boolean; onChange: () => void }) {
  const watch = useWatchMutation(onChange);
  return (
    <WatchButton
      what="replies"
      watching={watching}
      pending={watch.isPending}
      onChange={(next) => watch.mutate({ topicId, watching: next })}
    />
  );
}
