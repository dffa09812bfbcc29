"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { ColumnDef } from "@tanstack/react-table";
import { format } from "date-fns";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { AdminTable, useListParams } from "~/components/admin/admin-table";
import { errorMessage, TextField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { promptCreateSchema } from "~/lib/schemas/content-admin";
import { api, type RouterOutputs } from "~/trpc/react";
import { type AdminInputs, EditHideDeleteActions, RowTextForm, VISIBILITY_FILTER, VisibilityBadge } from "./content-widgets";

type PromptRow = RouterOutputs["admin"]["content"]["prompts"]["list"]["rows"][number];

/** /admin/content/prompts: the chat's random prompts (the suggestions under the chat's composer). */
export function ContentPrompts({ canEdit }: { canEdit: boolean }) {
  const params = useListParams({ filters: ["visibility"] as const, defaultSort: "createdAt", defaultDir: "desc" });
  const utils = api.useUtils();
  const list = api.admin.content.prompts.list.useQuery(params.query as AdminInputs["content"]["prompts"]["list"]);
  const refresh = () => utils.admin.content.prompts.list.invalidate();
  const onError = (error: { message: string }) => toast.error(error.message);
  const setHidden = api.admin.content.prompts.setHidden.useMutation({
    onSuccess: (prompt) =>
      toast.success(prompt.hidden ? "The prompt is hidden from the chat." : "The prompt is offered in the chat again."),
    onError,
    onSettled: refresh,
  });
  const remove = api.admin.content.prompts.delete.useMutation({
    onSuccess: () => toast.success("Prompt deleted."),
    onError,
    onSettled: refresh,
  });
  const [editing, setEditing] = useState<string | null>(null);

  const columns: ColumnDef<PromptRow, unknown>[] = [
    {
      id: "text",
      header: "Prompt",
      enableSorting: true,
      enableHiding: false,
      cell: ({ row }) =>
        editing === row.original.id ? (
          <PromptTextForm id={row.original.id} text={row.original.text} onDone={() => setEditing(null)} />
        ) : (
          <span className="block min-w-56">{row.original.text}</span>
        ),
    },
    {
      id: "createdAt",
      header: "Added",
      enableSorting: true,
      cell: ({ row }) => <span className="whitespace-nowrap">{format(new Date(row.original.createdAt), "d MMM yyyy")}</span>,
    },
    { id: "status", header: "Status", cell: ({ row }) => <VisibilityBadge hidden={row.original.hidden} /> },
    {
      id: "actions",
      header: "Actions",
      enableHiding: false,
      cell: ({ row }) =>
        canEdit ? (
          <EditHideDeleteActions
            name={row.original.text}
            hidden={row.original.hidden}
            onEdit={() => setEditing(row.original.id)}
            editDisabled={editing === row.original.id}
            onSetHidden={(hidden) => setHidden.mutate({ id: row.original.id, hidden })}
            hideDisabled={setHidden.isPending}
            remove={{
              question: `Delete the prompt “${row.original.text}”? Hiding it keeps it for later.`,
              disabled: remove.isPending,
              onConfirm: () => remove.mutate({ id: row.original.id }),
            }}
          />
        ) : null,
    },
  ];

  return (
    <div className="space-y-6">
      {canEdit ? <AddPrompt /> : null}
      <AdminTable
        caption="Chat prompts"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        params={params}
        loading={list.isPending}
        error={list.error?.message}
        rowKey={(row) => row.id}
        searchLabel="Search prompts"
        filters={[VISIBILITY_FILTER]}
        emptyText="No prompts."
      />
    </div>
  );
}

function AddPrompt() {
  const utils = api.useUtils();
  const form = useForm({ resolver: zodResolver(promptCreateSchema), defaultValues: { text: "" } });
  const create = api.admin.content.prompts.create.useMutation({
    onSuccess: () => {
      toast.success("Prompt added: the chat may offer it from now on.");
      form.reset({ text: "" });
      void utils.admin.content.prompts.list.invalidate();
    },
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
    >
      <div className="flex-1">
        <TextField
          id="new-prompt"
          label="New prompt"
          error={
            form.formState.errors.text?.message ?? (create.error ? errorMessage(create.error, "The prompt could not be added.") : undefined)
          }
          {...form.register("text")}
        />
      </div>
      <button type="submit" className="btn-primary sm:mb-[1px]" disabled={create.isPending}>
        {create.isPending ? "Adding..." : "Add prompt"}
      </button>
    </form>
  );
}

function PromptTextForm({ id, text, onDone }: { id: string; text: string; onDone: () => void }) {
  const utils = api.useUtils();
  const update = api.admin.content.prompts.update.useMutation({
    onSuccess: () => {
      toast.success("Prompt saved.");
      void utils.admin.content.prompts.list.invalidate();
      onDone();
    },
  });
  return (
    <RowTextForm
      id={`prompt-${id}`}
      label="Prompt text"
      text={text}
      saving={update.isPending}
      error={update.error ? errorMessage(update.error, "The prompt could not be saved.") : undefined}
      onSave={(value) => update.mutate({ id, text: value })}
      onCancel={onDone}
    />
  );
}
