"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import type { z } from "zod";
import { AdminTable, useListParams } from "~/components/admin/admin-table";
import { toast } from "~/components/ui/toast";
import {
  ROADMAP_AUDIENCE_LABELS,
  ROADMAP_AUDIENCES,
  ROADMAP_CONDITION_LABELS,
  type RoadmapAudience,
  type RoadmapCondition,
  type roadmapStepListQuery,
} from "~/lib/schemas/roadmap-steps";
import { api, type RouterOutputs } from "~/trpc/react";
import { FlowStepForm } from "./flow-step-form";

type Step = RouterOutputs["admin"]["flows"]["list"]["rows"][number];

const FILTERS = [
  {
    key: "appliesTo",
    label: "Applies to",
    options: ROADMAP_AUDIENCES.map((audience) => ({ value: audience, label: ROADMAP_AUDIENCE_LABELS[audience] })),
  },
  {
    key: "hidden",
    label: "Shown",
    options: [
      { value: "no", label: "Visible" },
      { value: "yes", label: "Hidden" },
    ],
  },
];

/** /admin/flows: what the fields mean, the steps in roadmap order, and (with write access) their editor. */
export function FlowSteps({ canEdit }: { canEdit: boolean }) {
  const params = useListParams({ filters: ["appliesTo", "hidden"], defaultSort: "position", defaultDir: "asc" });
  const list = api.admin.flows.list.useQuery(params.query as z.input<typeof roadmapStepListQuery>, {
    placeholderData: (previous) => previous,
  });
  const [editing, setEditing] = useState<Step | "new" | null>(null);
  const utils = api.useUtils();
  const changed = (message: string) => ({
    onSuccess: () => toast.success(message),
    onError: (error: { message: string }) => toast.error(error.message),
    onSettled: () => utils.admin.flows.list.invalidate(),
  });
  const move = api.admin.flows.reorder.useMutation(changed("Order saved."));
  const setHidden = api.admin.flows.setHidden.useMutation(changed("Saved."));
  const remove = api.admin.flows.delete.useMutation(changed("Step deleted."));
  const busy = move.isPending || setHidden.isPending || remove.isPending;
  const empty = list.data?.total === 0 && !params.q && !Object.values(params.filters).some(Boolean);

  const columns = useMemo<ColumnDef<Step, unknown>[]>(
    () => [
      {
        id: "position",
        header: "Order",
        enableSorting: true,
        cell: ({ row }) => (
          <div className="flex items-center gap-1 whitespace-nowrap">
            <span className="w-6 text-right tabular-nums">{row.original.position + 1}</span>
            {canEdit ? (
              <>
                <button
                  type="button"
                  className="rounded px-1.5 hover:bg-slate-100 disabled:opacity-40"
                  disabled={busy || row.original.position === 0}
                  aria-label={`Move ${row.original.title} up`}
                  onClick={() => move.mutate({ id: row.original.id, position: row.original.position })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="rounded px-1.5 hover:bg-slate-100 disabled:opacity-40"
                  disabled={busy}
                  aria-label={`Move ${row.original.title} down`}
                  onClick={() => move.mutate({ id: row.original.id, position: row.original.position + 2 })}
                >
                  ↓
                </button>
              </>
            ) : null}
          </div>
        ),
      },
      {
        id: "title",
        header: "Step",
        enableSorting: true,
        enableHiding: false,
        cell: ({ row }) => (
          <div className="min-w-48">
            <p className="font-medium">
              {row.original.title}
              {row.original.hidden ? (
                <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">hidden</span>
              ) : null}
              {row.original.optional ? (
                <span className="ml-2 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800">optional</span>
              ) : null}
            </p>
            <p className="text-xs text-slate-500">{row.original.slug}</p>
            {row.original.conditions.length > 0 ? (
              <p className="mt-1 text-xs text-slate-600">
                Only if:{" "}
                {row.original.conditions
                  .map((condition) => ROADMAP_CONDITION_LABELS[condition as RoadmapCondition] ?? condition)
                  .join("; ")}
              </p>
            ) : null}
            {row.original.dependsOn.length > 0 ? (
              <p className="mt-1 text-xs text-slate-600">After: {row.original.dependsOn.join(", ")}</p>
            ) : null}
            {row.original.deadlineRule ? <p className="mt-1 text-xs text-slate-700">Rule: {row.original.deadlineRule}</p> : null}
          </div>
        ),
      },
      {
        id: "appliesTo",
        header: "Applies to",
        cell: ({ row }) =>
          row.original.appliesTo.map((audience) => ROADMAP_AUDIENCE_LABELS[audience as RoadmapAudience] ?? audience).join(", "),
      },
      {
        id: "timing",
        header: "Timing",
        cell: ({ row }) => (
          <span className="whitespace-nowrap text-slate-700">
            takes {row.original.durationDays} d
            <span className="block text-xs text-slate-500">
              {row.original.fixedDeadlineWinter || row.original.fixedDeadlineSummer
                ? `fixed: winter ${row.original.fixedDeadlineWinter ?? "-"}, summer ${row.original.fixedDeadlineSummer ?? "-"}`
                : `done ${row.original.dueDaysBeforeIntake} d before intake`}
            </span>
          </span>
        ),
      },
      {
        id: "checkedOn",
        header: "Official source",
        enableSorting: true,
        cell: ({ row }) =>
          row.original.officialUrl ? (
            <div className="min-w-40">
              <a href={row.original.officialUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
                {row.original.officialTitle}
              </a>
              <p className="text-xs text-slate-500">checked {row.original.checkedOn}</p>
            </div>
          ) : (
            <span className="text-slate-500">none</span>
          ),
      },
      ...(canEdit
        ? [
            {
              id: "actions",
              header: "Actions",
              enableHiding: false,
              cell: ({ row }) => (
                <div className="flex flex-wrap gap-2">
                  <button type="button" className="btn-secondary px-2 py-1" onClick={() => setEditing(row.original)}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn-secondary px-2 py-1"
                    disabled={busy}
                    onClick={() => setHidden.mutate({ id: row.original.id, hidden: !row.original.hidden })}
                  >
                    {row.original.hidden ? "Show" : "Hide"}
                  </button>
                  <button
                    type="button"
                    className="btn-secondary px-2 py-1 text-red-700"
                    disabled={busy}
                    onClick={() => {
                      if (window.confirm(`Delete the step “${row.original.title}”? Hiding keeps it for later.`))
                        remove.mutate({ id: row.original.id });
                    }}
                  >
                    Delete
                  </button>
                </div>
              ),
            } satisfies ColumnDef<Step, unknown>,
          ]
        : []),
    ],
    [busy, canEdit, move, remove, setHidden],
  );

  return (
    <div className="space-y-6">
      <FieldGuide open={empty} />
      {canEdit ? (
        editing ? (
          <FlowStepForm
            key={editing === "new" ? "new" : editing.id}
            step={editing === "new" ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : (
          <button type="button" className="btn-primary" onClick={() => setEditing("new")}>
            Add a step
          </button>
        )
      ) : (
        <p className="text-sm text-slate-600">
          You may read the steps; changing them needs the designer:flows or settings:flows permission.
        </p>
      )}
      <AdminTable
        caption="Roadmap steps"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        params={params}
        loading={list.isLoading}
        error={list.error?.message}
        rowKey={(row) => row.id}
        searchLabel="Search title or slug"
        filters={FILTERS}
        emptyText={
          empty
            ? "No steps yet. The seed brings the steps of src/content/roadmap/steps.json; each step comes from an official source."
            : "No step matches."
        }
      />
    </div>
  );
}

/** What each field means for the roadmaps built from the steps. */
function FieldGuide({ open }: { open: boolean }) {
  return (
    <details open={open} className="rounded-2xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
      <summary className="cursor-pointer font-semibold">What the fields mean</summary>
      <p className="mt-3 text-slate-700">
        A student's roadmap lists the visible steps for their programme whose conditions hold for them, gives each a target date counted
        back from their intake (the start of their first semester), and orders them by that date (steps due the same day in the order
        below). Steps state facts students act on, so each rule comes from an official page (a ministry, embassy, uni-assist, DAAD, a
        university), with the day it was checked. A step you change here is no longer updated from the product's content file.
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        <dt className="font-medium">Applies to</dt>
        <dd className="text-slate-700">
          All programmes, or only some programme types (bachelor, master...). A roadmap for a master's uses the master steps and those for
          all.
        </dd>
        <dt className="font-medium">Why, How</dt>
        <dd className="text-slate-700">Why the step matters and how to do it, in plain words.</dd>
        <dt className="font-medium">Duration</dt>
        <dd className="text-slate-700">
          How many days the step usually takes (1 to 730): the roadmap starts it that long before it is due.
        </dd>
        <dt className="font-medium">Due before the intake</dt>
        <dd className="text-slate-700">
          How many days before the semester starts it should be done (0 to 730). A step whose date has passed is shown as late.
        </dd>
        <dt className="font-medium">Deadline rule</dt>
        <dd className="text-slate-700">
          The rule as the official page states it, e.g. an application deadline. A step with a rule must name its official page.
        </dd>
        <dt className="font-medium">Official source</dt>
        <dd className="text-slate-700">
          The page the facts come from (https), its title, and the day you checked it (not in the future). Give all three or none.
        </dd>
        <dt className="font-medium">Conditions</dt>
        <dd className="text-slate-700">
          The step is in a roadmap only when all of them hold, e.g. “Needs a national (D) visa” for the visa appointment. None: every
          roadmap of its programmes.
        </dd>
        <dt className="font-medium">Fixed deadline</dt>
        <dd className="text-slate-700">
          A day the official source fixes (MM-DD), per intake: it replaces “due before the intake”. 07-15 for a winter intake means 15 July
          before the semester; a day after the semester start falls in the year before. The deadline is never moved later; when the steps
          that depend on this one need more time, the roadmap asks for it earlier and shows the deadline beside it.
        </dd>
        <dt className="font-medium">Depends on</dt>
        <dd className="text-slate-700">
          The slugs of the steps this one can only follow (e.g. housing after admission). In a roadmap each of them is done at least this
          step's duration before it, so the order follows. Name only what an official source requires (a Studierendenwerk that takes
          applications only with an admission letter); unknown slugs and circles are refused.
        </dd>
        <dt className="font-medium">Optional</dt>
        <dd className="text-slate-700">Students may hide an optional step from their roadmap.</dd>
        <dt className="font-medium">Product link</dt>
        <dd className="text-slate-700">
          Where the step continues in the product: a tool, a topic or an assistant question (a path starting with /), with its text.
        </dd>
        <dt className="font-medium">Hidden</dt>
        <dd className="text-slate-700">A hidden step stays here but no roadmap uses it.</dd>
      </dl>
    </details>
  );
}
