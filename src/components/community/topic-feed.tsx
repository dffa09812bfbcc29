"use client";

import { useState } from "react";
import type { TopicList } from "~/lib/schemas/community";
import { api, type RouterOutputs } from "~/trpc/react";
import { PagedList } from "./paged-list";
import { TopicRow } from "./topic-row";

/** How long the page's own first page counts as fresh before the list asks the server again. */
const FRESH_MS = 30_000;

/**
 * A topic list as the infinite list: the first page comes rendered with the page (readable signed
 * out and by search engines), the next pages load as the reader scrolls.
 */
export function TopicFeed({
  filter,
  firstPage,
  emptyText,
}: {
  filter: { list: TopicList; categorySlug?: string; tag?: string };
  firstPage: RouterOutputs["community"]["topics"];
  emptyText: string;
}) {
  const [renderedAt] = useState(() => Date.now());
  const topics = api.community.topics.useInfiniteQuery(filter, {
    getNextPageParam: (page) => page.nextCursor,
    initialData: { pages: [firstPage], pageParams: [0] },
    initialDataUpdatedAt: renderedAt,
    staleTime: FRESH_MS,
  });
  return <PagedList query={topics} renderItem={(topic) => <TopicRow topic={topic} />} emptyText={emptyText} />;
}
