"use client";

import Link from "next/link";
import { useState } from "react";
import { HIGHLIGHT_END, HIGHLIGHT_START, type SearchInput } from "~/lib/schemas/community";
import { api, type RouterOutputs } from "~/trpc/react";
import { CategoryLink, SolvedBadge } from "./forum-meta";
import { ForumTime } from "./forum-time";
import { PagedList } from "./paged-list";

type SearchPage = RouterOutputs["community"]["search"];

/** The snippet with the matched words between the server's marks shown as <mark>. */
function HighlightedSnippet({ text }: { text: string }) {
  const parts = text.split(HIGHLIGHT_START);
  return (
    <>
      {parts[0]}
      {parts.slice(1).map((part, index) => {
        const [matched = "", rest = ""] = part.split(HIGHLIGHT_END);
        return (
          <span key={index}>
            <mark className="rounded bg-yellow-100 px-0.5 text-slate-900">{matched}</mark>
            {rest}
          </span>
        );
      })}
    </>
  );
}

function SearchHit({ hit }: { hit: SearchPage["items"][number] }) {
  return (
    <article className="space-y-1 px-1 py-2">
      <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        <Link href={hit.href} className="hover:text-brand-700 hover:underline">
          {hit.topic.title}
        </Link>
        {hit.topic.solved ? <SolvedBadge /> : null}
      </h3>
      <p className="text-sm text-slate-700">
        <HighlightedSnippet text={hit.snippet} />
      </p>
      <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <CategoryLink category={hit.category} />
        <span>
          {hit.position === 0 ? "Question" : "Reply"} by {hit.authorName}
        </span>
        <ForumTime date={hit.createdAt} />
      </p>
    </article>
  );
}

/** The ranked hits, the first page with the page, more as the reader scrolls. */
export function SearchResults({ input, firstPage }: { input: SearchInput; firstPage: SearchPage }) {
  const [renderedAt] = useState(() => Date.now());
  const search = api.community.search.useInfiniteQuery(input, {
    getNextPageParam: (page) => page.nextCursor,
    initialData: { pages: [firstPage], pageParams: [0] },
    initialDataUpdatedAt: renderedAt,
  });
  return (
    <PagedList
      query={search}
      renderItem={(hit) => <SearchHit hit={hit} />}
      emptyText="Nothing found. Try other words, or ask the community."
    />
  );
}
