"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { AdminTable, useListParams } from "~/components/admin/admin-table";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { toast } from "~/components/ui/toast";
import { slugFromTitle, threadCreateSchema } from "~/lib/schemas/content-admin";
import { api, type RouterOutputs } from "~/trpc/react";
import { type AdminInputs, Badge, HideButton, orderColumn, RowActions, VISIBILITY_FILTER, VisibilityBadge } from "./content-widgets";

type ThreadRow = RouterOutputs["admin"]["content"]["threads"]["list"]["rows"][number];

/** /admin/content: the topic threads in the site's order, with their questions count; create, reorder, hide. */
export function ContentThreads({ canEdit }: { canEdit: boolean }) {
  const params = useListParams({ filters: ["visibility"] as const, defaultSort: "position", defaultDir: "asc" });
  const utils = api.useUtils();
  const list = api.admin.content.threads.list.useQuery(params.query as AdminInputs["content"]["threads"]["list"]);
  const refresh = () => utils.admin.content.threads.list.invalidate();
  const move = api.admin.content.threads.move.useMutation({
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  const setHidden = api.admin.content.threads.setHidden.useMutation({
    onSuccess: (thread) =>
      toast.success(thread.hidden ? `“${thread.title}” is hidden from the site.` : `“${thread.title}” is shown on the site again.`),
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  const count = list.data?.count ?? 0;

  const columns: ColumnDef<ThreadRow, unknown>[] = [
    orderColumn<ThreadRow>({
      canEdit,
      count,
      moving: move.isPending,
      name: (thread) => thread.title,
      position: (thread) => thread.position,
      onMove: (id, position) => move.mutate({ id, position }),
    }),
    {
      id: "title",
      header: "Thread",
      enableSorting: true,
      enableHiding: false,
      cell: ({ row }) => (
        <div className="min-w-48">
          <Link href={`/admin/content/threads/${row.original.id}`} className="font-semibold text-brand-700 hover:underline">
            {row.original.title}
          </Link>
          <p className="text-xs text-slate-500">/{row.original.slug}</p>
          {row.original.description ? <p className="mt-1 line-clamp-2 text-slate-600">{row.original.description}</p> : null}
        </div>
      ),
    },
    {
      id: "questions",
      header: "Questions",
      enableSorting: true,
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {row.original.questionCount}
          {row.original.hiddenQuestionCount ? <span className="text-slate-500"> ({row.original.hiddenQuestionCount} hidden)</span> : null}
        </span>
      ),
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-1">
          <VisibilityBadge hidden={row.original.hidden} />
          {row.original.customizedAt ? (
            <Badge tone="info" title="Edited in /admin: the repository's file no longer changes it">
              Edited here
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      id: "actions",
      header: "Actions",
      enableHiding: false,
      cell: ({ row }) => (
        <RowActions>
          <Link href={`/admin/content/threads/${row.original.id}`} className="btn-secondary px-3 py-1">
            {canEdit ? "Edit" : "Open"}
          </Link>
          {canEdit ? (
            <HideButton
              name={row.original.title}
              hidden={row.original.hidden}
              disabled={setHidden.isPending}
              onSetHidden={(hidden) => setHidden.mutate({ id: row.original.id, hidden })}
            />
          ) : null}
        </RowActions>
      ),
    },
  ];

  return (
    <AdminTable
      caption="Topic threads"
      columns={columns}
      rows={list.data?.rows}
      total={list.data?.total}
      params={params}
      loading={list.isPending}
      error={list.error?.message}
      rowKey={(row) => row.id}
      searchLabel="Search title or slug"
      filters={[VISIBILITY_FILTER]}
      emptyText="No threads."
      toolbar={canEdit ? <NewThreadButton /> : null}
    />
  );
}

function NewThreadButton() {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const utils = api.useUtils();
  const form = useForm({
    resolver: zodResolver(threadCreateSchema),
    defaultValues: { title: "", description: "", slug: "" },
  });
  const create = api.admin.content.threads.create.useMutation({
    onSuccess: (thread) => {
      toast.success(`Thread “${thread.title}” created. It is shown on the site now: add its questions.`);
      void utils.admin.content.threads.list.invalidate();
      setOpen(false);
      form.reset();
      router.push(`/admin/content/threads/${thread.id}`);
    },
  });
  const { errors } = form.formState;
  const title = form.watch("title");
  const slug = form.watch("slug");
  return (
    <>
      <button type="button" className="btn-primary" onClick={() => setOpen(true)}>
        New thread
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="New topic thread"
        description="Shown on /students, in the side menu and on the home page."
      >
        <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => create.mutate(values))}>
          <TextField id="thread-title" label="Title" error={errors.title?.message} {...form.register("title")} />
          <div>
            <label htmlFor="thread-description" className="field-label">
              Description
            </label>
            <textarea
              id="thread-description"
              rows={3}
              className="field-input"
              aria-invalid={errors.description ? true : undefined}
              {...form.register("description")}
            />
            {errors.description ? <p className="mt-1 text-sm text-red-700">{errors.description.message}</p> : null}
          </div>
          <TextField
            id="thread-slug"
            label="Slug (optional)"
            placeholder={slugFromTitle(title) || "made from the title"}
            hint={`The address of the topic: /students#topic-${slug || slugFromTitle(title) || "…"}. It cannot be changed later.`}
            error={errors.slug?.message}
            {...form.register("slug")}
          />
          {create.error ? <FormMessage kind="error">{errorMessage(create.error, "The thread could not be created.")}</FormMessage> : null}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create thread"}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
