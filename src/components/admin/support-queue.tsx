"use client";

import { format } from "date-fns";
import { toast } from "sonner";
import type { SupportPriority } from "~/lib/plans";
import { PREFERRED_TIME_LABELS, REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from "~/lib/schemas/entitlements";
import { findService } from "~/lib/services";
import { formatIsoDate } from "~/lib/ui/dates";
import { api } from "~/trpc/react";

const PRIORITY_STYLES: Record<SupportPriority, string> = {
  urgent: "bg-red-100 text-red-900",
  high: "bg-amber-100 text-amber-900",
  standard: "bg-slate-100 text-slate-700",
};

function PriorityBadge({ priority }: { priority: SupportPriority }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${PRIORITY_STYLES[priority]}`}>{priority}</span>;
}

const when = (date: Date) => format(new Date(date), "d MMM yyyy, HH:mm");

/** /admin/support: open service requests and unhandled contact messages, urgent first, then the oldest. */
export function SupportQueue() {
  return (
    <div className="space-y-8">
      <ServiceRequestQueue />
      <ContactMessageQueue />
    </div>
  );
}

function ServiceRequestQueue() {
  const utils = api.useUtils();
  const requests = api.supportQueue.serviceRequests.useQuery();
  const setStatus = api.supportQueue.setRequestStatus.useMutation({
    onSuccess: () => toast.success("Request status updated"),
    onError: (error) => toast.error(error.message),
    onSettled: () => utils.supportQueue.serviceRequests.invalidate(),
  });
  return (
    <section aria-labelledby="queue-requests">
      <h2 id="queue-requests" className="text-lg font-semibold">Open service requests</h2>
      {requests.isPending ? <p className="mt-2 text-sm text-slate-500">Loading...</p> : null}
      {requests.error ? <p role="alert" className="mt-2 text-sm text-red-700">{requests.error.message}</p> : null}
      {requests.data?.length === 0 ? <p className="mt-2 text-sm text-slate-500">No open requests.</p> : null}
      {requests.data?.length ? (
        <ul className="mt-3 space-y-3" aria-label="Open service requests">
          {requests.data.map((request) => (
            <li key={request.id} className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <PriorityBadge priority={request.priority} />
                    <span className="font-semibold">{findService(request.service)?.name ?? request.service}</span>
                    <span className="text-slate-500">{request.user.name} &lt;{request.user.email}&gt;</span>
                  </p>
                  <p className="whitespace-pre-line break-words text-slate-800">{request.message}</p>
                  <p className="text-xs text-slate-500">
                    Requested {when(request.createdAt)}
                    {request.preferredDate ? ` · preferred ${formatIsoDate(request.preferredDate)}${request.preferredTime ? `, ${PREFERRED_TIME_LABELS[request.preferredTime].toLowerCase()}` : ""}` : ""}
                  </p>
                </div>
                <div className="shrink-0">
                  <label className="sr-only" htmlFor={`request-status-${request.id}`}>Status of the request from {request.user.email}</label>
                  <select
                    id={`request-status-${request.id}`}
                    className="field-input w-auto py-1.5"
                    value={request.status}
                    disabled={setStatus.isPending}
                    onChange={(e) => setStatus.mutate({ id: request.id, status: e.target.value as RequestStatus })}
                  >
                    {REQUEST_STATUSES.map((status) => <option key={status} value={status}>{REQUEST_STATUS_LABELS[status]}</option>)}
                  </select>
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ContactMessageQueue() {
  const utils = api.useUtils();
  const messages = api.supportQueue.contactMessages.useQuery();
  const markHandled = api.supportQueue.markHandled.useMutation({
    onSuccess: () => toast.success("Message marked as handled"),
    onError: (error) => toast.error(error.message),
    onSettled: () => utils.supportQueue.contactMessages.invalidate(),
  });
  return (
    <section aria-labelledby="queue-messages">
      <h2 id="queue-messages" className="text-lg font-semibold">Unhandled contact messages</h2>
      {messages.isPending ? <p className="mt-2 text-sm text-slate-500">Loading...</p> : null}
      {messages.error ? <p role="alert" className="mt-2 text-sm text-red-700">{messages.error.message}</p> : null}
      {messages.data?.length === 0 ? <p className="mt-2 text-sm text-slate-500">No unhandled messages.</p> : null}
      {messages.data?.length ? (
        <ul className="mt-3 space-y-3" aria-label="Unhandled contact messages">
          {messages.data.map((message) => (
            <li key={message.id} className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <PriorityBadge priority={message.priority} />
                    <span className="font-semibold">{message.subject}</span>
                    <span className="text-slate-500">{message.name} &lt;{message.email}&gt;{message.userId ? "" : " · not signed in"}</span>
                  </p>
                  <p className="whitespace-pre-line break-words text-slate-800">{message.message}</p>
                  <p className="text-xs text-slate-500">Sent {when(message.createdAt)}</p>
                </div>
                <button
                  type="button"
                  className="btn-secondary shrink-0 px-3 py-1.5"
                  disabled={markHandled.isPending}
                  aria-label={`Mark the message from ${message.email} as handled`}
                  onClick={() => markHandled.mutate({ id: message.id })}
                >
                  Mark handled
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
