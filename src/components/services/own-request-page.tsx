"use client";

import Link from "next/link";
import { type FormEvent, useState } from "react";
import { useAuthModal } from "~/components/auth/auth-modals";
import { uploadDocumentFile } from "~/components/documents/upload";
import { PageHeader } from "~/components/site/page-header";
import { FileUpload } from "~/components/ui/file-upload";
import { errorMessage } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { useUserFormat } from "~/components/ui/user-format";
import { PREFERRED_TIME_LABELS } from "~/lib/schemas/entitlements";
import { requestMessageSchema, THREAD_MESSAGE_MAX } from "~/lib/schemas/request-work";
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_MB, REVIEW_PURPOSE_LABELS } from "~/lib/schemas/service-work";
import { findService } from "~/lib/services";
import { formatIsoDate } from "~/lib/ui/dates";
import { api, type RouterOutputs } from "~/trpc/react";
import { RequestThread, ReviewDocumentList, ReviewVerdict } from "./request-parts";
import { RequestStatusBadge } from "./request-status";

type Detail = RouterOutputs["services"]["detail"];

/** The student's page of one request: status and its history, the thread, and for a review the documents, comments and verdict. */
export function OwnRequestPage({ id, initialData }: { id: string; initialData: Detail | null }) {
  const { dateTime } = useUserFormat();
  const { open } = useAuthModal();
  const detail = api.services.detail.useQuery({ requestId: id }, { initialData: initialData ?? undefined, enabled: initialData !== null });
  if (!initialData || !detail.data) {
    return (
      <div className="mx-auto min-h-[50vh] max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-bold">Your request</h1>
        <p className="mt-2 text-slate-700">Log in to see your request.</p>
        <button type="button" className="btn-primary mt-4" onClick={() => open("login")}>
          Login
        </button>
      </div>
    );
  }
  const request = detail.data;
  const service = findService(request.service);
  const review = request.service === "document-review";
  return (
    <>
      <PageHeader eyebrow="Your request" title={service?.name ?? request.service}>
        Requested {dateTime(request.createdAt)}
      </PageHeader>
      <div className="mx-auto max-w-4xl space-y-6 px-4 pb-12">
        <section aria-labelledby="request-summary" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="request-summary" className="text-lg font-semibold">
              Status
            </h2>
            <span data-testid="request-status">
              <RequestStatusBadge status={request.status} withdrawnAt={request.withdrawnAt} />
            </span>
          </div>
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            {request.purpose ? (
              <div>
                <dt className="text-slate-500">For</dt>
                <dd>{REVIEW_PURPOSE_LABELS[request.purpose]}</dd>
              </div>
            ) : null}
            {request.coach ? (
              <div>
                <dt className="text-slate-500">Your coach</dt>
                <dd>{request.coach.displayName}</dd>
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
            {review ? (
              <div>
                <dt className="text-slate-500">Round</dt>
                <dd>{request.round > 1 ? "Re-check (round 2)" : "First review"}</dd>
              </div>
            ) : null}
          </dl>
          <p className="mt-3 whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-800">{request.message}</p>
          <p className="mt-3 text-sm">
            <Link href="/profile?tab=services" className="font-medium text-brand-700 underline">
              All your requests
            </Link>
          </p>
        </section>

        {review ? (
          <section aria-labelledby="review-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="review-title" className="text-lg font-semibold">
              Your documents and the reviewer&apos;s comments
            </h2>
            <ReviewVerdict verdict={request.verdict} missingItems={request.missingItems} />
            <ReviewDocumentList
              documents={request.documents}
              documentActions={
                request.withdrawnAt ? undefined : (document) => <NewVersionUpload documentId={document.id} documentName={document.name} />
              }
            />
            <RecheckAction request={request} />
          </section>
        ) : null}

        <section aria-labelledby="thread-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="thread-title" className="text-lg font-semibold">
            Messages
          </h2>
          <RequestThread messages={request.messages} viewer="student" />
          {request.withdrawnAt ? (
            <p className="text-sm text-slate-600">You withdrew this request.</p>
          ) : (
            <StudentMessageForm requestId={request.id} />
          )}
        </section>
      </div>
    </>
  );
}

function StudentMessageForm({ requestId }: { requestId: string }) {
  const utils = api.useUtils();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const write = api.services.write.useMutation();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = requestMessageSchema.safeParse({ requestId, body });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    try {
      await write.mutateAsync(parsed.data);
      setBody("");
      toast.success("Message sent");
      await utils.services.detail.invalidate({ requestId });
    } catch (caught) {
      setError(errorMessage(caught, "Failed to send your message. Please try again."));
    }
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Write a message" className="space-y-2">
      <label htmlFor="student-message" className="field-label">
        Write to our team
      </label>
      <textarea
        id="student-message"
        rows={3}
        maxLength={THREAD_MESSAGE_MAX}
        className="field-input"
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "student-message-error" : undefined}
      />
      {error ? (
        <p id="student-message-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={write.isPending}>
        {write.isPending ? "Sending..." : "Send message"}
      </button>
    </form>
  );
}

/** Uploads a new version of a document through the documents' upload route; earlier versions stay. */
function NewVersionUpload({ documentId, documentName }: { documentId: string; documentName: string }) {
  const utils = api.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  async function upload() {
    if (!file) return;
    setSending(true);
    setError(null);
    try {
      await uploadDocumentFile(file, { documentId });
      toast.success(`New version of ${documentName} uploaded`);
      setFile(null);
      await utils.services.detail.invalidate();
    } catch (caught) {
      setError(errorMessage(caught, "Failed to upload the file. Please try again."));
    } finally {
      setSending(false);
    }
  }
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-medium text-brand-700">Upload a new version</summary>
      <div className="mt-2 space-y-2">
        <FileUpload label={`New version of ${documentName}`} accept={DOCUMENT_ACCEPT} maxSizeMB={DOCUMENT_MAX_MB} onSelect={setFile} />
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <button type="button" className="btn-secondary" disabled={!file || sending} onClick={upload}>
          {sending ? "Uploading..." : "Upload version"}
        </button>
      </div>
    </details>
  );
}

/** The one re-check: offered once the first review is completed. */
function RecheckAction({ request }: { request: Detail }) {
  const utils = api.useUtils();
  const recheck = api.services.recheck.useMutation({
    onSuccess: () => toast.success("Re-check asked: a reviewer will look at your documents again."),
    onError: (error) => toast.error(error.message),
    onSettled: () => utils.services.detail.invalidate({ requestId: request.id }),
  });
  if (request.withdrawnAt) return null;
  if (request.round > 1) return <p className="text-sm text-slate-600">You have used the one re-check of this review.</p>;
  if (request.status !== "completed") return null;
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm">
      <p>Uploaded new versions? You may ask for one re-check of this review.</p>
      <button
        type="button"
        className="btn-primary mt-3"
        disabled={recheck.isPending}
        onClick={() => recheck.mutate({ requestId: request.id })}
      >
        Ask for a re-check
      </button>
    </div>
  );
}
