"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { errorMessage, FormMessage, TextAreaField } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { toast } from "~/components/ui/toast";
import { FLAG_REASON_LABELS, FLAG_REASONS, type FlagInput, flagSchema } from "~/lib/schemas/community";
import { api } from "~/trpc/react";

/** Flagging a post for the moderators: why (spam, inappropriate, off topic, something else) and a note. */
export function FlagDialog({ postId, open, onOpenChange }: { postId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useForm<FlagInput>({ resolver: zodResolver(flagSchema), defaultValues: { postId, note: "" } });
  const flag = api.community.flag.useMutation({
    onSuccess: () => {
      toast.success("Thank you. The moderators will look at this post.");
      form.reset({ postId, note: "" });
      onOpenChange(false);
    },
  });
  const { errors } = form.formState;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Flag this post"
      description="Tell the moderators what is wrong with it. Posts flagged by several members are hidden until reviewed."
    >
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => flag.mutate(values))}>
        <fieldset>
          <legend className="field-label">Reason</legend>
          <div className="space-y-2">
            {FLAG_REASONS.map((reason) => (
              <label key={reason} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" value={reason} {...form.register("reason")} />
                {FLAG_REASON_LABELS[reason]}
              </label>
            ))}
          </div>
          {errors.reason ? <p className="mt-1 text-sm text-red-700">{errors.reason.message}</p> : null}
        </fieldset>
        <TextAreaField
          id={`flag-note-${postId}`}
          label="Note for the moderators (optional)"
          error={errors.note?.message}
          {...form.register("note")}
        />
        {flag.error ? (
          <FormMessage kind="error">{errorMessage(flag.error, "The flag could not be sent. Please try again.")}</FormMessage>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={flag.isPending}>
            Send flag
          </button>
        </div>
      </form>
    </Modal>
  );
}
