"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { format } from "date-fns";
import { useMemo } from "react";
import type { z } from "zod";
import { toast } from "~/components/ui/toast";
import { MAIL_STATUSES, type outboxListSchema } from "~/lib/schemas/system";
import { api, type RouterOutputs } from "~/trpc/react";
import { AdminTable, useListParams } from "./admin-table";

export const when = (date: Date | null) => (date ? format(new Date(date), "d MMM yyyy, HH:mm") : "-");

type MailRow = RouterOutputs["admin"]["system"]["outbox"]["rows"][number];
type MailStatus = MailRow["status"];
type OutboxListInput = z.input<typeof outboxListSchema>;

const MAIL_STATUS_STYLES: Record<MailStatus, string> = {
  queued: "bg-slate-100 text-slate-700",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

function MailStatusBadge({ status }: { status: MailStatus }) {
  return (
    <span className={`whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${MAIL_STATUS_STYLES[status]}`}>{status}</span>
  );
}

/** /admin/outbox: the jobs that failed, with a retry, and every mail the product sent (readable in full). */
export function Outbox() {
  return (
    <div className="space-y-10">
      <TroubledJobs />
      <Mails />
    </div>
  );
}

const mailColumns: ColumnDef<MailRow, unknown>[] = [
  {
    id: "createdAt",
    header: "Queued",
    enableSorting: true,
    enableHiding: false,
    cell: ({ row }) => <span className="whitespace-nowrap">{when(row.original.createdAt)}</span>,
  },
  {
    id: "to",
    header: "To",
    enableSorting: true,
    cell: ({ row }) => <span className="break-all">{row.original.to}</span>,
  },
  {
    id: "subject",
    header: "Mail",
    enableHiding: false,
    cell: ({ row }) => {
      const mail = row.original;
      return (
        <details className="min-w-56">
          <summary className="cursor-pointer font-medium text-brand-700">
            {mail.subject}
            {mail.invitation ? " " : null}
            {mail.invitation ? (
              <span className="ml-1 whitespace-nowrap rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                {mail.invitation === "CANCEL" ? "Calendar cancellation" : "Calendar invitation"}
              </span>
            ) : null}
          </summary>
          <p className="mt-2 text-xs text-slate-500">
            {mail.transport ? `Sent by ${mail.transport} at ${when(mail.sentAt)}` : "Not sent yet"}
            {mail.error ? ` · last error: ${mail.error}` : ""}
          </p>
          <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 font-sans text-sm">
            {mail.text}
          </pre>
        </details>
      );
    },
  },
  {
    id: "kind",
    header: "Kind",
    cell: ({ row }) => <span className="whitespace-nowrap text-slate-600">{row.original.kind}</span>,
  },
  {
    id: "status",
    header: "Status",
    enableSorting: true,
    cell: ({ row }) => <MailStatusBadge status={row.original.status} />,
  },
];

function Mails() {
  const params = useListParams({ filters: ["kind", "status"], defaultSort: "createdAt" });
  // The URL's values go to the server as they are: it checks them and answers a readable error.
  const mails = api.admin.system.outbox.useQuery(params.query as OutboxListInput, {
    placeholderData: (previous) => previous,
  });
  const kinds = api.admin.system.outboxKinds.useQuery();
  const filters = useMemo(
    () => [
      { key: "kind", label: "Kind", options: (kinds.data ?? []).map((kind) => ({ value: kind, label: kind })) },
      { key: "status", label: "Status", options: MAIL_STATUSES.map((status) => ({ value: status, label: status })) },
    ],
    [kinds.data],
  );
  return (
    <section aria-labelledby="outbox-mails" className="space-y-3">
      <h2 id="outbox-mails" className="text-lg font-semibold">
        Mails
      </h2>
      <AdminTable
        caption="Mails"
        columns={mailColumns}
        rows={mails.data?.rows}
        total={mails.data?.total}
        params={params}
        loading={mails.isFetching}
        error={mails.error?.message}
        rowKey={(mail) => mail.id}
        searchLabel="Search by recipient"
        filters={filters}
        emptyText="No mails."
      />
    </section>
  );
}

/** Retries a dead job; the lists that show jobs are refreshed. */
export function RetryJobButton({ jobId }: { jobId: string }) {
  const utils = api.useUtils();
  const retry = api.admin.system.retryJob.useMutation({
    onSuccess: () => toast.success("The job will run again in a moment."),
    onError: (error) => toast.error(error.message),
    onSettled: () =>
      Promise.all([
        utils.admin.system.troubledJobs.invalidate(),
        utils.admin.system.health.invalidate(),
        utils.admin.system.outbox.invalidate(),
      ]),
  });
  return (
    <button type="button" className="btn-secondary px-3 py-1" disabled={retry.isPending} onClick={() => retry.mutate({ id: jobId })}>
      {retry.isPending ? "Retrying..." : "Retry"}
    </button>
  );
}

function TroubledJobs() {
  const jobs = api.admin.system.troubledJobs.useQuery();
  const list = jobs.data?.jobs;
  return (
    <section aria-labelledby="outbox-jobs">
      <h2 id="outbox-jobs" className="text-lg font-semibold">
        Jobs that failed
      </h2>
      {jobs.isPending ? <p className="mt-2 text-sm text-slate-500">Loading...</p> : null}
      {list?.length === 0 ? <p className="mt-2 text-sm text-slate-500">None: every background job ran.</p> : null}
      {jobs.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {jobs.error.message}
        </p>
      ) : null}
      {jobs.data && jobs.data.total > jobs.data.jobs.length ? (
        <p className="mt-2 text-sm text-slate-600">
          The newest {jobs.data.jobs.length} of {jobs.data.total} are shown.
        </p>
      ) : null}
      <ul className="mt-4 space-y-3" aria-label="Jobs that failed">
        {list?.map((job) => (
          <li key={job.id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
            <div className="flex flex-wrap items-center gap-3">
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${job.status === "dead" ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-900"}`}
              >
                {job.status === "dead" ? "gave up" : "retrying"}
              </span>
              <span className="font-medium">{job.kind}</span>
              <span className="text-slate-600">
                attempt {job.attempts} of {job.maxAttempts}
              </span>
              <span className="text-slate-500">
                {job.status === "dead" ? `ended ${when(job.finishedAt)}` : `next try ${when(job.runAt)}`}
              </span>
              {job.status === "dead" ? (
                <span className="ml-auto">
                  <RetryJobButton jobId={job.id} />
                </span>
              ) : null}
            </div>
            {job.lastError ? <p className="mt-2 break-words text-red-800">{job.lastError}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
