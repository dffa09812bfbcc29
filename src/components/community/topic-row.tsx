import Link from "next/link";
import type { RouterOutputs } from "~/trpc/react";
import { CategoryLink, LockedMarker, MemberName, PinnedMarker, SolvedBadge, TagLinks } from "./forum-meta";
import { ForumTime } from "./forum-time";

export type TopicSummary = RouterOutputs["community"]["topics"]["items"][number];

/** One topic in a list: what it asks, where, by whom, and how alive it is. */
export function TopicRow({ topic }: { topic: TopicSummary }) {
  return (
    <article
      className="flex flex-col gap-2 px-1 py-2 sm:flex-row sm:items-start sm:justify-between sm:gap-6"
      aria-labelledby={`topic-${topic.id}`}
    >
      <div className="min-w-0 space-y-1.5">
        <h3 id={`topic-${topic.id}`} className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
          {topic.pinned ? <PinnedMarker /> : null}
          <Link href={topic.href} className="break-words hover:text-brand-700 hover:underline">
            {topic.title}
          </Link>
          {topic.solved ? <SolvedBadge /> : null}
          {topic.locked ? <LockedMarker /> : null}
        </h3>
        {topic.excerpt ? <p className="line-clamp-2 text-sm text-slate-600">{topic.excerpt}</p> : null}
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <CategoryLink category={topic.category} />
          <TagLinks tags={topic.tags} />
          <span>
            by <MemberName author={topic.author} />
          </span>
        </div>
      </div>
      <dl className="grid shrink-0 grid-cols-3 gap-3 text-center text-xs text-slate-600 sm:w-64">
        <div>
          <dt>Replies</dt>
          <dd className="text-sm font-semibold text-slate-900">{topic.replyCount}</dd>
        </div>
        <div>
          <dt>Views</dt>
          <dd className="text-sm font-semibold text-slate-900">{topic.views}</dd>
        </div>
        <div>
          <dt>Activity</dt>
          <dd className="text-sm font-semibold text-slate-900">
            <ForumTime date={topic.lastActivityAt} />
          </dd>
        </div>
      </dl>
    </article>
  );
}
