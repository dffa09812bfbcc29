/** Infinite-list rules: at most 5 automatic loads, stop at the total, check after 100 ms. */
export const MAX_AUTO_LOADS = 5;
export const LOAD_CHECK_DELAY_MS = 100;

export interface InfiniteListState {
  loaded: number;
  total: number;
  autoLoads: number;
  loading: boolean;
  /** Scrolled near the end, or the items do not fill the container yet. */
  wantsMore: boolean;
}

export function hasMore(state: Pick<InfiniteListState, "loaded" | "total">): boolean {
  return state.loaded < state.total;
}

/** Whether the list should load the next page on its own (a "Load more" button remains after the limit). */
export function shouldAutoLoad(state: InfiniteListState): boolean {
  return state.wantsMore && !state.loading && hasMore(state) && state.autoLoads < MAX_AUTO_LOADS;
}
