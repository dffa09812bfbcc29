"use client";

import { type ColumnDef, flexRender, getCoreRowModel, type SortingState, useReactTable, type VisibilityState } from "@tanstack/react-table";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { SelectBox } from "~/components/ui/select-box";
import type { Option } from "~/lib/options";
import { PAGE_SIZES } from "~/lib/schemas/admin";

/** What a table needs of its list's URL state (see `useListParams`). */
export interface ListParams {
  page: number;
  pageSize: number;
  q: string;
  sort: string | undefined;
  dir: "asc" | "desc";
  filters: Partial<Record<string, string>>;
  /** Changes some parameters; anything but the page itself sends the list back to page 1. */
  set: (changes: Record<string, string | number | undefined | null>) => void;
}

/**
 * The state of an /admin list kept in the page's URL (page, pageSize, q, sort, dir and the list's
 * own filters), so that reloading, the back button and a shared link show the same view. Two
 * tables on one page each take a `prefix` so that their parameters do not mix.
 * `query` is the object the list's tRPC procedure takes (see `listQuery` in src/lib/schemas/admin.ts).
 */
export function useListParams<const Filter extends string = never>(
  options: {
    filters?: readonly Filter[];
    defaultSort?: string;
    defaultDir?: "asc" | "desc";
    defaultPageSize?: number;
    prefix?: string;
  } = {},
) {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const prefix = options.prefix ? `${options.prefix}.` : "";
  const read = (name: string) => searchParams.get(prefix + name);
  const page = Math.max(1, Number(read("page")) || 1);
  const sizeParam = Number(read("pageSize"));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : (options.defaultPageSize ?? 25);
  const q = read("q") ?? "";
  const sort = read("sort") ?? options.defaultSort;
  const dir: "asc" | "desc" = read("dir") === "asc" ? "asc" : read("dir") === "desc" ? "desc" : (options.defaultDir ?? "desc");
  const filterKeys = options.filters ?? [];
  const filters = Object.fromEntries(filterKeys.map((key) => [key, read(key) ?? undefined])) as Partial<Record<Filter, string>>;

  const set = useCallback(
    (changes: Record<string, string | number | undefined | null>) => {
      const next = new URLSearchParams(searchParams.toString());
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === null || value === "") next.delete(prefix + key);
        else next.set(prefix + key, String(value));
      }
      if (!("page" in changes)) next.delete(`${prefix}page`);
      const text = next.toString();
      router.replace(text ? `${pathname}?${text}` : pathname, { scroll: false });
    },
    [pathname, router, searchParams, prefix],
  );

  const query = {
    page,
    pageSize,
    dir,
    ...(q ? { q } : {}),
    ...(sort ? { sort } : {}),
    ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)),
  } as {
    page: number;
    pageSize: number;
    dir: "asc" | "desc";
    q?: string;
    sort?: string;
  } & Partial<Record<Filter, string>>;
  return { page, pageSize, q, sort, dir, filters, query, set } satisfies ListParams & { query: unknown };
}

export interface TableFilter {
  key: string;
  label: string;
  options: Option[];
}

export interface AdminTableProps<Row> {
  /** Names the table for screen readers and keeps its column choice (localStorage). */
  caption: string;
  columns: ColumnDef<Row, unknown>[];
  rows: Row[] | undefined;
  total: number | undefined;
  params: ListParams;
  loading?: boolean;
  error?: string | null;
  rowKey: (row: Row) => string;
  searchLabel?: string;
  filters?: TableFilter[];
  emptyText?: string;
  /** Extra controls beside the search box (a date range, an export button). */
  toolbar?: ReactNode;
}

/**
 * The one table of the management area, on TanStack Table: server-side paging, sorting, search and
 * filters (all in the URL, see `useListParams`), a column chooser, loading, error and empty states.
 * Columns sort when they have `enableSorting: true` and an `id` the list's procedure accepts as sort.
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  total,
  params,
  loading,
  error,
  rowKey,
  searchLabel = "Search",
  filters = [],
  emptyText = "Nothing found.",
  toolbar,
}: AdminTableProps<Row>) {
  const storageKey = `admin-table-columns:${caption}`;
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});
  useEffect(() => {
    try {
      const saved = window.localStorage.getItem(storageKey);
      if (saved) setColumnVisibility(JSON.parse(saved) as VisibilityState);
    } catch {
      // A blocked or corrupt storage just means every column shows.
    }
  }, [storageKey]);
  const changeVisibility = (updater: VisibilityState | ((old: VisibilityState) => VisibilityState)) => {
    setColumnVisibility((old) => {
      const next = typeof updater === "function" ? updater(old) : updater;
      try {
        window.localStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Not kept across visits then.
      }
      return next;
    });
  };

  const sorting: SortingState = params.sort ? [{ id: params.sort, desc: params.dir === "desc" }] : [];
  const data = useMemo(() => rows ?? [], [rows]);
  const table = useReactTable({
    data,
    columns,
    getRowId: rowKey,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    enableSorting: false,
    rowCount: total ?? 0,
    state: { sorting, columnVisibility, pagination: { pageIndex: params.page - 1, pageSize: params.pageSize } },
    onColumnVisibilityChange: changeVisibility,
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const first = next[0];
      params.set({ sort: first?.id, dir: first ? (first.desc ? "desc" : "asc") : undefined });
    },
  });

  const [search, setSearch] = useState(params.q);
  useEffect(() => setSearch(params.q), [params.q]);
  // Searching waits for a pause in typing, so each key does not start a request.
  useEffect(() => {
    if (search === params.q) return;
    const timer = window.setTimeout(() => params.set({ q: search.trim() || undefined }), 300);
    return () => window.clearTimeout(timer);
  }, [search, params]);

  const pageCount = Math.max(1, Math.ceil((total ?? 0) / params.pageSize));
  const first = total ? (params.page - 1) * params.pageSize + 1 : 0;
  const last = Math.min(total ?? 0, params.page * params.pageSize);
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <label className="min-w-48 flex-1 text-sm">
          <span className="field-label">{searchLabel}</span>
          <input className="field-input" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        {filters.map((filter) => (
          <div key={filter.key} className="min-w-40 text-sm">
            <span className="field-label" id={`filter-${filter.key}`}>
              {filter.label}
            </span>
            <SelectBox
              aria-labelledby={`filter-${filter.key}`}
              options={[{ value: "", label: "All" }, ...filter.options]}
              value={params.filters[filter.key] ?? ""}
              onChange={(value) => params.set({ [filter.key]: value || undefined })}
              placeholder="All"
            />
          </div>
        ))}
        {toolbar}
        {hideable.length > 1 ? (
          <details className="relative text-sm">
            <summary className="btn-secondary cursor-pointer list-none px-3">Columns</summary>
            <div className="absolute right-0 z-20 mt-1 w-52 rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
              {hideable.map((column) => (
                <label key={column.id} className="flex items-center gap-2 py-1">
                  <input type="checkbox" checked={column.getIsVisible()} onChange={column.getToggleVisibilityHandler()} />
                  {typeof column.columnDef.header === "string" ? column.columnDef.header : column.id}
                </label>
              ))}
            </div>
          </details>
        ) : null}
      </div>

      {error ? <LoadError message={error} /> : null}

      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.columnDef.enableSorting === true;
                  const sorted = params.sort === header.column.id ? params.dir : null;
                  const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                      className="whitespace-nowrap px-4 py-3 font-semibold"
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 hover:text-brand-700"
                          onClick={() => params.set({ sort: header.column.id, dir: sorted === "desc" ? "asc" : "desc" })}
                        >
                          {label}
                          <span aria-hidden="true" className="text-xs text-slate-400">
                            {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {loading && !rows ? (
              <tr>
                <td colSpan={table.getVisibleLeafColumns().length} className="px-4 py-6 text-center text-slate-500">
                  Loading...
                </td>
              </tr>
            ) : table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={table.getVisibleLeafColumns().length} className="px-4 py-6 text-center text-slate-500">
                  {emptyText}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="align-top">
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className="px-4 py-3">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
        <p aria-live="polite">{total === undefined ? "" : total === 0 ? "No rows" : `${first}–${last} of ${total}`}</p>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2">
            Rows
            <select
              className="field-input w-auto min-w-[4.5rem] py-1"
              value={params.pageSize}
              onChange={(event) => params.set({ pageSize: Number(event.target.value) })}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn-secondary px-3 py-1"
            disabled={params.page <= 1}
            onClick={() => params.set({ page: params.page - 1 })}
          >
            Previous
          </button>
          <span>
            Page {params.page} of {pageCount}
          </span>
          <button
            type="button"
            className="btn-secondary px-3 py-1"
            disabled={params.page >= pageCount}
            onClick={() => params.set({ page: params.page + 1 })}
          >
            Next
          </button>
        </div>
      </div>
    </div>
  );
}

/** A list or report that could not be loaded: the server's message, announced to screen readers. */
export function LoadError({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}
