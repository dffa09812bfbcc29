"use client";

import { format } from "date-fns";
import { useState } from "react";
import { toast } from "sonner";
import { api } from "~/trpc/react";

const when = (date: Date | null) => (date ? format(new Date(date), "d MMM yyyy, HH:mm") : "-");

const MAIL_STATUS_STYLES = { queued: "bg-slate-100 text-slate-700", sent: "bg-emerald-100 text-emerald-900", failed: "bg-red-100 text-red-900" } as const;

/** /admin/outbox: the mails the product sent (readable in full) and the jobs that failed, with a retry. */
export function Outbox() {
  return (
    <div className="space-y-10">
      <TroubledJobs />
      <Mails />
    </div>
  );
}

function Mails() {
  const [to, setTo] = useState("");
  const mails = api.operations.outbox.useQuery({ to: to || undefined });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-labelledby="outbox-mails">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="outbox-mails" className="text-lg font-semibold">Mails</h2>
        <label className="text-sm">
          <span className="field-label">To (part of the address)</span>
          <input className="field-input" value={to} onChange={(event) => setTo(event.target.value)} placeholder="name@example.com" />
        </label>
      </div>
      {mails.isLoading ? <p className="mt-4 text-sm text-slate-500">Loading...</p> : null}
      {mails.error ? <p role="alert" className="mt-4 text-sm text-red-700">{mails.error.message}</p> : null}
      {mails.data?.length === 0 ? <p className="mt-4 text-sm text-slate-500">No mails.</p> : null}
      <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {mails.data?.map((mail) => (
          <li key={mail.id} className="p-4">
            <button type="button" className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 text-left" aria-expanded={open === mail.id} onClick={() => setOpen(open === mail.id ? null : mail.id)}>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${MAIL_STATUS_STYLES[mail.status]}`}>{mail.status}</span>
              <span className="font-medium">{mail.subject}</span>
              <span className="text-sm text-slate-600">to {mail.to}</span>
              <span className="ml-auto text-xs text-slate-500">{when(mail.createdAt)}</span>
            </button>
            {open === mail.id ? (
              <div className="mt-3 space-y-2 text-sm">
                <p className="text-slate-500">
                  {mail.kind} · {mail.transport ? `sent by ${mail.transport} at ${when(mail.sentAt)}` : "not sent yet"}
                  {mail.error ? ` · last error: ${mail.error}` : ""}
                </p>
                <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 font-sans">{mail.text}</pre>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TroubledJobs() {
  const utils = api.useUtils();
  const jobs = api.operations.troubledJobs.useQuery();
  const retry = api.operations.retryJob.useMutation({
    onSuccess: () => toast.success("The job will run again in a moment."),
    onError: (error) => toast.error(error.message),
    onSettled: () => utils.operations.troubledJobs.invalidate(),
  });
  return (
    <section aria-labelledby="outbox-jobs">
      <h2 id="outbox-jobs" className="text-lg font-semibold">Jobs that failed</h2>
      {jobs.data?.length === 0 ? <p className="mt-2 text-sm text-slate-500">None: every background job ran.</p> : null}
      {jobs.error ? <p role="alert" className="mt-2 text-sm text-red-700">{jobs.error.message}</p> : null}
      <ul className="mt-4 space-y-3">
        {jobs.data?.map((job) => (
          <li key={job.id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
            <div className="flex flex-wrap items-center gap-3">
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${job.status === "dead" ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-900"}`}>
                {job.status === "dead" ? "gave up" : "retrying"}
              </span>
              <span className="font-medium">{job.kind}</span>
              <span className="text-slate-600">attempt {job.attempts} of {job.maxAttempts}</span>
              <span className="text-slate-500">{job.status === "dead" ? `ended ${when(job.finishedAt)}` : `next try ${when(job.runAt)}`}</span>
              {job.status === "dead" ? (
                <button type="button" className="btn-secondary ml-auto" disabled={retry.isPending} onClick={() => retry.mutate({ id: job.id })}>Retry</button>
              ) : null}
            </div>
            {job.lastError ? <p className="mt-2 break-words text-red-800">{job.lastError}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
