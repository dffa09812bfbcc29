"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { errorMessage, FormMessage, TextField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { type EditPostInput, editPostSchema } from "~/lib/schemas/community";
import { api } from "~/trpc/react";
import { MarkdownField } from "./markdown-field";

/** Editing one's own post in place (the opening post with its title); the earlier text is kept in the history. */
export function EditPostForm({
  postId,
  body,
  title,
  onDone,
}: {
  postId: string;
  body: string;
  title?: string;
  onDone: (saved: boolean) => void;
}) {
  const form = useForm<EditPostInput>({
    resolver: zodResolver(editPostSchema),
    defaultValues: { postId, body, title },
  });
  const edit = api.community.edit.useMutation({
    onSuccess: (outcome) => {
      if (outcome.held && outcome.message) toast.info(outcome.message);
      else toast.success("Your changes are saved.");
      onDone(true);
    },
  });
  const { errors } = form.formState;
  return (
    <form noValidate aria-label="Edit post" className="space-y-3" onSubmit={form.handleSubmit((values) => edit.mutate(values))}>
      {title !== undefined ? (
        <TextField id={`edit-title-${postId}`} label="Title" error={errors.title?.message} {...form.register("title")} />
      ) : null}
      <MarkdownField
        id={`edit-body-${postId}`}
        label="Text"
        error={errors.body?.message}
        readText={() => form.getValues("body")}
        textarea={form.register("body")}
      />
      {edit.error ? (
        <FormMessage kind="error">{errorMessage(edit.error, "Your changes could not be saved. Please try again.")}</FormMessage>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={edit.isPending}>
          Save changes
        </button>
        <button type="button" className="btn-secondary" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
