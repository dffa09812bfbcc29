"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { format } from "date-fns";
import Link from "next/link";
import { AdminTable, useListParams } from "~/components/admin/admin-table";
import { REVIEW_DUE_DAYS } from "~/lib/schemas/knowledge";
import { api, type RouterOutputs } from "~/trpc/react";
import { type AdminInputs, Badge } from "./content-widgets";

type ArticleRow = RouterOutputs["admin"]["knowledge"]["list"]["rows"][number];

const columns: ColumnDef<ArticleRow, unknown>[] = [
  {
    id: "title",
    header: "Article",
    enableSorting: true,
    enableHiding: false,
    cell: ({ row }) => (
      <div className="min-w-56">
        <Link href={`/admin/knowledge/${row.original.slug}`} className="font-semibold text-brand-700 hover:underline">
          {row.original.title}
        </Link>
        <p className="text-xs text-slate-500">{row.original.slug}</p>
      </div>
    ),
  },
  { id: "topic", header: "Topic", enableSorting: true, cell: ({ row }) => row.original.topic },
  { id: "country", header: "Country", cell: ({ row }) => row.original.country },
  {
    id: "sources",
    header: "Sources",
    cell: ({ row }) => <span className="tabular-nums">{row.original.sourcesCount}</span>,
  },
  {
    id: "lastReviewed",
    header: "Last reviewed",
    enableSorting: true,
    cell: ({ row }) => (
      <span className="flex flex-col items-start gap-1 whitespace-nowrap">
        {row.original.lastReviewed}
        {row.original.reviewDue ? (
          <Badge tone="warning" title={`Not reviewed for more than ${REVIEW_DUE_DAYS} days`}>
            Review due
          </Badge>
        ) : null}
      </span>
    ),
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        {row.original.hidden ? (
          <Badge tone="hidden" title="The assistant does not use it">
            Hidden
          </Badge>
        ) : (
          <Badge tone="ok">Used</Badge>
        )}
        {row.original.origin === "admin" ? (
          <Badge tone="info">Written here</Badge>
        ) : row.original.customizedAt ? (
          <Badge tone="info" title="Edited in /admin: the repository's file no longer changes it">
            Edited here
          </Badge>
        ) : (
          <Badge>From the repository</Badge>
        )}
      </span>
    ),
  },
  {
    id: "updatedAt",
    header: "Changed",
    enableSorting: true,
    cell: ({ row }) => <span className="whitespace-nowrap">{format(new Date(row.original.updatedAt), "d MMM yyyy")}</span>,
  },
];

/** /admin/knowledge: the assistant's articles, the longest unreviewed first; filters for topic, review and visibility. */
export function KnowledgeList() {
  const params = useListParams({ filters: ["topic", "review", "visibility"] as const });
  const list = api.admin.knowledge.list.useQuery(params.query as AdminInputs["knowledge"]["list"]);
  const topics = list.data?.topics ?? [];
  return (
    <AdminTable
      caption="Knowledge-base articles"
      columns={columns}
      rows={list.data?.rows}
      total={list.data?.total}
      params={params}
      loading={list.isPending}
      error={list.error?.message}
      rowKey={(row) => row.slug}
      searchLabel="Search title or slug"
      filters={[
        { key: "topic", label: "Topic", options: topics.map((topic) => ({ value: topic, label: topic })) },
        {
          key: "review",
          label: "Review",
          options: [
            { value: "due", label: `Due (over ${REVIEW_DUE_DAYS} days)` },
            { value: "ok", label: "Reviewed recently" },
          ],
        },
        {
          key: "visibility",
          label: "Used by the assistant",
          options: [
            { value: "shown", label: "Used" },
            { value: "hidden", label: "Hidden" },
          ],
        },
      ]}
      emptyText="No articles match."
      toolbar={
        <Link href="/admin/knowledge/new" className="btn-primary">
          New article
        </Link>
      }
    />
  );
}
