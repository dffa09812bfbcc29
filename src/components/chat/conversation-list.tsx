"use client";

import { useState } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/toast";
import { api } from "~/trpc/react";

/** A signed-in user's past conversations: open, rename, delete. */
export function ConversationList({
  activeId,
  onOpen,
  onNew,
  open,
  setOpen,
}: {
  activeId: string;
  onOpen: (id: string) => void;
  onNew: () => void;
  /** On small screens the list is a full-screen panel, opened from the chat. */
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const utils = api.useUtils();
  const list = api.chat.list.useQuery();
  const [editing, setEditing] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const rename = api.chat.rename.useMutation({
    onSuccess: () => {
      setEditing(null);
      void utils.chat.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  const remove = api.chat.delete.useMutation({
    onSuccess: (_result, { id }) => {
      setDeleting(null);
      void utils.chat.list.invalidate();
      if (id === activeId) onNew();
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <aside
      className={`${open ? "fixed inset-0 z-40 bg-white p-4" : "hidden"} w-full shrink-0 md:static md:block md:w-64 md:py-4`}
      aria-label="Your conversations"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-700">Your conversations</h2>
        <button
          type="button"
          className="btn-secondary px-2 py-1 text-xs whitespace-nowrap"
          onClick={() => {
            onNew();
            setOpen(false);
          }}
        >
          New chat
        </button>
      </div>
      {list.data?.length === 0 ? <p className="text-sm text-slate-500">No conversations yet.</p> : null}
      <ul className="flex flex-col gap-1 overflow-y-auto">
        {list.data?.map((conversation) => (
          <li key={conversation.id} className={`group rounded-lg ${conversation.id === activeId ? "bg-brand-50" : "hover:bg-slate-100"}`}>
            {editing === conversation.id ? (
              <form
                className="flex gap-1 p-1"
                onSubmit={(event) => {
                  event.preventDefault();
                  rename.mutate({ id: conversation.id, title });
                }}
              >
                <label className="sr-only" htmlFor={`title-${conversation.id}`}>
                  Conversation title
                </label>
                <input
                  id={`title-${conversation.id}`}
                  className="field-input py-1"
                  value={title}
                  maxLength={100}
                  onChange={(event) => setTitle(event.target.value)}
                  // biome-ignore lint/a11y/noAutofocus: the rename field opens on the user's own click, to be typed in
                  autoFocus
                />
                <button type="submit" className="btn-primary px-2 py-1 text-xs" disabled={!title.trim()}>
                  Save
                </button>
              </form>
            ) : (
              <div className="flex items-center">
                <button
                  type="button"
                  className="min-w-0 flex-1 truncate px-2 py-2 text-left text-sm text-slate-700"
                  onClick={() => {
                    onOpen(conversation.id);
                    setOpen(false);
                  }}
                >
                  {conversation.title}
                </button>
                <button
                  type="button"
                  className="px-1 text-xs text-slate-500 hover:text-slate-800"
                  aria-label={`Rename ${conversation.title}`}
                  onClick={() => {
                    setEditing(conversation.id);
                    setTitle(conversation.title);
                  }}
                >
                  Rename
                </button>
                <button
                  type="button"
                  className="px-1 text-xs text-red-600 hover:text-red-800"
                  aria-label={`Delete ${conversation.title}`}
                  onClick={() => setDeleting({ id: conversation.id, title: conversation.title })}
                >
                  Delete
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        title="Delete this conversation?"
        description={`"${deleting?.title ?? ""}" and all its messages are removed. This cannot be undone.`}
        confirmLabel="Delete conversation"
        danger
        pending={remove.isPending}
      />
      {open ? (
        <div className="mt-4 md:hidden">
          <button type="button" className="btn-secondary w-full" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      ) : null}
    </aside>
  );
}
