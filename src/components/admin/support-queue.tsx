"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { format } from "date-fns";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { AdminTable, type TableFilter, useListParams } from "~/components/admin/admin-table";
import { RequestStatusBadge } from "~/components/services/request-status";
import { Modal } from "~/components/ui/modal";
import { toast } from "~/components/ui/toast";
import type { SupportPriority } from "~/lib/plans";
import {
  contactReplySchema,
  MESSAGE_VIEWS,
  type MessageView,
  REPLY_MAX_LENGTH,
  REQUEST_VIEWS,
  type RequestView,
  SUPPORT_PRIORITIES,
} from "~/lib/schemas/admin-support";
import { PREFERRED_TIME_LABELS, REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from "~/lib/schemas/entitlements";
import { adminServiceRequestHref } from "~/lib/schemas/service-work";
import { findService, SERVICES } from "~/lib/services";
import { formatIsoDate } from "~/lib/ui/dates";
import { api, type RouterOutputs } from "~/trpc/react";

type RequestRow = RouterOutputs["admin"]["support"]["serviceRequests"]["rows"][number];
type MessageRow = RouterOutputs["admin"]["support"]["contactMessages"]["rows"][number];
type RequestQuery = Parameters<typeof api.admin.support.serviceRequests.useQuery>[0];
type MessageQuery = Parameters<typeof api.admin.support.contactMessages.useQuery>[0];

const PRIORITY_STYLES: Record<SupportPriority, string> = {
  urgent: "bg-red-100 text-red-900",
  high: "bg-amber-100 text-amber-900",
  standard: "bg-slate-100 text-slate-700",
};

export function PriorityBadge({ priority }: { priority: SupportPriority }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${PRIORITY_STYLES[priority]}`}>{priority}</span>;
}

const when = (date: Date) => format(new Date(date), "d MMM yyyy, HH:mm");

const ORIGIN_LABELS: Record<string, string> = {
  contact: "Contact page",
  institutes: "Institutes page",
  business: "Business page",
};

const REQUEST_VIEW_LABELS: Record<RequestView, string> = {
  open: "Open",
  all: "All statuses",
  ...REQUEST_STATUS_LABELS,
};
const MESSAGE_VIEW_LABELS: Record<MessageView, string> = {
  unhandled: "Unhandled",
  handled: "Handled",
  all: "Handled and unhandled",
};

const PRIORITY_FILTER: TableFilter = {
  key: "priority",
  label: "Priority",
  options: [...SUPPORT_PRIORITIES]
    .reverse()
    .map((priority) => ({ value: priority, label: priority[0]!.toUpperCase() + priority.slice(1) })),
};

type SupportView = "requests" | "mine" | "messages";

/**
 * /admin/support: service requests (backoffice:services) and contact messages (support), urgent
 * first (Unlimited), then high (Pro), then standard, the oldest first within each priority. One
 * list shows at a time, so each keeps its own search, filters and page in the URL.
 */
export function SupportQueue({ canRequests, canMessages, isCoach }: { canRequests: boolean; canMessages: boolean; isCoach: boolean }) {
  const searchParams = useSearchParams();
  const views: { view: SupportView; label: string }[] = [
    ...(canRequests ? [{ view: "requests" as const, label: "Service requests" }] : []),
    ...(isCoach ? [{ view: "mine" as const, label: "My requests" }] : []),
    ...(canMessages ? [{ view: "messages" as const, label: "Contact messages" }] : []),
  ];
  // ?mine=1 is the coaches' address of their own queue.
  const asked = searchParams.get("mine") ? "mine" : searchParams.get("view");
  const current = views.find((entry) => entry.view === asked)?.view ?? views[0]?.view;
  return (
    <div className="space-y-4">
      {views.length > 1 ? (
        <nav aria-label="Queues" className="flex gap-1 border-b border-slate-200">
          {views.map((entry) => (
            <Link
              key={entry.view}
              href={`/admin/support?view=${entry.view}`}
              aria-current={entry.view === current ? "page" : undefined}
              className={`-mb-px whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium ${entry.view === current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
            >
              {entry.label}
            </Link>
          ))}
        </nav>
      ) : null}
      {current === "requests" ? (
        <ServiceRequestQueue />
      ) : current === "mine" ? (
        <MyRequestQueue />
      ) : current === "messages" ? (
        <ContactMessageQueue />
      ) : null}
    </div>
  );
}

/** A select beside the table's search for a filter whose "nothing chosen" has its own meaning (open requests, unhandled messages). */
function ViewSelect<Value extends string>({
  id,
  label,
  value,
  values,
  labels,
  onChange,
}: {
  id: string;
  label: string;
  value: Value;
  values: readonly Value[];
  labels: Record<Value, string>;
  onChange: (value: Value) => void;
}) {
  return (
    <label className="min-w-40 text-sm" htmlFor={id}>
      <span className="field-label">{label}</span>
      <select id={id} className="field-input" value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {values.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </label>
  );
}

function ServiceRequestQueue() {
  const params = useListParams({
    filters: ["status", "service", "priority"],
    defaultSort: "priority",
    defaultDir: "desc",
  });
  const requests = api.admin.support.serviceRequests.useQuery(params.query as RequestQuery, {
    placeholderData: (previous) => previous,
  });
  const coaches = api.admin.support.coachOptions.useQuery();
  const utils = api.useUtils();
  const refresh = () => utils.admin.support.serviceRequests.invalidate();
  const setStatus = api.admin.support.setRequestStatus.useMutation({
    onSuccess: ({ changed }) => (changed ? toast.success("Request status updated") : undefined),
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  const assign = api.admin.support.assignRequest.useMutation({
    onSuccess: ({ coach }) => toast.success(coach ? `Assigned to ${coach.displayName}` : "Request unassigned"),
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  const status = (REQUEST_VIEWS as readonly string[]).includes(params.filters.status ?? "")
    ? (params.filters.status as RequestView)
    : "open";

  const columns = useMemo<ColumnDef<RequestRow, unknown>[]>(
    () => [
      {
        id: "priority",
        header: "Priority",
        enableSorting: true,
        cell: ({ row }) => <PriorityBadge priority={row.original.priority} />,
      },
      {
        id: "request",
        header: "Request",
        enableHiding: false,
        cell: ({ row }) => (
          <div className="min-w-52 max-w-md">
            <p className="flex flex-wrap items-center gap-2">
              <Link href={adminServiceRequestHref(row.original.id)} className="font-semibold text-brand-700 hover:underline">
                {findService(row.original.service)?.name ?? row.original.service}
              </Link>
              {row.original.studentMessageAt ? (
                <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">
                  New message from the student
                </span>
              ) : null}
              {row.original.withdrawnAt ? <RequestStatusBadge status={row.original.status} withdrawnAt={row.original.withdrawnAt} /> : null}
            </p>
            <p className="line-clamp-3 whitespace-pre-line break-words text-slate-700" title={row.original.message}>
              {row.original.message}
            </p>
            {row.original.preferredDate ? (
              <p className="text-xs text-slate-500">
                Preferred {formatIsoDate(row.original.preferredDate)}
                {row.original.preferredTime ? `, ${PREFERRED_TIME_LABELS[row.original.preferredTime].toLowerCase()}` : ""}
              </p>
            ) : null}
          </div>
        ),
      },
      {
        id: "student",
        header: "Student",
        cell: ({ row }) => (
          <div className="min-w-40">
            <Link href={`/admin/customers/${row.original.user.id}`} className="font-medium text-brand-700 hover:underline">
              {row.original.user.name}
            </Link>
            <p className="break-all text-xs text-slate-500">{row.original.user.email}</p>
          </div>
        ),
      },
      {
        id: "createdAt",
        header: "Requested",
        enableSorting: true,
        cell: ({ row }) => <span className="block min-w-24">{when(row.original.createdAt)}</span>,
      },
      {
        id: "status",
        header: "Status",
        cell: ({ row }) => (
          <select
            className="field-input w-auto min-w-32 py-1.5"
            aria-label={`Status of the request from ${row.original.user.email}`}
            value={row.original.status}
            disabled={setStatus.isPending}
            onChange={(event) => setStatus.mutate({ id: row.original.id, status: event.target.value as RequestStatus })}
          >
            {REQUEST_STATUSES.map((value) => (
              <option key={value} value={value}>
                {REQUEST_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        ),
      },
      {
        id: "coach",
        header: "Coach",
        cell: ({ row }) => {
          const assigned = row.original.coach;
          return (
            <select
              className="field-input w-auto min-w-40 max-w-56 py-1.5"
              aria-label={`Coach for the request from ${row.original.user.email}`}
              value={assigned?.id ?? ""}
              disabled={assign.isPending}
              onChange={(event) => assign.mutate({ requestId: row.original.id, coachId: event.target.value || null })}
            >
              <option value="">Unassigned</option>
              {assigned && !assigned.active ? (
                <option value={assigned.id} disabled>
                  {assigned.displayName} (inactive)
                </option>
              ) : null}
              {(coaches.data ?? []).map((coach) => (
                <option key={coach.id} value={coach.id}>
                  {coach.displayName}
                </option>
              ))}
            </select>
          );
        },
      },
    ],
    [assign, coaches.data, setStatus],
  );

  return (
    <section aria-labelledby="queue-requests">
      <h2 id="queue-requests" className="sr-only">
        Service requests
      </h2>
      <AdminTable
        caption="Service requests"
        columns={columns}
        rows={requests.data?.rows}
        total={requests.data?.total}
        params={params}
        loading={requests.isFetching}
        error={requests.error?.message}
        rowKey={(row) => row.id}
        searchLabel="Search student or message"
        filters={[
          {
            key: "service",
            label: "Service",
            options: SERVICES.map((service) => ({ value: service.slug, label: service.name })),
          },
          PRIORITY_FILTER,
        ]}
        emptyText={status === "open" ? "No open requests." : "No request matches."}
        toolbar={
          <ViewSelect
            id="request-status-view"
            label="Status"
            value={status}
            values={REQUEST_VIEWS}
            labels={REQUEST_VIEW_LABELS}
            onChange={(value) => params.set({ status: value === "open" ? undefined : value })}
          />
        }
      />
    </section>
  );
}

/** A coach's own queue: the requests assigned to them, each opening its page. */
function MyRequestQueue() {
  const mine = api.admin.support.myRequests.useQuery();
  if (mine.isPending)
    return (
      <p className="text-sm text-slate-500" role="status">
        Loading your requests...
      </p>
    );
  if (mine.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {mine.error.message}
      </p>
    );
  if (!mine.data.rows.length) return <p className="text-sm text-slate-600">No request is assigned to you.</p>;
  return (
    <section aria-labelledby="queue-mine">
      <h2 id="queue-mine" className="sr-only">
        My requests
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Requests assigned to me">
        {mine.data.rows.map((row) => (
          <li key={row.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <Link href={adminServiceRequestHref(row.id)} className="font-semibold text-brand-700 hover:underline">
                {findService(row.service)?.name ?? row.service}
              </Link>
              <span className="text-slate-600">
                {" "}
                · {row.user.name} · {when(row.createdAt)}
              </span>
              <p className="truncate text-slate-700">{row.message}</p>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              <PriorityBadge priority={row.priority} />
              <RequestStatusBadge status={row.status} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ContactMessageQueue() {
  const params = useListParams({ filters: ["handled", "origin"], defaultSort: "priority", defaultDir: "desc" });
  const messages = api.admin.support.contactMessages.useQuery(params.query as MessageQuery, {
    placeholderData: (previous) => previous,
  });
  const [replyingTo, setReplyingTo] = useState<MessageRow | null>(null);
  const utils = api.useUtils();
  const markHandled = api.admin.support.markHandled.useMutation({
    onSuccess: () => toast.success("Message marked as handled"),
    onError: (error) => toast.error(error.message),
    onSettled: () => utils.admin.support.contactMessages.invalidate(),
  });
  const handled = (MESSAGE_VIEWS as readonly string[]).includes(params.filters.handled ?? "")
    ? (params.filters.handled as MessageView)
    : "unhandled";

  const columns = useMemo<ColumnDef<MessageRow, unknown>[]>(
    () => [
      {
        id: "priority",
        header: "Priority",
        enableSorting: true,
        cell: ({ row }) => <PriorityBadge priority={row.original.priority} />,
      },
      {
        id: "message",
        header: "Message",
        enableHiding: false,
        cell: ({ row }) => (
          <div className="min-w-56 max-w-md space-y-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{row.original.subject}</span>
              {row.original.origin !== "contact" ? (
                <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs text-violet-900">
                  {ORIGIN_LABELS[row.original.origin] ?? row.original.origin}
                </span>
              ) : null}
            </p>
            <p className="line-clamp-4 whitespace-pre-line break-words text-slate-700" title={row.original.message}>
              {row.original.message}
            </p>
            {row.original.replies.map((reply) => (
              <details key={`${reply.at.toString()}-${reply.by}`} className="text-xs text-slate-600">
                <summary className="cursor-pointer">
                  Replied by {reply.by}, {when(reply.at)}
                  {reply.status === "sent" ? "" : ` (${reply.status})`}
                </summary>
                <p className="mt-1 whitespace-pre-line rounded-lg bg-slate-50 p-2">{reply.text}</p>
              </details>
            ))}
          </div>
        ),
      },
      {
        id: "from",
        header: "From",
        cell: ({ row }) => (
          <div className="min-w-44">
            {row.original.userId ? (
              <Link href={`/admin/customers/${row.original.userId}`} className="font-medium text-brand-700 hover:underline">
                {row.original.name}
              </Link>
            ) : (
              <p className="font-medium">{row.original.name}</p>
            )}
            <p className="break-all text-xs text-slate-500">
              {row.original.email}
              {row.original.userId ? "" : " · not signed in"}
            </p>
          </div>
        ),
      },
      {
        id: "createdAt",
        header: "Sent",
        enableSorting: true,
        cell: ({ row }) => <span className="whitespace-nowrap">{when(row.original.createdAt)}</span>,
      },
      {
        id: "handled",
        header: "Handled",
        cell: ({ row }) =>
          row.original.handledAt ? (
            <span className="text-xs text-slate-600">
              {when(row.original.handledAt)}
              {row.original.handledBy ? ` by ${row.original.handledBy.name}` : ""}
            </span>
          ) : (
            <span className="text-xs font-semibold text-amber-700">Open</span>
          ),
      },
      {
        id: "actions",
        header: "",
        enableHiding: false,
        cell: ({ row }) => (
          <div className="flex flex-col gap-2">
            <button
              type="button"
              className="btn-primary whitespace-nowrap px-3 py-1.5"
              aria-label={`Reply to ${row.original.email}`}
              onClick={() => setReplyingTo(row.original)}
            >
              Reply
            </button>
            {row.original.handledAt ? null : (
              <button
                type="button"
                className="btn-secondary whitespace-nowrap px-3 py-1.5"
                disabled={markHandled.isPending}
                aria-label={`Mark the message from ${row.original.email} as handled`}
                onClick={() => markHandled.mutate({ id: row.original.id })}
              >
                Mark handled
              </button>
            )}
          </div>
        ),
      },
    ],
    [markHandled],
  );

  return (
    <section aria-labelledby="queue-messages">
      <h2 id="queue-messages" className="sr-only">
        Contact messages
      </h2>
      <AdminTable
        caption="Contact messages"
        columns={columns}
        rows={messages.data?.rows}
        total={messages.data?.total}
        params={params}
        loading={messages.isFetching}
        error={messages.error?.message}
        rowKey={(row) => row.id}
        searchLabel="Search sender, subject or text"
        filters={[
          {
            key: "origin",
            label: "Sent from",
            options: Object.entries(ORIGIN_LABELS).map(([value, label]) => ({ value, label })),
          },
        ]}
        emptyText={handled === "unhandled" ? "No unhandled messages." : "No message matches."}
        toolbar={
          <ViewSelect
            id="message-handled-view"
            label="Show"
            value={handled}
            values={MESSAGE_VIEWS}
            labels={MESSAGE_VIEW_LABELS}
            onChange={(value) => params.set({ handled: value === "unhandled" ? undefined : value })}
          />
        }
      />
      <ReplyDialog message={replyingTo} onClose={() => setReplyingTo(null)} />
    </section>
  );
}

/** Writes a reply that is mailed to the sender; sending marks the message handled. */
function ReplyDialog({ message, onClose }: { message: MessageRow | null; onClose: () => void }) {
  const [reply, setReply] = useState("");
  const [error, setError] = useState<string | null>(null);
  const utils = api.useUtils();
  const send = api.admin.support.replyToContact.useMutation({
    onSuccess: () => {
      toast.success(`Reply sent to ${message?.email}`);
      setReply("");
      onClose();
    },
    onError: (failure) => toast.error(failure.message),
    onSettled: () => utils.admin.support.contactMessages.invalidate(),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!message) return;
    const parsed = contactReplySchema.safeParse({ id: message.id, reply });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Write a reply");
    setError(null);
    send.mutate(parsed.data);
  }

  return (
    <Modal
      open={message !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={message ? `Reply to ${message.name}` : "Reply"}
      description={message ? `By mail to ${message.email}, subject “Re: ${message.subject}”.` : undefined}
    >
      {message ? (
        <form onSubmit={submit} noValidate className="space-y-3" aria-label="Reply">
          <blockquote className="max-h-40 overflow-y-auto whitespace-pre-line rounded-lg border-l-4 border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
            {message.message}
          </blockquote>
          <div>
            <label htmlFor="support-reply" className="field-label">
              Your reply
            </label>
            <textarea
              id="support-reply"
              rows={8}
              className="field-input"
              value={reply}
              maxLength={REPLY_MAX_LENGTH}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "support-reply-error" : "support-reply-count"}
              onChange={(event) => setReply(event.target.value)}
            />
            <p id="support-reply-count" className="mt-1 text-right text-xs text-slate-500">
              {reply.length.toLocaleString("en-US")} / {REPLY_MAX_LENGTH.toLocaleString("en-US")}
            </p>
            {error ? (
              <p id="support-reply-error" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <p className="text-xs text-slate-500">
            Sending marks the message handled by you
            {message.handledAt ? " (it is handled already; this is a follow-up)" : ""}.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={send.isPending}>
              {send.isPending ? "Sending..." : "Send reply"}
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
