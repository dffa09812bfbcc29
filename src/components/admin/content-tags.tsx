"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { AdminTable, useListParams } from "~/components/admin/admin-table";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { toast } from "~/components/ui/toast";
import { tagCreateSchema } from "~/lib/schemas/content-admin";
import { api, type RouterOutputs } from "~/trpc/react";
import { type AdminInputs, EditHideDeleteActions, orderColumn, VISIBILITY_FILTER, VisibilityBadge } from "./content-widgets";

type TagRow = RouterOutputs["admin"]["content"]["tags"]["list"]["rows"][number];

/** /admin/content/tags: the labels content carries, in their order. */
export function ContentTags({ canEdit }: { canEdit: boolean }) {
  const params = useListParams({ filters: ["visibility"] as const, defaultSort: "position", defaultDir: "asc" });
  const utils = api.useUtils();
  const list = api.admin.content.tags.list.useQuery(params.query as AdminInputs["content"]["tags"]["list"]);
  const refresh = () => utils.admin.content.tags.list.invalidate();
  const onError = (error: { message: string }) => toast.error(error.message);
  const move = api.admin.content.tags.move.useMutation({ onError, onSettled: refresh });
  const setHidden = api.admin.content.tags.setHidden.useMutation({ onError, onSettled: refresh });
  const [editing, setEditing] = useState<TagRow | "new" | null>(null);
  const count = list.data?.count ?? 0;

  const columns: ColumnDef<TagRow, unknown>[] = [
    orderColumn<TagRow>({
      canEdit,
      count,
      moving: move.isPending,
      name: (tag) => tag.name,
      position: (tag) => tag.position,
      onMove: (id, position) => move.mutate({ id, position }),
    }),
    {
      id: "name",
      header: "Name",
      enableSorting: true,
      enableHiding: false,
      cell: ({ row }) => <span className="font-semibold">{row.original.name}</span>,
    },
    {
      id: "slug",
      header: "Slug",
      enableSorting: true,
      cell: ({ row }) => <code className="text-xs">{row.original.slug}</code>,
    },
    {
      id: "description",
      header: "Description",
      cell: ({ row }) => <span className="block min-w-40 text-slate-600">{row.original.description ?? "-"}</span>,
    },
    { id: "status", header: "Status", cell: ({ row }) => <VisibilityBadge hidden={row.original.hidden} /> },
    {
      id: "actions",
      header: "Actions",
      enableHiding: false,
      cell: ({ row }) =>
        canEdit ? (
          <EditHideDeleteActions
            name={row.original.name}
            hidden={row.original.hidden}
            onEdit={() => setEditing(row.original)}
            onSetHidden={(hidden) => setHidden.mutate({ id: row.original.id, hidden })}
            hideDisabled={setHidden.isPending}
          />
        ) : null,
    },
  ];

  return (
    <>
      <AdminTable
        caption="Tags"
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total}
        params={params}
        loading={list.isPending}
        error={list.error?.message}
        rowKey={(row) => row.id}
        searchLabel="Search name, slug or description"
        filters={[VISIBILITY_FILTER]}
        emptyText="No tags yet."
        toolbar={
          canEdit ? (
            <button type="button" className="btn-primary" onClick={() => setEditing("new")}>
              New tag
            </button>
          ) : null
        }
      />
      {editing ? <TagDialog tag={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function TagDialog({ tag, onClose }: { tag: TagRow | null; onClose: () => void }) {
  const utils = api.useUtils();
  const form = useForm({
    resolver: zodResolver(tagCreateSchema),
    defaultValues: { slug: tag?.slug ?? "", name: tag?.name ?? "", description: tag?.description ?? "" },
  });
  const done = (message: string) => {
    toast.success(message);
    void utils.admin.content.tags.list.invalidate();
    onClose();
  };
  const create = api.admin.content.tags.create.useMutation({ onSuccess: () => done("Tag created.") });
  const update = api.admin.content.tags.update.useMutation({ onSuccess: () => done("Tag saved.") });
  const failure = create.error ?? update.error;
  const { errors } = form.formState;
  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title={tag ? `Edit tag “${tag.name}”` : "New tag"}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => (tag ? update.mutate({ ...values, id: tag.id }) : create.mutate(values)))}
      >
        <TextField id="tag-name" label="Name" error={errors.name?.message} {...form.register("name")} />
        <TextField
          id="tag-slug"
          label="Slug"
          hint="Lower-case letters, digits and hyphens, e.g. health-insurance"
          error={errors.slug?.message}
          {...form.register("slug")}
        />
        <div>
          <label htmlFor="tag-description" className="field-label">
            Description
          </label>
          <textarea id="tag-description" rows={2} className="field-input" {...form.register("description")} />
          {errors.description ? <p className="mt-1 text-sm text-red-700">{errors.description.message}</p> : null}
        </div>
        {failure ? <FormMessage kind="error">{errorMessage(failure, "The tag could not be saved.")}</FormMessage> : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={create.isPending || update.isPending}>
            {tag ? "Save tag" : "Create tag"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
