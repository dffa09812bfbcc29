"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { PageHeader } from "~/components/site/page-header";
import { api } from "~/trpc/react";
import { CategoryLink, LockedMarker, MemberName, PinnedMarker, SolvedBadge, TagLinks } from "./forum-meta";
import { ForumTime } from "./forum-time";
import { PostCard, quoteOf } from "./post-card";
import { PostMarkdown } from "./post-markdown";
import { LOCKED_TEXT, type QuoteRequest, ReplyBox } from "./reply-box";
import type { ForumPost, TopicPage } from "./topic-types";
import { TopicWatchToggle } from "./watch-toggle";

/** How long the page's own read counts as fresh before the thread asks the server again. */
const FRESH_MS = 30_000;

/** The marked answer right under the question, with a link to its place in the thread. */
function SolvedAnswer({ answer }: { answer: ForumPost }) {
  return (
    <section aria-labelledby="solved-title" className="rounded-2xl border border-green-300 bg-green-50 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="solved-title" className="text-base font-semibold text-green-900">
          Solved: see the answer
        </h2>
        <a href={`#post-${answer.position}`} className="text-sm font-medium text-green-900 underline underline-offset-2">
          In the thread
        </a>
      </div>
      <p className="mt-1 text-sm text-green-900">
        Answered by <MemberName author={answer.author} /> on <ForumTime date={answer.createdAt} />
      </p>
      {answer.body !== null ? <PostMarkdown body={answer.body} mentions={answer.mentions} className="mt-3" /> : null}
    </section>
  );
}

/**
 * A topic page: the question, its answer, the replies and the reply box. The first read comes with
 * the page from the server (which counted the view); changes here read the topic again.
 */
export function TopicView({ initial }: { initial: TopicPage }) {
  const router = useRouter();
  const utils = api.useUtils();
  const topicId = initial.topic.id;
  const [renderedAt] = useState(() => Date.now());
  const [quote, setQuote] = useState<QuoteRequest | null>(null);
  const thread = api.community.topic.useInfiniteQuery(
    { topicId },
    {
      getNextPageParam: (page) => page.nextCursor,
      initialData: { pages: [initial], pageParams: [0] },
      initialDataUpdatedAt: renderedAt,
      staleTime: FRESH_MS,
    },
  );
  const page = thread.data.pages[0] ?? initial;
  const { topic, answer, viewer } = page;
  const posts = thread.data.pages.flatMap((each) => each.posts);
  const question = posts.find((post) => post.position === 0);
  const replies = posts.filter((post) => post.position > 0);

  // A new title gives the topic a new address: the bar follows without reading the page again.
  useEffect(() => {
    if (window.location.pathname !== topic.href) window.history.replaceState(null, "", topic.href);
  }, [topic.href]);

  const refresh = () => {
    void utils.community.topic.invalidate();
    void utils.community.topics.invalidate();
    void utils.community.categories.invalidate();
  };
  const cardProps = {
    page,
    onChanged: refresh,
    onQuote: (post: ForumPost) => setQuote({ key: Date.now(), markdown: quoteOf(post) }),
    onTopicDeleted: () => {
      refresh();
      router.push("/community");
    },
  };

  return (
    <>
      <PageHeader eyebrow={`Community · ${topic.category.name}`} title={topic.title} />
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <div className="max-w-4xl space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <CategoryLink category={topic.category} />
              {topic.pinned ? <PinnedMarker /> : null}
              {topic.solvedPostId ? <SolvedBadge /> : null}
              {topic.locked ? <LockedMarker /> : null}
              <TagLinks tags={topic.tags} />
              <span>
                {topic.replyCount === 1 ? "1 reply" : `${topic.replyCount} replies`} ·{" "}
                {topic.views === 1 ? "1 view" : `${topic.views} views`} · last activity <ForumTime date={topic.lastActivityAt} />
              </span>
            </div>
            {viewer.signedIn ? <TopicWatchToggle topicId={topic.id} watching={viewer.watching} onChange={refresh} /> : null}
          </div>
          {topic.status === "held" ? (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              This topic is waiting for a moderator&apos;s review. Only you and the moderators can see it until it is approved.
            </p>
          ) : null}
          {topic.locked ? <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">{LOCKED_TEXT}</p> : null}

          {question ? <PostCard post={question} {...cardProps} /> : null}
          {answer ? <SolvedAnswer answer={answer} /> : null}

          <section aria-labelledby="replies-title" className="space-y-4">
            <h2 id="replies-title" className="text-lg font-semibold text-slate-900">
              {replies.length ? `Replies (${replies.length}${thread.hasNextPage ? "+" : ""})` : "No replies yet"}
            </h2>
            {replies.map((post) => (
              <PostCard key={post.id} post={post} {...cardProps} />
            ))}
            {thread.hasNextPage ? (
              <button
                type="button"
                className="btn-secondary w-full"
                disabled={thread.isFetchingNextPage}
                onClick={() => void thread.fetchNextPage()}
              >
                {thread.isFetchingNextPage ? "Loading..." : "Load more replies"}
              </button>
            ) : null}
          </section>

          <ReplyBox page={page} quote={quote} onPosted={refresh} />
          <p>
            <Link href="/community" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
              ← Back to the community
            </Link>
          </p>
        </div>
      </div>
    </>
  );
}
