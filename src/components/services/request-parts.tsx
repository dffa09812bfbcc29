import type { ReactNode } from "react";
import { useUserFormat } from "~/components/ui/user-format";
import { REQUEST_STATUS_LABELS, type RequestStatus } from "~/lib/schemas/entitlements";
import { REVIEW_CHECKLIST_LABELS, type ReviewChecklistItem } from "~/lib/schemas/service-work";

/** The pieces of a request's page that the student and staff both see. */

interface ThreadMessage {
  id: string;
  kind: "message" | "status";
  status: RequestStatus | null;
  body: string;
  fromStaff: boolean;
  createdAt: Date;
  authorName: string | null;
}

/** The thread: messages of the student and staff, and status changes with the note the student reads. */
export function RequestThread({ messages, viewer }: { messages: ThreadMessage[]; viewer: "student" | "staff" }) {
  const { dateTime: when } = useUserFormat();
  if (!messages.length) return <p className="text-sm text-slate-500">No messages yet.</p>;
  const who = (message: ThreadMessage) =>
    message.fromStaff ? (message.authorName ?? "Our team") : viewer === "student" ? "You" : (message.authorName ?? "The student");
  return (
    <ol className="space-y-3" aria-label="Messages and status changes">
      {messages.map((message) => (
        <li key={message.id} className={`rounded-xl p-3 text-sm ${message.fromStaff ? "bg-brand-50" : "bg-slate-50"}`}>
          <p className="text-xs text-slate-600">
            <span className="font-semibold text-slate-800">{who(message)}</span> · {when(message.createdAt)}
            {message.kind === "status" && message.status ? (
              <>
                {" "}
                · status <span className="font-semibold">{REQUEST_STATUS_LABELS[message.status]}</span>
              </>
            ) : null}
          </p>
          {message.body ? <p className="mt-1 whitespace-pre-line break-words text-slate-800">{message.body}</p> : null}
        </li>
      ))}
    </ol>
  );
}

interface ReviewVersion {
  id: string;
  version: number;
  fileName: string;
  sizeBytes: number;
  createdAt: Date;
  downloadHref: string;
  comments: { id: string; body: string; round: number; createdAt: Date; authorName: string | null }[];
}

/** Each document of a review with its versions (download), the reviewer's comments per version and round, and room for actions. */
export function ReviewDocumentList({
  documents,
  versionActions,
  documentActions,
}: {
  documents: { id: string; name: string; versions: ReviewVersion[] }[];
  versionActions?: (document: { id: string; name: string }, version: ReviewVersion) => ReactNode;
  documentActions?: (document: { id: string; name: string }) => ReactNode;
}) {
  const { dateTime: when } = useUserFormat();
  if (!documents.length) return <p className="text-sm text-slate-500">No documents are shared with this request.</p>;
  return (
    <ul className="space-y-4" aria-label="Documents">
      {documents.map((document) => (
        <li key={document.id} className="rounded-xl border border-slate-200 p-4">
          <h3 className="break-words font-semibold">{document.name}</h3>
          <ol className="mt-2 space-y-3">
            {document.versions.map((version) => (
              <li key={version.id} className="border-l-2 border-slate-200 pl-3">
                <p className="flex flex-wrap items-center gap-x-3 text-sm">
                  <span className="font-medium">Version {version.version}</span>
                  <span className="text-slate-500">
                    {when(version.createdAt)} · {Math.max(1, Math.round(version.sizeBytes / 1024))} KB
                  </span>
                  <a
                    href={version.downloadHref}
                    className="font-medium text-brand-700 underline"
                    aria-label={`Download ${document.name}, version ${version.version}`}
                  >
                    Download
                  </a>
                </p>
                {version.comments.length ? (
                  <ul className="mt-2 space-y-2" aria-label={`Comments on ${document.name}, version ${version.version}`}>
                    {version.comments.map((comment) => (
                      <li key={comment.id} className="rounded-lg bg-amber-50 p-2 text-sm">
                        <p className="text-xs text-slate-600">
                          {comment.authorName ?? "Reviewer"} · {comment.round > 1 ? "re-check" : "review"} · {when(comment.createdAt)}
                        </p>
                        <p className="whitespace-pre-line break-words text-slate-900">{comment.body}</p>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {versionActions?.(document, version)}
              </li>
            ))}
          </ol>
          {documentActions?.(document)}
        </li>
      ))}
    </ul>
  );
}

/** The overall verdict of a completed review and the checklist items found missing. */
export function ReviewVerdict({ verdict, missingItems }: { verdict: string | null; missingItems: ReviewChecklistItem[] }) {
  if (!verdict) return null;
  return (
    <div className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm" data-testid="review-verdict">
      <h3 className="font-semibold text-green-900">Verdict</h3>
      <p className="mt-1 whitespace-pre-line break-words text-slate-900">{verdict}</p>
      {missingItems.length ? (
        <>
          <p className="mt-3 font-semibold text-slate-900">Missing from your file</p>
          <ul className="mt-1 list-disc pl-5 text-slate-800">
            {missingItems.map((item) => (
              <li key={item}>{REVIEW_CHECKLIST_LABELS[item]}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-slate-700">Nothing from the checklist is missing.</p>
      )}
    </div>
  );
}
