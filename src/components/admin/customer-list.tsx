"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { format } from "date-fns";
import Link from "next/link";
import { AdminTable, type TableFilter, useListParams } from "~/components/admin/admin-table";
import { getPlan, PLAN_IDS } from "~/lib/plans";
import type { CustomerListInput } from "~/lib/schemas/admin-customers";
import { api, type RouterOutputs } from "~/trpc/react";
import { AccountStatusBadge, PlanBadge } from "./customer-badges";

type CustomerRow = RouterOutputs["admin"]["customers"]["list"]["rows"][number];

const when = (date: Date | null) => (date ? format(new Date(date), "d MMM yyyy, HH:mm") : "Never");

const FILTERS: TableFilter[] = [
  { key: "plan", label: "Plan", options: PLAN_IDS.map((id) => ({ value: id, label: getPlan(id).name })) },
  {
    key: "status",
    label: "Status",
    options: [
      { value: "active", label: "Active" },
      { value: "suspended", label: "Suspended" },
    ],
  },
  {
    key: "verified",
    label: "Email verified",
    options: [
      { value: "yes", label: "Verified" },
      { value: "no", label: "Not verified" },
    ],
  },
];

const COLUMNS: ColumnDef<CustomerRow, unknown>[] = [
  {
    id: "name",
    header: "Student",
    enableSorting: true,
    enableHiding: false,
    cell: ({ row }) => (
      <div className="min-w-44">
        <Link href={`/admin/customers/${row.original.id}`} className="font-medium text-brand-700 hover:underline">
          {row.original.name}
        </Link>
        <p className="break-all text-xs text-slate-500">{row.original.email}</p>
      </div>
    ),
  },
  { id: "plan", header: "Plan", cell: ({ row }) => <PlanBadge plan={row.original.plan} /> },
  { id: "status", header: "Status", cell: ({ row }) => <AccountStatusBadge status={row.original.status} /> },
  {
    id: "verified",
    header: "Email",
    cell: ({ row }) =>
      row.original.verified ? <span className="text-emerald-700">Verified</span> : <span className="text-amber-700">Not verified</span>,
  },
  {
    id: "createdAt",
    header: "Signed up",
    enableSorting: true,
    cell: ({ row }) => <span className="whitespace-nowrap">{when(row.original.createdAt)}</span>,
  },
  {
    id: "lastLoginAt",
    header: "Last sign-in",
    enableSorting: true,
    cell: ({ row }) => <span className="whitespace-nowrap">{when(row.original.lastLoginAt)}</span>,
  },
];

/** /admin/customers: every student account, searchable by name or email, with plan, status and verification filters. */
export function CustomerList() {
  const params = useListParams({ filters: ["plan", "status", "verified"], defaultSort: "createdAt" });
  const customers = api.admin.customers.list.useQuery(params.query as CustomerListInput, {
    placeholderData: (previous) => previous,
  });
  return (
    <AdminTable
      caption="Customers"
      columns={COLUMNS}
      rows={customers.data?.rows}
      total={customers.data?.total}
      params={params}
      loading={customers.isFetching}
      error={customers.error?.message}
      rowKey={(row) => row.id}
      searchLabel="Search by name or email"
      filters={FILTERS}
      emptyText="No student matches."
    />
  );
}
