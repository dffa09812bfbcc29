"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { LoadError } from "~/components/admin/admin-table";
import { type Column, DataTable } from "~/components/ui/data-table";
import { errorMessage, FormMessage, TextAreaField, TextField } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { toast } from "~/components/ui/toast";
import { type CategoryForm, categoryFormSchema, categoryHref } from "~/lib/schemas/community";
import { slugFromTitle } from "~/lib/schemas/content-admin";
import { api, type RouterOutputs } from "~/trpc/react";
import { Badge, FormButtons, MoveButtons, RowActions } from "./content-widgets";

type Category = RouterOutputs["admin"]["community"]["categories"][number];
type Row = Category & { order: number };

/**
 * /admin/forum-categories: every category in the forum's order, archived ones included, with its
 * topics; with write access: create, edit, move up or down, archive and restore.
 */
export function ForumCategories({ canEdit }: { canEdit: boolean }) {
  const list = api.admin.community.categories.useQuery();
  const [editing, setEditing] = useState<Category | "new" | null>(null);
  const utils = api.useUtils();
  const refresh = () => Promise.all([utils.admin.community.categories.invalidate(), utils.community.categories.invalidate()]);
  const move = api.admin.community.moveCategory.useMutation({
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  const archive = api.admin.community.archiveCategory.useMutation({
    onSuccess: (category) =>
      toast.success(
        category.archived ? `“${category.name}” is archived: it takes no new topics.` : `“${category.name}” is open for new topics again.`,
      ),
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });

  const rows: Row[] = (list.data ?? []).map((category, index) => ({ ...category, order: index + 1 }));
  const columns: Column<Row>[] = [
    {
      key: "order",
      header: "Order",
      cell: (row) =>
        canEdit ? (
          <MoveButtons
            name={row.name}
            position={row.order}
            count={rows.length}
            disabled={move.isPending}
            onMove={(to) => move.mutate({ id: row.id, direction: to < row.order ? "up" : "down" })}
          />
        ) : (
          <span className="tabular-nums">{row.order}</span>
        ),
    },
    {
      key: "category",
      header: "Category",
      cell: (row) => (
        <div className="min-w-48 max-w-md">
          <Link href={categoryHref(row.slug)} prefetch={false} className="font-semibold text-brand-700 hover:underline">
            {row.name}
          </Link>
          <p className="text-xs text-slate-500">{categoryHref(row.slug)}</p>
          <p className="mt-1 text-slate-600">{row.description}</p>
        </div>
      ),
    },
    { key: "topics", header: "Topics", cell: (row) => <span className="tabular-nums">{row.topicCount}</span> },
    {
      key: "status",
      header: "Status",
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          {row.archived ? <Badge tone="hidden">Archived</Badge> : <Badge tone="ok">Open</Badge>}
          {row.customizedAt ? (
            <Badge tone="info" title="Changed in /admin: the seed leaves it as it is">
              Edited here
            </Badge>
          ) : null}
        </span>
      ),
    },
    ...(canEdit
      ? [
          {
            key: "actions",
            header: "Actions",
            cell: (row: Row) => (
              <RowActions>
                <button type="button" className="btn-secondary px-3 py-1" onClick={() => setEditing(row)}>
                  Edit<span className="sr-only"> “{row.name}”</span>
                </button>
                <button
                  type="button"
                  className="btn-secondary px-3 py-1"
                  disabled={archive.isPending}
                  onClick={() => archive.mutate({ id: row.id, archived: !row.archived })}
                >
                  {row.archived ? "Restore" : "Archive"}
                  <span className="sr-only"> “{row.name}”</span>
                </button>
              </RowActions>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="space-y-4">
      {canEdit ? (
        <button type="button" className="btn-primary" onClick={() => setEditing("new")}>
          New category
        </button>
      ) : (
        <p className="text-sm text-slate-600">You may read the categories; changing them needs the settings:threads permission.</p>
      )}
      {list.error ? <LoadError message={list.error.message} /> : null}
      {list.isLoading ? (
        <p className="text-sm text-slate-500">Loading...</p>
      ) : (
        <DataTable
          caption="Forum categories"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          emptyText="No categories yet: the seed adds one per topic thread."
        />
      )}
      <p className="text-xs text-slate-500">Topics counts the published topics; held and deleted ones are left out.</p>
      {canEdit ? <CategoryDialog category={editing} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
    </div>
  );
}

const editSchema = categoryFormSchema.omit({ slug: true });
const DESCRIPTION_HINT = "One or two sentences under the name in the forum: what belongs here.";

/** Creates a category (slug, name, description) or edits one's name and description. */
function CategoryDialog({
  category,
  onClose,
  onSaved,
}: {
  category: Category | "new" | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const creating = category === "new";
  return (
    <Modal
      open={category !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={creating ? "New category" : "Edit the category"}
      description={
        creating
          ? "It is listed last in the forum; move it where it belongs."
          : "The address stays as it is, so links to the category keep working."
      }
    >
      {category === "new" ? (
        <CreateCategoryForm onClose={onClose} onSaved={onSaved} />
      ) : category ? (
        <EditCategoryForm key={category.id} category={category} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
  );
}

function CreateCategoryForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => Promise<unknown> }) {
  const form = useForm<CategoryForm>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: { slug: "", name: "", description: "" },
  });
  const create = api.admin.community.createCategory.useMutation({
    onSuccess: async (created) => {
      toast.success(`Category “${created.name}” created.`);
      await onSaved();
      onClose();
    },
  });
  const { errors } = form.formState;
  const slug = form.watch("slug");
  const name = form.register("name");
  return (
    <form noValidate className="space-y-4" aria-label="New category" onSubmit={form.handleSubmit((values) => create.mutate(values))}>
      <TextField
        id="category-name"
        label="Name"
        error={errors.name?.message}
        {...name}
        onChange={(event) => {
          // The address follows the name until it is typed by hand.
          if (!form.getFieldState("slug").isDirty) form.setValue("slug", slugFromTitle(event.target.value));
          return name.onChange(event);
        }}
      />
      <TextField
        id="category-slug"
        label="Address"
        hint={`${categoryHref(slug || "…")}: lower-case letters, digits and dashes. It cannot be changed later.`}
        error={errors.slug?.message}
        {...form.register("slug")}
      />
      <TextAreaField
        id="category-description"
        label="Description"
        hint={DESCRIPTION_HINT}
        error={errors.description?.message}
        {...form.register("description")}
      />
      {create.error ? <FormMessage kind="error">{errorMessage(create.error, "The category could not be created.")}</FormMessage> : null}
      <FormButtons onCancel={onClose} pending={create.isPending} label="Create category" />
    </form>
  );
}

function EditCategoryForm({ category, onClose, onSaved }: { category: Category; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const form = useForm<z.input<typeof editSchema>>({
    resolver: zodResolver(editSchema),
    defaultValues: { name: category.name, description: category.description },
  });
  const update = api.admin.community.updateCategory.useMutation({
    onSuccess: async (saved) => {
      toast.success(`Category “${saved.name}” saved.`);
      await onSaved();
      onClose();
    },
  });
  const { errors, isDirty } = form.formState;
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label="Edit the category"
      onSubmit={form.handleSubmit((values) => update.mutate({ id: category.id, ...values }))}
    >
      <TextField id="category-name" label="Name" error={errors.name?.message} {...form.register("name")} />
      <p className="text-xs text-slate-500">Address: {categoryHref(category.slug)}</p>
      <TextAreaField
        id="category-description"
        label="Description"
        hint={DESCRIPTION_HINT}
        error={errors.description?.message}
        {...form.register("description")}
      />
      {update.error ? <FormMessage kind="error">{errorMessage(update.error, "The category could not be saved.")}</FormMessage> : null}
      <FormButtons onCancel={onClose} pending={update.isPending} disabled={!isDirty} label="Save" />
    </form>
  );
}
