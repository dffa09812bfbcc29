"use client";

import { format } from "date-fns";
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { PriorityBadge } from "~/components/admin/support-queue";
import { RequestThread, ReviewDocumentList, ReviewVerdict } from "~/components/services/request-parts";
import { RequestStatusBadge } from "~/components/services/request-status";
import { errorMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { PREFERRED_TIME_LABELS, REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from "~/lib/schemas/entitlements";
import {
  COMMENT_MAX,
  completeReviewSchema,
  requestMessageSchema,
  reviewCommentSchema,
  staffStatusSchema,
  THREAD_MESSAGE_MAX,
} from "~/lib/schemas/request-work";
import { REVIEW_CHECKLIST, REVIEW_CHECKLIST_LABELS, REVIEW_PURPOSE_LABELS, type ReviewChecklistItem } from "~/lib/schemas/service-work";
import { findService } from "~/lib/services";
import { formatIsoDate } from "~/lib/ui/dates";
import { api, type RouterOutputs } from "~/trpc/react";

type WorkData = RouterOutputs["admin"]["support"]["request"];
type Detail = WorkData["request"];

/** /admin/support/requests/[id]: the student and priority, assignment, status with a note, the thread, and a review's documents, comments and verdict. */
export function RequestWork({ id, initialData }: { id: string; initialData: WorkData }) {
  const query = api.admin.support.request.useQuery({ requestId: id }, { initialData });
  const { request, canAssign } = query.data;
  const review = request.service === "document-review";
  const open = !request.withdrawnAt;
  const reviewOpen = review && open && request.status !== "completed";
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link href={canAssign ? "/admin/support" : "/admin/support?mine=1"} className="font-medium text-brand-700 hover:underline">
          ← Back to the queue
        </Link>
      </p>
      <AdminPageHeader
        title={`${findService(request.service)?.name ?? request.service} request`}
        description={`Requested ${format(new Date(request.createdAt), "d MMM yyyy, HH:mm")}`}
      />
      <section aria-labelledby="work-summary" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="work-summary" className="sr-only">
          Summary
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <PriorityBadge priority={request.priority} />
          <RequestStatusBadge status={request.status} withdrawnAt={request.withdrawnAt} />
          {request.round > 1 ? (
            <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900">Re-check (round 2)</span>
          ) : null}
        </div>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Student</dt>
            <dd>
              {canAssign ? (
                <Link href={`/admin/customers/${request.user.id}`} className="font-medium text-brand-700 hover:underline">
                  {request.user.name}
                </Link>
              ) : (
                <span className="font-medium">{request.user.name}</span>
              )}
              <span className="block break-all text-xs text-slate-500">{request.user.email}</span>
            </dd>
          </div>
          {request.purpose ? (
            <div>
              <dt className="text-slate-500">Documents for</dt>
              <dd>{REVIEW_PURPOSE_LABELS[request.purpose]}</dd>
            </div>
          ) : null}
          {request.preferredDate ? (
            <div>
              <dt className="text-slate-500">Preferred</dt>
              <dd>
                {formatIsoDate(request.preferredDate)}
                {request.preferredTime ? `, ${PREFERRED_TIME_LABELS[request.preferredTime].toLowerCase()}` : ""}
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-slate-500">Coach</dt>
            <dd>{canAssign ? <CoachAssignment request={request} /> : (request.coach?.displayName ?? "Unassigned")}</dd>
          </div>
        </dl>
        <p className="mt-3 whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-800">{request.message}</p>
      </section>

      {open ? (
        <StatusForm request={request} />
      ) : (
        <p className="rounded-xl bg-slate-100 p-4 text-sm text-slate-700">The student withdrew this request before work started.</p>
      )}

      {review ? (
        <section aria-labelledby="work-review" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="work-review" className="text-lg font-semibold">
            Documents
          </h2>
          <ReviewDocumentList
            documents={request.documents}
            versionActions={
              reviewOpen
                ? (document, version) => (
                    <CommentForm requestId={request.id} versionId={version.id} label={`${document.name}, version ${version.version}`} />
                  )
                : undefined
            }
          />
          <ReviewVerdict verdict={request.verdict} missingItems={request.missingItems} />
          {reviewOpen ? <CompleteForm request={request} /> : null}
        </section>
      ) : null}

      <section aria-labelledby="work-thread" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="work-thread" className="text-lg font-semibold">
          Messages
        </h2>
        <RequestThread messages={request.messages} viewer="staff" />
        {open ? <ReplyForm requestId={request.id} /> : null}
      </section>
    </div>
  );
}

function useRefresh(requestId: string) {
  const utils = api.useUtils();
  return () => Promise.all([utils.admin.support.request.invalidate({ requestId }), utils.admin.support.serviceRequests.invalidate()]);
}

function CoachAssignment({ request }: { request: Detail }) {
  const coaches = api.admin.support.coachOptions.useQuery();
  const refresh = useRefresh(request.id);
  const assign = api.admin.support.assignRequest.useMutation({
    onSuccess: ({ coach }) => toast.success(coach ? `Assigned to ${coach.displayName}` : "Request unassigned"),
    onError: (error) => toast.error(error.message),
    onSettled: refresh,
  });
  return (
    <select
      className="field-input mt-1 max-w-xs py-1.5"
      aria-label="Coach"
      value={request.coach?.id ?? ""}
      disabled={assign.isPending}
      onChange={(event) => assign.mutate({ requestId: request.id, coachId: event.target.value || null })}
    >
      <option value="">Unassigned</option>
      {request.coach && !request.coach.active ? (
        <option value={request.coach.id} disabled>
          {request.coach.displayName} (inactive)
        </option>
      ) : null}
      {(coaches.data ?? []).map((coach) => (
        <option key={coach.id} value={coach.id}>
          {coach.displayName}
        </option>
      ))}
    </select>
  );
}

/** A small text form: validates with the shared schema, shows the server's message, clears on success. */
function useTextForm<T>(
  parse: (text: string) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
  send: (data: T) => Promise<unknown>,
  done: string,
) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parse(text);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    setPending(true);
    try {
      await send(parsed.data);
      setText("");
      toast.success(done);
    } catch (caught) {
      setError(errorMessage(caught, "That did not work. Please try again."));
    } finally {
      setPending(false);
    }
  }
  return { text, setText, error, pending, onSubmit };
}

function StatusForm({ request }: { request: Detail }) {
  const refresh = useRefresh(request.id);
  const [status, setStatus] = useState<RequestStatus>(request.status);
  const change = api.admin.support.setRequestStatus.useMutation({ onSettled: refresh });
  const form = useTextForm(
    (note) => staffStatusSchema.safeParse({ id: request.id, status, note }),
    (data) => change.mutateAsync(data),
    "Request status updated",
  );
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label="Change the status"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 className="text-lg font-semibold">Status</h2>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <label className="text-sm">
          <span className="field-label">New status</span>
          <select className="field-input" value={status} onChange={(event) => setStatus(event.target.value as RequestStatus)}>
            {REQUEST_STATUSES.map((value) => (
              <option key={value} value={value}>
                {REQUEST_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="field-label">Note for the student (optional)</span>
          <textarea
            rows={2}
            maxLength={THREAD_MESSAGE_MAX}
            className="field-input"
            value={form.text}
            onChange={(event) => form.setText(event.target.value)}
          />
        </label>
      </div>
      {form.error ? (
        <p role="alert" className="text-sm text-red-700">
          {form.error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={form.pending || status === request.status}>
        Update status
      </button>
      <p className="text-xs text-slate-500">The student reads the new status and the note on the request page and gets a mail.</p>
    </form>
  );
}

function ReplyForm({ requestId }: { requestId: string }) {
  const refresh = useRefresh(requestId);
  const reply = api.admin.support.replyToRequest.useMutation({ onSettled: refresh });
  const form = useTextForm(
    (body) => requestMessageSchema.safeParse({ requestId, body }),
    (data) => reply.mutateAsync(data),
    "Reply sent",
  );
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Reply to the student" className="space-y-2">
      <label htmlFor="staff-reply" className="field-label">
        Reply to the student
      </label>
      <textarea
        id="staff-reply"
        rows={3}
        maxLength={THREAD_MESSAGE_MAX}
        className="field-input"
        value={form.text}
        onChange={(event) => form.setText(event.target.value)}
      />
      {form.error ? (
        <p role="alert" className="text-sm text-red-700">
          {form.error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={form.pending}>
        Send reply
      </button>
    </form>
  );
}

function CommentForm({ requestId, versionId, label }: { requestId: string; versionId: string; label: string }) {
  const refresh = useRefresh(requestId);
  const comment = api.admin.support.commentOnVersion.useMutation({ onSettled: refresh });
  const form = useTextForm(
    (body) => reviewCommentSchema.safeParse({ requestId, documentVersionId: versionId, body }),
    (data) => comment.mutateAsync(data),
    "Comment saved",
  );
  const id = `comment-${versionId}`;
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={`Comment on ${label}`} className="mt-2 space-y-2">
      <label htmlFor={id} className="sr-only">
        Comment on {label}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={COMMENT_MAX}
        placeholder="Comment on this version"
        className="field-input"
        value={form.text}
        onChange={(event) => form.setText(event.target.value)}
      />
      {form.error ? (
        <p role="alert" className="text-sm text-red-700">
          {form.error}
        </p>
      ) : null}
      <button type="submit" className="btn-secondary px-3 py-1.5 text-sm" disabled={form.pending}>
        Add comment
      </button>
    </form>
  );
}

function CompleteForm({ request }: { request: Detail }) {
  const refresh = useRefresh(request.id);
  const [missing, setMissing] = useState<ReviewChecklistItem[]>([]);
  const complete = api.admin.support.completeReview.useMutation({ onSettled: refresh });
  const form = useTextForm(
    (verdict) => completeReviewSchema.safeParse({ requestId: request.id, verdict, missingItems: missing }),
    (data) => complete.mutateAsync(data),
    "Review completed",
  );
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Complete the review" className="space-y-3 rounded-xl bg-slate-50 p-4">
      <h3 className="font-semibold">Overall verdict</h3>
      <label htmlFor="review-verdict" className="field-label">
        Verdict for the student
      </label>
      <textarea
        id="review-verdict"
        rows={3}
        maxLength={COMMENT_MAX}
        className="field-input"
        value={form.text}
        onChange={(event) => form.setText(event.target.value)}
      />
      <fieldset>
        <legend className="field-label">Missing from the file</legend>
        {REVIEW_CHECKLIST.map((item) => (
          <label key={item} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={missing.includes(item)}
              onChange={(event) => setMissing(event.target.checked ? [...missing, item] : missing.filter((chosen) => chosen !== item))}
            />
            {REVIEW_CHECKLIST_LABELS[item]}
          </label>
        ))}
      </fieldset>
      {form.error ? (
        <p role="alert" className="text-sm text-red-700">
          {form.error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={form.pending}>
        Complete review
      </button>
    </form>
  );
}
