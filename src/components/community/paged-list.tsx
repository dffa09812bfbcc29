"use client";

import type { ReactNode } from "react";
import { InfiniteList } from "~/components/ui/infinite-list";

/** What the list reads of a tRPC infinite query whose pages hold `items` and a `nextCursor`. */
interface PagedQuery<T> {
  data: { pages: { items: T[] }[] };
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The infinite list over the pages of a query: every page's items in order, the next page when the list asks. */
export function PagedList<T>({
  query,
  renderItem,
  emptyText,
}: {
  query: PagedQuery<T>;
  renderItem: (item: T) => ReactNode;
  emptyText: string;
}) {
  const items = query.data.pages.flatMap((page) => page.items);
  return (
    <InfiniteList
      items={items}
      // The server tells whether a next page exists, not the total: one more than loaded while it does.
      total={items.length + (query.hasNextPage ? 1 : 0)}
      loadMore={async () => {
        await query.fetchNextPage();
      }}
      renderItem={renderItem}
      emptyText={emptyText}
      maxHeight={960}
    />
  );
}
