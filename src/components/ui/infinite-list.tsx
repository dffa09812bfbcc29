"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";
import { hasMore, LOAD_CHECK_DELAY_MS, shouldAutoLoad } from "~/lib/ui/infinite-list";

/**
 * Loads more when scrolled near the end or when the items do not fill the container, at most
 * 5 times on its own (then a button), and never past the total.
 */
export function InfiniteList<T>({
  items,
  total,
  loadMore,
  renderItem,
  emptyText = "No data found",
  maxHeight = 400,
}: {
  items: T[];
  total: number;
  loadMore: () => Promise<void>;
  renderItem: (item: T, index: number) => ReactNode;
  emptyText?: string;
  maxHeight?: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(false);
  const [autoLoads, setAutoLoads] = useState(0);

  async function load(auto: boolean) {
    setLoading(true);
    if (auto) setAutoLoads((n) => n + 1);
    try {
      await loadMore();
    } finally {
      setLoading(false);
    }
  }

  function check() {
    const el = container.current;
    if (!el) return;
    const wantsMore = el.scrollHeight <= el.clientHeight || el.scrollTop + el.clientHeight >= el.scrollHeight - 50;
    if (shouldAutoLoad({ loaded: items.length, total, autoLoads, loading, wantsMore })) void load(true);
  }

  useEffect(() => {
    const timer = setTimeout(check, LOAD_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  });

  if (items.length === 0 && !hasMore({ loaded: 0, total })) return <p className="p-4 text-sm text-slate-500">{emptyText}</p>;
  return (
    <div ref={container} onScroll={check} className="overflow-y-auto" style={{ maxHeight }}>
      <ul className="divide-y divide-slate-100">
        {items.map((item, index) => (
          <li key={index} className="py-2">
            {renderItem(item, index)}
          </li>
        ))}
      </ul>
      {loading ? (
        <p className="p-3 text-center text-sm text-slate-500" role="status">
          Loading...
        </p>
      ) : null}
      {!loading &&
      hasMore({ loaded: items.length, total }) &&
      !shouldAutoLoad({ loaded: items.length, total, autoLoads, loading, wantsMore: true }) ? (
        <button type="button" className="btn-secondary my-2 w-full" onClick={() => void load(false)}>
          Load more
        </button>
      ) : null}
    </div>
  );
}
