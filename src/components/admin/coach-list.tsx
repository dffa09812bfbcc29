"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { format } from "date-fns";
import { useMemo, useState } from "react";
import { AdminTable, type TableFilter, useListParams } from "~/components/admin/admin-table";
import { Modal } from "~/components/ui/modal";
import { toast } from "~/components/ui/toast";
import { LANGUAGE_OPTIONS } from "~/lib/options";
import { api, type RouterOutputs } from "~/trpc/react";
import { CoachForm, type CoachFormValues } from "./coach-form";
import { StateBadge } from "./customer-badges";

type CoachRow = RouterOutputs["admin"]["coaches"]["list"]["rows"][number];
type CoachListInput = Parameters<typeof api.admin.coaches.list.useQuery>[0];

const languageName = (code: string) => (LANGUAGE_OPTIONS.find((option) => option.value === code)?.label ?? code).replace(/ \(.*\)$/, "");

const FILTERS: TableFilter[] = [
  {
    key: "active",
    label: "State",
    options: [
      { value: "yes", label: "Active" },
      { value: "no", label: "Inactive" },
    ],
  },
];

const EMPTY: CoachFormValues = { email: "", displayName: "", languages: [], subjects: [], bio: "", active: true };

function Tags({ items }: { items: string[] }) {
  if (items.length === 0) return <span className="text-slate-400">-</span>;
  return (
    <ul className="flex max-w-xs flex-wrap gap-1">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** /admin/coaches: staff who deliver consultations and document reviews; add from a staff email, edit, deactivate. */
export function CoachList() {
  const params = useListParams({ filters: ["active"], defaultSort: "displayName", defaultDir: "asc" });
  const coaches = api.admin.coaches.list.useQuery(params.query as CoachListInput, {
    placeholderData: (previous) => previous,
  });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CoachRow | null>(null);
  const utils = api.useUtils();
  const refresh = () => Promise.all([utils.admin.coaches.list.invalidate(), utils.admin.support.coachOptions.invalidate()]);

  const create = api.admin.coaches.create.useMutation({
    onSuccess: (coach) => {
      toast.success(`${coach.displayName} is now a coach`);
      setAdding(false);
    },
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  const update = api.admin.coaches.update.useMutation({
    onSuccess: ({ coach, changed }) => {
      toast.success(changed ? `Saved ${coach.displayName}` : "Nothing changed");
      setEditing(null);
    },
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });

  const columns = useMemo<ColumnDef<CoachRow, unknown>[]>(
    () => [
      {
        id: "displayName",
        header: "Coach",
        enableSorting: true,
        enableHiding: false,
        cell: ({ row }) => (
          <div className="min-w-44">
            <p className="font-medium">{row.original.displayName}</p>
            <p className="break-all text-xs text-slate-500">
              {row.original.email} · {row.original.role}
            </p>
          </div>
        ),
      },
      {
        id: "languages",
        header: "Languages",
        cell: ({ row }) => <Tags items={row.original.languages.map(languageName)} />,
      },
      { id: "subjects", header: "Subjects", cell: ({ row }) => <Tags items={row.original.subjects} /> },
      {
        id: "active",
        header: "State",
        cell: ({ row }) => (row.original.active ? <StateBadge tone="good">Active</StateBadge> : <StateBadge>Inactive</StateBadge>),
      },
      {
        id: "requests",
        header: "Requests",
        cell: ({ row }) => <span className="tabular-nums">{row.original.requests}</span>,
      },
      {
        id: "createdAt",
        header: "Coach since",
        enableSorting: true,
        cell: ({ row }) => <span className="whitespace-nowrap">{format(new Date(row.original.createdAt), "d MMM yyyy")}</span>,
      },
      {
        id: "edit",
        header: "",
        enableHiding: false,
        cell: ({ row }) => (
          <button
            type="button"
            className="btn-secondary px-3 py-1"
            aria-label={`Edit ${row.original.displayName}`}
            onClick={() => setEditing(row.original)}
          >
            Edit
          </button>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <AdminTable
        caption="Coaches"
        columns={columns}
        rows={coaches.data?.rows}
        total={coaches.data?.total}
        params={params}
        loading={coaches.isFetching}
        error={coaches.error?.message}
        rowKey={(row) => row.id}
        searchLabel="Search by name or email"
        filters={FILTERS}
        emptyText="No coach yet: add one from a staff account."
        toolbar={
          <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
            Add coach
          </button>
        }
      />
      <Modal
        open={adding}
        onOpenChange={setAdding}
        title="Add a coach"
        description="Coaches deliver consultations and document reviews; support assigns requests to the active ones."
      >
        <CoachForm
          mode="create"
          initial={EMPTY}
          pending={create.isPending}
          onCancel={() => setAdding(false)}
          onSubmit={(values) =>
            create.mutate({
              email: values.email,
              displayName: values.displayName.trim() || undefined,
              languages: values.languages,
              subjects: values.subjects,
              bio: values.bio,
            })
          }
        />
      </Modal>
      <Modal
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        title={editing ? `Edit ${editing.displayName}` : "Edit coach"}
      >
        {editing ? (
          <CoachForm
            key={editing.id}
            mode="edit"
            initial={{
              email: editing.email,
              displayName: editing.displayName,
              languages: editing.languages,
              subjects: editing.subjects,
              bio: editing.bio ?? "",
              active: editing.active,
            }}
            pending={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(values) =>
              update.mutate({
                id: editing.id,
                displayName: values.displayName,
                languages: values.languages,
                subjects: values.subjects,
                bio: values.bio,
                active: values.active,
              })
            }
          />
        ) : null}
      </Modal>
    </>
  );
}
