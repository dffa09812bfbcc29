"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { format } from "date-fns";
import Link from "next/link";
import type { z } from "zod";
import { AdminTable, useListParams } from "~/components/admin/admin-table";
import { MAIL_GROUP_LABELS, MAIL_GROUPS, type mailTemplateListQuery } from "~/lib/schemas/mail-templates";
import { api, type RouterOutputs } from "~/trpc/react";

type Row = RouterOutputs["admin"]["templates"]["list"]["rows"][number];

const COLUMNS: ColumnDef<Row, unknown>[] = [
  {
    id: "kind",
    header: "Mail",
    enableSorting: true,
    enableHiding: false,
    cell: ({ row }) => (
      <div>
        <Link href={`/admin/templates/${row.original.kind}`} className="font-medium text-brand-700 hover:underline">
          {row.original.title}
        </Link>
        <p className="text-xs text-slate-500">{row.original.kind}</p>
      </div>
    ),
  },
  {
    id: "description",
    header: "When it is sent",
    cell: ({ row }) => <span className="text-slate-700">{row.original.description}</span>,
  },
  { id: "group", header: "Group", cell: ({ row }) => MAIL_GROUP_LABELS[row.original.group] },
  {
    id: "customized",
    header: "Text",
    cell: ({ row }) =>
      row.original.customized ? (
        <span className="whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Customized</span>
      ) : (
        <span className="whitespace-nowrap rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Built-in</span>
      ),
  },
  {
    id: "updatedAt",
    header: "Changed",
    enableSorting: true,
    cell: ({ row }) =>
      row.original.updatedAt ? (
        <span className="whitespace-nowrap">
          {format(new Date(row.original.updatedAt), "d MMM yyyy, HH:mm")}
          {row.original.updatedBy ? <span className="block text-xs text-slate-500">{row.original.updatedBy.email}</span> : null}
        </span>
      ) : (
        "-"
      ),
  },
];

const FILTERS = [
  {
    key: "group",
    label: "Group",
    options: MAIL_GROUPS.map((group) => ({ value: group, label: MAIL_GROUP_LABELS[group] })),
  },
  {
    key: "customized",
    label: "Text",
    options: [
      { value: "yes", label: "Customized" },
      { value: "no", label: "Built-in" },
    ],
  },
];

/** /admin/templates: the product's mails, which of them staff changed, and links to their editors. */
export function TemplateList() {
  const params = useListParams({ filters: ["group", "customized"] });
  const list = api.admin.templates.list.useQuery(params.query as z.input<typeof mailTemplateListQuery>, {
    placeholderData: (previous) => previous,
  });
  return (
    <AdminTable
      caption="Mail templates"
      columns={COLUMNS}
      rows={list.data?.rows}
      total={list.data?.total}
      params={params}
      loading={list.isLoading}
      error={list.error?.message}
      rowKey={(row) => row.kind}
      searchLabel="Search mails"
      filters={FILTERS}
    />
  );
}
