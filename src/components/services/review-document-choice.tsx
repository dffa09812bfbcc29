"use client";

import Link from "next/link";
import { api } from "~/trpc/react";

/**
 * Which of the user's documents a review is for: a checkbox per uploaded document. Kept apart so the
 * shared document picker of the Documents tab can take its place.
 */
export function ReviewDocumentChoice({ value, onChange, error }: { value: string[]; onChange: (value: string[]) => void; error?: string }) {
  const documents = api.services.documentChoices.useQuery();
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...value, id] : value.filter((chosen) => chosen !== id));
  return (
    <fieldset aria-describedby={error ? "review-documents-error" : undefined}>
      <legend className="field-label">Documents to review</legend>
      {documents.isPending ? <p className="text-sm text-slate-500">Loading your documents...</p> : null}
      {documents.data && documents.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          You have no documents yet. Upload them in the <Link href="/profile?tab=documents" className="font-medium text-brand-700 underline">Documents tab of your profile</Link> first.
        </p>
      ) : null}
      {documents.data?.length ? (
        <ul className="space-y-1">
          {documents.data.map((document) => (
            <li key={document.id}>
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-1" checked={value.includes(document.id)} onChange={(event) => toggle(document.id, event.target.checked)} />
                <span className="min-w-0 break-words">
                  {document.name} <span className="text-slate-500">(version {document.latest.version}, {document.latest.fileName})</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <p id="review-documents-error" className="mt-1 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
