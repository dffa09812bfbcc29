"use client";

import { DocumentPicker } from "~/components/documents/document-picker";

/** Which of the user's documents a review is for: the shared document picker, with the form's error below. */
export function ReviewDocumentChoice({ value, onChange, error }: { value: string[]; onChange: (value: string[]) => void; error?: string }) {
  return (
    <div>
      <DocumentPicker value={value} onChange={onChange} label="Documents to review" />
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}
