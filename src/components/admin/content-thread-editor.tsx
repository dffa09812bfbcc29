"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { ColumnDef } from "@tanstack/react-table";
import { format } from "date-fns";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { AdminTable, useListParams } from "~/components/admin/admin-table";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { topicAnchor } from "~/lib/navigation";
import { questionCreateSchema, threadUpdateSchema } from "~/lib/schemas/content-admin";
import { api, type RouterOutputs } from "~/trpc/react";
import {
  type AdminInputs,
  Badge,
  EditHideDeleteActions,
  orderColumn,
  RowTextForm,
  VISIBILITY_FILTER,
  VisibilityBadge,
} from "./content-widgets";

type Thread = RouterOutputs["admin"]["content"]["threads"]["get"];
type QuestionRow = RouterOutputs["admin"]["content"]["questions"]["list"]["rows"][number];

/** /admin/content/threads/[id]: the thread's title and description, whether the site shows it, and its questions. */
export function ThreadEditor({ id, canEditThread, canEditQuestions }: { id: string; canEditThread: boolean; canEditQuestions: boolean }) {
  const thread = api.admin.content.threads.get.useQuery({ id });
  if (thread.isPending) return <p className="text-sm text-slate-500">Loading...</p>;
  if (thread.error) return <FormMessage kind="error">{thread.error.message}</FormMessage>;
  return (
    <div className="space-y-10">
      <ThreadForm thread={thread.data} canEdit={canEditThread} />
      <section aria-labelledby="questions-title" className="space-y-4">
        <div>
          <h2 id="questions-title" className="text-lg font-semibold">
            Questions
          </h2>
          <p className="text-sm text-slate-600">
            Shown in this order in the topic&apos;s carousel on /students and on the home page; hidden ones are left out.
          </p>
        </div>
        {canEditQuestions ? <AddQuestion threadId={id} /> : null}
        <Questions threadId={id} canEdit={canEditQuestions} />
      </section>
    </div>
  );
}

function ThreadForm({ thread, canEdit }: { thread: Thread; canEdit: boolean }) {
  const utils = api.useUtils();
  const form = useForm({
    resolver: zodResolver(threadUpdateSchema),
    defaultValues: { id: thread.id, title: thread.title, description: thread.description ?? "" },
  });
  useEffect(() => form.reset({ id: thread.id, title: thread.title, description: thread.description ?? "" }), [form, thread]);
  const refresh = () =>
    Promise.all([utils.admin.content.threads.get.invalidate({ id: thread.id }), utils.admin.content.threads.list.invalidate()]);
  const update = api.admin.content.threads.update.useMutation({
    onSuccess: () => {
      toast.success("Thread saved. The site shows it now.");
      void refresh();
    },
  });
  const setHidden = api.admin.content.threads.setHidden.useMutation({
    onSuccess: (saved) => {
      toast.success(saved.hidden ? "The thread is hidden from the site." : "The thread is shown on the site again.");
      void refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  const { errors, isDirty } = form.formState;
  return (
    <section aria-labelledby="thread-title-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="thread-title-heading" className="text-lg font-semibold">
            Thread
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <VisibilityBadge hidden={thread.hidden} />
            {thread.customizedAt ? (
              <>
                <Badge tone="info">Edited here</Badge>
                <span>since {format(new Date(thread.customizedAt), "d MMM yyyy")}: the repository&apos;s file no longer changes it</span>
              </>
            ) : (
              <Badge>Follows the repository&apos;s file</Badge>
            )}
            <a className="text-brand-700 hover:underline" href={`/students#${topicAnchor(thread.slug)}`} target="_blank" rel="noreferrer">
              /students#{topicAnchor(thread.slug)}
            </a>
          </p>
        </div>
        {canEdit ? (
          <button
            type="button"
            className="btn-secondary"
            disabled={setHidden.isPending}
            onClick={() => setHidden.mutate({ id: thread.id, hidden: !thread.hidden })}
          >
            {thread.hidden ? "Show on the site" : "Hide from the site"}
          </button>
        ) : null}
      </div>
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => update.mutate(values))}>
        <fieldset disabled={!canEdit} className="space-y-4">
          <TextField id="thread-title" label="Title" error={errors.title?.message} {...form.register("title")} />
          <div>
            <label htmlFor="thread-description" className="field-label">
              Description
            </label>
            <textarea id="thread-description" rows={3} className="field-input" {...form.register("description")} />
            {errors.description ? <p className="mt-1 text-sm text-red-700">{errors.description.message}</p> : null}
          </div>
          <p className="text-sm text-slate-500">Slug: {thread.slug} (fixed: links and the assistant&apos;s topics use it)</p>
        </fieldset>
        {update.error ? <FormMessage kind="error">{errorMessage(update.error, "The thread could not be saved.")}</FormMessage> : null}
        {canEdit ? (
          <button type="submit" className="btn-primary" disabled={update.isPending || !isDirty}>
            {update.isPending ? "Saving..." : "Save thread"}
          </button>
        ) : (
          <p className="text-sm text-slate-500">Your role may read threads but not change them.</p>
        )}
      </form>
    </section>
  );
}

function AddQuestion({ threadId }: { threadId: string }) {
  const utils = api.useUtils();
  const form = useForm({ resolver: zodResolver(questionCreateSchema), defaultValues: { threadId, text: "" } });
  const add = api.admin.content.questions.add.useMutation({
    onSuccess: () => {
      toast.success("Question added at the end of the list.");
      form.reset({ threadId, text: "" });
      void utils.admin.content.questions.list.invalidate();
      void utils.admin.content.threads.invalidate();
    },
  });
  return (
    <form noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={form.handleSubmit((values) => add.mutate(values))}>
      <div className="flex-1">
        <TextField
          id="new-question"
          label="New question"
          error={
            form.formState.errors.text?.message ?? (add.error ? errorMessage(add.error, "The question could not be added.") : undefined)
          }
          {...form.register("text")}
        />
      </div>
      <button type="submit" className="btn-primary sm:mb-[1px]" disabled={add.isPending}>
        {add.isPending ? "Adding..." : "Add question"}
      </button>
    </form>
  );
}

function Questions({ threadId, canEdit }: { threadId: string; canEdit: boolean }) {
  const params = useListParams({
    filters: ["visibility"] as const,
    defaultSort: "position",
    defaultDir: "asc",
    defaultPageSize: 50,
  });
  const utils = api.useUtils();
  const list = api.admin.content.questions.list.useQuery({
    ...(params.query as Omit<AdminInputs["content"]["questions"]["list"], "threadId">),
    threadId,
  });
  const refresh = () => Promise.all([utils.admin.content.questions.list.invalidate(), utils.admin.content.threads.invalidate()]);
  const onError = (error: { message: string }) => toast.error(error.message);
  const move = api.admin.content.questions.move.useMutation({ onError, onSettled: refresh });
  const setHidden = api.admin.content.questions.setHidden.useMutation({ onError, onSettled: refresh });
  const remove = api.admin.content.questions.delete.useMutation({
    onSuccess: () => toast.success("Question deleted."),
    onError,
    onSettled: refresh,
  });
  const [editing, setEditing] = useState<string | null>(null);
  const count = list.data?.count ?? 0;

  const columns: ColumnDef<QuestionRow, unknown>[] = [
    orderColumn<QuestionRow>({
      canEdit,
      count,
      moving: move.isPending,
      name: (question) => question.text,
      position: (question) => question.place,
      onMove: (id, position) => move.mutate({ id, position }),
    }),
    {
      id: "text",
      header: "Question",
      enableSorting: true,
      enableHiding: false,
      cell: ({ row }) =>
        editing === row.original.id ? (
          <QuestionTextForm id={row.original.id} text={row.original.text} onDone={() => setEditing(null)} />
        ) : (
          <span className="block min-w-56">{row.original.text}</span>
        ),
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
              question: `Delete the question “${row.original.text}”? Hiding it keeps it for later.`,
              disabled: remove.isPending,
              onConfirm: () => remove.mutate({ id: row.original.id }),
            }}
          />
        ) : null,
    },
  ];

  return (
    <AdminTable
      caption="Questions of the thread"
      columns={columns}
      rows={list.data?.rows}
      total={list.data?.total}
      params={params}
      loading={list.isPending}
      error={list.error?.message}
      rowKey={(row) => row.id}
      searchLabel="Search questions"
      filters={[VISIBILITY_FILTER]}
      emptyText="No questions yet."
    />
  );
}

function QuestionTextForm({ id, text, onDone }: { id: string; text: string; onDone: () => void }) {
  const utils = api.useUtils();
  const update = api.admin.content.questions.update.useMutation({
    onSuccess: () => {
      toast.success("Question saved. The site shows it now.");
      void utils.admin.content.questions.list.invalidate();
      void utils.admin.content.threads.invalidate();
      onDone();
    },
  });
  return (
    <RowTextForm
      id={`question-${id}`}
      label="Question text"
      text={text}
      saving={update.isPending}
      error={update.error ? errorMessage(update.error, "The question could not be saved.") : undefined}
      onSave={(value) => update.mutate({ id, text: value })}
      onCancel={onDone}
    />
  );
}
