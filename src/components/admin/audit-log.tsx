"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import type { z } from "zod";
import { type DateRange, DateRangePicker } from "~/components/ui/date-range-picker";
import type { auditListSchema } from "~/lib/schemas/audit";
import { api, type RouterOutputs } from "~/trpc/react";
import { AdminTable, type ListParams, useListParams } from "./admin-table";
import { auditTime } from "./audit-entry";

type AuditRow = RouterOutputs["admin"]["audit"]["list"]["rows"][number];
type AuditListInput = z.input<typeof auditListSchema>;

const columns: ColumnDef<AuditRow, unknown>[] = [
  {
    id: "createdAt",
    header: "When",
    enableSorting: true,
    enableHiding: false,
    cell: ({ row }) => (
      <Link
        href={`/admin/audit/${row.original.id}`}
        className="whitespace-nowrap font-medium text-brand-700 hover:underline"
        aria-label={`Open the entry of ${auditTime(row.original.createdAt)}: ${row.original.action}`}
      >
        {auditTime(row.original.createdAt)}
      </Link>
    ),
  },
  {
    id: "actorEmail",
    header: "Who",
    enableSorting: true,
    cell: ({ row }) => <span className="break-all">{row.original.actorEmail}</span>,
  },
  {
    id: "action",
    header: "Action",
    enableSorting: true,
    cell: ({ row }) => <span className="whitespace-nowrap font-mono text-xs">{row.original.action}</span>,
  },
  {
    id: "target",
    header: "Record",
    cell: ({ row }) => (
      <span className="text-xs">
        <span className="font-medium">{row.original.targetType}</span>
        {row.original.targetId ? <span className="block break-all font-mono text-slate-500">{row.original.targetId}</span> : null}
      </span>
    ),
  },
  {
    id: "ip",
    header: "Address",
    cell: ({ row }) => <span className="font-mono text-xs text-slate-600">{row.original.ip ?? "-"}</span>,
  },
];

/** The period filter: the URL keeps "from" and "to"; a range being picked waits for its second day. */
function PeriodFilter({ params }: { params: ListParams }) {
  const from = params.filters.from ?? null;
  const to = params.filters.to ?? null;
  const [range, setRange] = useState<DateRange>({ start: from, end: to });
  useEffect(() => setRange({ start: from, end: to }), [from, to]);
  return (
    <div className="min-w-52 text-sm">
      <span className="field-label">Period</span>
      <div className="flex gap-2">
        <DateRangePicker
          label="Period"
          value={range}
          onChange={(next) => {
            setRange(next);
            if (next.start && next.end) params.set({ from: next.start, to: next.end });
            if (!next.start && !next.end) params.set({ from: undefined, to: undefined });
          }}
        />
        {from || to ? (
          <button type="button" className="btn-secondary px-3" onClick={() => params.set({ from: undefined, to: undefined })}>
            All time
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** /admin/audit: every staff action, searchable and filtered by area, record type and period; a row opens the entry. */
export function AuditLog() {
  const params = useListParams({ filters: ["area", "targetType", "from", "to"], defaultSort: "createdAt" });
  // The URL's values go to the server as they are: it checks them and answers a readable error.
  const entries = api.admin.audit.list.useQuery(params.query as AuditListInput, {
    placeholderData: (previous) => previous,
  });
  const options = api.admin.audit.filters.useQuery();
  const filters = useMemo(
    () => [
      {
        key: "area",
        label: "Area",
        options: (options.data?.areas ?? []).map((area) => ({ value: area, label: area })),
      },
      {
        key: "targetType",
        label: "Record type",
        options: (options.data?.targetTypes ?? []).map((type) => ({ value: type, label: type })),
      },
    ],
    [options.data],
  );
  return (
    <AdminTable
      caption="Audit log"
      columns={columns}
      rows={entries.data?.rows}
      total={entries.data?.total}
      params={params}
      loading={entries.isFetching}
      error={entries.error?.message}
      rowKey={(entry) => entry.id}
      searchLabel="Search by actor email, action or record id"
      filters={filters}
      toolbar={<PeriodFilter params={params} />}
      emptyText="No entry matches."
    />
  );
}
