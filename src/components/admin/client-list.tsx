"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { format } from "date-fns";
import Link from "next/link";
import { AdminTable, type TableFilter, useListParams } from "~/components/admin/admin-table";
import { api, type RouterOutputs } from "~/trpc/react";
import { StateBadge } from "./customer-badges";

type PartnerRow = RouterOutputs["admin"]["clients"]["list"]["rows"][number];
type PartnerQuery = Parameters<typeof api.admin.clients.list.useQuery>[0];

const ORIGIN_LABELS: Record<string, string> = { institutes: "Institute", business: "Business" };
const day = (date: Date) => format(new Date(date), "d MMM yyyy");
const when = (date: Date) => format(new Date(date), "d MMM yyyy, HH:mm");

const FILTERS: TableFilter[] = [
  {
    key: "origin",
    label: "Partner form",
    options: [
      { value: "institutes", label: "Institutes" },
      { value: "business", label: "Business" },
    ],
  },
];

/** The support queue's messages of one sender, handled ones included. */
const supportLink = (email: string) => `/admin/support?${new URLSearchParams({ view: "messages", handled: "all", q: email }).toString()}`;

const COLUMNS: ColumnDef<PartnerRow, unknown>[] = [
  {
    id: "name",
    header: "Partner",
    enableSorting: true,
    enableHiding: false,
    cell: ({ row }) => (
      <div className="min-w-44">
        <p className="font-medium">{row.original.name}</p>
        <a href={`mailto:${row.original.email}`} className="break-all text-xs text-brand-700 hover:underline">
          {row.original.email}
        </a>
      </div>
    ),
  },
  {
    id: "origin",
    header: "Came from",
    cell: ({ row }) => (
      <div className="flex flex-wrap gap-1">
        {row.original.origins.map((origin) => (
          <StateBadge key={origin}>{ORIGIN_LABELS[origin] ?? origin}</StateBadge>
        ))}
      </div>
    ),
  },
  {
    id: "firstContact",
    header: "First contact",
    enableSorting: true,
    cell: ({ row }) => <span className="whitespace-nowrap">{day(row.original.firstContact)}</span>,
  },
  {
    id: "lastContact",
    header: "Last contact",
    enableSorting: true,
    cell: ({ row }) => <span className="whitespace-nowrap">{day(row.original.lastContact)}</span>,
  },
  {
    id: "handled",
    header: "State",
    cell: ({ row }) => (
      <div className="space-y-1">
        {row.original.handled ? (
          <StateBadge tone="good">Handled</StateBadge>
        ) : (
          <StateBadge tone="warn">{row.original.unhandled} open</StateBadge>
        )}
        <Link href={supportLink(row.original.email)} className="block whitespace-nowrap text-xs text-brand-700 hover:underline">
          Reply in support
        </Link>
      </div>
    ),
  },
  {
    id: "messages",
    header: "Messages",
    enableSorting: true,
    enableHiding: false,
    cell: ({ row }) => (
      <details className="group max-w-full open:w-64 sm:open:w-72">
        <summary className="cursor-pointer list-none font-medium text-brand-700">
          <span className="tabular-nums">{row.original.messages}</span> message{row.original.messages === 1 ? "" : "s"}
          <span aria-hidden="true" className="ml-1 inline-block transition-transform group-open:rotate-90">
            ▸
          </span>
        </summary>
        <ol className="mt-2 space-y-2" aria-label={`Messages from ${row.original.email}`}>
          {row.original.items.map((item) => (
            <li key={item.id} className="rounded-lg border border-slate-200 bg-slate-50 p-2">
              <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
                <span>{when(item.createdAt)}</span>
                <span>· {ORIGIN_LABELS[item.origin] ?? item.origin} page</span>
                <span>· {item.handledAt ? "handled" : "open"}</span>
              </p>
              <p className="font-medium">{item.subject}</p>
              <p className="line-clamp-6 whitespace-pre-line break-words text-slate-700">{item.message}</p>
            </li>
          ))}
        </ol>
      </details>
    ),
  },
];

/** /admin/clients: institutes and businesses that wrote through the partner links, one row per sender. */
export function ClientList() {
  const params = useListParams({ filters: ["origin"], defaultSort: "lastContact" });
  const partners = api.admin.clients.list.useQuery(params.query as PartnerQuery, {
    placeholderData: (previous) => previous,
  });
  return (
    <AdminTable
      caption="Partners"
      columns={COLUMNS}
      rows={partners.data?.rows}
      total={partners.data?.total}
      params={params}
      loading={partners.isFetching}
      error={partners.error?.message}
      rowKey={(row) => row.email}
      searchLabel="Search by name or email"
      filters={FILTERS}
      emptyText="No partner has written yet."
    />
  );
}
