"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { format } from "date-fns";
import Link from "next/link";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { LoadError, useListParams } from "~/components/admin/admin-table";
import { errorMessage, TextAreaField, TextField } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { toast } from "~/components/ui/toast";
import {
  FLAG_REASON_LABELS,
  MAX_SUSPENSION_DAYS,
  MODERATION_PAGE_SIZE,
  type ModerationAction,
  memberHref,
  moderateMemberSchema,
  moderatePostSchema,
  moderateTopicSchema,
  topicHref,
} from "~/lib/schemas/community";
import { api, type RouterOutputs } from "~/trpc/react";
import { Badge, FormButtons } from "./content-widgets";
import { when } from "./outbox";

type QueueItem = RouterOutputs["admin"]["community"]["queue"]["items"][number];
type Author = QueueItem["author"];

/** A dialog the moderator opened for one item of the queue. */
type OpenDialog = { kind: "post"; action: ModerationAction; item: QueueItem } | { kind: "warn" | "suspend" | "move"; item: QueueItem };

const STATUS_BADGES: Record<QueueItem["status"], { label: string; tone: "hidden" | "warning" | "info" | "neutral" }> = {
  held: { label: "Held for review", tone: "hidden" },
  hidden: { label: "Hidden", tone: "warning" },
  visible: { label: "Visible, flagged", tone: "info" },
  deleted: { label: "Deleted", tone: "neutral" },
};

/** Is the member barred from posting right now? */
function suspendedUntil(author: Author, now = new Date()): Date | null {
  const until = author.forumSuspendedUntil ? new Date(author.forumSuspendedUntil) : null;
  return until && until > now ? until : null;
}

/**
 * /admin/community: the posts that wait for a moderator, one card each with the text as written
 * (Markdown shown as plain text, never rendered), the open flags and the author, and the decisions
 * on the post, its author and its topic. Paged; the page is kept in the address.
 */
export function CommunityQueue({ canOpenCustomers }: { canOpenCustomers: boolean }) {
  const params = useListParams();
  const queue = api.admin.community.queue.useQuery(
    { cursor: (params.page - 1) * MODERATION_PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const utils = api.useUtils();
  const refresh = () => utils.admin.community.queue.invalidate();
  const topicChange = api.admin.community.moderateTopic.useMutation({
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  const lift = api.admin.community.moderateMember.useMutation({
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  const close = () => setDialog(null);

  if (queue.error) return <LoadError message={queue.error.message} />;
  if (!queue.data) return <p className="text-sm text-slate-500">Loading...</p>;
  const { items, total } = queue.data;
  const pageCount = Math.max(1, Math.ceil(total / MODERATION_PAGE_SIZE));
  const first = (params.page - 1) * MODERATION_PAGE_SIZE + 1;

  const actions = {
    open: setDialog,
    lock: (item: QueueItem) =>
      topicChange.mutate(
        { action: "lock", topicId: item.topic.id, value: !item.topic.locked },
        {
          onSuccess: () =>
            toast.success(item.topic.locked ? "Topic unlocked: members can reply again." : "Topic locked: it takes no new replies."),
        },
      ),
    pin: (item: QueueItem) =>
      topicChange.mutate(
        { action: "pin", topicId: item.topic.id, value: !item.topic.pinned },
        {
          onSuccess: () => toast.success(item.topic.pinned ? "Topic unpinned." : "Topic pinned to the top of its lists."),
        },
      ),
    lift: (item: QueueItem) =>
      lift.mutate({ action: "lift", userId: item.author.id }, { onSuccess: () => toast.success(`${item.author.name} may post again.`) }),
    busy: topicChange.isPending || lift.isPending,
  };

  return (
    <div className="space-y-4">
      {total === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-8 text-center text-slate-600">Nothing waits for review.</p>
      ) : items.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-8 text-center text-slate-600">
          This page is empty now.{" "}
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => params.set({ page: undefined })}>
            Back to the first page
          </button>
        </p>
      ) : (
        <ol className="space-y-4" aria-label="Posts waiting for review">
          {items.map((item) => (
            <li key={item.id}>
              <QueueCard item={item} canOpenCustomers={canOpenCustomers} actions={actions} />
            </li>
          ))}
        </ol>
      )}

      {total > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
          <p aria-live="polite">{items.length ? `${first}–${first + items.length - 1} of ${total}` : `${total} waiting`}</p>
          <div className="flex items-center gap-2">
            <button
              type="button"
              className="btn-secondary px-3 py-1"
              disabled={params.page <= 1}
              onClick={() => params.set({ page: params.page - 1 })}
            >
              Previous
            </button>
            <span>
              Page {params.page} of {pageCount}
            </span>
            <button
              type="button"
              className="btn-secondary px-3 py-1"
              disabled={queue.data.nextCursor === null}
              onClick={() => params.set({ page: params.page + 1 })}
            >
              Next
            </button>
          </div>
        </div>
      ) : null}

      <PostDecisionDialog dialog={dialog?.kind === "post" ? dialog : null} onClose={close} />
      <MemberDialog
        dialog={dialog?.kind === "warn" || dialog?.kind === "suspend" ? (dialog as { kind: "warn" | "suspend"; item: QueueItem }) : null}
        onClose={close}
      />
      <MoveTopicDialog item={dialog?.kind === "move" ? dialog.item : null} onClose={close} />
    </div>
  );
}

interface QueueActions {
  open: (dialog: OpenDialog) => void;
  lock: (item: QueueItem) => void;
  pin: (item: QueueItem) => void;
  lift: (item: QueueItem) => void;
  busy: boolean;
}

/** One post of the queue: where it is, what it says, why it waits, who wrote it, and the decisions. */
function QueueCard({ item, canOpenCustomers, actions }: { item: QueueItem; canOpenCustomers: boolean; actions: QueueActions }) {
  const headingId = `queue-post-${item.id}`;
  const placeId = `queue-place-${item.id}`;
  const badge = STATUS_BADGES[item.status];
  const until = suspendedUntil(item.author);
  return (
    <article aria-labelledby={`${headingId} ${placeId}`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="break-words text-lg font-semibold">
            <Link href={topicHref(item.topic, item.position)} prefetch={false} className="text-brand-700 hover:underline">
              {item.topic.title}
            </Link>
          </h2>
          <p id={placeId} className="text-sm text-slate-600">
            {item.position === 0 ? "Opening post" : `Reply ${item.position}`} in {item.topic.category.name}, written {when(item.createdAt)}
            {item.editedAt ? `, edited ${when(item.editedAt)}` : ""}
          </p>
          {item.topic.locked || item.topic.pinned ? (
            <p className="mt-1 flex gap-1">
              {item.topic.pinned ? <Badge>Pinned</Badge> : null}
              {item.topic.locked ? <Badge>Locked</Badge> : null}
            </p>
          ) : null}
        </div>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </header>
      {item.statusNote ? <p className="mt-2 text-sm font-medium text-slate-800">{item.statusNote}</p> : null}
      {/* Shown as written: a moderator must see links and markup, and nothing in it runs. */}
      <pre className="mt-3 max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-3 font-sans text-sm text-slate-800">
        {item.body}
      </pre>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <section aria-labelledby={`${headingId}-flags`}>
          <h3 id={`${headingId}-flags`} className="text-sm font-semibold">
            Open flags ({item.flags.length})
          </h3>
          {item.flags.length ? (
            <ul className="mt-1 space-y-1 text-sm">
              {item.flags.map((flag) => (
                <li key={`${flag.user.name}-${String(flag.createdAt)}`} className="break-words">
                  <span className="font-medium">{FLAG_REASON_LABELS[flag.reason]}</span> by {flag.user.name}, {when(flag.createdAt)}
                  {flag.note ? <span className="block text-slate-600">“{flag.note}”</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600">None.</p>
          )}
        </section>
        <section aria-labelledby={`${headingId}-author`}>
          <h3 id={`${headingId}-author`} className="text-sm font-semibold">
            Author
          </h3>
          <div className="mt-1 text-sm">
            <p className="break-words">
              {canOpenCustomers ? (
                <Link href={`/admin/customers/${item.author.id}`} className="font-medium text-brand-700 hover:underline">
                  {item.author.name}
                </Link>
              ) : (
                <span className="font-medium">{item.author.name}</span>
              )}
              {item.author.forumHandle ? (
                <>
                  {" "}
                  <Link href={memberHref(item.author.forumHandle)} prefetch={false} className="text-slate-600 hover:underline">
                    @{item.author.forumHandle}
                  </Link>
                </>
              ) : null}
            </p>
            <p className="break-all text-slate-600">{item.author.email}</p>
            <p className="text-slate-600">Joined {format(new Date(item.author.createdAt), "d MMM yyyy")}</p>
            {until ? (
              <p className="mt-1">
                <Badge tone="warning">Suspended until {when(until)}</Badge>
              </p>
            ) : null}
          </div>
        </section>
      </div>

      <div className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4 lg:flex-row lg:flex-wrap lg:gap-6">
        <ActionGroup label="Post">
          <button type="button" className="btn-primary px-3 py-1.5" onClick={() => actions.open({ kind: "post", action: "approve", item })}>
            Approve
          </button>
          <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => actions.open({ kind: "post", action: "hide", item })}>
            Hide
          </button>
          <button
            type="button"
            className="btn-secondary px-3 py-1.5 text-red-700"
            onClick={() => actions.open({ kind: "post", action: "delete", item })}
          >
            Delete
          </button>
        </ActionGroup>
        <ActionGroup label="Author">
          <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => actions.open({ kind: "warn", item })}>
            Warn
          </button>
          {until ? (
            <button type="button" className="btn-secondary px-3 py-1.5" disabled={actions.busy} onClick={() => actions.lift(item)}>
              Lift suspension
            </button>
          ) : (
            <button
              type="button"
              className="btn-secondary px-3 py-1.5 text-red-700"
              onClick={() => actions.open({ kind: "suspend", item })}
            >
              Suspend
            </button>
          )}
        </ActionGroup>
        <ActionGroup label="Topic">
          <button type="button" className="btn-secondary px-3 py-1.5" disabled={actions.busy} onClick={() => actions.lock(item)}>
            {item.topic.locked ? "Unlock" : "Lock"}
          </button>
          <button type="button" className="btn-secondary px-3 py-1.5" disabled={actions.busy} onClick={() => actions.pin(item)}>
            {item.topic.pinned ? "Unpin" : "Pin"}
          </button>
          <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => actions.open({ kind: "move", item })}>
            Move
          </button>
        </ActionGroup>
      </div>
    </article>
  );
}

/** A labelled row of buttons: "Post", "Author" or "Topic" names what its buttons act on. */
function ActionGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      <span aria-hidden="true" className="w-14 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {label}
      </span>
      {children}
    </div>
  );
}

const POST_DECISIONS: Record<ModerationAction, { title: string; description: string; confirm: string; done: string }> = {
  approve: {
    title: "Approve this post?",
    description:
      "It is shown in the forum and its open flags are closed. A post the filter held reaches watchers and mentioned members as a new post would.",
    confirm: "Approve",
    done: "Post approved: it is published.",
  },
  hide: {
    title: "Hide this post?",
    description: "Members see a placeholder in its place; its author still reads it. Its open flags are closed.",
    confirm: "Hide post",
    done: "Post hidden.",
  },
  delete: {
    title: "Delete this post?",
    description:
      "It keeps its place in the topic as a deleted post, without its text; an answer mark on it is taken back. Its open flags are closed.",
    confirm: "Delete post",
    done: "Post deleted.",
  },
};

const noteSchema = moderatePostSchema.pick({ note: true });

/** Approve, hide or delete a post, with an optional note for its author. */
function PostDecisionDialog({ dialog, onClose }: { dialog: { action: ModerationAction; item: QueueItem } | null; onClose: () => void }) {
  const form = useForm<z.input<typeof noteSchema>, unknown, z.output<typeof noteSchema>>({
    resolver: zodResolver(noteSchema),
    defaultValues: { note: "" },
  });
  const utils = api.useUtils();
  const decide = api.admin.community.moderatePost.useMutation({
    onSettled: () => utils.admin.community.queue.invalidate(),
  });
  const decision = dialog ? POST_DECISIONS[dialog.action] : null;
  const { errors } = form.formState;
  const cancel = () => {
    form.reset({ note: "" });
    onClose();
  };
  const onSubmit = form.handleSubmit(async ({ note }) => {
    if (!dialog || !decision) return;
    try {
      await decide.mutateAsync({ postId: dialog.item.id, action: dialog.action, note });
      toast.success(decision.done);
      cancel();
    } catch (error) {
      toast.error(errorMessage(error, "The decision could not be saved."));
    }
  });
  return (
    <Modal
      open={dialog !== null}
      onOpenChange={(open) => (open ? null : cancel())}
      title={decision?.title ?? "Decide"}
      description={decision?.description}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={decision?.title ?? "Decide"}>
        <TextAreaField
          id="moderation-note"
          label="Note to the author (optional)"
          hint="Sent with the decision to the author's notifications; for a hidden or deleted post it is kept as the reason."
          error={errors.note?.message}
          {...form.register("note")}
        />
        <FormButtons
          onCancel={cancel}
          pending={decide.isPending}
          label={decision?.confirm ?? "Save"}
          danger={dialog?.action === "delete"}
        />
      </form>
    </Modal>
  );
}

const memberFormSchema = moderateMemberSchema.options[1].pick({ message: true, days: true });
type MemberForm = z.input<typeof memberFormSchema>;
const DEFAULT_SUSPENSION_DAYS = 7;

/** Warn the author by mail, or suspend their posting for some days (also mailed). */
function MemberDialog({ dialog, onClose }: { dialog: { kind: "warn" | "suspend"; item: QueueItem } | null; onClose: () => void }) {
  const suspending = dialog?.kind === "suspend";
  // One form for both: a warning has no length, and the untouched default of its hidden field passes.
  const form = useForm<MemberForm>({
    resolver: zodResolver(memberFormSchema),
    defaultValues: { message: "", days: DEFAULT_SUSPENSION_DAYS },
  });
  const utils = api.useUtils();
  const moderate = api.admin.community.moderateMember.useMutation({
    onSettled: () => utils.admin.community.queue.invalidate(),
  });
  const { errors } = form.formState;
  const author = dialog?.item.author;
  const cancel = () => {
    form.reset({ message: "", days: DEFAULT_SUSPENSION_DAYS });
    onClose();
  };
  const onSubmit = form.handleSubmit(async ({ message, days }) => {
    if (!dialog || !author) return;
    try {
      const result = await moderate.mutateAsync(
        suspending ? { action: "suspend", userId: author.id, message, days } : { action: "warn", userId: author.id, message },
      );
      toast.success(
        suspending && result.suspendedUntil
          ? `${author.name} may not post until ${when(result.suspendedUntil)}; we mailed them why.`
          : `Warning mailed to ${author.name}.`,
      );
      cancel();
    } catch (error) {
      toast.error(errorMessage(error, "The mail could not be queued."));
    }
  });
  return (
    <Modal
      open={dialog !== null}
      onOpenChange={(open) => (open ? null : cancel())}
      title={author ? `${suspending ? "Suspend" : "Warn"} ${author.name}` : "Member"}
      description={
        suspending
          ? "They can still read the forum but cannot start topics or reply until it ends. The message goes to them by mail and the decision to the audit log."
          : `The message goes to ${author?.email ?? "them"} by mail; they also get a notification in the forum. Kept in the audit log.`
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={suspending ? "Suspend the author" : "Warn the author"}>
        {suspending ? (
          <TextField
            id="suspension-days"
            label="Days"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SUSPENSION_DAYS}
            step={1}
            error={errors.days?.message}
            {...form.register("days", { valueAsNumber: true })}
          />
        ) : null}
        <TextAreaField
          id="member-message"
          label="Message to the member"
          rows={5}
          error={errors.message?.message}
          {...form.register("message")}
        />
        <FormButtons
          onCancel={cancel}
          pending={moderate.isPending}
          label={suspending ? "Suspend and mail" : "Send warning"}
          danger={suspending}
        />
      </form>
    </Modal>
  );
}

const moveFormSchema = moderateTopicSchema.options[2].pick({ categorySlug: true });

/** Moves the topic to another open category. */
function MoveTopicDialog({ item, onClose }: { item: QueueItem | null; onClose: () => void }) {
  // The forum's own list: open categories only, which is where a topic may go (support staff may not read the admin list).
  const categories = api.community.categories.useQuery(undefined, { enabled: item !== null });
  const form = useForm<z.input<typeof moveFormSchema>>({
    resolver: zodResolver(moveFormSchema),
    defaultValues: { categorySlug: "" },
  });
  const utils = api.useUtils();
  const move = api.admin.community.moderateTopic.useMutation({
    onSettled: () => utils.admin.community.queue.invalidate(),
  });
  const { errors } = form.formState;
  const choices = (categories.data ?? []).filter((category) => category.slug !== item?.topic.category.slug);
  const cancel = () => {
    form.reset({ categorySlug: "" });
    onClose();
  };
  const onSubmit = form.handleSubmit(async ({ categorySlug }) => {
    if (!item) return;
    try {
      await move.mutateAsync({ action: "move", topicId: item.topic.id, categorySlug });
      toast.success(`Topic moved to ${choices.find((category) => category.slug === categorySlug)?.name ?? categorySlug}.`);
      cancel();
    } catch (error) {
      toast.error(errorMessage(error, "The topic could not be moved."));
    }
  });
  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => (open ? null : cancel())}
      title="Move the topic"
      description={item ? `“${item.topic.title}” is in ${item.topic.category.name} now.` : undefined}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Move the topic">
        <div>
          <label htmlFor="move-category" className="field-label">
            New category
          </label>
          <select
            id="move-category"
            className="field-input"
            aria-invalid={errors.categorySlug ? true : undefined}
            aria-describedby={errors.categorySlug ? "move-category-error" : undefined}
            {...form.register("categorySlug")}
          >
            <option value="">{categories.isLoading ? "Loading..." : "Choose a category"}</option>
            {choices.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
          {errors.categorySlug ? (
            <p id="move-category-error" className="mt-1 text-sm text-red-700">
              {errors.categorySlug.message}
            </p>
          ) : null}
          {categories.error ? <p className="mt-1 text-sm text-red-700">{categories.error.message}</p> : null}
        </div>
        <FormButtons onCancel={cancel} pending={move.isPending} label="Move topic" />
      </form>
    </Modal>
  );
}
